//! Customer review round trip (`/api/translation/{id}/download-xlsx`, `upload-xlsx`,
//! `download-xliff`): review workbooks out, corrected workbooks in with QA per row, XLIFF files
//! for WPML out; and `delivery`, the same XLIFF files of a completed project for its customer. The archives are built by `services::translation`, the
//! corrections decided and written by `services::workbook_import`; this module reads the
//! uploads.

mod handlers;
pub mod types;
mod upload;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::ImportAnswer,
    types::ImportReport,
    types::FileReport,
    types::RefusedRow,
    types::RowWarning,
    types::XlsxUpload,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::download_xlsx))
        .routes(routes!(handlers::upload_xlsx))
        .routes(routes!(handlers::download_xliff))
        .routes(routes!(handlers::delivery))
}
