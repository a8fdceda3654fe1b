use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A project's pre-translation run (one per project; a new run replaces a finished one).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pretranslate_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub project_id: i32,
    pub state: RunState,
    /// `wordmark_mt::ProviderKind` name of the provider the run started with.
    pub provider: String,
    pub pseudo: bool,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    /// What the run wants its user to know without having failed (a glossary the provider
    /// refused): a JSON array of texts, NULL for none.
    #[sea_orm(column_type = "Text", nullable)]
    pub notices: Option<String>,
    /// The server instance working the run; its claim holds until `lease_until`.
    pub lease_owner: Option<String>,
    pub lease_until: Option<TimeDateTimeWithTimeZone>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
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
    #[sea_orm(has_many = "super::pretranslate_run_job::Entity")]
    Jobs,
}

impl Related<super::pretranslate_run_job::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Jobs.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// Where a run stands (`idle` in the API means: no run yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum RunState {
    #[sea_orm(string_value = "running")]
    Running,
    #[sea_orm(string_value = "done")]
    Done,
    /// Stopped by the provider (quota spent, key refused): the error says why.
    #[sea_orm(string_value = "failed")]
    Failed,
}
