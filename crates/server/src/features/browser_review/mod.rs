//! Customer review in the browser (#18): review links for a project (staff create, list,
//! revoke and extend them), the customer's side under `/api/review/{token}` (outside the token
//! layer: the link's token is the only credential; see [`access`]), drafts saved as the
//! customer works, comments with the agency's replies, and the submit that goes through the
//! XLSX import's decision and apply path. HTTP only: what a review does and decides is
//! `services::browser_review`'s, its tables (`review_links`, `review_drafts`,
//! `review_comments`, `review_threads`) are `services::reviews`'.

mod access;
mod customer;
mod job;
mod personal;
mod segments;
mod staff;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::ReviewLinkCreate,
    types::ReviewLinkCreated,
    types::PersonalReview,
    types::ReviewLink,
    types::ReviewLinkState,
    types::ReviewLinkExtend,
    types::ThreadFilter,
    types::CommentAuthorKind,
    types::ReviewComment,
    types::CommentThread,
    types::StaffCommentCreate,
    types::ThreadResolve,
    types::SegmentChange,
    types::ReviewStart,
    types::ReviewJobSummary,
    types::ReviewJob,
    types::ReviewSegment,
    types::DraftSave,
    types::DraftSaved,
    types::DraftConflict,
    types::ApproveBody,
    types::CommentCreate,
    types::ReviewSubmitted,
    types::RefusedDraft,
    crate::services::translation::ActorKind,
    crate::services::translation::ChangeSource,
)))]
struct ApiDoc;

/// The staff's routes (under the token layer).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(staff::create, staff::list))
        .routes(routes!(staff::revoke))
        .routes(routes!(staff::extend))
        .routes(routes!(staff::comments, staff::reply))
        .routes(routes!(staff::resolve))
        .routes(routes!(staff::history))
        .routes(routes!(job::comments, job::reply))
        .routes(routes!(job::resolve))
        .routes(routes!(personal::open))
}

/// The customer's routes: no sign-in, the token in the path.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(customer::start))
        .routes(routes!(customer::logo))
        .routes(routes!(customer::job))
        .routes(routes!(customer::save))
        .routes(routes!(customer::approve))
        .routes(routes!(customer::revert))
        .routes(routes!(customer::comment))
        .routes(routes!(customer::submit))
}
