//! Sign-in and sign-out (`/auth/...`), tokens, password hashing and sign-in throttling.

mod handlers;
pub mod password;
pub mod throttle;
pub mod tokens;
pub mod types;

use axum::{Router, routing::post};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(handlers::login, handlers::logout),
    components(schemas(types::LoginRequest, types::LoginResponse, types::UserObject))
)]
pub struct ApiDoc;

/// `/auth/...` is outside `/api` and its token layer: signing in needs no token.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/login", post(handlers::login))
        .route("/auth/logout", post(handlers::logout))
}
