//! Clients (`/api/client...`): name, sanitised SVG logo, author; deleting one deletes its
//! projects.

mod form;
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
        handlers::get,
        handlers::create,
        handlers::update,
        handlers::delete,
        handlers::logo
    ),
    components(schemas(types::ClientResponse, types::Author, types::ClientUpload))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/client", get(handlers::list).post(handlers::create))
        .route(
            "/api/client/{id}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
        .route("/api/client/{id}/logo", get(handlers::logo))
}
