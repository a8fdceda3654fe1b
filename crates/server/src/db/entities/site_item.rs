use sea_orm::entity::prelude::*;

/// A page or post of a site in its source language, as the site last listed it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_items")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub site_id: i32,
    /// The WordPress post id.
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: i64,
    pub post_type: String,
    #[sea_orm(column_type = "Text")]
    pub title: String,
    /// WordPress's post status (`publish`, `draft`, …).
    pub status: String,
    /// The parent post's id, 0 for none.
    pub parent: i64,
    pub modified: TimeDateTimeWithTimeZone,
    /// The plugin's hash of the item's translatable text.
    pub hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
