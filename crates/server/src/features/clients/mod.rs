//! Clients (`/api/client...`): name, sanitised SVG logo, author; deleting one deletes its
//! projects. The clients themselves are `services::clients`.

mod form;
mod handlers;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{http::views, services::clients, state::AppState};

#[derive(OpenApi)]
#[openapi(components(schemas(
    views::clients::ClientResponse,
    views::clients::Author,
    types::ClientUpload,
    types::PersonResponse,
    clients::ClientSort,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::logo))
        .routes(routes!(handlers::people))
}
