use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use super::pretranslate_run::RunState;

/// A project's latest publishing run (one per project; a new run replaces a finished one).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_publish_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub project_id: i32,
    pub state: RunState,
    /// What the translated posts become on the site.
    pub status: PublishStatus,
    /// Why the run failed (the site went down, an internal error).
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    /// The server instance working the run; its claim holds until `lease_until`.
    pub lease_owner: Option<String>,
    pub lease_until: Option<TimeDateTimeWithTimeZone>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The WordPress post status a translation is written with.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    EnumIter,
    DeriveActiveEnum,
    Serialize,
    Deserialize,
    ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum PublishStatus {
    #[default]
    #[sea_orm(string_value = "draft")]
    Draft,
    #[sea_orm(string_value = "publish")]
    Publish,
}

impl PublishStatus {
    /// The plugin's `status` parameter.
    pub fn as_str(self) -> &'static str {
        match self {
            PublishStatus::Draft => "draft",
            PublishStatus::Publish => "publish",
        }
    }
}
