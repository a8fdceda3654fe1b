//! Reading archives under [`Limits`].

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{self, Read, Seek, Write};

use zip::ZipArchive;
use zip::read::ZipFile;

use super::path::{EntryPath, classify};
use super::{ArchiveError, Extracted, ExtractedFile, Limits};

/// Extracts the files of a zip whose file name `accept` takes (it sees the last path component,
/// `page-12.xliff`); other files are listed in [`Extracted::skipped`], folders and macOS
/// metadata are ignored.
///
/// Files inside folders are accepted as long as no two accepted files share a name (compared
/// case-insensitively, since they would collide on Windows and macOS once downloaded again).
/// The whole archive is refused when any entry has an unsafe path, is a symbolic link or is
/// encrypted, or when a limit is exceeded: nothing is returned half-read.
pub fn read_zip<R: Read + Seek>(
    archive_name: &str,
    data: R,
    limits: &Limits,
    accept: impl Fn(&str) -> bool,
) -> Result<Extracted, ArchiveError> {
    let mut files = Vec::new();
    let skipped = visit_zip(archive_name, data, limits, accept, |file| {
        files.push(file);
        Ok::<_, ArchiveError>(true)
    })?;
    Ok(Extracted { files, skipped })
}

/// [`read_zip`] one file at a time: each accepted file goes to `visit` as soon as it is
/// unpacked, so a large archive is never held unpacked as a whole. `visit` returns whether to
/// go on. Returns the paths of the files not accepted (those seen before stopping).
///
/// The same checks apply, entry by entry: when an entry is refused, the files visited before
/// it were still visited, so the caller must be able to discard them (a transaction it rolls
/// back, say).
pub fn visit_zip<R: Read + Seek, E: From<ArchiveError>>(
    archive_name: &str,
    data: R,
    limits: &Limits,
    accept: impl Fn(&str) -> bool,
    mut visit: impl FnMut(ExtractedFile) -> Result<bool, E>,
) -> Result<Vec<String>, E> {
    let mut zip = open(archive_name, data, limits)?;
    let mut budget = Budget::new(archive_name, limits);
    let mut skipped = Vec::new();
    // Lower-cased file name → path of the accepted file that claimed it.
    let mut names: HashMap<String, String> = HashMap::new();

    for index in 0..zip.len() {
        let path = inspect(archive_name, &zip, index)?;
        let file_name = match classify(&path) {
            Err(reason) => return Err(unsafe_path(archive_name, &path, reason).into()),
            Ok(EntryPath::Folder | EntryPath::MacJunk) => continue,
            Ok(EntryPath::File { file_name }) => file_name.to_owned(),
        };
        if !accept(&file_name) {
            skipped.push(path);
            continue;
        }
        match names.entry(file_name.to_lowercase()) {
            Entry::Occupied(first) => {
                return Err(ArchiveError::DuplicateName {
                    archive: archive_name.to_owned(),
                    first: first.get().clone(),
                    second: path,
                }
                .into());
            }
            Entry::Vacant(slot) => {
                slot.insert(path.clone());
            }
        }
        let deflated =
            raw_deflate(&mut zip, index).map_err(|e| corrupt(archive_name, &path, &e))?;
        let mut entry = zip
            .by_index(index)
            .map_err(|e| corrupt(archive_name, &path, &e))?;
        let mut bytes = Vec::with_capacity(capacity_hint(&entry, limits));
        budget.copy(&mut entry, &path, &mut bytes)?;
        if bytes.is_empty() {
            return Err(ArchiveError::EmptyEntry {
                archive: archive_name.to_owned(),
                entry: path,
            }
            .into());
        }
        let file = ExtractedFile {
            file_name,
            path,
            bytes,
            deflated,
        };
        if !visit(file)? {
            break;
        }
    }
    Ok(skipped)
}

/// The entry's compressed bytes when they are a plain DEFLATE stream. Reading them is a copy
/// bounded by the archive's own size, so no limit applies.
fn raw_deflate<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    index: usize,
) -> zip::result::ZipResult<Option<Vec<u8>>> {
    let mut raw = zip.by_index_raw(index)?;
    if raw.compression() != zip::CompressionMethod::Deflated {
        return Ok(None);
    }
    // The header may lie about the size; the read itself stops at the archive's end.
    let hint = raw.compressed_size().min(8 * 1024 * 1024);
    let mut stream = Vec::with_capacity(usize::try_from(hint).unwrap_or(0));
    raw.read_to_end(&mut stream)?;
    Ok(Some(stream))
}

