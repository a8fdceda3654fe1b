use sea_orm::entity::prelude::*;

/// A language pair a translator works in (WPML codes), with its rate when it differs from the
/// profile's default.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "translator_pairs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub source_lang: String,
    pub target_lang: String,
    pub rate: Option<f64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
