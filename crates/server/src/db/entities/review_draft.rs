use sea_orm::entity::prelude::*;

/// A customer's draft and/or approval of one segment through one link.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_drafts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub link_id: i32,
    pub segment_id: i64,
    /// The draft text; `None` when the segment was only approved.
    #[sea_orm(column_type = "Text", nullable)]
    pub text: Option<String>,
    /// The segment's `revision` the draft was made on.
    pub base_revision: i32,
    /// Saves of the draft's text so far: the customer's revision of the segment is the
    /// segment's `revision` plus this, so another tab's save and a staff write both move it on.
    pub version: i32,
    pub approved: bool,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
