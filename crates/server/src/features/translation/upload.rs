//! The project archive: unzipped under the core's limits and every XLIFF file parsed, all
//! before anything is stored. CPU work: [`read`] runs in `spawn_blocking`.

use std::io::Cursor;

use wordmark_core::{
    archive::{self, ArchiveError, Limits},
    xliff::XliffError,
};

use crate::{
    features::jobs::import::{self, ParsedFile},
    http::error::ApiError,
};

/// What a readable archive holds.
pub struct ProjectFiles {
    /// Its XLIFF files, parsed, in archive order.
    pub files: Vec<ParsedFile>,
    /// Paths of the other files.
    pub skipped: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    #[error(transparent)]
    Xliff(#[from] XliffError),
    #[error("'{archive}' holds no XLIFF files (.xliff, .xlf, .sdlxliff or .xml)")]
    NoJobFiles { archive: String },
}

impl From<UploadError> for ApiError {
    /// Size limits are 413, not a zip 415, the rest 422; every message names the archive or
    /// the file (with line and column for XLIFF).
    fn from(err: UploadError) -> Self {
        match err {
            UploadError::Xliff(err) => import::refused(&err),
            UploadError::Archive(err) => {
                let message = format!("{err}. Nothing was imported.");
                match err {
                    err if err.is_too_large() => ApiError::PayloadTooLarge(message),
                    ArchiveError::NotZip { .. } => ApiError::UnsupportedMediaType(message),
                    _ => ApiError::Unprocessable(message),
                }
            }
            err @ UploadError::NoJobFiles { .. } => {
                ApiError::Unprocessable(format!("{err}. Nothing was imported."))
            }
        }
    }
}

/// Unzips `archive` and parses each XLIFF entry; the first problem refuses the whole archive.
pub fn read(
    archive_name: &str,
    archive: &[u8],
    limits: &Limits,
) -> Result<ProjectFiles, UploadError> {
    let extracted = archive::read_zip(
        archive_name,
        Cursor::new(archive),
        limits,
        import::is_job_file,
    )?;
    if extracted.files.is_empty() {
        return Err(UploadError::NoJobFiles {
            archive: archive_name.to_owned(),
        });
    }
    let files = extracted
        .files
        .into_iter()
        .map(|file| import::parse(file.file_name, file.bytes))
        .collect::<Result<_, _>>()?;
    Ok(ProjectFiles {
        files,
        skipped: extracted.skipped,
    })
}
