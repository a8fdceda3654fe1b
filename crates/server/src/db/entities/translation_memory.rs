use sea_orm::entity::prelude::*;

use super::translation_segment::{SegmentMarkup, SegmentOrigin};

/// A confirmed translation (customer's workbook, editor), per client and language pair.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_memory")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `None`: projects without a client share one pool.
    pub client_id: Option<i32>,
    pub source_lang: String,
    pub target_lang: String,
    pub markup: SegmentMarkup,
    /// SHA-256 of `source`, lower-case hex.
    pub source_hash: String,
    #[sea_orm(column_type = "Text")]
    pub source: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub resname: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub target: String,
    /// Who confirmed it: `customer` or `editor`.
    pub origin: SegmentOrigin,
    pub updated_at: TimeDateTimeWithTimeZone,
    /// The TMX props the entry was imported with: a JSON array of `{type, value}`.
    #[sea_orm(column_type = "Text", nullable)]
    pub props: Option<String>,
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
