//! Administration → Settings: the machine translation provider (`/api/settings/mt`), stored in
//! the database by [`crate::services::mt_settings`] and overriding the environment; and the
//! agency's quote terms (`/api/settings/quote-terms`); how often the sites are checked
//! (`/api/settings/site-checks`).

mod handlers;
mod quote_terms;
mod site_checks;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::MtSettings,
    crate::services::mt_settings::MtSettingsUpdate,
    types::MtTestResult,
    types::MtUsage,
    crate::services::mt_settings::SettingsSource,
    quote_terms::QuoteTerms,
    crate::services::sites::checks::CheckSchedule
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::get, handlers::update))
        .routes(routes!(handlers::test))
        .routes(routes!(quote_terms::get, quote_terms::update))
        .routes(routes!(site_checks::get, site_checks::update))
}
