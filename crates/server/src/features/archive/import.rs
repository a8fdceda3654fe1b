//! Reading a client archive (see [`super::format`]) into this installation: the whole archive
//! is checked first (manifest, version, every entry's size and SHA-256, every JSON record,
//! every original XLIFF file parsed and matched against its segments, counts), then read a
//! second time and stored in one transaction. Nothing is written unless everything passed,
//! and a failure while storing rolls everything back.
//!
//! Both passes read the uploaded file entry by entry under limits: what is held at once is one
//! job (its file and segments) or one page of the memory, never the client.
//!
//! Users are not in the archive: the client, its projects and the status changes people made
//! are attributed to the importing administrator (none when imported from the command line).

use std::{
    collections::{HashMap, HashSet},
    io::{Read, Seek},
};

use sea_orm::{DatabaseConnection, DbErr, SqlErr};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use wordmark_core::{
    archive::{ArchiveError, ExtractedFile, Limits, ZipIn},
    svg::sanitize_svg,
    terms::{TermEntry, read_file},
    xliff,
};

use super::format::{
    self, ClientRecord, Counts, Entry, JobRecord, Manifest, MemoryRecord, ProjectRecord,
    RebrandingRecord, SegmentRecord,
};
use crate::{
    db::{
        self,
        entities::{
            review_comment,
            translation_job::{self, OriginalEncoding},
            translation_memory, translation_segment, translation_segment_change,
            translation_status_change,
        },
    },
    services::{
        clients::{self, NAME_MAX_CHARS},
        memory, rebranding, reviews, terminology,
        translation::{
            self,
            store::{bulk::RestoredJob, projects::RestoredProject},
            transfer,
        },
    },
};

/// Items in flight from the reading thread to the storing task: each holds at most one job.
const ITEMS_IN_FLIGHT: usize = 4;

/// The bounds a client archive is read under: the configured ones, with room for a client's
/// many entries (two per job) and their total size. The upload's size and the compression
/// ratio still bound what can be unpacked.
pub fn limits(configured: Limits) -> Limits {
    Limits {
        max_entries: configured.max_entries.saturating_mul(10),
        max_total_bytes: configured.max_total_bytes.saturating_mul(20),
        ..configured
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}. Nothing was imported.")]
    Archive(#[from] ArchiveError),
    #[error("'{archive}' is not a Wordmark client archive: {problem}. Nothing was imported.")]
    NotClientArchive { archive: String, problem: String },
    #[error(
        "'{archive}' is a client archive of format version {version}; this Wordmark reads \
         version {major}.x and older. Update Wordmark to import it. Nothing was imported."
    )]
    NewerVersion {
        archive: String,
        version: String,
        major: u32,
    },
    #[error("'{entry}' in '{archive}': {problem}. Nothing was imported.")]
    Entry {
        archive: String,
        entry: String,
        problem: String,
    },
    #[error(
        "A client named \"{0}\" already exists. Import the archive under another name, or \
         rename the existing client first. Nothing was imported."
    )]
    NameTaken(String),
    #[error("{0}. Nothing was imported.")]
    BadName(String),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

/// An archive to import.
pub struct ImportRequest {
    /// The upload's name (names it in messages).
    pub archive_name: String,
    /// The archive (a temporary file: never held in memory whole).
    pub archive: std::fs::File,
    pub limits: Limits,
    /// Another name for the client than the archive's (when a client of that name exists).
    pub client_name: Option<String>,
    /// Who the client, its projects and the people's status changes are attributed to.
    pub author_id: Option<i32>,
}

/// What was imported.
#[derive(Debug)]
pub struct Imported {
    pub client_id: i32,
    pub client_name: String,
    pub counts: Counts,
}

