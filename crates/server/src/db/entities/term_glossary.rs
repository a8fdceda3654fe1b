use sea_orm::entity::prelude::*;

/// The DeepL glossary that holds a client's terms for one language pair.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "term_glossaries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub source_lang: String,
    pub target_lang: String,
    pub glossary_id: String,
    /// SHA-256 (hex) of the pair's entries as sent: a different hash means a new sync.
    pub terms_hash: String,
    pub synced_at: TimeDateTimeWithTimeZone,
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
