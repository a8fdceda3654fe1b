//! The client archive: a client with everything of theirs (translation projects with their
//! jobs, original files, segments with their revision, history, review comments and resolved threads, and status
//! history, the
//! client's translation memory, the rebranding projects, the logo) as one zip, and its import
//! into another installation. Review links, drafts and their tokens are not in it: a token
//! belongs to one installation. Accounts are not either: see [`format`] for how a segment's
//! history names its actors after the move.
//! Administrators only: `GET /api/client/{id}/archive`, `POST /api/client/archive`, and the
//! commands `wordmark client-export` and `client-import`. The format is in [`format`].

pub mod export;
pub mod format;
mod handlers;
pub mod import;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(handlers::ImportedClient, handlers::ArchiveUpload, format::Counts)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::export))
        .routes(routes!(handlers::import))
}
