//! The client archive over HTTP (the archive itself is [`crate::services::client_archive`]).
//! Administrators only: `GET /api/client/{id}/archive` and `POST /api/client/archive`; the
//! commands `wordmark client-export` and `client-import` do the same from the command line.

mod handlers;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{services::client_archive_format::Counts, state::AppState};

#[derive(OpenApi)]
#[openapi(components(schemas(handlers::ImportedClient, handlers::ArchiveUpload, Counts)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::export))
        .routes(routes!(handlers::import))
}
