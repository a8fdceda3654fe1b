//! Jobs (`/api/job...`): one uploaded XLIFF file of a translation project each, with its
//! segments. `import` is the one way a file becomes a job (project creation and both
//! add-job routes use it).

mod edits;
pub mod form;
mod handlers;
pub mod import;
pub mod qa_flags;
pub mod queries;
pub mod types;

pub use edits::AcceptedEdit;

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
