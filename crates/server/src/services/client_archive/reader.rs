//! Reading a client archive's entries (see [`crate::services::client_archive_format`]) under limits, each checked
//! against the manifest (listed, of its size and SHA-256) and, on the checking pass, every
//! record judged and every original XLIFF file parsed and matched against its segments.

use std::{
    collections::{HashMap, HashSet},
    io::{Read, Seek},
};

use sha2::{Digest, Sha256};
use wordmark_core::{
    archive::{ExtractedFile, Limits, ZipIn},
    svg::sanitize_svg,
    terms::{TermEntry, read_file},
    xliff,
};

use super::import::ImportError;
use crate::services::{
    client_archive_format::{
        self, ClientRecord, Counts, Entry, JobRecord, Manifest, MemoryRecord, ProjectRecord,
        RebrandingRecord, SegmentRecord,
    },
    clients::NAME_MAX_CHARS,
};

/// A client's or project's name, trimmed: `what` and the problem when it is not one.
pub(super) fn check_name(what: &str, name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("{what} is empty"));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(format!("{what} is longer than {NAME_MAX_CHARS} characters"));
    }
    Ok(name.to_owned())
}

/// What the reading thread hands the storing task, in this order: the client, then each
/// project followed by its jobs, then the memory's pages and the rebranding projects.
pub(super) enum Item {
    Client {
        record: ClientRecord,
        logo: Option<String>,
    },
    Project(ProjectRecord),
    Job {
        /// Boxed: a job's record is far larger than the other items.
        record: Box<JobRecord>,
        original: ExtractedFile,
        segments: Vec<SegmentRecord>,
    },
    Memory(Vec<MemoryRecord>),
    Rebranding(Vec<RebrandingRecord>),
    Terms(Vec<TermEntry>),
}

/// The archive opened, its manifest read and judged.
pub(super) struct Reader<R: Read + Seek> {
    archive_name: String,
    zip: ZipIn<R>,
    /// The manifest's entries by path.
    entries: HashMap<String, Entry>,
    /// Entries read and found as the manifest describes them.
    read: HashSet<String>,
    /// The client's name in `client.json`, trimmed (once a checking walk read it).
    pub(super) client_name: String,
}

impl<R: Read + Seek> Reader<R> {
    pub(super) fn open(archive_name: &str, data: R, limits: &Limits) -> Result<Self, ImportError> {
        let mut zip = ZipIn::open(archive_name, data, limits)?;
        let not_ours = |problem: &str| ImportError::NotClientArchive {
            archive: archive_name.to_owned(),
            problem: problem.to_owned(),
        };
        let manifest = zip
            .read(client_archive_format::MANIFEST)?
            .ok_or_else(|| not_ours("it has no manifest.json"))?;
        // The format and version first: a newer manifest may not read as this version's.
        let manifest: serde_json::Value = serde_json::from_slice(&manifest.bytes).map_err(|e| {
            entry_error(archive_name, client_archive_format::MANIFEST, e.to_string())
        })?;
        let text = |field: &str| manifest.get(field).and_then(|v| v.as_str()).unwrap_or("");
        if text("format") != client_archive_format::FORMAT {
            return Err(not_ours(&format!(
                "its manifest names the format \"{}\", not \"{}\"",
                text("format"),
                client_archive_format::FORMAT
            )));
        }
        match client_archive_format::parse_version(text("version")) {
            Some((major, _)) if major > client_archive_format::MAJOR => {
                return Err(ImportError::NewerVersion {
                    archive: archive_name.to_owned(),
                    version: text("version").to_owned(),
                    major: client_archive_format::MAJOR,
                });
            }
            Some((major, _)) if major >= 1 => {}
            _ => {
                return Err(entry_error(
                    archive_name,
                    client_archive_format::MANIFEST,
                    format!("\"{}\" is not a format version", text("version")),
                ));
            }
        }
        let manifest: Manifest = serde_json::from_value(manifest).map_err(|e| {
            entry_error(archive_name, client_archive_format::MANIFEST, e.to_string())
        })?;
        if let Some(unknown) = manifest
            .sections
            .iter()
            .find(|s| s.required && !client_archive_format::SECTIONS.contains(&s.name.as_str()))
        {
            return Err(entry_error(
                archive_name,
                client_archive_format::MANIFEST,
                format!(
                    "the archive holds the section \"{}\", which this version of Wordmark does \
                     not know and must not leave out; update Wordmark to import it",
                    unknown.name
                ),
            ));
        }
        let mut entries = HashMap::with_capacity(manifest.entries.len());
        for entry in manifest.entries {
            if let Some(first) = entries.insert(entry.path.clone(), entry) {
                return Err(entry_error(
                    archive_name,
                    client_archive_format::MANIFEST,
                    format!("it lists \"{}\" twice", first.path),
                ));
            }
        }
        for path in zip.paths() {
            if path != client_archive_format::MANIFEST && !entries.contains_key(path) {
                return Err(entry_error(
                    archive_name,
                    path,
                    "the entry is not listed in manifest.json".into(),
                ));
            }
        }
        Ok(Reader {
            archive_name: archive_name.to_owned(),
            zip,
            entries,
            read: HashSet::new(),
            client_name: String::new(),
        })
    }

