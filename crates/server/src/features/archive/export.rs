//! Writing a client's archive (see [`super::format`]) into a spooled temporary file, one job
//! at a time: the memory an export takes follows the largest job, never the client's size.
//!
//! Everything is read inside one read-only transaction, so the archive is one consistent
//! state of the client even while people work on it (PostgreSQL: `REPEATABLE READ`; SQLite: a
//! read transaction's snapshot, which does not block writers).

use std::{collections::HashMap, io};

use sea_orm::{AccessMode, DatabaseConnection, DbBackend, DbErr, IsolationLevel, TransactionTrait};
use sha2::{Digest, Sha256};
use tempfile::SpooledTempFile;
use wordmark_core::archive::{ArchiveError, ZipOut};

use super::format::{
    self, ChangeRecord, ClientRecord, CommentRecord, Counts, Entry, JobRecord, Manifest,
    MemoryRecord, ProjectRecord, RebrandingRecord, Section, SegmentChangeRecord, SegmentRecord,
};
use crate::{
    db::{
        self,
        entities::{translation_segment, translation_segment_change},
    },
    services::{
        clients, memory, rebranding, reviews, terminology,
        translation::{self, export::ARCHIVE_IN_MEMORY, transfer},
    },
};

use wordmark_core::terms::{TermFormat, write_file};

/// Memory entries per `memory-NNNN.jsonl` entry (a few megabytes).
const MEMORY_PER_PAGE: u64 = 10_000;

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("there is no client with id {0}")]
    NotFound(i32),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    #[error("the stored copy of '{file}' cannot be read back: {source}")]
    StoredFile { file: String, source: io::Error },
    #[error("cannot write the archive: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
    #[error("cannot write the termbase: {0}")]
    Terms(String),
}

/// A written archive.
pub struct Exported {
    pub client_name: String,
    /// `{client name}-archive.zip`.
    pub file_name: String,
    pub file: SpooledTempFile,
    pub counts: Counts,
}

/// The zip being written and the manifest's list of what went in.
struct Writer {
    zip: ZipOut<SpooledTempFile>,
    entries: Vec<Entry>,
}

impl Writer {
    fn add(&mut self, path: String, section: &str, bytes: &[u8]) -> Result<(), ArchiveError> {
        self.zip.add(&path, bytes)?;
        self.entries.push(Entry {
            path,
            section: section.to_owned(),
            bytes: bytes.len() as u64,
            sha256: hex::encode(Sha256::digest(bytes)),
        });
        Ok(())
    }

    fn add_json(
        &mut self,
        path: String,
        section: &str,
        value: &impl serde::Serialize,
    ) -> Result<(), ExportError> {
        let bytes = serde_json::to_vec_pretty(value)?;
        Ok(self.add(path, section, &bytes)?)
    }

    fn add_lines<T: serde::Serialize>(
        &mut self,
        path: String,
        section: &str,
        lines: impl IntoIterator<Item = T>,
    ) -> Result<(), ExportError> {
        let mut bytes = Vec::new();
        for line in lines {
            serde_json::to_writer(&mut bytes, &line)?;
            bytes.push(b'\n');
        }
        Ok(self.add(path, section, &bytes)?)
    }
}

/// Runs `write` (compressing and writing files: blocking work) on a blocking thread.
async fn blocking(
    mut writer: Writer,
    write: impl FnOnce(&mut Writer) -> Result<(), ExportError> + Send + 'static,
) -> Result<Writer, ExportError> {
    tokio::task::spawn_blocking(move || {
        write(&mut writer)?;
        Ok(writer)
    })
    .await?
}

