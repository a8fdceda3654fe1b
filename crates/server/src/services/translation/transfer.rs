//! A client's translation projects in the client archive's records
//! ([`crate::services::client_archive::format`]), out of the store and back in. The reads go a
//! project and a job at a time; the writes run inside the import's transaction and compute
//! what the store derives (a job's segment count, a project's summary) as an upload does.

use sea_orm::{ConnectionTrait, DbErr};
use wordmark_core::archive::ExtractedFile;

use super::store::{self, jobs::JobFile};
use crate::{
    db::entities::translation_job::OriginalEncoding,
    services::client_archive_format::{ChangeRecord, JobRecord, ProjectRecord, SegmentRecord},
};

/// The client's translation projects, oldest first, each with its id and its record with its
/// status history; the jobs come one at a time ([`job_ids`], [`archived_job`]).
pub async fn client_projects(
    db: &impl ConnectionTrait,
    client_id: i32,
) -> Result<Vec<(i32, ProjectRecord)>, DbErr> {
    let mut projects = Vec::new();
    for project in store::projects::of_client(db, client_id).await? {
        let history = store::history::of_project(db, project.id)
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
        let record = ProjectRecord {
            name: project.name,
            status: project.status,
            target_lang: project.target_lang,
            date_created: project.date_created,
            history,
            jobs: Vec::new(),
        };
        projects.push((project.id, record));
    }
    Ok(projects)
}

/// The project's jobs' ids, in upload order.
pub async fn job_ids(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<i32>, DbErr> {
    Ok(store::jobs::of_project(db, project_id)
        .await?
        .into_iter()
        .map(|job| job.id)
        .collect())
}

/// One job as the archive holds it.
pub struct ArchivedJob {
    /// Its entries' names (`original`, `segments`) are left empty for the archive to choose.
    pub record: JobRecord,
    /// Its file as stored (see its `original_encoding`).
    pub file: JobFile,
    /// Its segments in file order, each with its id (to find its review comments) and its
    /// history; comments and thread state are the reviews' to add.
    pub segments: Vec<(i64, SegmentRecord)>,
}

/// The job `job_id` with its file and segments.
pub async fn archived_job(db: &impl ConnectionTrait, job_id: i32) -> Result<ArchivedJob, DbErr> {
    let job = store::jobs::find(db, job_id)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("job {job_id} vanished")))?;
    let file = store::jobs::files(db, &[job_id])
        .await?
        .pop()
        .ok_or_else(|| DbErr::RecordNotFound(format!("the file of job {job_id} vanished")))?;
    let segments = store::segments::archived(db, job_id).await?;
    let record = JobRecord {
        file_name: job.file_name,
        wpml_id: job.wpml_id,
        post_type: job.post_type,
        source_lang: job.source_lang,
        target_lang: job.target_lang,
        xliff_version: job.xliff_version,
        checksum: job.checksum,
        shortcodes: file.shortcodes.clone(),
        date_created: job.date_created,
        original: String::new(),
        segments: String::new(),
        segment_count: segments.len() as u64,
    };
    Ok(ArchivedJob {
        record,
        file,
        segments,
    })
}

/// Stores a project of an archive for the client with its status and status history (the
/// people's changes attributed to `author_id`); returns its new id. Its jobs follow with
/// [`restore_job`].
pub async fn restore_project(
    db: &impl ConnectionTrait,
    client_id: i32,
    author_id: Option<i32>,
    record: &ProjectRecord,
) -> Result<i32, DbErr> {
    let id = store::projects::insert_restored(db, client_id, author_id, record).await?;
    store::history::restore(db, id, record.status, author_id, &record.history).await?;
    Ok(id)
}

/// Stores a job of an archive with its file (the entry's deflated stream kept as it is, like
/// an upload's), its segments and their history as they were; returns the new segments' ids
/// in the records' order. Call [`restored_jobs_stored`] after the project's last job.
pub async fn restore_job(
    db: &impl ConnectionTrait,
    project_id: i32,
    record: &JobRecord,
    original: ExtractedFile,
    segments: &[SegmentRecord],
) -> Result<Vec<i64>, DbErr> {
    let original = match original.deflated {
        Some(stream) => (stream, OriginalEncoding::Deflate),
        None => (original.bytes, OriginalEncoding::Identity),
    };
    store::bulk::insert_restored(db, project_id, record, original, segments).await
}

/// Sums the jobs of a restored project for the project list, once they are all stored.
pub async fn restored_jobs_stored(db: &impl ConnectionTrait, project_id: i32) -> Result<(), DbErr> {
    store::projects::refresh_summary(db, project_id).await
}
