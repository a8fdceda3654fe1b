//! Zip archives in and out: uploads read under limits, downloads written flat.
//!
//! Everything a customer or WPML uploads arrives as a zip, so this is the first line of defence:
//! an archive is refused (with its name and the offending entry) before anything is stored when
//! it is not a zip, holds too many entries, unpacks to too many bytes, compresses suspiciously
//! well, or names a path that could escape a folder. Sizes are measured on the bytes actually
//! decompressed, never on what the headers claim.

mod deflate;
mod path;
mod read;
mod write;

pub use deflate::inflate;
pub use read::{ZipIn, check_zip, read_zip, visit_zip};
pub use write::{ZipOut, write_zip};

/// Bounds for reading one uploaded archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Entries in the central directory, counting folders and junk.
    pub max_entries: usize,
    /// Decompressed bytes of one entry.
    pub max_entry_bytes: u64,
    /// Decompressed bytes of all extracted entries together.
    pub max_total_bytes: u64,
    /// Decompressed ÷ compressed bytes of one entry. XML compresses 5–30×; bombs 1,000×.
    pub max_ratio: u64,
    /// The ratio is only judged once an entry has unpacked this many bytes: a small file of
    /// repeated characters compresses extremely well and is harmless.
    pub ratio_floor_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        const MIB: u64 = 1024 * 1024;
        Limits {
            // A large WPML site exports one file per page and string package.
            max_entries: 10_000,
            max_entry_bytes: 50 * MIB,
            max_total_bytes: 500 * MIB,
            max_ratio: 200,
            ratio_floor_bytes: MIB,
        }
    }
}

/// One file taken out of an archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractedFile {
    /// The last path component (`page-12.xliff`).
    pub file_name: String,
    /// The path inside the archive as written there (`site/de/page-12.xliff`).
    pub path: String,
    pub bytes: Vec<u8>,
    /// The entry's raw DEFLATE stream as the archive holds it, when it is deflated: a compact
    /// copy of `bytes` for storage that costs nothing to make (inflating it gives `bytes`,
    /// whose CRC the reader checked).
    pub deflated: Option<Vec<u8>>,
}

/// What [`read_zip`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extracted {
    /// Accepted files, in archive order.
    pub files: Vec<ExtractedFile>,
    /// Paths of files the caller did not accept (macOS metadata and folders are not listed).
    pub skipped: Vec<String>,
}

/// Why an archive was refused. Every message names the archive, and the entry when there is one.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("'{archive}' is not a zip archive ({detail})")]
    NotZip { archive: String, detail: String },
    #[error("'{archive}' holds {count} entries; at most {max} are accepted")]
    TooManyEntries {
        archive: String,
        count: usize,
        max: usize,
    },
    #[error("'{entry}' in '{archive}' unpacks to more than {}", human_bytes(*max))]
    EntryTooLarge {
        archive: String,
        entry: String,
        max: u64,
    },
    #[error("'{archive}' unpacks to more than {}", human_bytes(*max))]
    TotalTooLarge { archive: String, max: u64 },
    #[error(
        "'{entry}' in '{archive}' is compressed more than {max_ratio}:1, which looks like a zip bomb"
    )]
    SuspiciousRatio {
        archive: String,
        entry: String,
        max_ratio: u64,
    },
    #[error("'{entry}' in '{archive}' has an unsafe path: {reason}")]
    UnsafePath {
        archive: String,
        entry: String,
        reason: &'static str,
    },
    #[error("'{entry}' in '{archive}' is encrypted; please upload it without a password")]
    Encrypted { archive: String, entry: String },
    #[error("'{archive}' holds two files named alike: '{first}' and '{second}'")]
    DuplicateName {
        archive: String,
        first: String,
        second: String,
    },
    #[error("'{entry}' in '{archive}' is empty")]
    EmptyEntry { archive: String, entry: String },
    #[error("'{entry}' in '{archive}' cannot be unpacked: {detail}")]
    Corrupt {
        archive: String,
        entry: String,
        detail: String,
    },
    #[error("cannot name a file '{name}' in a download archive: {reason}")]
    InvalidName { name: String, reason: &'static str },
    #[error("cannot write the archive: {0}")]
    Write(#[from] zip::result::ZipError),
}

impl ArchiveError {
    /// Whether the archive was refused for its size (HTTP 413) rather than its content (422).
    pub fn is_too_large(&self) -> bool {
        matches!(
            self,
            ArchiveError::TooManyEntries { .. }
                | ArchiveError::EntryTooLarge { .. }
                | ArchiveError::TotalTooLarge { .. }
        )
    }
}

/// `52428800` → `50 MiB`, for messages people read.
fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024 && value.is_multiple_of(1024) && unit + 1 < UNITS.len() {
        value /= 1024;
        unit += 1;
    }
    format!("{value} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_bytes_uses_the_largest_exact_unit() {
        assert_eq!(human_bytes(50 * 1024 * 1024), "50 MiB");
        assert_eq!(human_bytes(1536), "1536 bytes");
        assert_eq!(human_bytes(2048), "2 KiB");
    }

    #[test]
    fn size_errors_are_413_and_content_errors_422() {
        let too_many = ArchiveError::TooManyEntries {
            archive: "a.zip".into(),
            count: 3,
            max: 2,
        };
        let unsafe_path = ArchiveError::UnsafePath {
            archive: "a.zip".into(),
            entry: "../x".into(),
            reason: "it leaves its folder",
        };
        assert!(too_many.is_too_large());
        assert!(!unsafe_path.is_too_large());
        assert_eq!(
            unsafe_path.to_string(),
            "'../x' in 'a.zip' has an unsafe path: it leaves its folder"
        );
    }
}
