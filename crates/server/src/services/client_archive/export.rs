//! Writing a client's archive (see [`crate::services::client_archive_format`]) into a spooled temporary file, one job
//! at a time: the memory an export takes follows the largest job, never the client's size.
//! Each table's owner reads its own rows into the archive's records; this module only orders
//! them into entries.
//!
//! Everything is read inside one read-only transaction, so the archive is one consistent
//! state of the client even while people work on it (PostgreSQL: `REPEATABLE READ`; SQLite: a
//! read transaction's snapshot, which does not block writers).

use std::io;
use time::OffsetDateTime;

use sea_orm::{AccessMode, DatabaseConnection, DbBackend, DbErr, IsolationLevel, TransactionTrait};
use sha2::{Digest, Sha256};
use tempfile::SpooledTempFile;
use wordmark_core::archive::{ArchiveError, ZipOut};

use crate::services::client_archive_format::{
    self, ClientRecord, Counts, Entry, Manifest, Section,
};
use crate::services::{
    clients, memory, rebranding, reviews, terminology,
    translation::{
        export::ARCHIVE_IN_MEMORY,
        transfer::{self, ArchivedJob},
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
pub async fn export(
    db: &DatabaseConnection,
    client_id: i32,
    now: OffsetDateTime,
) -> Result<Exported, ExportError> {
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
    for (index, (project_id, mut record)) in transfer::client_projects(&txn, client_id)
        .await?
        .into_iter()
        .enumerate()
    {
        let number = index + 1;
        counts.status_changes += record.history.len() as u64;
        let mut comments = reviews::archived_comments(&txn, project_id).await?;
        for (index, job_id) in transfer::job_ids(&txn, project_id)
            .await?
            .into_iter()
            .enumerate()
        {
            let ArchivedJob {
                record: mut job,
                file,
                mut segments,
            } = transfer::archived_job(&txn, job_id).await?;
            let mut resolved =
                reviews::resolved_threads(&txn, segments.iter().map(|(id, _)| *id)).await?;
            for (id, segment) in &mut segments {
                segment.comments = comments.remove(id).unwrap_or_default();
                segment.resolved_at = resolved.remove(id);
            }
            job.original = client_archive_format::original_entry(number, index + 1);
            job.segments = client_archive_format::segments_entry(number, index + 1);
            counts.jobs += 1;
            counts.segments += job.segment_count;
            let (original_entry, segments_entry) = (job.original.clone(), job.segments.clone());
            writer = blocking(writer, move |writer| {
                let original = file
                    .original_encoding
                    .decode(&file.original)
                    .map_err(|source| ExportError::StoredFile {
                        file: file.file_name.clone(),
                        source,
                    })?;
                writer.add(
                    original_entry,
                    client_archive_format::SECTION_TRANSLATION,
                    &original,
                )?;
                let lines = segments.into_iter().map(|(_, segment)| segment);
                writer.add_lines(
                    segments_entry,
                    client_archive_format::SECTION_TRANSLATION,
                    lines,
                )
            })
            .await?;
            record.jobs.push(job);
        }
        let path = client_archive_format::project_entry(number);
        writer = blocking(writer, {
            let path = path.clone();
            move |writer| writer.add_json(path, client_archive_format::SECTION_TRANSLATION, &record)
        })
        .await?;
        projects.push(path);
        counts.projects += 1;
    }

    let mut memory_pages = Vec::new();
    let mut after_id = 0;
    loop {
        let (page, last) =
            memory::archived_page(&txn, client_id, after_id, MEMORY_PER_PAGE).await?;
        let Some(last) = last else { break };
        after_id = last;
        counts.memory_entries += page.len() as u64;
        let path = client_archive_format::memory_entry(memory_pages.len() + 1);
        memory_pages.push(path.clone());
        writer = blocking(writer, move |writer| {
            writer.add_lines(path, client_archive_format::SECTION_MEMORY, page)
        })
        .await?;
    }

    let rebrandings = rebranding::archived(&txn, client_id).await?;
    counts.rebranding_projects = rebrandings.len() as u64;
    let terms = terminology::all(&txn, client_id).await?;
    counts.terms = terms.len() as u64;
    txn.commit().await?;

    let record = ClientRecord {
        name: client.client_name.clone(),
        date_created: client.date_created,
        logo: client
            .client_logo
            .as_ref()
            .map(|_| client_archive_format::LOGO.to_owned()),
        projects,
        memory: memory_pages,
        rebranding: client_archive_format::REBRANDING.to_owned(),
        terms: (!terms.is_empty()).then(|| client_archive_format::TERMS.to_owned()),
    };
    let manifest_counts = counts.clone();
    let client_name = client.client_name.clone();
    let file = tokio::task::spawn_blocking(move || {
        let mut writer = writer;
        writer.add_json(
            client_archive_format::REBRANDING.to_owned(),
            client_archive_format::SECTION_REBRANDING,
            &rebrandings,
        )?;
        if let Some(logo) = &client.client_logo {
            writer.add(
                client_archive_format::LOGO.to_owned(),
                client_archive_format::SECTION_CLIENT,
                logo.as_bytes(),
            )?;
        }
        if !terms.is_empty() {
            let csv = write_file(TermFormat::Csv, &terms)
                .map_err(|e| ExportError::Terms(e.to_string()))?;
            writer.add(
                client_archive_format::TERMS.to_owned(),
                client_archive_format::SECTION_TERMINOLOGY,
                &csv,
            )?;
        }
        writer.add_json(
            client_archive_format::CLIENT.to_owned(),
            client_archive_format::SECTION_CLIENT,
            &record,
        )?;
        let manifest = Manifest {
            format: client_archive_format::FORMAT.to_owned(),
            version: format!(
                "{}.{}",
                client_archive_format::MAJOR,
                client_archive_format::MINOR
            ),
            exported_at: now,
            wordmark_version: env!("CARGO_PKG_VERSION").to_owned(),
            client_name: client.client_name,
            counts: manifest_counts,
            sections: client_archive_format::SECTIONS
                .iter()
                .map(|name| Section {
                    name: (*name).to_owned(),
                    required: *name != client_archive_format::SECTION_TERMINOLOGY,
                })
                .collect(),
            entries: std::mem::take(&mut writer.entries),
        };
        let Writer { mut zip, .. } = writer;
        zip.add(
            client_archive_format::MANIFEST,
            &serde_json::to_vec_pretty(&manifest)?,
        )?;
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