/// Checks the whole archive, then stores the client with everything in it in one transaction.
pub async fn import(
    db: &DatabaseConnection,
    request: ImportRequest,
) -> Result<Imported, ImportError> {
    let ImportRequest {
        archive_name,
        archive,
        limits,
        client_name,
        author_id,
    } = request;
    let client_name = client_name
        .map(|n| check_name("The client name", &n).map_err(ImportError::BadName))
        .transpose()?;
    let second = archive.try_clone()?;

    // The first pass: everything is read and checked, nothing kept.
    let (checked_name, counts) = {
        let archive_name = archive_name.clone();
        tokio::task::spawn_blocking(move || {
            let mut reader = Reader::open(&archive_name, archive, &limits)?;
            let counts = reader.walk(true, |_| true)?;
            reader.check_everything_read()?;
            Ok::<_, ImportError>((reader.client_name, counts))
        })
        .await??
    };
    let name = client_name.unwrap_or(checked_name);
    if clients::name_taken(db, &name).await? {
        return Err(ImportError::NameTaken(name));
    }

    // The second pass: the same entries again, stored as they come, in one transaction.
    let (sender, mut items) = mpsc::channel(ITEMS_IN_FLIGHT);
    let reader = tokio::task::spawn_blocking(move || {
        let mut second = second;
        second.rewind()?;
        let mut reader = Reader::open(&archive_name, second, &limits)?;
        reader.walk(false, |item| sender.blocking_send(item).is_ok())
    });
    let txn = db::BulkTransaction::begin(db).await?;
    let mut store = Store {
        author_id,
        client_id: None,
        project_id: None,
        name: name.clone(),
    };
    while let Some(item) = items.recv().await {
        store
            .item(&txn, item)
            .await
            .map_err(|err| match err.sql_err() {
                Some(SqlErr::UniqueConstraintViolation(_)) => ImportError::NameTaken(name.clone()),
                _ => err.into(),
            })?;
    }
    reader.await??;
    store.project_stored(&txn).await?;
    let client_id = store
        .client_id
        .ok_or_else(|| DbErr::Custom("the archive's client was not stored".into()))?;
    txn.commit().await?;
    tracing::info!(client_id, ?counts, "client archive imported");
    Ok(Imported {
        client_id,
        client_name: name,
        counts,
    })
}

