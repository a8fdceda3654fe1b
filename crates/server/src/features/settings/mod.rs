//! Administration → Settings: the machine translation provider (`/api/settings/mt`), stored in
//! the database by [`crate::services::mt_settings`] and overriding the environment.

mod handlers;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::MtSettings,
    types::MtSettingsUpdate,
    types::MtTestResult,
    types::MtUsage,
    crate::services::mt_settings::SettingsSource
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::get, handlers::update))
        .routes(routes!(handlers::test))
}
