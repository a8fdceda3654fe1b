//! The two downloads of the review round trip: the review workbooks for the customer and the
//! XLIFF files for WPML. Each moves the project one step on once its archive is built.
//!
//! Both archives are built a batch of jobs at a time into a spooled temporary file, which the
//! handler then streams to the client: the memory an export takes does not grow with the
//! project.
//!
//! When the status moves: after the archive is built, before it is sent, as its own short
//! transaction. Building runs outside any transaction (reading a large project and zipping it takes
//! a while, and on SQLite a write transaction would block every other writer for that long);
//! an export that fails leaves the status as it was. An answer lost on the way (the browser
//! closed mid-download) leaves the project moved on: downloading again is allowed at any
//! status and never moves it back, so nothing is lost but a repeated click.

use std::{
    collections::{HashMap, HashSet},
    future::Future,
    sync::Arc,
};
use time::OffsetDateTime;

use sea_orm::DbErr;
use tempfile::SpooledTempFile;
use wordmark_core::archive::ZipOut;

use crate::{
    services::terminology,
    services::translation::{
        ProjectStatus, TranslationError,
        store::{self, jobs::JobRow, projects::ProjectHead},
    },
};

use super::{
    downloads::{self, ExportError, Named, ProjectHeader},
    status::{self, Step},
};

/// Jobs read from the store and built at once. Enough for every core to have several files to
/// build; few enough that what a batch holds (its segments or files, and what is built from
/// them) stays small: memory follows the batch and the largest files, never the project's size.
/// A WPML file is one page or post, so a batch is a few megabytes.
const JOBS_PER_BATCH: usize = 32;

/// How much of an archive is kept in memory before it moves to a temporary file: a small
/// project's download never touches the disk, a large one is never held in memory whole.
/// (The client archive spools by the same measure.)
pub const ARCHIVE_IN_MEMORY: usize = 4 * 1024 * 1024;

/// A built archive and the name to download it under.
pub struct Archive {
    pub file_name: String,
    pub file: SpooledTempFile,
}

type Zip = ZipOut<SpooledTempFile>;

/// The project, or 404.
async fn head(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
) -> Result<ProjectHead, TranslationError> {
    store::projects::head(db, project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)
}

fn no_jobs(project: &ProjectHead) -> TranslationError {
    TranslationError::NoJobs(project.name.clone())
}

/// The project's jobs (without their files), or 422 when it has none.
async fn jobs(
    db: &sea_orm::DatabaseConnection,
    project: &ProjectHead,
) -> Result<Vec<JobRow>, TranslationError> {
    let jobs = store::jobs::of_project(db, project.id).await?;
    if jobs.is_empty() {
        return Err(no_jobs(project));
    }
    Ok(jobs)
}