/// A client's or project's name, trimmed: `what` and the problem when it is not one.
fn check_name(what: &str, name: &str) -> Result<String, String> {
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
enum Item {
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
struct Reader<R: Read + Seek> {
    archive_name: String,
    zip: ZipIn<R>,
    /// The manifest's entries by path.
    entries: HashMap<String, Entry>,
    /// Entries read and found as the manifest describes them.
    read: HashSet<String>,
    /// The client's name in `client.json`, trimmed (once a checking walk read it).
    client_name: String,
}

impl<R: Read + Seek> Reader<R> {
    fn open(archive_name: &str, data: R, limits: &Limits) -> Result<Self, ImportError> {
        let mut zip = ZipIn::open(archive_name, data, limits)?;
        let not_ours = |problem: &str| ImportError::NotClientArchive {
            archive: archive_name.to_owned(),
            problem: problem.to_owned(),
        };
        let manifest = zip
            .read(format::MANIFEST)?
            .ok_or_else(|| not_ours("it has no manifest.json"))?;
        // The format and version first: a newer manifest may not read as this version's.
        let manifest: serde_json::Value = serde_json::from_slice(&manifest.bytes)
            .map_err(|e| entry_error(archive_name, format::MANIFEST, e.to_string()))?;
        let text = |field: &str| manifest.get(field).and_then(|v| v.as_str()).unwrap_or("");
        if text("format") != format::FORMAT {
            return Err(not_ours(&format!(
                "its manifest names the format \"{}\", not \"{}\"",
                text("format"),
                format::FORMAT
            )));
        }
        match format::parse_version(text("version")) {
            Some((major, _)) if major > format::MAJOR => {
                return Err(ImportError::NewerVersion {
                    archive: archive_name.to_owned(),
                    version: text("version").to_owned(),
                    major: format::MAJOR,
                });
            }
            Some((major, _)) if major >= 1 => {}
            _ => {
                return Err(entry_error(
                    archive_name,
                    format::MANIFEST,
                    format!("\"{}\" is not a format version", text("version")),
                ));
            }
        }
        let manifest: Manifest = serde_json::from_value(manifest)
            .map_err(|e| entry_error(archive_name, format::MANIFEST, e.to_string()))?;
        if let Some(unknown) = manifest
            .sections
            .iter()
            .find(|s| s.required && !format::SECTIONS.contains(&s.name.as_str()))
        {
            return Err(entry_error(
                archive_name,
                format::MANIFEST,
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
                    format::MANIFEST,
                    format!("it lists \"{}\" twice", first.path),
                ));
            }
        }
        for path in zip.paths() {
            if path != format::MANIFEST && !entries.contains_key(path) {
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
    fn walk(
        &mut self,
        check: bool,
        mut deliver: impl FnMut(Item) -> bool,
    ) -> Result<Counts, ImportError> {
        let mut counts = Counts::default();
        let record: ClientRecord = self.json(format::CLIENT, format::SECTION_CLIENT)?;
        if check {
            self.client_name = check_name("the client's name", &record.name)
                .map_err(|problem| self.error(format::CLIENT, problem))?;
        }
        let logo = match &record.logo {
            Some(path) => {
                let file = self.entry(path, format::SECTION_CLIENT)?;
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
            let mut project: ProjectRecord = self.json(path, format::SECTION_TRANSLATION)?;
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
                let original = self.entry(&record.original, format::SECTION_TRANSLATION)?;
                let segments: Vec<SegmentRecord> =
                    self.lines(&record.segments, format::SECTION_TRANSLATION)?;
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
            let page: Vec<MemoryRecord> = self.lines(path, format::SECTION_MEMORY)?;
            counts.memory_entries += page.len() as u64;
            if !deliver(Item::Memory(page)) {
                return Ok(counts);
            }
        }
        let rebrandings: Vec<RebrandingRecord> =
            self.json(&rebranding_entry, format::SECTION_REBRANDING)?;
        counts.rebranding_projects = rebrandings.len() as u64;
        if !deliver(Item::Rebranding(rebrandings)) {
            return Ok(counts);
        }
        if let Some(path) = &terms_entry {
            let file = self.entry(path, format::SECTION_TERMINOLOGY)?;
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
    /// those of unknown optional sections (skipped, see [`super::format`]) checked here.
    fn check_everything_read(&mut self) -> Result<(), ImportError> {
        let mut unread: Vec<Entry> = self
            .entries
            .values()
            .filter(|e| !self.read.contains(&e.path))
            .cloned()
            .collect();
        unread.sort_by(|a, b| a.path.cmp(&b.path));
        for entry in unread {
            if format::SECTIONS.contains(&entry.section.as_str()) {
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

/// Stores the items of the second pass, in their order.
struct Store {
    author_id: Option<i32>,
    client_id: Option<i32>,
    project_id: Option<i32>,
    name: String,
}

impl Store {
    /// Ends the current project, if any, once its last job is stored.
    async fn project_stored(&mut self, db: &db::BulkTransaction) -> Result<(), DbErr> {
        match self.project_id.take() {
            Some(id) => transfer::restored_jobs_stored(db, id).await,
            None => Ok(()),
        }
    }

    fn client_id(&self) -> Result<i32, DbErr> {
        self.client_id
            .ok_or_else(|| DbErr::Custom("the archive's parts came before its client".into()))
    }

    async fn item(&mut self, db: &db::BulkTransaction, item: Item) -> Result<(), DbErr> {
        match item {
            Item::Client { record, logo } => {
                let client = clients::insert_restored(
                    db,
                    self.name.clone(),
                    logo,
                    self.author_id,
                    record.date_created,
                )
                .await?;
                self.client_id = Some(client.id);
            }
            Item::Project(record) => {
                let history = record
                    .history
                    .into_iter()
                    .map(|change| translation_status_change::Model {
                        id: 0,
                        project_id: 0,
                        from_status: change.from,
                        to_status: change.to,
                        kind: change.kind,
                        user_id: if change.by_user { self.author_id } else { None },
                        changed_at: change.changed_at,
                    })
                    .collect();
                let project = RestoredProject {
                    name: record.name,
                    client_id: self.client_id()?,
                    author_id: self.author_id,
                    target_lang: record.target_lang,
                    date_created: record.date_created,
                };
                self.project_stored(db).await?;
                self.project_id =
                    Some(transfer::restore_project(db, project, record.status, history).await?);
            }
            Item::Job {
                record,
                original,
                segments,
            } => {
                let record = *record;
                let project_id = self
                    .project_id
                    .ok_or_else(|| DbErr::Custom("a job came before its project".into()))?;
                // The entry's deflated stream is stored as it is, like an upload's.
                let (bytes, encoding) = match original.deflated {
                    Some(stream) => (stream, OriginalEncoding::Deflate),
                    None => (original.bytes, OriginalEncoding::Identity),
                };
                let job = translation_job::Model {
                    id: 0,
                    project_id,
                    wpml_id: record.wpml_id,
                    file_name: record.file_name,
                    post_type: record.post_type,
                    source_lang: record.source_lang,
                    target_lang: record.target_lang,
                    xliff_version: record.xliff_version,
                    original: bytes,
                    original_encoding: encoding,
                    checksum: record.checksum,
                    shortcodes: record.shortcodes,
                    // Counted from the segments when the job is stored.
                    segment_count: 0,
                    date_created: record.date_created,
                };
                let mut history = Vec::new();
                let mut comments = Vec::new();
                let segments = segments
                    .into_iter()
                    .map(|s| {
                        // By position until the segments have their new ids.
                        comments.push((s.position, s.comments, s.resolved_at));
                        history.extend(s.history.into_iter().map(|c| {
                            translation_segment_change::Model {
                                id: 0,
                                // The position: the store puts the new segment's id here.
                                segment_id: s.position.into(),
                                changed_at: c.changed_at,
                                actor_kind: c.actor_kind,
                                user_id: None,
                                link_id: None,
                                source: c.source,
                                previous_target: c.previous_target,
                                new_target: c.new_target,
                            }
                        }));
                        translation_segment::Model {
                            id: 0,
                            job_id: 0,
                            position: s.position,
                            unit_key: s.unit_key,
                            unit_id: s.unit_id,
                            resname: s.resname,
                            translatable: s.translatable,
                            markup: s.markup,
                            source: s.source,
                            target: s.target,
                            mt_target: s.mt_target,
                            origin: s.origin,
                            status: s.status,
                            qa_flags: s.qa_flags,
                            comment: s.comment,
                            revision: s.revision,
                        }
                    })
                    .collect();
                let job = RestoredJob {
                    job,
                    segments,
                    history,
                };
                let job_id = transfer::restore_job(db, project_id, job).await?;
                if comments
                    .iter()
                    .any(|(_, c, resolved)| !c.is_empty() || resolved.is_some())
                {
                    let ids: HashMap<i32, i64> = translation::store::segments::of_job(db, job_id)
                        .await?
                        .into_iter()
                        .map(|s| (s.position, s.id))
                        .collect();
                    let mut rows = Vec::new();
                    let mut resolved = Vec::new();
                    for (position, list, resolved_at) in comments {
                        let segment_id = ids[&position];
                        resolved.extend(resolved_at.map(|at| (segment_id, at)));
                        rows.extend(list.into_iter().map(|c| review_comment::Model {
                            id: 0,
                            project_id,
                            segment_id,
                            link_id: None,
                            user_id: None,
                            author_name: c.author_name,
                            body: c.body,
                            created_at: c.created_at,
                        }));
                    }
                    reviews::restore_comments(db, rows, resolved).await?;
                }
            }
            Item::Memory(page) => {
                let client_id = self.client_id()?;
                let entries: Vec<translation_memory::Model> = page
                    .into_iter()
                    .map(|e| translation_memory::Model {
                        id: 0,
                        client_id: Some(client_id),
                        source_lang: e.source_lang,
                        target_lang: e.target_lang,
                        markup: e.markup,
                        source_hash: String::new(),
                        source: e.source,
                        resname: e.resname,
                        target: e.target,
                        origin: e.origin,
                        updated_at: e.updated_at,
                        props: None,
                    })
                    .collect();
                memory::restore(db, client_id, &entries).await?;
            }
            Item::Terms(entries) => {
                terminology::restore(db, self.client_id()?, &entries).await?;
            }
            Item::Rebranding(projects) => {
                let client_id = self.client_id()?;
                for project in projects {
                    rebranding::insert_restored(
                        db,
                        client_id,
                        self.author_id,
                        project.date_created,
                        &project.data,
                    )
                    .await?;
                }
            }
        }
        Ok(())
    }
}