    fn error(&self, entry: &str, problem: impl Into<String>) -> ImportError {
        entry_error(&self.archive_name, entry, problem.into())
    }

    /// The entry at `path`, checked against the manifest (listed in `section`, present,
    /// of the listed size and SHA-256).
    fn entry(&mut self, path: &str, section: &str) -> Result<ExtractedFile, ImportError> {
        let Some(listed) = self.entries.get(path) else {
            return Err(self.error(path, "the entry is not listed in manifest.json"));
        };
        if listed.section != section {
            return Err(self.error(
                path,
                format!(
                    "manifest.json lists it in the section \"{}\", not \"{section}\"",
                    listed.section
                ),
            ));
        }
        let (bytes, sha256) = (listed.bytes, listed.sha256.clone());
        let Some(file) = self.zip.read(path)? else {
            return Err(self.error(path, "manifest.json lists it but the archive lacks it"));
        };
        let actual = hex::encode(Sha256::digest(&file.bytes));
        if file.bytes.len() as u64 != bytes || !actual.eq_ignore_ascii_case(&sha256) {
            return Err(self.error(
                path,
                format!(
                    "its content does not match manifest.json (SHA-256 {actual}, {} bytes; \
                     listed: {sha256}, {bytes} bytes): the archive was changed or damaged",
                    file.bytes.len()
                ),
            ));
        }
        self.read.insert(path.to_owned());
        Ok(file)
    }

    fn json<T: serde::de::DeserializeOwned>(
        &mut self,
        path: &str,
        section: &str,
    ) -> Result<T, ImportError> {
        let file = self.entry(path, section)?;
        serde_json::from_slice(&file.bytes).map_err(|e| self.error(path, e.to_string()))
    }

    fn lines<T: serde::de::DeserializeOwned>(
        &mut self,
        path: &str,
        section: &str,
    ) -> Result<Vec<T>, ImportError> {
        let file = self.entry(path, section)?;
        file.bytes
            .split(|&b| b == b'\n')
            .enumerate()
            .filter(|(_, line)| !line.is_empty())
            .map(|(index, line)| {
                serde_json::from_slice(line)
                    .map_err(|e| self.error(path, format!("line {}: {e}", index + 1)))
            })
            .collect()
    }

