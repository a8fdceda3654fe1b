//! Service information: `/healthz` and `/metrics` (public, the latter behind its own token)
//! and `/api/build-info`. The OpenAPI document's own
//! route is `openapi::router()`: it describes every feature, so it sits above them.

use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

mod metrics;

use crate::{
    db,
    http::error::{ApiJson, ApiResult, ErrorBody},
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

#[derive(OpenApi)]
#[openapi(components(schemas(Health, BuildInfo)))]
struct ApiDoc;

/// Routes that need no token.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(healthz))
        .routes(routes!(metrics::metrics))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::default().routes(routes!(build_info))
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
    security(("bearer_token" = ["build_info.read"])),
    tag = "meta",
    responses((status = 200, body = BuildInfo), (status = 401, body = ErrorBody))
)]
pub async fn build_info(
    State(state): State<AppState>,
    _: Authorized<perm::BuildInfoRead>,
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
