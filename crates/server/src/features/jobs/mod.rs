//! Jobs (`/api/job...`): one uploaded XLIFF file of a translation project each, with its
//! segments. Stored and changed through `translation::service`.

mod handlers;
pub mod types;

use crate::features::translation::qa_flags;

use axum::{Router, routing::get};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::list,
        handlers::get,
        handlers::create,
        handlers::update,
        handlers::delete
    ),
    components(schemas(
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
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/job", get(handlers::list).post(handlers::create))
        .route(
            "/api/job/{id}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
}