/// Unpacks every entry into nothing, to prove the archive stays within `limits` before a
/// library that trusts its input (an XLSX reader, say) opens it. Paths are not judged: the
/// entries are never written anywhere.
pub fn check_zip<R: Read + Seek>(
    archive_name: &str,
    data: R,
    limits: &Limits,
) -> Result<(), ArchiveError> {
    let mut zip = open(archive_name, data, limits)?;
    let mut budget = Budget::new(archive_name, limits);
    for index in 0..zip.len() {
        let path = inspect(archive_name, &zip, index)?;
        let mut entry = zip
            .by_index(index)
            .map_err(|e| corrupt(archive_name, &path, &e))?;
        budget.copy(&mut entry, &path, &mut io::sink())?;
    }
    Ok(())
}

/// An archive read by entry name rather than in order, under [`Limits`]: for archives whose
/// own index (a manifest) says what to read next. Every entry path is judged when it opens
/// (unsafe paths, links and encrypted entries refuse the archive, as in [`visit_zip`]); the
/// bytes read count against the limits however often an entry is read.
pub struct ZipIn<R: Read + Seek> {
    archive_name: String,
    limits: Limits,
    zip: ZipArchive<R>,
    /// The files' paths, in archive order.
    paths: Vec<String>,
    /// Decompressed bytes read so far.
    total: u64,
}

impl<R: Read + Seek> ZipIn<R> {
    pub fn open(archive_name: &str, data: R, limits: &Limits) -> Result<Self, ArchiveError> {
        let zip = open(archive_name, data, limits)?;
        let mut paths = Vec::with_capacity(zip.len());
        for index in 0..zip.len() {
            let path = inspect(archive_name, &zip, index)?;
            match classify(&path) {
                Err(reason) => return Err(unsafe_path(archive_name, &path, reason)),
                Ok(EntryPath::Folder | EntryPath::MacJunk) => {}
                Ok(_) => paths.push(path),
            }
        }
        Ok(ZipIn {
            archive_name: archive_name.to_owned(),
            limits: *limits,
            zip,
            paths,
            total: 0,
        })
    }

    /// The paths of the archive's files (folders and macOS metadata left out), in archive order.
    pub fn paths(&self) -> &[String] {
        &self.paths
    }

    /// The entry at `path`, unpacked, or `None` when the archive has no such entry.
    pub fn read(&mut self, path: &str) -> Result<Option<ExtractedFile>, ArchiveError> {
        let Some(index) = self.zip.index_for_name(path) else {
            return Ok(None);
        };
        let archive_name = self.archive_name.as_str();
        let deflated =
            raw_deflate(&mut self.zip, index).map_err(|e| corrupt(archive_name, path, &e))?;
        let mut entry = self
            .zip
            .by_index(index)
            .map_err(|e| corrupt(archive_name, path, &e))?;
        let mut budget = Budget {
            archive_name,
            limits: &self.limits,
            total: self.total,
        };
        let mut bytes = Vec::with_capacity(capacity_hint(&entry, &self.limits));
        budget.copy(&mut entry, path, &mut bytes)?;
        self.total = budget.total;
        let file_name = path.rsplit(['/', '\\']).next().unwrap_or(path).to_owned();
        Ok(Some(ExtractedFile {
            file_name,
            path: path.to_owned(),
            bytes,
            deflated,
        }))
    }
}

fn open<R: Read + Seek>(
    archive_name: &str,
    data: R,
    limits: &Limits,
) -> Result<ZipArchive<R>, ArchiveError> {
    let zip = ZipArchive::new(data).map_err(|e| ArchiveError::NotZip {
        archive: archive_name.to_owned(),
        detail: e.to_string(),
    })?;
    if zip.len() > limits.max_entries {
        return Err(ArchiveError::TooManyEntries {
            archive: archive_name.to_owned(),
            count: zip.len(),
            max: limits.max_entries,
        });
    }
    // The zip crate keeps one entry per path; a second one would be silently shadowed.
    if zip.has_duplicate_names() {
        return Err(ArchiveError::NotZip {
            archive: archive_name.to_owned(),
            detail: "its directory lists the same path twice".to_owned(),
        });
    }
    Ok(zip)
}

