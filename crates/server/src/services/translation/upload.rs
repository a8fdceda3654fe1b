//! The project archive: unzipped under the core's limits and every XLIFF file parsed. CPU
//! work: [`read`] runs in `spawn_blocking`, next to the task storing what it delivers.

use std::io::{Read, Seek};

use wordmark_core::{
    archive::{self, ArchiveError, Limits},
    xliff::XliffError,
};

use crate::services::translation::store::parsed::{self, ParsedFile};

/// File name endings taken as XLIFF (compared ignoring case): WPML writes `.xliff`, other
/// tools `.xlf`, Trados `.sdlxliff` (XLIFF 1.2), and some export XLIFF under `.xml`.
const JOB_FILE_EXTENSIONS: [&str; 4] = [".xliff", ".xlf", ".sdlxliff", ".xml"];

/// Whether a file name (the last path component) looks like an XLIFF file.
pub fn is_job_file(file_name: &str) -> bool {
    let lower = file_name.to_ascii_lowercase();
    JOB_FILE_EXTENSIONS.iter().any(|ext| lower.ends_with(ext))
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

/// Unzips `archive` and parses its XLIFF entries in order, one at a time, handing each to
/// `deliver` as soon as it is parsed, so the caller can store one file while the next is
/// unpacked and parsed. Stops early when `deliver` returns false (the caller gave up). Returns
/// the paths of the other entries.
///
/// The first problem refuses the whole archive; files delivered before it must then be
/// discarded (the caller stores them in a transaction it rolls back).
pub fn read(
    archive_name: &str,
    archive: impl Read + Seek,
    limits: &Limits,
    mut deliver: impl FnMut(ParsedFile) -> bool,
) -> Result<Vec<String>, UploadError> {
    let mut delivered = 0usize;
    let skipped = archive::visit_zip(archive_name, archive, limits, is_job_file, |file| {
        delivered += 1;
        let parsed = parsed::parse(file.file_name, file.bytes, file.deflated)?;
        Ok::<_, UploadError>(deliver(parsed))
    })?;
    if delivered == 0 {
        return Err(UploadError::NoJobFiles {
            archive: archive_name.to_owned(),
        });
    }
    Ok(skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_files_are_recognised_by_extension_ignoring_case() {
        for name in ["page-1.xliff", "a.XLF", "strings.xml", "doc.sdlxliff"] {
            assert!(is_job_file(name), "{name}");
        }
        for name in ["notes.txt", "xliff", "page.xliff.zip"] {
            assert!(!is_job_file(name), "{name}");
        }
    }
}
