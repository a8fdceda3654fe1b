//! Jobs (`/api/job...`): one uploaded XLIFF file of a translation project each, with its
//! segments. Stored and changed through `translation::service`.

mod handlers;
pub mod types;

use crate::features::translation::qa_flags;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::JobResponse,
    types::JobDetail,
    types::ProjectRef,
    types::SegmentResponse,
    types::JobUpdate,
    types::SegmentEdit,
    types::JobUpload,
    qa_flags::QaFlag,
    crate::db::entities::translation_segment::SegmentMarkup,
    crate::db::entities::translation_segment::SegmentOrigin,
    crate::db::entities::translation_segment::SegmentStatus,
    crate::features::translation::service::JobSort,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
}
