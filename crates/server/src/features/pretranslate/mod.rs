//! Pre-translation (`/api/translation/{id}/pretranslate`, `/api/job/{id}/translate`): runs on
//! the server over every job not yet translated, persisted so they survive restarts and work
//! with several instances on one database; the translation memory first, then the provider.

mod engine;
mod handlers;
mod lines;
pub mod queries;
pub mod types;
pub mod worker;

use axum::{Router, routing::post};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(handlers::get, handlers::start, handlers::translate_job),
    components(schemas(
        types::RunStatus,
        types::RunLine,
        types::RunStateView,
        types::TranslatedJob,
        crate::db::entities::pretranslate_run_job::LineKind
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/translation/{id}/pretranslate",
            post(handlers::start).get(handlers::get),
        )
        .route("/api/job/{id}/translate", post(handlers::translate_job))
}
