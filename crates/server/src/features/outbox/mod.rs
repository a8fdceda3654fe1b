//! The mail outbox for administrators: the mails that failed or were given up, and a retry.
//! Bodies are never answered (they may carry single-use links). The outbox service
//! (`services::outbox`) owns the table and its worker delivers it.

mod handlers;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(handlers::OutboxMail, crate::services::outbox::MailState)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::retry))
}
