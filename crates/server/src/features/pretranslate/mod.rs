//! Pre-translation (`/api/translation/{id}/pretranslate`, `/api/job/{id}/translate`): runs on
//! the server over every job not yet translated, persisted so they survive restarts and work
//! with several instances on one database; the translation memory first, then the provider.
//! The runs and their work are `services::pretranslate`.

mod handlers;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{services::pretranslate, state::AppState};

#[derive(OpenApi)]
#[openapi(components(schemas(
    pretranslate::RunStatus,
    pretranslate::RunLine,
    pretranslate::RunStateView,
    types::TranslatedJob,
    pretranslate::LineKind
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::start, handlers::get))
        .routes(routes!(handlers::translate_job))
}
