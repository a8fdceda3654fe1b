//! Rate schemes in the API: a client's own (`/api/client/{id}/rate-scheme`) and the agency's
//! default (`/api/settings/rate-scheme`). Everyone signed in reads them (the project page
//! prices its analysis); administrators and editors change them. The rates service
//! (`services::rates`) owns the table; the arithmetic is `wordmark_core::tm::rates`.

mod handlers;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    handlers::SchemeAnswer,
    wordmark_core::tm::rates::RateScheme,
    wordmark_core::tm::rates::BandPercentages,
    crate::services::rates::SchemeSource
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(
            handlers::get_client,
            handlers::set_client,
            handlers::delete_client
        ))
        .routes(routes!(handlers::get_default, handlers::set_default))
}