    /// Reads the client from `client.json` down, handing each part to `deliver` (which returns
    /// whether to go on); `check` also parses every original file and matches it against its
    /// segments. Returns what was read.
    pub(super) fn walk(
        &mut self,
        check: bool,
        mut deliver: impl FnMut(Item) -> bool,
    ) -> Result<Counts, ImportError> {
        let mut counts = Counts::default();
        let record: ClientRecord = self.json(
            client_archive_format::CLIENT,
            client_archive_format::SECTION_CLIENT,
        )?;
        if check {
            self.client_name = check_name("the client's name", &record.name)
                .map_err(|problem| self.error(client_archive_format::CLIENT, problem))?;
        }
        let logo = match &record.logo {
            Some(path) => {
                let file = self.entry(path, client_archive_format::SECTION_CLIENT)?;
                // Sanitised again: the archive may come from anywhere.
                Some(sanitize_svg(&file.bytes).map_err(|e| self.error(path, e.to_string()))?)
            }
            None => None,
        };
        let projects = record.projects.clone();
        let pages = record.memory.clone();
        let rebranding_entry = record.rebranding.clone();
        let terms_entry = record.terms.clone();
        if !deliver(Item::Client { record, logo }) {
            return Ok(counts);
        }
        for path in &projects {
            let mut project: ProjectRecord =
                self.json(path, client_archive_format::SECTION_TRANSLATION)?;
            if check {
                check_name("the project's name", &project.name)
                    .map_err(|problem| self.error(path, problem))?;
                let mut names = HashSet::new();
                if let Some(twice) = project.jobs.iter().find(|j| !names.insert(&j.file_name)) {
                    return Err(self.error(
                        path,
                        format!("two jobs come from a file named \"{}\"", twice.file_name),
                    ));
                }
            }
            counts.projects += 1;
            counts.status_changes += project.history.len() as u64;
            let jobs = std::mem::take(&mut project.jobs);
            if !deliver(Item::Project(project)) {
                return Ok(counts);
            }
            for record in jobs {
                let original =
                    self.entry(&record.original, client_archive_format::SECTION_TRANSLATION)?;
                let segments: Vec<SegmentRecord> =
                    self.lines(&record.segments, client_archive_format::SECTION_TRANSLATION)?;
                if check {
                    self.check_job(&record, &original, &segments)?;
                }
                counts.jobs += 1;
                counts.segments += segments.len() as u64;
                if !deliver(Item::Job {
                    record: Box::new(record),
                    original,
                    segments,
                }) {
                    return Ok(counts);
                }
            }
        }
        for path in &pages {
            let page: Vec<MemoryRecord> =
                self.lines(path, client_archive_format::SECTION_MEMORY)?;
            counts.memory_entries += page.len() as u64;
            if !deliver(Item::Memory(page)) {
                return Ok(counts);
            }
        }
        let rebrandings: Vec<RebrandingRecord> =
            self.json(&rebranding_entry, client_archive_format::SECTION_REBRANDING)?;
        counts.rebranding_projects = rebrandings.len() as u64;
        if !deliver(Item::Rebranding(rebrandings)) {
            return Ok(counts);
        }
        if let Some(path) = &terms_entry {
            let file = self.entry(path, client_archive_format::SECTION_TERMINOLOGY)?;
            // Read and checked like an upload to the termbase: the archive may come from anywhere.
            let (_, entries) =
                read_file(&file.bytes).map_err(|e| self.error(path, e.to_string()))?;
            counts.terms = entries.len() as u64;
            deliver(Item::Terms(entries));
        }
        Ok(counts)
    }

    /// The job's original parses, and its segments are its units, in order.
    fn check_job(
        &self,
        record: &JobRecord,
        original: &ExtractedFile,
        segments: &[SegmentRecord],
    ) -> Result<(), ImportError> {
        let document = xliff::parse(&record.file_name, &original.bytes)
            .map_err(|e| self.error(&record.original, e.to_string()))?;
        // A list that is not the file's would make other bracketed names tags (or text).
        if let Some(listed) = &record.shortcodes
            && *listed != document.shortcode_names().join(",")
        {
            return Err(self.error(
                &record.original,
                format!("its project lists shortcodes that its file does not: \"{listed}\""),
            ));
        }
        if segments.len() as u64 != record.segment_count {
            return Err(self.error(
                &record.segments,
                format!(
                    "it holds {} segments, its project lists {}",
                    segments.len(),
                    record.segment_count
                ),
            ));
        }
        if document.units.len() != segments.len() {
            return Err(self.error(
                &record.segments,
                format!(
                    "it holds {} segments, but its file {} has {} units",
                    segments.len(),
                    record.original,
                    document.units.len()
                ),
            ));
        }
        for (index, (unit, segment)) in document.units.iter().zip(segments).enumerate() {
            if segment.position as usize != index || segment.unit_key != unit.key {
                return Err(self.error(
                    &record.segments,
                    format!(
                        "line {}: the segment (position {}, unit \"{}\") is not unit {} \
                         (\"{}\") of its file {}",
                        index + 1,
                        segment.position,
                        segment.unit_key,
                        index,
                        unit.key,
                        record.original
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Every entry of the manifest was read: the client's own sections through `client.json`,
    /// those of unknown optional sections (skipped, see [`crate::services::client_archive_format`]) checked here.
    pub(super) fn check_everything_read(&mut self) -> Result<(), ImportError> {
        let mut unread: Vec<Entry> = self
            .entries
            .values()
            .filter(|e| !self.read.contains(&e.path))
            .cloned()
            .collect();
        unread.sort_by(|a, b| a.path.cmp(&b.path));
        for entry in unread {
            if client_archive_format::SECTIONS.contains(&entry.section.as_str()) {
                return Err(self.error(
                    &entry.path,
                    "manifest.json lists it, but neither client.json nor a project refers to it",
                ));
            }
            self.entry(&entry.path, &entry.section)?;
        }
        Ok(())
    }
}

fn entry_error(archive: &str, entry: &str, problem: String) -> ImportError {
    ImportError::Entry {
        archive: archive.to_owned(),
        entry: entry.to_owned(),
        problem,
    }
}
