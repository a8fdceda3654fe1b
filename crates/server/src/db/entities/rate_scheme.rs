use sea_orm::entity::prelude::*;

/// A client's rate scheme, or with no client the agency's default
/// (`wordmark_core::tm::rates::RateScheme`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_schemes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: Option<i32>,
    pub currency: String,
    pub word_price: f64,
    pub minimum_fee: f64,
    pub mt_price_per_million_characters: f64,
    pub percent_repetition: i32,
    pub percent_context: i32,
    pub percent_exact: i32,
    pub percent_fuzzy95: i32,
    pub percent_fuzzy85: i32,
    pub percent_fuzzy75: i32,
    pub percent_fuzzy50: i32,
    pub percent_no_match: i32,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::client::Entity",
        from = "Column::ClientId",
        to = "super::client::Column::Id",
        on_delete = "Cascade"
    )]
    Client,
}

impl ActiveModelBehavior for ActiveModel {}