/// The entry's path, after refusing what is never read: symbolic links and encrypted entries.
/// Nobody exports either from WPML or a spreadsheet, and a link could point anywhere once
/// unpacked. Checked on the directory record, before any decompression.
fn inspect<R: Read + Seek>(
    archive_name: &str,
    zip: &ZipArchive<R>,
    index: usize,
) -> Result<String, ArchiveError> {
    let entry = zip
        .by_index_data(index)
        .map_err(|e| corrupt(archive_name, &format!("entry {}", index + 1), &e))?;
    let path = entry
        .name()
        .map_err(|e| corrupt(archive_name, &String::from_utf8_lossy(entry.name_raw()), &e))?
        .into_owned();
    if entry.is_symlink() {
        return Err(unsafe_path(archive_name, &path, "it is a symbolic link"));
    }
    if entry.encrypted() {
        return Err(ArchiveError::Encrypted {
            archive: archive_name.to_owned(),
            entry: path,
        });
    }
    Ok(path)
}

/// Preallocates what the header claims, but never much: the header may lie.
fn capacity_hint<R: Read>(entry: &ZipFile<'_, R>, limits: &Limits) -> usize {
    const MAX_HINT: u64 = 8 * 1024 * 1024;
    usize::try_from(entry.size().min(limits.max_entry_bytes).min(MAX_HINT)).unwrap_or(0)
}

/// Bytes unpacked so far, checked against the limits while reading.
struct Budget<'a> {
    archive_name: &'a str,
    limits: &'a Limits,
    total: u64,
}

impl<'a> Budget<'a> {
    fn new(archive_name: &'a str, limits: &'a Limits) -> Self {
        Budget {
            archive_name,
            limits,
            total: 0,
        }
    }

    /// Copies one entry's decompressed bytes to `out`, stopping at the first limit crossed.
    fn copy<R: Read>(
        &mut self,
        entry: &mut ZipFile<'_, R>,
        path: &str,
        out: &mut impl Write,
    ) -> Result<(), ArchiveError> {
        let limits = self.limits;
        // A header that admits to too much saves unpacking anything.
        if entry.size() > limits.max_entry_bytes {
            return Err(self.entry_too_large(path));
        }
        // The compressed size bounds what the decompressor is fed, so it is a sound divisor.
        let compressed = entry.compressed_size().max(1);
        let mut buffer = [0u8; 64 * 1024];
        let mut unpacked: u64 = 0;
        loop {
            let read = match entry.read(&mut buffer) {
                Ok(0) => return Ok(()),
                Ok(read) => read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(corrupt(self.archive_name, path, &e)),
            };
            unpacked += read as u64;
            self.total += read as u64;
            if unpacked > limits.max_entry_bytes {
                return Err(self.entry_too_large(path));
            }
            if self.total > limits.max_total_bytes {
                return Err(ArchiveError::TotalTooLarge {
                    archive: self.archive_name.to_owned(),
                    max: limits.max_total_bytes,
                });
            }
            if unpacked > limits.ratio_floor_bytes && unpacked / compressed > limits.max_ratio {
                return Err(ArchiveError::SuspiciousRatio {
                    archive: self.archive_name.to_owned(),
                    entry: path.to_owned(),
                    max_ratio: limits.max_ratio,
                });
            }
            out.write_all(&buffer[..read])
                .map_err(|e| corrupt(self.archive_name, path, &e))?;
        }
    }

    fn entry_too_large(&self, path: &str) -> ArchiveError {
        ArchiveError::EntryTooLarge {
            archive: self.archive_name.to_owned(),
            entry: path.to_owned(),
            max: self.limits.max_entry_bytes,
        }
    }
}

fn unsafe_path(archive_name: &str, path: &str, reason: &'static str) -> ArchiveError {
    ArchiveError::UnsafePath {
        archive: archive_name.to_owned(),
        entry: path.to_owned(),
        reason,
    }
}

fn corrupt(archive_name: &str, path: &str, error: &dyn std::error::Error) -> ArchiveError {
    ArchiveError::Corrupt {
        archive: archive_name.to_owned(),
        entry: path.to_owned(),
        detail: error.to_string(),
    }
}
