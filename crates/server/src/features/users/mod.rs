//! Users and administration (`/api/user...`); the accounts themselves, and their rules, are
//! [`crate::services::accounts`].

mod handlers;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::UserResponse,
    types::CreateUserRequest,
    types::UpdateUserRequest,
    crate::services::accounts::Role,
    crate::services::accounts::UserSort,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
}
