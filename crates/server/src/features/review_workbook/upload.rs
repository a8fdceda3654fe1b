//! The XLSX import's upload: one zip in the multipart field `xlsx_files`, spooled to a
//! temporary file, opened under limits, its workbooks read a batch at a time. Every refusal
//! names the file.

use std::fs::File;

use wordmark_core::archive::{ArchiveError, ExtractedFile, Limits, visit_zip};
use wordmark_core::parallel;
use wordmark_core::xlsx::{XlsxError, read_workbook};

use crate::http::{
    error::{ApiError, ApiResult},
    multipart::{ApiMultipart, spool_capped},
};
use crate::services::workbook_import::Workbook;

const FIELD: &str = "xlsx_files";

/// Workbooks unpacked, then parsed side by side on every core, at once: a few per core keep
/// them busy, and a batch's workbooks (a few hundred kilobytes each for a WPML page) are all
/// that is held of the archive.
const WORKBOOKS_PER_BATCH: usize = 16;

/// Content types browsers and tools send for a zip, and the generic octet-stream.
const ZIP_TYPES: [&str; 5] = [
    "application/zip",
    "application/x-zip-compressed",
    "application/x-zip",
    "multipart/x-zip",
    "application/octet-stream",
];

/// The uploaded archive, in a temporary file.
pub struct Upload {
    pub file_name: String,
    pub file: File,
}

/// Reads the form: exactly one `xlsx_files` file of a zip type, at most `limit` bytes, written
/// to a temporary file as it arrives.
pub async fn read_form(
    ApiMultipart(mut multipart): ApiMultipart,
    limit: usize,
) -> ApiResult<Upload> {
    let mut upload = None;
    while let Some(mut field) = multipart.next_field().await? {
        if field.name() != Some(FIELD) {
            continue;
        }
        if upload.is_some() {
            return Err(ApiError::Unprocessable(
                "Please upload one zip archive with all corrected XLSX files.".into(),
            ));
        }
        let file_name = field.file_name().unwrap_or(FIELD).to_owned();
        if let Some(content_type) = field.content_type()
            && !ZIP_TYPES.contains(&content_type.to_ascii_lowercase().as_str())
        {
            return Err(ApiError::UnsupportedMediaType(format!(
                "'{file_name}' ({content_type}) is not a zip archive; please zip the corrected XLSX files into one archive."
            )));
        }
        let file = spool_capped(&mut field, limit).await?;
        upload = Some(Upload { file_name, file });
    }
    upload.ok_or_else(|| ApiError::Unprocessable(format!("The field {FIELD} is required.")))
}

/// Why reading stopped.
enum Stop {
    Archive(ArchiveError),
    Workbook(ApiError),
}

impl From<ArchiveError> for Stop {
    fn from(error: ArchiveError) -> Self {
        Stop::Archive(error)
    }
}

/// Opens the archive and reads its workbooks in archive order, [`WORKBOOKS_PER_BATCH`] at a
/// time, handing each to `deliver` (blocking). Stops early when `deliver` returns false (the
/// receiver gave up). Returns the paths of everything else in the archive.
///
/// A refused archive or workbook ends the reading with its error; workbooks delivered before
/// it must then be discarded (the handler writes them in a transaction it drops).
pub fn read_archive(
    upload: Upload,
    limits: &Limits,
    mut deliver: impl FnMut(Workbook) -> bool,
) -> ApiResult<Vec<String>> {
    let archive = upload.file_name.as_str();
    let mut batch: Vec<ExtractedFile> = Vec::with_capacity(WORKBOOKS_PER_BATCH);
    let mut delivered = 0usize;
    let mut parse_and_deliver = |batch: &mut Vec<ExtractedFile>| -> Result<bool, Stop> {
        let workbooks = parallel::map(batch, |file| {
            read_workbook(&file.file_name, &file.bytes)
                .map(|content| Workbook {
                    file_name: file.file_name.clone(),
                    content,
                })
                .map_err(|e| workbook_refused(archive, e))
        });
        batch.clear();
        for workbook in workbooks {
            delivered += 1;
            if !deliver(workbook.map_err(Stop::Workbook)?) {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let read = visit_zip(
        archive,
        upload.file,
        limits,
        |name| name.to_lowercase().ends_with(".xlsx"),
        |file| {
            batch.push(file);
            if batch.len() < WORKBOOKS_PER_BATCH {
                return Ok(true);
            }
            parse_and_deliver(&mut batch)
        },
    )
    .and_then(|skipped| parse_and_deliver(&mut batch).map(|_| skipped));
    let skipped = match read {
        Ok(skipped) => skipped,
        Err(Stop::Archive(error)) => return Err(archive_refused(error)),
        Err(Stop::Workbook(error)) => return Err(error),
    };
    if delivered == 0 {
        return Err(ApiError::Unprocessable(format!(
            "'{archive}' holds no XLSX workbook (.xlsx files); please zip the corrected workbooks without folders."
        )));
    }
    Ok(skipped)
}

fn archive_refused(error: ArchiveError) -> ApiError {
    let message = format!("The archive was refused: {error}.");
    if error.is_too_large() {
        ApiError::PayloadTooLarge(message)
    } else {
        ApiError::Unprocessable(message)
    }
}

fn workbook_refused(archive: &str, error: XlsxError) -> ApiError {
    let message = format!("A workbook in '{archive}' was refused: {error}.");
    if error.is_too_large() {
        ApiError::PayloadTooLarge(message)
    } else {
        ApiError::Unprocessable(message)
    }
}
