use sea_orm::entity::prelude::*;

/// A translator's terms: the currency they are paid in, their default rate per weighted word
/// and when they are available (`services::translator_profiles`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "translator_profiles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i32,
    /// ISO 4217, upper case.
    pub currency: String,
    /// Per weighted word, for the pairs without a rate of their own.
    pub default_rate: Option<f64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub availability: Option<String>,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
