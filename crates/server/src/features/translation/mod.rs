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

use axum::{
    Router,
    routing::{get, post},
};
use utoipa::OpenApi;

use crate::{http::error::ApiError, state::AppState};

/// The answer for a translation project id that does not exist, for every route under it.
pub fn project_not_found() -> ApiError {
    ApiError::NotFound("Project not found".into())
}

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::list,
        handlers::get,
        handlers::create,
        handlers::update,
        handlers::delete,
        handlers::add_job
    ),
    components(schemas(
        types::ProjectResponse,
        types::CreatedProject,
        types::ClientRef,
        types::ProjectUpdate,
        types::ProjectUpload,
        crate::db::entities::translation_project::ProjectStatus,
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/translation",
            get(handlers::list).post(handlers::create),
        )
        .route(
            "/api/translation/{id}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
        .route("/api/translation/{id}/job", post(handlers::add_job))
}
