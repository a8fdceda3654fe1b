use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// Where a site's item stands in one target language.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_item_languages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub site_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub lang: String,
    /// The translated post, when there is one.
    pub translation_id: Option<i64>,
    pub state: TranslationState,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// An item's state in a target language.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    EnumIter,
    DeriveActiveEnum,
    Serialize,
    serde::Deserialize,
    ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum TranslationState {
    /// No translation in this language.
    #[sea_orm(string_value = "missing")]
    Missing,
    /// Translated from the item's current text.
    #[sea_orm(string_value = "current")]
    Current,
    /// The item's text changed since the translation was written.
    #[sea_orm(string_value = "changed")]
    Changed,
    /// Translated outside Wordmark (in WPML's editor, say): whether it is current is unknown.
    #[sea_orm(string_value = "unknown")]
    Unknown,
}
