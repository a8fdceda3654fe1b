//! A client's termbase (`/api/client/{id}/terms…`): the paged list with filters, adding,
//! changing and deleting entries (administrators and editors), import and export as
//! CSV/TSV, XLSX or TBX, suggestions from the client's rebranding projects, and the
//! customers' proposals of entries, which staff accept or refuse. The entries
//! live in the terminology service, which MT and QA read too.

mod handlers;
mod proposals;
mod suggestions;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::TermBody,
    types::TermResponse,
    crate::services::terminology::TermImportReport,
    types::TermSuggestion,
    types::TermUpload,
    proposals::ProposalBody,
    proposals::RefusalBody,
    proposals::ProposalResponse,
    crate::services::term_proposals::ProposalState,
    crate::services::terminology::TermSort,
    wordmark_core::terms::TermKind,
    wordmark_core::terms::TermFormat,
    wordmark_core::terms::Skipped,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::update, handlers::delete))
        .routes(routes!(handlers::import))
        .routes(routes!(handlers::export))
        .routes(routes!(suggestions::list))
        .routes(routes!(proposals::list, proposals::propose))
        .routes(routes!(proposals::accept))
        .routes(routes!(proposals::refuse))
}