/// One review workbook per job (`{project name}-xlsx.zip`); a pre-translated project goes
/// into correction.
pub async fn workbooks(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<Archive, TranslationError> {
    let project = head(db, project_id).await?;
    let jobs = jobs(db, &project).await?;
    // The client's termbase of each pair, read once per pair.
    let mut termbases = HashMap::new();
    let mut pairs = HashSet::new();
    for job in &jobs {
        if let (Some(source), Some(target)) = (&job.source_lang, &job.target_lang) {
            let pair = (source.clone(), target.clone());
            if pairs.insert(pair.clone())
                && let Some(index) =
                    terminology::index(db, project.client_id, source, target).await?
            {
                termbases.insert(pair, index);
            }
        }
    }
    let jobs = downloads::named(jobs, downloads::workbook_name);
    let header = ProjectHeader {
        project: project.name.clone(),
        client: project.client_name.clone(),
        export_date: now.date().to_string(),
        termbases,
    };
    let file = build(
        jobs,
        |ids| async move {
            let segments = store::segments::export_segments(db, &ids).await?;
            Ok((segments, store::jobs::shortcodes(db, &ids).await?))
        },
        move |zip, batch, segments| downloads::add_workbooks(zip, &header, batch, segments),
    )
    .await?;
    after_download(db, &project, Step::WorkbooksDownloaded, user_id, now).await?;
    Ok(Archive {
        file_name: format!("{}-xlsx.zip", project.name),
        file,
    })
}

/// The jobs' XLIFF files with the current targets (`{project name}-xliff.zip`); a corrected
/// project is completed.
pub async fn xliff(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<Archive, TranslationError> {
    let project = head(db, project_id).await?;
    let archive = xliff_files(db, &project).await?;
    after_download(db, &project, Step::XliffDownloaded, user_id, now).await?;
    Ok(archive)
}

/// The delivery of a `Completed` project: its XLIFF files as [`xliff`] writes them, for its
/// customer; it moves no status, and a project not completed yet has none (409).
pub async fn delivery(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
) -> Result<Archive, TranslationError> {
    let project = head(db, project_id).await?;
    if project.status != ProjectStatus::Completed {
        return Err(TranslationError::NotDelivered(project.status.stored_name()));
    }
    xliff_files(db, &project).await
}

async fn xliff_files(
    db: &sea_orm::DatabaseConnection,
    project: &ProjectHead,
) -> Result<Archive, TranslationError> {
    let jobs = downloads::named(jobs(db, project).await?, |job| job.file_name.clone());
    let file = build(
        jobs,
        |ids| async move {
            let files = store::jobs::files(db, &ids).await?;
            let targets = store::segments::stored_targets(db, &ids).await?;
            Ok((files, targets))
        },
        |zip, batch, (files, targets)| downloads::add_xliff_files(zip, batch, files, targets),
    )
    .await?;
    Ok(Archive {
        file_name: format!("{}-xliff.zip", project.name),
        file,
    })
}

/// One job's XLIFF file with its current targets, as the XLIFF download writes it (publishing
/// a site project sends it to the job's item).
pub async fn job_xliff(
    db: &sea_orm::DatabaseConnection,
    job_id: i32,
) -> Result<Vec<u8>, TranslationError> {
    let mut files = store::jobs::files(db, &[job_id]).await?;
    let file = files
        .pop()
        .ok_or_else(|| TranslationError::Db(DbErr::RecordNotFound(format!("job {job_id}"))))?;
    let targets: HashMap<String, String> = store::segments::stored_targets(db, &[job_id])
        .await?
        .into_iter()
        .map(|t| (t.unit_key, t.target))
        .collect();
    let built = tokio::task::spawn_blocking(move || downloads::xliff_file(&file, &targets));
    Ok(built.await??)
}

/// Writes the archive of `jobs` into a spooled temporary file, [`JOBS_PER_BATCH`] jobs at a
/// time: `read` fetches a batch's data from the store, `add` builds its files on a blocking
/// thread and writes them into the zip, and the batch is dropped. The next batch is read while
/// one is built, so at most two batches are held at once.
async fn build<T, Read>(
    jobs: Vec<Named<JobRow>>,
    read: impl Fn(Vec<i32>) -> Read,
    add: impl Fn(&mut Zip, &[Named<JobRow>], T) -> Result<(), ExportError> + Send + Sync + 'static,
) -> Result<SpooledTempFile, TranslationError>
where
    T: Send + 'static,
    Read: Future<Output = Result<T, DbErr>>,
{
    let mut batches = Vec::with_capacity(jobs.len().div_ceil(JOBS_PER_BATCH));
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        batches.push(jobs.by_ref().take(JOBS_PER_BATCH).collect::<Vec<_>>());
    }
    let fetch = |batch: Option<Vec<Named<JobRow>>>| {
        let read = batch
            .as_ref()
            .map(|b| read(b.iter().map(|n| n.job.id).collect()));
        async move {
            match (batch, read) {
                (Some(batch), Some(read)) => Ok::<_, DbErr>(Some((batch, read.await?))),
                _ => Ok(None),
            }
        }
    };
    let add = Arc::new(add);
    let mut batches = batches.into_iter();
    let mut zip = ZipOut::new(tempfile::spooled_tempfile(ARCHIVE_IN_MEMORY));
    let mut next = fetch(batches.next()).await?;
    while let Some((batch, data)) = next {
        let add = add.clone();
        let built = tokio::task::spawn_blocking(move || {
            add(&mut zip, &batch, data)?;
            Ok::<_, ExportError>(zip)
        });
        let (built, following) = tokio::join!(built, fetch(batches.next()));
        zip = built??;
        next = following?;
    }
    let file = tokio::task::spawn_blocking(move || zip.finish()).await?;
    Ok(file.map_err(ExportError::from)?)
}

/// Moves the project on after a download built its archive, when it is where `step` starts:
/// the status and its history row in one short transaction, so neither lands without the other.
async fn after_download(
    db: &sea_orm::DatabaseConnection,
    project: &ProjectHead,
    step: Step,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    if !step.moves(project.status) {
        return Ok(());
    }
    let txn = crate::db::begin_write(db).await?;
    status::advance(&txn, project.id, step, Some(user_id), now).await?;
    txn.commit().await
}
