use sea_orm::entity::prelude::*;

use super::translation_project::ProjectStatus;

/// One change of a translation project's status.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_status_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i32,
    pub from_status: ProjectStatus,
    pub to_status: ProjectStatus,
    pub kind: StatusChangeKind,
    /// Who made it; `None` for the pre-translation worker and deleted accounts.
    pub user_id: Option<i32>,
    pub changed_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::translation_project::Entity",
        from = "Column::ProjectId",
        to = "super::translation_project::Column::Id",
        on_delete = "Cascade"
    )]
    Project,
}

impl ActiveModelBehavior for ActiveModel {}

/// Whether the workflow moved the status or a person set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
pub enum StatusChangeKind {
    /// A step of the workflow: pre-translation finished, a download, the corrected workbooks.
    #[sea_orm(string_value = "workflow")]
    Workflow,
    /// Chosen in the project's edit form (any status, in any order).
    #[sea_orm(string_value = "manual")]
    Manual,
}
