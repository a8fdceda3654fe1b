//! Service information: `/healthz`, `/api/openapi.json` (public) and `/api/build-info`.

use axum::{
    Json, Router,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::{
    db,
    http::auth::CurrentUser,
    http::error::{ApiJson, ApiResult, ErrorBody},
    openapi,
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(
    paths(healthz, build_info, openapi_json),
    components(schemas(Health, BuildInfo))
)]
pub struct ApiDoc;

/// Routes that need no token.
pub fn public_router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/openapi.json", get(openapi_json))
}

pub fn router() -> Router<AppState> {
    Router::new().route("/api/build-info", get(build_info))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

/// Liveness and database reachability, for load balancers and `make run` scripts.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "meta",
    security(()),
    responses(
        (status = 200, body = Health),
        (status = 503, description = "The database cannot be reached", body = ErrorBody),
    )
)]
pub async fn healthz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(Health { status: "ok" }).into_response(),
        Err(err) => {
            tracing::error!(error = %err, "health check: database unreachable");
            let body = ErrorBody {
                message: "The database cannot be reached.".into(),
            };
            (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BuildInfo {
    pub version: &'static str,
    pub commit: &'static str,
    /// RFC 3339, UTC
    pub build_date: &'static str,
    /// `sqlite` or `postgresql`
    pub database: &'static str,
    /// The machine translation provider in use (`none` when not configured).
    pub mt_provider: String,
}

/// What is running: version, commit, build date and database backend (Administration → Build Info).
#[utoipa::path(
    get,
    path = "/api/build-info",
    tag = "meta",
    responses((status = 200, body = BuildInfo), (status = 401, body = ErrorBody))
)]
pub async fn build_info(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<ApiJson<BuildInfo>> {
    let mt = state.mt.active(&state.db).await?;
    Ok(ApiJson(BuildInfo {
        version: env!("CARGO_PKG_VERSION"),
        commit: env!("WORDMARK_BUILD_COMMIT"),
        build_date: env!("WORDMARK_BUILD_DATE"),
        database: db::backend_name(&state.db),
        mt_provider: mt.label(),
    }))
}

/// This API's OpenAPI document (documentation only; reachable without a token).
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    security(()),
    responses((status = 200, description = "OpenAPI 3.1 document", content_type = "application/json"))
)]
pub async fn openapi_json() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi::json(),
    )
}
