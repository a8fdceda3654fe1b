//! Translation projects, their jobs and segments: the only code that reads and writes
//! `translation_projects`, `translation_jobs`, `translation_segments`,
//! `translation_segment_changes` and `translation_status_changes` ([`store`]), and the
//! workflow's operations on them (create from a zip, add a file, save edits, apply machine
//! fills, apply the customer's corrections, build the downloads, change the status, carry a
//! project between installations). `segment_state` decides a segment's status and origin,
//! `qa_flags` stores the QA findings of a target, `languages` orders a project's languages.

pub mod corrections;
pub mod create;
pub mod downloads;
pub mod edits;
pub mod export;
pub mod jobs;
pub mod languages;
pub mod qa_acks;
pub mod qa_flags;
pub mod segment_state;
pub mod status;
pub mod store;
#[cfg(test)]
pub mod testing;
pub mod transfer;
pub mod upload;

use sea_orm::{ConnectionTrait, DbErr};
use time::OffsetDateTime;

use crate::db::entities::{translation_project, translation_segment};
pub use crate::db::entities::{
    translation_project::ProjectStatus,
    translation_segment::{SegmentMarkup, SegmentOrigin, SegmentStatus},
    translation_segment_change::{ActorKind, ChangeSource},
};

/// A project as stored.
pub type Project = translation_project::Model;
/// A segment as stored (every column).
pub type Segment = translation_segment::Model;

/// What a translation operation refuses. `http::error` gives each its status.
#[derive(Debug, thiserror::Error)]
pub enum TranslationError {
    #[error("Project not found")]
    ProjectNotFound,
    #[error("This job has no such segment.")]
    SegmentNotFound,
    /// An acknowledgement of a warning the segment does not have (fixed meanwhile).
    #[error("This segment has no such QA warning: it may have been fixed meanwhile.")]
    NoSuchWarning,
    /// A job's new file name is another job's of the project.
    #[error("Another job of this project has the file name \"{0}\".")]
    FileNameTaken(String),
    /// An added file's name is a job's of the project.
    #[error("The project already has a job from a file named \"{0}\".")]
    FileAlreadyInProject(String),
    /// An edited target that breaks a rule (the message says which).
    #[error("{0}")]
    EditRefused(String),
    /// Edited targets made on segments saved by someone else since (the message names them).
    #[error("{}", edits::stale_message(.0))]
    EditsStale(Vec<edits::StaleEdit>),
    #[error("The project '{0}' has no files to export yet.")]
    NoJobs(String),
    /// A delivery asked for before the project is `Completed` (its status).
    #[error("The project is {0}: its files can be downloaded once it is Completed.")]
    NotDelivered(String),
    /// The uploaded archive or file cannot be imported.
    #[error(transparent)]
    Upload(#[from] upload::UploadError),
    /// Building a download failed.
    #[error(transparent)]
    Export(#[from] downloads::ExportError),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

use crate::services::memory::{self, Confirmed};
use crate::services::terminology;
use wordmark_core::terms::TermIndex;

/// The termbase the job's targets are checked against: its project's client's entries for
/// its language pair (`None` without a client, a language or entries).
pub async fn job_terms(db: &impl ConnectionTrait, job_id: i32) -> Result<Option<TermIndex>, DbErr> {
    match store::jobs::memory_scope(db, job_id).await? {
        Some(scope) => {
            terminology::index(db, scope.client_id, &scope.source_lang, &scope.target_lang).await
        }
        None => Ok(None),
    }
}

/// Writes pre-translation's fills (only into segments that still have no target); call it
/// inside the transaction that records the job as done.
pub async fn apply_mt_fills(
    db: &impl ConnectionTrait,
    fills: &[store::segments::Fill],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    store::segments::write_fills(db, fills, now).await
}

/// Teaches the memory confirmed translations of one job, in the pool of its language pair and
/// its project's client; a job without both languages teaches nothing. Call it inside the
/// transaction that saves them, so both land or neither.
async fn remember(
    db: &impl ConnectionTrait,
    job_id: i32,
    confirmed: &[Confirmed],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    if confirmed.is_empty() {
        return Ok(());
    }
    match store::jobs::memory_scope(db, job_id).await? {
        Some(scope) => memory::remember(db, &scope, confirmed, now).await,
        None => Ok(()),
    }
}
