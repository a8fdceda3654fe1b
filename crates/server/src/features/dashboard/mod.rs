//! `GET /api/dashboard`: the three counters of the dashboard.

mod queries;

use axum::{Router, extract::State, routing::get};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::{
    http::{
        auth::CurrentUser,
        error::{ApiJson, ApiResult, ErrorBody},
    },
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(paths(counts), components(schemas(DashboardCounts)))]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/dashboard", get(counts))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardCounts {
    pub clients: u64,
    pub translation_projects: u64,
    pub rebranding_projects: u64,
}

/// How many clients, translation projects and rebranding projects exist.
#[utoipa::path(
    get,
    path = "/api/dashboard",
    tag = "dashboard",
    responses((status = 200, body = DashboardCounts), (status = 401, body = ErrorBody))
)]
pub async fn counts(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> ApiResult<ApiJson<DashboardCounts>> {
    let db = &state.db;
    Ok(ApiJson(DashboardCounts {
        clients: queries::clients(db).await?,
        translation_projects: queries::translation_projects(db).await?,
        rebranding_projects: queries::rebranding_projects(db).await?,
    }))
}