/// The archive of the client `client_id` with everything of theirs.
pub async fn export(db: &DatabaseConnection, client_id: i32) -> Result<Exported, ExportError> {
    let txn = match db.get_database_backend() {
        DbBackend::Postgres => {
            db.begin_with_config(
                Some(IsolationLevel::RepeatableRead),
                Some(AccessMode::ReadOnly),
            )
            .await?
        }
        _ => db.begin().await?,
    };
    let (client, _) = clients::find(&txn, client_id)
        .await?
        .ok_or(ExportError::NotFound(client_id))?;
    let mut counts = Counts::default();
    let mut writer = Writer {
        zip: ZipOut::new(tempfile::spooled_tempfile(ARCHIVE_IN_MEMORY)),
        entries: Vec::new(),
    };

    let mut projects = Vec::new();
    for (index, project) in transfer::client_projects(&txn, client_id)
        .await?
        .into_iter()
        .enumerate()
    {
        let number = index + 1;
        let history: Vec<ChangeRecord> = transfer::status_history(&txn, project.id)
            .await?
            .into_iter()
            .map(|change| ChangeRecord {
                from: change.from_status,
                to: change.to_status,
                kind: change.kind,
                by_user: change.user_id.is_some(),
                changed_at: change.changed_at,
            })
            .collect();
        counts.status_changes += history.len() as u64;
        let mut jobs = Vec::new();
        let mut comments: HashMap<i64, Vec<CommentRecord>> = HashMap::new();
        for c in reviews::comments_of_project(&txn, project.id).await? {
            comments
                .entry(c.segment_id)
                .or_default()
                .push(CommentRecord {
                    author_name: c.author_name,
                    body: c.body,
                    created_at: c.created_at,
                });
        }
        for (index, job) in translation::store::jobs::of_project(&txn, project.id)
            .await?
            .into_iter()
            .enumerate()
        {
            let file = transfer::job_file(&txn, job.id).await?.ok_or_else(|| {
                DbErr::RecordNotFound(format!("the file of job {} vanished", job.id))
            })?;
            let segments = translation::store::segments::of_job(&txn, job.id).await?;
            let history = translation::store::segments::history_of_job(&txn, job.id).await?;
            let mut resolved =
                reviews::resolved_threads(&txn, segments.iter().map(|s| s.id)).await?;
            let mut job_comments: HashMap<i64, Vec<CommentRecord>> = segments
                .iter()
                .filter_map(|s| Some((s.id, comments.remove(&s.id)?)))
                .collect();
            let record = JobRecord {
                original: format::original_entry(number, index + 1),
                segments: format::segments_entry(number, index + 1),
                segment_count: segments.len() as u64,
                file_name: job.file_name,
                wpml_id: job.wpml_id,
                post_type: job.post_type,
                source_lang: job.source_lang,
                target_lang: job.target_lang,
                xliff_version: job.xliff_version,
                checksum: job.checksum,
                shortcodes: file.shortcodes.clone(),
                date_created: job.date_created,
            };
            counts.jobs += 1;
            counts.segments += record.segment_count;
            let (original_entry, segments_entry) =
                (record.original.clone(), record.segments.clone());
            writer = blocking(writer, move |writer| {
                let original = file
                    .original_encoding
                    .decode(&file.original)
                    .map_err(|source| ExportError::StoredFile {
                        file: file.file_name.clone(),
                        source,
                    })?;
                writer.add(original_entry, format::SECTION_TRANSLATION, &original)?;
                let mut by_segment: HashMap<i64, Vec<SegmentChangeRecord>> = HashMap::new();
                for change in history {
                    by_segment
                        .entry(change.segment_id)
                        .or_default()
                        .push(SegmentChangeRecord::from(change));
                }
                let lines = segments.into_iter().map(|s| {
                    let id = s.id;
                    let history = by_segment.remove(&id).unwrap_or_default();
                    let comments = job_comments.remove(&id).unwrap_or_default();
                    segment_record(s, history, comments, resolved.remove(&id))
                });
                writer.add_lines(segments_entry, format::SECTION_TRANSLATION, lines)
            })
            .await?;
            jobs.push(record);
        }
        let record = ProjectRecord {
            name: project.name,
            status: project.status,
            target_lang: project.target_lang,
            date_created: project.date_created,
            history,
            jobs,
        };
        let path = format::project_entry(number);
        writer = blocking(writer, {
            let path = path.clone();
            move |writer| writer.add_json(path, format::SECTION_TRANSLATION, &record)
        })
        .await?;
        projects.push(path);
        counts.projects += 1;
    }

    let mut memory_pages = Vec::new();
    let mut after_id = 0;
    loop {
        let page = memory::of_client(&txn, client_id, after_id, MEMORY_PER_PAGE).await?;
        let Some(last) = page.last() else { break };
        after_id = last.id;
        counts.memory_entries += page.len() as u64;
        let path = format::memory_entry(memory_pages.len() + 1);
        memory_pages.push(path.clone());
        writer = blocking(writer, move |writer| {
            let lines = page.into_iter().map(|entry| MemoryRecord {
                source_lang: entry.source_lang,
                target_lang: entry.target_lang,
                markup: entry.markup,
                source: entry.source,
                resname: entry.resname,
                target: entry.target,
                origin: entry.origin,
                updated_at: entry.updated_at,
            });
            writer.add_lines(path, format::SECTION_MEMORY, lines)
        })
        .await?;
    }

    let mut rebrandings = Vec::new();
    for project in rebranding::of_client(&txn, client_id).await? {
        rebrandings.push(RebrandingRecord {
            data: rebranding::data(&project)?,
            date_created: project.date_created,
        });
    }
    counts.rebranding_projects = rebrandings.len() as u64;
    let terms = terminology::all(&txn, client_id).await?;
    counts.terms = terms.len() as u64;
    txn.commit().await?;

    let record = ClientRecord {
        name: client.client_name.clone(),
        date_created: client.date_created,
        logo: client.client_logo.as_ref().map(|_| format::LOGO.to_owned()),
        projects,
        memory: memory_pages,
        rebranding: format::REBRANDING.to_owned(),
        terms: (!terms.is_empty()).then(|| format::TERMS.to_owned()),
    };
    let manifest_counts = counts.clone();
    let client_name = client.client_name.clone();
    let file = tokio::task::spawn_blocking(move || {
        let mut writer = writer;
        writer.add_json(
            format::REBRANDING.to_owned(),
            format::SECTION_REBRANDING,
            &rebrandings,
        )?;
        if let Some(logo) = &client.client_logo {
            writer.add(
                format::LOGO.to_owned(),
                format::SECTION_CLIENT,
                logo.as_bytes(),
            )?;
        }
        if !terms.is_empty() {
            let csv = write_file(TermFormat::Csv, &terms)
                .map_err(|e| ExportError::Terms(e.to_string()))?;
            writer.add(format::TERMS.to_owned(), format::SECTION_TERMINOLOGY, &csv)?;
        }
        writer.add_json(format::CLIENT.to_owned(), format::SECTION_CLIENT, &record)?;
        let manifest = Manifest {
            format: format::FORMAT.to_owned(),
            version: format!("{}.{}", format::MAJOR, format::MINOR),
            exported_at: db::now(),
            wordmark_version: env!("CARGO_PKG_VERSION").to_owned(),
            client_name: client.client_name,
            counts: manifest_counts,
            sections: format::SECTIONS
                .iter()
                .map(|name| Section {
                    name: (*name).to_owned(),
                    required: *name != format::SECTION_TERMINOLOGY,
                })
                .collect(),
            entries: std::mem::take(&mut writer.entries),
        };
        let Writer { mut zip, .. } = writer;
        zip.add(format::MANIFEST, &serde_json::to_vec_pretty(&manifest)?)?;
        Ok::<_, ExportError>(zip.finish()?)
    })
    .await??;
    Ok(Exported {
        file_name: format!("{client_name}-archive.zip"),
        client_name,
        file,
        counts,
    })
}

impl From<translation_segment_change::Model> for SegmentChangeRecord {
    fn from(c: translation_segment_change::Model) -> Self {
        SegmentChangeRecord {
            changed_at: c.changed_at,
            actor_kind: c.actor_kind,
            source: c.source,
            previous_target: c.previous_target,
            new_target: c.new_target,
        }
    }
}

/// Every column of the segment but its ids, with its history, comments and thread state.
fn segment_record(
    s: translation_segment::Model,
    history: Vec<SegmentChangeRecord>,
    comments: Vec<CommentRecord>,
    resolved_at: Option<time::OffsetDateTime>,
) -> SegmentRecord {
    SegmentRecord {
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
        history,
        comments,
        resolved_at,
    }
}
