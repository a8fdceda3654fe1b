use sea_orm::entity::prelude::*;

/// A provider's glossary made from a client's termbase for one language pair.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "term_glossaries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    /// `wordmark_mt::ProviderKind` name (`deepl`).
    pub provider: String,
    /// The termbase's pair, as the terms store it.
    pub source_lang: String,
    pub target_lang: String,
    /// The provider's id of the glossary.
    pub glossary_id: String,
    /// SHA-256 (hex) of the pair and the entries the glossary was made from.
    pub entries_hash: String,
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
