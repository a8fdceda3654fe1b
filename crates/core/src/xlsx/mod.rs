//! Bilingual workbooks for customer review: one per job, exported with the current targets,
//! corrected by the customer in Excel, LibreOffice or Google Sheets, and imported again.
//!
//! The sheet is made for people: a header block saying what the file is, then a table of
//! `#, Field, Source, Translation, Comment` where only Translation and Comment can be edited
//! and inline tags are coloured so they are kept. It is also made to survive them: every unit
//! carries its key in a hidden column (so sorted or filtered rows still map back), the job's
//! identity sits in a hidden sheet (so renamed files still match), cells hold text and never
//! formulas, and units longer than a cell can hold continue over several rows.

pub(crate) mod cell_text;
mod chunk;
mod export;
pub(crate) mod import;
mod layout;
mod writer;

use serde::Serialize;

use crate::archive::ArchiveError;
use crate::segment::{Markup, Shortcodes};

pub use export::export_workbook;
pub use import::read_workbook;

/// What the header block and the hidden sheet say about the job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkbookMeta {
    pub project: String,
    /// `None` for a project without a client.
    pub client: Option<String>,
    /// The job's XLIFF file name (`page-12.xliff`).
    pub file_name: String,
    pub source_lang: String,
    pub target_lang: String,
    /// As it should read in the header (`2026-11-22`).
    pub export_date: String,
    pub job_id: i64,
    pub wpml_id: String,
    /// Checksum of the job's source XLIFF, so an import can tell it belongs to this version.
    pub checksum: String,
    /// Shown prominently when set, e.g. "Pseudo-translation: not for delivery".
    pub mt_notice: Option<String>,
    /// Which bracketed names in the job's HTML are shortcodes, coloured as tags to keep: its
    /// file's list (`[CS]` in a text of a site without that shortcode is plain text).
    pub shortcodes: Shortcodes,
}

/// One unit of the job, as it goes into the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportRow {
    /// The unit's stable key, written to the hidden Key column.
    pub key: String,
    /// What the unit is on the page, as [`crate::field::describe`] labels it ("Title",
    /// "Meta description (Yoast SEO)"). Locked, and never read back.
    pub field: String,
    /// Source content (HTML or XLIFF inline XML, per `markup`).
    pub source: String,
    /// Current target content, prefilled in the Translation column.
    pub target: String,
    pub markup: Markup,
    /// The termbase entries found in the source, for the Terms column ([`crate::terms::describe`];
    /// empty for none). The import never reads it.
    pub terms: String,
}

/// The job identity read back from the hidden sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HiddenMeta {
    pub format_version: u32,
    pub job_id: i64,
    pub wpml_id: String,
    pub checksum: String,
    pub file_name: String,
}

/// A corrected workbook, as far as it can be read without knowing the job.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImportedWorkbook {
    /// `None` when the hidden sheet is gone (the workbook was rebuilt by hand, say); match the
    /// job by file name then.
    pub meta: Option<HiddenMeta>,
    /// One per unit key, continuation rows joined, in sheet order.
    pub rows: Vec<ImportedRow>,
    /// Rows that could not be mapped to one unit; reported, never guessed.
    pub problems: Vec<RowProblem>,
}

/// A unit's corrected text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportedRow {
    /// 1-based, as Excel shows it; the first row of a unit split over several rows.
    pub row_number: u32,
    pub key: String,
    /// The Translation cells as the customer sees them (see [`read_workbook`] for numbers
    /// and dates).
    pub translation: String,
    pub comment: Option<String>,
}

/// A row that does not map to exactly one unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowProblem {
    pub row_number: u32,
    pub key: Option<String>,
    pub kind: RowProblemKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowProblemKind {
    /// Text in a row without a key: a row the customer added.
    NoKey,
    /// A second row with the same key (and part): a copied row. The first one counts.
    DuplicateKey,
    /// A unit split over several rows lost one of them; its translation cannot be trusted.
    MissingPart,
}

impl std::fmt::Display for RowProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let row = self.row_number;
        match self.kind {
            RowProblemKind::NoKey => write!(
                f,
                "row {row} has no unit key (was it added by hand?); it was ignored"
            ),
            RowProblemKind::DuplicateKey => write!(
                f,
                "row {row} repeats a unit of an earlier row; only the first one was read"
            ),
            RowProblemKind::MissingPart => write!(
                f,
                "row {row} is part of a long unit split over several rows, and one of them is missing; the unit was not read"
            ),
        }
    }
}

/// Why a workbook could not be written or read. Messages name the file.
#[derive(Debug, thiserror::Error)]
pub enum XlsxError {
    #[error("cannot build the workbook for '{file}': {source}")]
    Build {
        file: String,
        source: zip::result::ZipError,
    },
    #[error("'{file}' is not an XLSX workbook ({detail})")]
    NotXlsx { file: String, detail: String },
    /// The workbook's own zip exceeds the upload limits (an XLSX file is a zip).
    #[error(transparent)]
    Archive(ArchiveError),
    #[error(
        "'{file}' has no translation table: no sheet has a header row with the columns '{}' and '{}'",
        layout::Column::Key.header(),
        layout::Column::Translation.header()
    )]
    NoTable { file: String },
    #[error("'{file}': the hidden sheet '{}' {detail}", layout::META_SHEET)]
    Metadata { file: String, detail: String },
}

impl XlsxError {
    /// Whether the workbook was refused for its size (HTTP 413) rather than its content (422).
    pub fn is_too_large(&self) -> bool {
        matches!(self, XlsxError::Archive(e) if e.is_too_large())
    }
}

/// The workbook's name for a job's file: `page-12.xliff` → `page-12.xlsx`.
pub fn workbook_file_name(job_file_name: &str) -> String {
    let stem = match job_file_name.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty()
                && ["xliff", "xlf", "xml"].contains(&ext.to_lowercase().as_str()) =>
        {
            stem
        }
        _ => job_file_name,
    };
    format!("{stem}.xlsx")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workbooks_are_named_after_the_job_file() {
        assert_eq!(workbook_file_name("page-12.xliff"), "page-12.xlsx");
        assert_eq!(workbook_file_name("Page.XLF"), "Page.xlsx");
        assert_eq!(workbook_file_name("export.v2.xml"), "export.v2.xlsx");
        assert_eq!(workbook_file_name("notes.txt"), "notes.txt.xlsx");
        assert_eq!(workbook_file_name(".xliff"), ".xliff.xlsx");
    }
}
