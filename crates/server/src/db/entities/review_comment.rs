use sea_orm::entity::prelude::*;

/// A comment on a segment: the reviewer's (through a link) or a staff member's.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_comments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i32,
    pub segment_id: i64,
    /// Set for a reviewer's comment.
    pub link_id: Option<i32>,
    /// Set for a staff member's reply (`None` once that account is deleted).
    pub user_id: Option<i32>,
    /// The name shown, as it was when written.
    #[sea_orm(column_type = "Text")]
    pub author_name: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
