//! New jobs: a project created from a zip of XLIFF files or from files already read (a
//! WordPress site's items), and one file added to a project.

use std::{sync::Arc, time::Instant};
use time::OffsetDateTime;

use sea_orm::{DatabaseConnection, DbErr};
use tokio::sync::{Semaphore, mpsc};
use wordmark_core::archive::Limits;

use super::upload::{self, UploadError};
pub use crate::services::translation::store::parsed::ParsedFile;
use crate::{
    db,
    services::translation::{
        TranslationError,
        store::{self, bulk::JobWriter, jobs::JobSummary, parsed},
    },
};

/// Parsed files waiting to be stored, by the size of their files: enough for the parser to
/// go on while the database writes a batch (the writer stores a few thousand segments at a
/// time), little enough to bound the memory a slow database lets pile up.
const PARSED_BYTES_IN_FLIGHT: u32 = 8 * 1024 * 1024;

/// A project to create from an uploaded zip.
pub struct NewProject {
    pub name: String,
    pub client_id: Option<i32>,
    pub author_id: i32,
    /// The archive's name as uploaded (names it in messages).
    pub archive_name: String,
    /// The uploaded zip (a temporary file: the upload is never held in memory whole).
    pub archive: std::fs::File,
    /// The bounds the archive is read under (the configured entry count).
    pub limits: Limits,
    /// When the project and its jobs are created.
    pub now: OffsetDateTime,
}

/// Creates the project with one job per XLIFF file of the archive; returns its id and the
/// archive's other entries. All or nothing: any refusal leaves nothing of the upload.
pub async fn from_zip(
    db: &DatabaseConnection,
    new: NewProject,
) -> Result<(i32, Vec<String>), TranslationError> {
    let txn = db::BulkTransaction::begin(db).await?;
    let created = from_zip_in(&txn, new).await?;
    txn.commit().await?;
    Ok(created)
}

/// [`from_zip`] inside the caller's transaction, for a caller that writes more with the project
/// (a customer's request and its quote) and commits all of it, or nothing.
pub async fn from_zip_in(
    txn: &db::BulkTransaction,
    new: NewProject,
) -> Result<(i32, Vec<String>), TranslationError> {
    let NewProject {
        name,
        client_id,
        author_id,
        archive_name,
        archive,
        limits,
        now,
    } = new;
    let started = Instant::now();

    // Parsing (a blocking thread) and storing (this task, in one transaction) overlap: the
    // files parsed so far are stored while the next ones are parsed, each holding its size of
    // `room` until the writer has taken it. Any refusal, from either side, drops the
    // transaction, so nothing of the upload remains.
    let (sender, mut parsed) = mpsc::unbounded_channel();
    let room = Arc::new(Semaphore::new(PARSED_BYTES_IN_FLIGHT as usize));
    let runtime = tokio::runtime::Handle::current();
    let reader = tokio::task::spawn_blocking(move || {
        upload::read(&archive_name, archive, &limits, |file| {
            // A file larger than the whole room takes all of it.
            let size = u32::try_from(file.size)
                .unwrap_or(u32::MAX)
                .clamp(1, PARSED_BYTES_IN_FLIGHT);
            let taken = runtime.block_on(room.clone().acquire_many_owned(size));
            taken.is_ok_and(|taken| sender.send((file, taken)).is_ok())
        })
    });
    let mut files = Jobs::begin(txn, name, client_id, author_id, false, now).await?;
    while let Some((file, _taken)) = parsed.recv().await {
        files.add(txn, file).await?;
    }
    let skipped = reader.await??;
    let (project_id, _) = files.finish(txn, started).await?;
    Ok((project_id, skipped))
}

/// Parses one file read elsewhere (a site's item) as a job's file; CPU work, run it in
/// `spawn_blocking`.
pub fn parse_file(file_name: String, bytes: Vec<u8>) -> Result<ParsedFile, UploadError> {
    Ok(parsed::parse(file_name, bytes, None)?)
}

/// Creates a project made from a site with one job per file, in order, inside the caller's
/// transaction (a site project writes its links to the items with it); answers the project's
/// id and its jobs' ids in the files' order.
pub async fn from_site_files_in(
    txn: &db::BulkTransaction,
    name: String,
    client_id: Option<i32>,
    author_id: i32,
    files: Vec<ParsedFile>,
    now: OffsetDateTime,
) -> Result<(i32, Vec<i32>), TranslationError> {
    let started = Instant::now();
    let mut jobs = Jobs::begin(txn, name, client_id, author_id, true, now).await?;
    for file in files {
        jobs.add(txn, file).await?;
    }
    jobs.finish(txn, started).await
}

/// A new project's jobs being written: the one path from parsed files to a project, for a
/// zip and for files read elsewhere alike.
struct Jobs {
    project_id: i32,
    writer: JobWriter,
}

impl Jobs {
    async fn begin(
        txn: &db::BulkTransaction,
        name: String,
        client_id: Option<i32>,
        author_id: i32,
        made_from_site: bool,
        now: OffsetDateTime,
    ) -> Result<Self, DbErr> {
        let project =
            store::projects::insert(txn, name, client_id, author_id, made_from_site, now).await?;
        Ok(Self {
            project_id: project.id,
            writer: JobWriter::new(project.id, now),
        })
    }

    async fn add(&mut self, txn: &db::BulkTransaction, file: ParsedFile) -> Result<(), DbErr> {
        self.writer.add(txn, file).await
    }

    async fn finish(
        self,
        txn: &db::BulkTransaction,
        started: Instant,
    ) -> Result<(i32, Vec<i32>), TranslationError> {
        let job_ids = self.writer.finish(txn).await?;
        store::projects::refresh_summary(txn, self.project_id).await?;
        tracing::info!(
            project_id = self.project_id,
            job_count = job_ids.len(),
            elapsed_ms = started.elapsed().as_millis(),
            "translation project created"
        );
        Ok((self.project_id, job_ids))
    }
}

/// Adds one uploaded file as a job of an existing project: parsed off the async workers, then
/// stored with its segments, and the project's languages brought up to date, in one
/// transaction. A file name the project already has is refused (409): the downloads name each
/// file after its job, in one folder.
pub async fn add_file(
    db: &DatabaseConnection,
    project_id: i32,
    file_name: String,
    bytes: Vec<u8>,
    now: OffsetDateTime,
) -> Result<JobSummary, TranslationError> {
    let parsed = tokio::task::spawn_blocking(move || parsed::parse(file_name, bytes, None))
        .await?
        .map_err(UploadError::Xliff)?;
    let txn = db::BulkTransaction::begin(db).await?;
    store::projects::lock_jobs(&txn, project_id).await?;
    if store::jobs::file_name_taken(&txn, project_id, &parsed.file_name, None).await? {
        return Err(TranslationError::FileAlreadyInProject(parsed.file_name));
    }
    let mut writer = JobWriter::new(project_id, now);
    writer.add(&txn, parsed).await?;
    let [job_id] = writer.finish(&txn).await?[..] else {
        unreachable!("one file, one job")
    };
    store::projects::refresh_summary(&txn, project_id).await?;
    txn.commit().await?;
    tracing::info!(job_id, project_id, "job added");
    // Just committed: it is there (a record not found is the database's own error).
    store::jobs::find_summary(db, job_id)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("job {job_id} vanished")).into())
}
