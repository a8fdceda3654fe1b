//! Request and response types of the customer review round trip.

use serde::Serialize;
use utoipa::ToSchema;

use crate::http::views::translation::ProjectResponse;

/// What `POST /api/translation/{id}/upload-xlsx` answers: the updated project (with its jobs)
/// and what happened to each workbook.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportAnswer {
    #[serde(flatten)]
    pub project: ProjectResponse,
    pub import_report: ImportReport,
}

/// The outcome of one XLSX import.
#[derive(Debug, Default, Serialize, ToSchema, PartialEq, Eq)]
pub struct ImportReport {
    /// Every workbook of the archive, in archive order; `job_id` is `null` for those that
    /// matched no job.
    pub files: Vec<FileReport>,
    /// Workbooks that matched no job of the project (by hidden sheet or file name).
    pub unmatched_files: Vec<String>,
    /// Entries of the archive that are not workbooks, by path (macOS metadata and folders are
    /// ignored silently).
    pub skipped: Vec<String>,
}

/// One workbook's outcome.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct FileReport {
    /// The workbook's name in the archive.
    pub file_name: String,
    pub job_id: Option<i32>,
    /// The XLIFF file of the job it matched.
    pub job_file_name: Option<String>,
    /// Rows whose translation or comment was taken.
    pub updated: u32,
    /// Rows that changed nothing.
    pub unchanged: u32,
    /// Rows not taken; the previous target stays.
    pub refused: Vec<RefusedRow>,
    /// QA remarks on rows that were taken (stored with the segment as well).
    pub warnings: Vec<RowWarning>,
    /// Keys of the units this workbook changed that have a customer's draft in an open review
    /// link: the correction was taken, and the customer's next save or submit of that draft
    /// is refused (it was made on the previous text).
    pub review_conflicts: Vec<String>,
}

impl ImportReport {
    /// What the audit log keeps of an import: counts only, never a translation.
    pub fn audit_detail(&self) -> serde_json::Value {
        let matched = self.files.iter().filter(|f| f.job_id.is_some()).count();
        let applied: u32 = self.files.iter().map(|f| f.updated).sum();
        let refused: usize = self.files.iter().map(|f| f.refused.len()).sum();
        serde_json::json!({
            "workbooks": matched,
            "unmatched": self.unmatched_files.len(),
            "rows_applied": applied,
            "rows_refused": refused,
        })
    }
}

impl FileReport {
    pub fn unmatched(file_name: String) -> Self {
        FileReport {
            file_name,
            job_id: None,
            job_file_name: None,
            updated: 0,
            unchanged: 0,
            refused: Vec::new(),
            warnings: Vec::new(),
            review_conflicts: Vec::new(),
        }
    }
}

/// A row that was not taken.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct RefusedRow {
    /// 1-based, as the spreadsheet program shows it.
    pub row: u32,
    /// The hidden unit key; `null` for a row without one (added by hand).
    pub key: Option<String>,
    pub reason: String,
}

/// A QA warning on a row that was taken.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct RowWarning {
    pub row: u32,
    pub key: String,
    pub message: String,
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
