//! Administration → Settings: the machine translation provider (`/api/settings/mt`), stored in
//! the database and overriding the environment, and the process-wide [`service::MtService`].

mod handlers;
pub mod queries;
pub mod service;
pub mod types;

use axum::{
    Router,
    routing::{get, post},
};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(handlers::get, handlers::update, handlers::test),
    components(schemas(
        types::MtSettings,
        types::MtSettingsUpdate,
        types::MtTestResult,
        types::MtUsage,
        service::SettingsSource
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/settings/mt", get(handlers::get).put(handlers::update))
        .route("/api/settings/mt/test", post(handlers::test))
}
