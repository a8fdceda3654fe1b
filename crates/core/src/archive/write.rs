//! Writing download archives: flat, deflated, no folder entries.
//!
//! Flat because WPML skips entries inside folders and aborts on an empty one; the same shape
//! suits customers, who unpack the XLSX archive and zip their corrections back.

use std::collections::HashSet;
use std::io::{Cursor, Seek, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::ArchiveError;

/// A zip being written entry by entry to any `Write + Seek` (a file, or memory).
pub struct ZipOut<W: Write + Seek> {
    zip: ZipWriter<W>,
    /// Lower-cased names already written: names that differ only in case collide on Windows
    /// and macOS once unpacked.
    names: HashSet<String>,
}

impl<W: Write + Seek> ZipOut<W> {
    pub fn new(out: W) -> Self {
        ZipOut {
            zip: ZipWriter::new(out),
            names: HashSet::new(),
        }
    }

    /// Adds one file at the archive's top level, deflated.
    pub fn add(&mut self, name: &str, bytes: &[u8]) -> Result<(), ArchiveError> {
        self.add_with(name, bytes, CompressionMethod::Deflated)
    }

    /// Adds a file that is already compressed (an XLSX workbook is a zip itself) without
    /// deflating it again: that would cost time and save next to nothing.
    pub fn add_stored(&mut self, name: &str, bytes: &[u8]) -> Result<(), ArchiveError> {
        self.add_with(name, bytes, CompressionMethod::Stored)
    }

    fn add_with(
        &mut self,
        name: &str,
        bytes: &[u8],
        method: CompressionMethod,
    ) -> Result<(), ArchiveError> {
        check_name(name)?;
        if !self.names.insert(name.to_lowercase()) {
            return Err(invalid(
                name,
                "another file in the archive has the same name",
            ));
        }
        let options = SimpleFileOptions::default()
            .compression_method(method)
            .unix_permissions(0o644);
        self.zip.start_file(name, options)?;
        self.zip
            .write_all(bytes)
            .map_err(zip::result::ZipError::Io)?;
        Ok(())
    }

    /// Writes the central directory and hands the output back.
    pub fn finish(self) -> Result<W, ArchiveError> {
        Ok(self.zip.finish()?)
    }
}

/// Builds a flat zip in memory from `(file name, bytes)` pairs, in the order given.
pub fn write_zip(
    entries: impl IntoIterator<Item = (String, Vec<u8>)>,
) -> Result<Vec<u8>, ArchiveError> {
    let mut out = ZipOut::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        out.add(&name, &bytes)?;
    }
    Ok(out.finish()?.into_inner())
}

fn check_name(name: &str) -> Result<(), ArchiveError> {
    if name.is_empty() || name == "." || name == ".." {
        return Err(invalid(name, "it is not a file name"));
    }
    if name.contains(['/', '\\']) {
        return Err(invalid(name, "download archives are flat, without folders"));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid(name, "it contains control characters"));
    }
    Ok(())
}

fn invalid(name: &str, reason: &'static str) -> ArchiveError {
    ArchiveError::InvalidName {
        name: name.to_owned(),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::{Limits, read_zip};

    #[test]
    fn written_archives_read_back_flat_and_in_order() {
        let bytes = write_zip([
            ("b.xliff".to_owned(), b"<b/>".to_vec()),
            ("a.xliff".to_owned(), b"<a/>".to_vec()),
        ])
        .unwrap();
        let read = read_zip("out.zip", Cursor::new(bytes), &Limits::default(), |_| true).unwrap();
        let names: Vec<_> = read.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(names, ["b.xliff", "a.xliff"]);
        assert_eq!(read.files[1].bytes, b"<a/>");
    }

    #[test]
    fn stored_entries_read_back_unchanged() {
        let mut out = ZipOut::new(Cursor::new(Vec::new()));
        out.add_stored("page-1.xlsx", b"PK already packed").unwrap();
        out.add("page-2.xliff", b"<xliff/>").unwrap();
        let bytes = out.finish().unwrap().into_inner();
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes.as_slice())).unwrap();
        assert_eq!(
            zip.by_index(0).unwrap().compression(),
            CompressionMethod::Stored
        );
        let read = read_zip("out.zip", Cursor::new(bytes), &Limits::default(), |_| true).unwrap();
        assert_eq!(read.files[0].bytes, b"PK already packed");
        assert_eq!(read.files[1].bytes, b"<xliff/>");
    }

    #[test]
    fn folders_and_colliding_names_are_refused() {
        for entries in [
            vec![("site/a.xliff", "x")],
            vec![("..", "x")],
            vec![("a.xliff", "x"), ("A.XLIFF", "y")],
        ] {
            let entries = entries
                .into_iter()
                .map(|(n, b)| (n.to_owned(), b.as_bytes().to_vec()));
            let error = write_zip(entries).unwrap_err();
            assert!(matches!(error, ArchiveError::InvalidName { .. }), "{error}");
        }
    }
}
