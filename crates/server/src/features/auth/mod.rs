//! Sign-in and sign-out (`/auth/...`): checks the password against [`crate::services::accounts`],
//! counts failures with [`crate::services::tokens::throttle`], hands out session tokens.

mod handlers;
pub mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::LoginRequest,
    types::LoginResponse,
    types::UserObject,
    types::SignedInClient
)))]
struct ApiDoc;

/// `/auth/...` is outside `/api` and its token layer: signing in needs no token.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::login))
        .routes(routes!(handlers::logout))
}
