//! `GET /api/dashboard`: the three counters of the dashboard.

use axum::extract::State;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiJson, ApiResult, ErrorBody},
    services::{clients, rebranding, translation},
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(DashboardCounts)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).routes(routes!(counts))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardCounts {
    pub clients: u64,
    pub translation_projects: u64,
    pub rebranding_projects: u64,
}

/// How many clients, translation projects and rebranding projects the caller reaches (a
/// customer: those of their clients).
#[utoipa::path(
    get,
    path = "/api/dashboard",
    security(("bearer_token" = ["projects.read"])),
    tag = "dashboard",
    responses((status = 200, body = DashboardCounts), (status = 401, body = ErrorBody))
)]
pub async fn counts(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
) -> ApiResult<ApiJson<DashboardCounts>> {
    let (db, scope) = (&state.db, &caller.scope);
    Ok(ApiJson(DashboardCounts {
        clients: clients::count(db, scope).await?,
        translation_projects: translation::projects::count(db, scope).await?,
        rebranding_projects: rebranding::count(db, scope).await?,
    }))
}
