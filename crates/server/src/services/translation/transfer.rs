//! A client's translation projects exactly as they are stored, out of the store and back in:
//! what the client archive (export and import between installations) reads and restores. The
//! reads go a project and a job at a time; the writes run inside the import's transaction.

use sea_orm::{ConnectionTrait, DbErr};

use super::store::{self, bulk::RestoredJob, jobs::JobFile, projects::RestoredProject};
use crate::db::entities::{
    translation_project::{self, ProjectStatus},
    translation_status_change,
};

/// The client's translation projects, oldest first (without jobs).
pub async fn client_projects(
    db: &impl ConnectionTrait,
    client_id: i32,
) -> Result<Vec<translation_project::Model>, DbErr> {
    store::projects::of_client(db, client_id).await
}

/// The project's status changes, oldest first.
pub async fn status_history(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<translation_status_change::Model>, DbErr> {
    store::history::of_project(db, project_id).await
}

/// One job's stored file (as stored: see its `original_encoding`).
pub async fn job_file(db: &impl ConnectionTrait, job_id: i32) -> Result<Option<JobFile>, DbErr> {
    Ok(store::jobs::files(db, &[job_id]).await?.pop())
}

/// Stores a project of an archive with its status and status history; returns its new id.
/// Its jobs follow with [`restore_job`].
pub async fn restore_project(
    db: &impl ConnectionTrait,
    project: RestoredProject,
    status: ProjectStatus,
    history: Vec<translation_status_change::Model>,
) -> Result<i32, DbErr> {
    let id = store::projects::insert_restored(db, project).await?;
    store::history::restore(db, id, status, history).await?;
    Ok(id)
}

/// Stores a job of an archive with its segments and their history as they were; returns its
/// new id. Call [`restored_jobs_stored`] after the project's last job.
pub async fn restore_job(
    db: &impl ConnectionTrait,
    project_id: i32,
    job: RestoredJob,
) -> Result<i32, DbErr> {
    store::bulk::insert_restored(db, project_id, job).await
}

/// Sums the jobs of a restored project for the project list, once they are all stored.
pub async fn restored_jobs_stored(db: &impl ConnectionTrait, project_id: i32) -> Result<(), DbErr> {
    store::projects::refresh_summary(db, project_id).await
}
