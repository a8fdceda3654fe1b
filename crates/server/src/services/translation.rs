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
mod store;
#[cfg(test)]
pub mod testing;
pub mod transfer;
pub mod upload;

/// Projects as other modules read them, and what is changed of a project outside its workflow
/// (its fuzzy fill threshold, its deletion): the store's functions this service answers with,
/// so that no other module names the store (`tests/architecture.rs` refuses it).
pub mod projects {
    pub use super::store::project_list::{ProjectListItem, ProjectQuery, ProjectSort, list};
    pub use super::store::projects::{
        ProjectHead, ProjectWithRelations, count, delete, find, find_row, fuzzy_fill_threshold,
        head, heads, ids_of_client, set_fuzzy_fill_threshold,
    };
}

/// Segments as other modules read them, and the descriptions of the writes they ask this
/// service for (a correction, a machine fill, who made it).
pub mod segments {
    pub use super::store::segment_history::{SegmentChange, history};
    pub use super::store::segments::{
        Author, ExportSegment, Fill, NewTarget, SegmentUpdate, Untranslated, export_segments, find,
        find_in_job, of_ids, of_job, reopen, unconfirmed_of_jobs, untranslated_of_jobs,
    };
}

use sea_orm::{ConnectionTrait, DbErr};
use time::OffsetDateTime;

use crate::db::entities::{translation_project, translation_segment};
// The values stored in the columns of projects, segments and their history are this
// service's vocabulary as they are (an enum, not a row: nothing to save through them).
pub use crate::db::entities::{
    translation_project::ProjectStatus,
    translation_segment::{SegmentMarkup, SegmentOrigin, SegmentStatus},
    translation_segment_change::{ActorKind, ChangeSource},
};

/// A translation project as this service answers it (its row, read here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub id: i32,
    pub name: String,
    pub status: ProjectStatus,
    /// `None` only for projects created without a client; deleting the client deletes them.
    pub client_id: Option<i32>,
    /// The target language of most jobs: a project may mix target languages, each job keeps
    /// its own.
    pub target_lang: Option<String>,
    pub author_id: Option<i32>,
    pub date_created: time::OffsetDateTime,
    /// How many jobs the project has. This and the next three fields are what the project
    /// list shows of the jobs, kept by the translation store whenever they change (m0020).
    pub job_count: i32,
    /// How many segments the jobs hold.
    pub segment_count: i64,
    /// The source language of most jobs.
    pub source_lang: Option<String>,
    /// Every target language of the jobs, most jobs first.
    pub target_langs: Vec<String>,
    /// Made from a connected WordPress site (the sites service names which).
    pub made_from_site: bool,
}

impl From<translation_project::Model> for Project {
    fn from(row: translation_project::Model) -> Self {
        Self {
            id: row.id,
            name: row.name,
            status: row.status,
            client_id: row.client_id,
            target_lang: row.target_lang,
            author_id: row.author_id,
            date_created: row.date_created,
            job_count: row.job_count,
            segment_count: row.segment_count,
            source_lang: row.source_lang,
            target_langs: row.target_langs.0,
            made_from_site: row.made_from_site,
        }
    }
}

/// A segment as this service answers it (every column of its row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub id: i64,
    pub job_id: i32,
    /// 0-based order in the file.
    pub position: i32,
    /// `wordmark_core::xliff::Unit::key`: stable across parses of the same bytes.
    pub unit_key: String,
    pub unit_id: Option<String>,
    pub resname: Option<String>,
    pub translatable: bool,
    pub markup: SegmentMarkup,
    pub source: String,
    /// The current target (what the exports write).
    pub target: Option<String>,
    /// What machine translation proposed, kept next to later corrections.
    pub mt_target: Option<String>,
    pub origin: SegmentOrigin,
    pub status: SegmentStatus,
    /// JSON array of QA flags (`wordmark_core::qa::QaWarning` and refusals).
    pub qa_flags: String,
    /// The customer's comment from the review workbook.
    pub comment: Option<String>,
    /// Incremented by every write of `target`: a review draft made on an older revision is
    /// refused instead of overwriting a newer target.
    pub revision: i32,
}

impl From<translation_segment::Model> for Segment {
    fn from(row: translation_segment::Model) -> Self {
        Self {
            id: row.id,
            job_id: row.job_id,
            position: row.position,
            unit_key: row.unit_key,
            unit_id: row.unit_id,
            resname: row.resname,
            translatable: row.translatable,
            markup: row.markup,
            source: row.source,
            target: row.target,
            mt_target: row.mt_target,
            origin: row.origin,
            status: row.status,
            qa_flags: row.qa_flags,
            comment: row.comment,
            revision: row.revision,
        }
    }
}

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
