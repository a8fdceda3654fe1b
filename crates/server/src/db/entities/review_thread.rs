use sea_orm::entity::prelude::*;

/// A segment's comment thread that staff resolved (no row: open).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_threads")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub segment_id: i64,
    pub resolved_at: TimeDateTimeWithTimeZone,
    pub resolved_by: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
