//! Clients (`/api/client...`): name, sanitised SVG logo, author; deleting one deletes its
//! projects.

mod form;
mod handlers;

pub use handlers::logo_response;
pub mod queries;
pub mod types;

pub use form::NAME_MAX_CHARS;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::ClientResponse,
    types::Author,
    types::ClientUpload,
    queries::ClientSort,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::logo))
}
