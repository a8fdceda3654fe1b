//! New jobs: a project created from a zip of XLIFF files, and one file added to a project.

use std::{sync::Arc, time::Instant};

use sea_orm::{DatabaseConnection, DbErr};
use tokio::sync::{Semaphore, mpsc};
use wordmark_core::archive::Limits;

use super::upload::{self, UploadError};
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
    let project = store::projects::insert(txn, name, client_id, author_id).await?;
    let mut writer = JobWriter::new(project.id);
    while let Some((file, _taken)) = parsed.recv().await {
        writer.add(txn, file).await?;
    }
    let job_count = writer.finish(txn).await?.len();
    let skipped = reader.await??;
    store::projects::refresh_summary(txn, project.id).await?;
    tracing::info!(
        project_id = project.id,
        job_count,
        elapsed_ms = started.elapsed().as_millis(),
        "translation project created"
    );
    Ok((project.id, skipped))
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
) -> Result<JobSummary, TranslationError> {
    let parsed = tokio::task::spawn_blocking(move || parsed::parse(file_name, bytes, None))
        .await?
        .map_err(UploadError::Xliff)?;
    let txn = db::BulkTransaction::begin(db).await?;
    store::projects::lock_jobs(&txn, project_id).await?;
    if store::jobs::file_name_taken(&txn, project_id, &parsed.file_name, None).await? {
        return Err(TranslationError::FileAlreadyInProject(parsed.file_name));
    }
    let mut writer = JobWriter::new(project_id);
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
