//! The audit log for administrators (`/api/audit…`): the events, filtered and paged, and the
//! same events as a CSV file. The log itself, and what is recorded, is
//! [`crate::services::audit`].

mod handlers;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::AuditEventResponse,
    crate::services::audit::AuditAction,
    crate::services::audit::TargetKind,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::export))
}
