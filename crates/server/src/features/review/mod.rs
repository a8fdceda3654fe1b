//! Customer review round trip (`/api/translation/{id}/download-xlsx`, `upload-xlsx`,
//! `download-xliff`): review workbooks out, corrected workbooks in with QA per row, XLIFF files
//! for WPML out. The archives are built and the corrections written by `translation::service`;
//! this module reads the uploads and decides what each workbook row changes.

mod handlers;
pub mod import;
pub mod types;
mod upload;

use axum::{Router, routing::post};
use utoipa::OpenApi;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::download_xlsx,
        handlers::upload_xlsx,
        handlers::download_xliff
    ),
    components(schemas(
        types::ImportAnswer,
        types::ImportReport,
        types::FileReport,
        types::RefusedRow,
        types::RowWarning,
        types::XlsxUpload,
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/translation/{id}/download-xlsx",
            post(handlers::download_xlsx),
        )
        .route(
            "/api/translation/{id}/upload-xlsx",
            post(handlers::upload_xlsx),
        )
        .route(
            "/api/translation/{id}/download-xliff",
            post(handlers::download_xliff),
        )
}
