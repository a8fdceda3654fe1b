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

use sea_orm::ConnectionTrait;

use crate::{http::error::ApiResult, state::AppState};

/// The client `id`, or the 404 that every route under `/api/client/{id}` answers.
pub async fn require(db: &impl ConnectionTrait, id: i32) -> ApiResult<queries::ClientWithAuthor> {
    queries::find(db, id).await?.ok_or_else(handlers::not_found)
}

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
