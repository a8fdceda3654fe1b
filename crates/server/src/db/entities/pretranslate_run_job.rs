use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One job of a run: pending while its segments are written request by request (its counts
/// grow with each write, never twice: every write checks the run's claim and that the job is
/// pending), then done with its status line, written with its last segments.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pretranslate_run_jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub run_id: i32,
    pub job_id: i32,
    pub position: i32,
    pub file_name: String,
    pub state: RunJobState,
    pub kind: Option<LineKind>,
    #[sea_orm(column_type = "Text", nullable)]
    pub message: Option<String>,
    /// Segments to translate when the run started.
    pub segments: i32,
    /// Characters of source text (without markup) of those segments.
    pub characters: i64,
    pub from_memory: i32,
    pub from_mt: i32,
    pub flagged: i32,
    /// Machine translations the termbase's checks warned about.
    pub term_warnings: i32,
    pub finished_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::pretranslate_run::Entity",
        from = "Column::RunId",
        to = "super::pretranslate_run::Column::Id",
        on_delete = "Cascade"
    )]
    Run,
    #[sea_orm(
        belongs_to = "super::translation_job::Entity",
        from = "Column::JobId",
        to = "super::translation_job::Column::Id",
        on_delete = "Cascade"
    )]
    Job,
}

impl Related<super::pretranslate_run::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Run.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
pub enum RunJobState {
    #[sea_orm(string_value = "pending")]
    Pending,
    #[sea_orm(string_value = "done")]
    Done,
}

/// The kind of a job's status line in the pre-translation panel: success or warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    #[sea_orm(string_value = "success")]
    Success,
    #[sea_orm(string_value = "warning")]
    Warning,
}
