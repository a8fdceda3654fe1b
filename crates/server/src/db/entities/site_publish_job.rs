use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// One job of a publishing run: pending until the site answered for it, then published (with
/// the post) or failed (with the site's reason). Written once, under the run's claim.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_publish_jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub run_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub job_id: i32,
    pub position: i32,
    pub state: PublishJobState,
    /// The translated post's id on the site.
    pub post_id: Option<i64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub edit_link: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    pub finished_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, ToSchema)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum PublishJobState {
    #[sea_orm(string_value = "pending")]
    Pending,
    #[sea_orm(string_value = "published")]
    Published,
    #[sea_orm(string_value = "failed")]
    Failed,
}
