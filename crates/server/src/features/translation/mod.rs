//! Translation projects (`/api/translation...`): created from a zip of WPML's XLIFF files, one
//! job per file; listed, read with their jobs, renamed, moved through the statuses, deleted
//! with everything they hold.
//!
//! The base of the translation features: [`store`] alone reads and writes a project, its jobs
//! and segments and its status history; [`service`] holds the workflow's operations, which
//! `jobs`, `pretranslate` and `review` call. None of this module uses them.

pub mod form;
mod handlers;
pub mod job_form;
mod languages;
pub(crate) mod parallel;
pub mod qa_flags;
pub mod segment_state;
pub mod service;
mod store;
#[cfg(test)]
pub mod testing;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{http::error::ApiError, state::AppState};

/// The answer for a translation project id that does not exist, for every route under it.
pub fn project_not_found() -> ApiError {
    ApiError::NotFound("Project not found".into())
}

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::ProjectResponse,
    types::CreatedProject,
    types::ClientRef,
    types::ProjectUpdate,
    types::ProjectUpload,
    crate::db::entities::translation_project::ProjectStatus,
    service::ProjectSort,
    crate::db::listing::Order,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::add_job))
}
