//! Jobs (`/api/job...`): one uploaded XLIFF file of a translation project each, with its
//! segments. Stored and changed through `services::translation`.

mod handlers;
mod job_form;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    http::views::translation::JobResponse,
    services::translation::{edits::SegmentEdit, jobs::JobSort, qa_flags},
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(
    JobResponse,
    types::JobDetail,
    types::ProjectRef,
    types::SegmentResponse,
    types::JobUpdate,
    types::SegmentSave,
    types::QaAcknowledgement,
    types::QaAcknowledge,
    SegmentEdit,
    types::JobUpload,
    qa_flags::QaFlag,
    crate::services::translation::SegmentMarkup,
    crate::services::translation::SegmentOrigin,
    crate::services::translation::SegmentStatus,
    JobSort,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::add_job))
        .routes(routes!(handlers::save_segment))
        .routes(routes!(handlers::acknowledge))
}
