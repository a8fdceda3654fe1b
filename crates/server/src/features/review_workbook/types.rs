//! Request and response types of the customer review round trip.

use serde::Serialize;
use utoipa::ToSchema;

use crate::http::views::translation::ProjectResponse;
pub use crate::services::workbook_import::{FileReport, ImportReport, RefusedRow, RowWarning};

/// What `POST /api/translation/{id}/upload-xlsx` answers: the updated project (with its jobs)
/// and what happened to each workbook.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportAnswer {
    #[serde(flatten)]
    pub project: ProjectResponse,
    pub import_report: ImportReport,
}

/// The multipart form of `POST /api/translation/{id}/upload-xlsx`. Only the OpenAPI document
/// uses this type (the handler reads the field itself).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct XlsxUpload {
    /// One zip archive (`application/zip` or `application/octet-stream`) of the corrected
    /// workbooks.
    #[schema(value_type = String, format = Binary)]
    pub xlsx_files: Vec<u8>,
}
