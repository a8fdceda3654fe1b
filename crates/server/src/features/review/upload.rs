//! The XLSX import's upload: one zip in the multipart field `xlsx_files`, opened under limits,
//! its workbooks read. Every refusal names the file; nothing is stored before all of this
//! succeeded.

use std::io::Cursor;

use bytes::Bytes;
use wordmark_core::archive::{ArchiveError, Limits, read_zip};
use wordmark_core::xlsx::{XlsxError, read_workbook};

use super::import::Workbook;
use crate::features::translation::parallel;
use crate::http::{
    error::{ApiError, ApiResult},
    multipart::{ApiMultipart, read_capped},
};

const FIELD: &str = "xlsx_files";

/// Content types browsers and tools send for a zip, and the generic octet-stream.
const ZIP_TYPES: [&str; 5] = [
    "application/zip",
    "application/x-zip-compressed",
    "application/x-zip",
    "multipart/x-zip",
    "application/octet-stream",
];

/// The uploaded archive.
pub struct Upload {
    pub file_name: String,
    pub bytes: Bytes,
}

/// Reads the form: exactly one `xlsx_files` file of a zip type, at most `limit` bytes.
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
        let bytes = read_capped(&mut field, limit).await?;
        upload = Some(Upload { file_name, bytes });
    }
    upload.ok_or_else(|| ApiError::Unprocessable(format!("The field {FIELD} is required.")))
}

/// What the archive holds: its workbooks, read, and the paths of everything else.
pub struct Contents {
    pub workbooks: Vec<Workbook>,
    pub skipped: Vec<String>,
}

/// Opens the archive and reads every workbook (blocking; spreads over the cores).
pub fn read_archive(upload: &Upload, limits: &Limits) -> ApiResult<Contents> {
    let archive = &upload.file_name;
    let extracted = read_zip(archive, Cursor::new(&upload.bytes[..]), limits, |name| {
        name.to_lowercase().ends_with(".xlsx")
    })
    .map_err(archive_refused)?;
    if extracted.files.is_empty() {
        return Err(ApiError::Unprocessable(format!(
            "'{archive}' holds no XLSX workbook (.xlsx files); please zip the corrected workbooks without folders."
        )));
    }
    let workbooks = parallel::map(&extracted.files, |file| {
        read_workbook(&file.file_name, &file.bytes)
            .map(|content| Workbook {
                file_name: file.file_name.clone(),
                content,
            })
            .map_err(|e| workbook_refused(archive, e))
    });
    Ok(Contents {
        workbooks: workbooks.into_iter().collect::<ApiResult<_>>()?,
        skipped: extracted.skipped,
    })
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
