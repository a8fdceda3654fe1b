use sea_orm::entity::prelude::*;

/// A QA warning of a segment that someone checked and acknowledged (keeping the text).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "segment_qa_acks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub segment_id: i64,
    /// The warning's kind and message, as the segment's `qa_flags` hold them.
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false, column_type = "Text")]
    pub message: String,
    /// Who acknowledged it (`None` once their account is deleted).
    pub user_id: Option<i32>,
    pub acknowledged_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
