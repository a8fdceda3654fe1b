//! Request and response types of `/api/translation...` that only this feature uses (the
//! shared project and job answers are `http::views::translation`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    http::views::translation::ProjectResponse,
    services::translation::{ProjectStatus, status::StatusStep},
};

/// The answer to `POST /api/translation`: the new project with its jobs, and the archive's
/// entries that were not XLIFF files (by path; macOS metadata and folders are not listed).
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedProject {
    #[serde(flatten)]
    pub project: ProjectResponse,
    pub skipped: Vec<String>,
}

/// `PUT /api/translation/{project_id}`: the project object as the app holds it. Fields left
/// out keep their value; `name` and `status` are read when `project_name` / `project_status`
/// are absent. Other fields (`project_id`, `jobs`, …) are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProjectUpdate {
    /// Required when present: a blank name is refused.
    pub project_name: Option<String>,
    pub name: Option<String>,
    /// Any of the five statuses, in any order.
    #[schema(value_type = Option<ProjectStatus>)]
    pub project_status: Option<String>,
    #[schema(value_type = Option<ProjectStatus>)]
    pub status: Option<String>,
}

/// The multipart form of `POST /api/translation`. Only the OpenAPI document uses this type
/// (the handler reads the fields one by one).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ProjectUpload {
    /// Required, at most 200 characters.
    pub project_name: String,
    /// A client's id; empty or absent for none.
    pub client_id: Option<String>,
    /// One zip of XLIFF files (`.xliff`, `.xlf`, `.sdlxliff`, `.xml`), in folders or not.
    #[schema(value_type = String, format = Binary)]
    pub project_files: Vec<u8>,
}

/// One change of a project's status (`GET /api/translation/{id}/status-history`).
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusChange {
    pub from: ProjectStatus,
    pub to: ProjectStatus,
    /// Set by a person in the edit form; `false`: the workflow moved it.
    pub manual: bool,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub changed_at: time::OffsetDateTime,
}

impl From<StatusStep> for StatusChange {
    fn from(step: StatusStep) -> Self {
        Self {
            from: step.from,
            to: step.to,
            manual: step.manual,
            changed_at: step.changed_at,
        }
    }
}
