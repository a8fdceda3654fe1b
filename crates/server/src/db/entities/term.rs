use sea_orm::entity::prelude::*;

/// One termbase entry of a client for one language pair (`wordmark_core::terms::TermEntry`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "terms")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    /// Normalised with `wordmark_core::lang::normalize`.
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    /// `source` in lower case: with the pair and the kind, what makes an entry unique.
    pub source_key: String,
    /// The target variants, a JSON array of strings, the preferred first.
    #[sea_orm(column_type = "Text")]
    pub targets: String,
    /// `preferred`, `forbidden` or `do_not_translate`.
    pub kind: String,
    pub case_sensitive: bool,
    pub part_of_speech: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
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
