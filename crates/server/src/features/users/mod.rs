//! Users and administration (`/api/user...`).

pub mod accounts;
mod handlers;
pub mod queries;
pub mod types;

use axum::{Router, routing::get};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::list,
        handlers::create,
        handlers::get,
        handlers::update,
        handlers::delete
    ),
    components(schemas(
        types::UserResponse,
        types::CreateUserRequest,
        types::UpdateUserRequest,
        crate::db::entities::user::Role
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/user", get(handlers::list).post(handlers::create))
        .route(
            "/api/user/{username}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
}
