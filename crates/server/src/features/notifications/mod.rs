//! The signed-in user's notifications: the list (unread first, or newest first), the unread
//! count the app's bell shows, marking read, and their choices per kind of event. Everyone sees
//! and changes only their own. `services::notifications` owns the tables and records the events.

mod handlers;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    handlers::NotificationView,
    handlers::UnreadCount,
    handlers::Preference,
    handlers::Marked,
    crate::services::notifications::Kind,
    crate::services::notifications::SubjectType,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::unread_count))
        .routes(routes!(handlers::read_all))
        .routes(routes!(handlers::read))
        .routes(routes!(handlers::preferences, handlers::set_preferences))
}
