use sea_orm::entity::prelude::*;

/// The purchase order of an accepted assignment, as it was drawn then.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assignment_orders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub assignment_id: i32,
    /// `PO-000042`: the assignment's id, so one order per assignment.
    pub po_number: String,
    pub pdf: Vec<u8>,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
