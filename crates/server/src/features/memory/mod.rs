//! A client's translation memory in the app and the API: the concordance search, editing and
//! deleting entries, TMX import (all or nothing, with a report) and export (streamed), and
//! the best three matches of a job's segment for the job page. The memory service
//! (`services::memory`) owns the tables; this feature checks who asks and what.

mod handlers;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::MemoryEntry,
    types::MemoryProp,
    types::EntryUpdate,
    types::TmxImportReport,
    types::SegmentMatch,
    types::TmxUpload
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::update, handlers::delete))
        .routes(routes!(handlers::import))
        .routes(routes!(handlers::export))
        .routes(routes!(handlers::matches))
        .routes(routes!(handlers::concordance))
}
