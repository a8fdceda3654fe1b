//! Translation projects (`/api/translation...`): created from a zip of WPML's XLIFF files, one
//! job per file; listed, read with their jobs, renamed, moved through the statuses, deleted
//! with everything they hold. The projects themselves are `services::translation`; a job added
//! to a project is the `jobs` feature's.

mod form;
mod handlers;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::listing::Order,
    http::views::translation::{ClientRef, ProjectResponse},
    services::{
        sites::ProjectSite,
        translation::{ProjectStatus, projects::ProjectSort},
    },
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(
    ProjectResponse,
    types::CreatedProject,
    ClientRef,
    ProjectSite,
    types::ProjectUpdate,
    types::ProjectUpload,
    types::StatusChange,
    ProjectStatus,
    ProjectSort,
    Order,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::status_history))
}
