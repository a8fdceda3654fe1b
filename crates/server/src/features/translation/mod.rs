//! Translation projects (`/api/translation...`): created from a zip of WPML's XLIFF files, one
//! job per file (see `jobs::import`); listed, read with their jobs, renamed, moved through
//! the statuses, deleted with everything they hold.

pub mod form;
mod handlers;
mod languages;
pub mod queries;
pub mod types;
mod upload;

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
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::add_job))
}
