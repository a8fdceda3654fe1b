//! The translation workflow's operations, the way the translation features (`jobs`,
//! `pretranslate`, `review`) and this one's handlers change a project: create it from a zip,
//! add a file, save edits, apply machine fills, apply the customer's corrections, export the
//! workbooks and the XLIFF files, change its status. Reads go straight to the store, re-exported
//! here.

mod archive;
pub mod corrections;
pub mod create;
pub mod edits;
pub mod export;
pub mod jobs;
pub mod status;
pub mod transfer;
mod upload;

use sea_orm::{ConnectionTrait, DbErr};

pub use super::store::jobs::of_project as project_jobs;
pub use super::store::{
    jobs::{
        JobFile, JobQuery, JobRow, JobShortcodes, JobSort, JobSummary, ReviewCounts,
        find as find_job, find_summary as find_job_summary, list as list_jobs, memory_scope,
        review_counts, shortcodes as job_shortcodes,
    },
    project_list::{ProjectListItem, ProjectQuery, ProjectSort, list},
    projects::{
        ProjectHead, ProjectWithRelations, count, delete, find, find_row, fuzzy_fill_threshold,
        head, set_fuzzy_fill_threshold,
    },
    segments::{
        Author, ExportSegment, Fill, NewTarget, SegmentUpdate, Untranslated, export_segments,
        find as find_segment, find_in_job as find_job_segment, history as segment_history,
        of_ids as segments_by_ids, of_job as job_segments, untranslated_of_jobs,
    },
};

use super::store;
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
pub async fn apply_mt_fills(db: &impl ConnectionTrait, fills: &[Fill]) -> Result<(), DbErr> {
    store::segments::write_fills(db, fills).await
}

/// Teaches the memory confirmed translations of one job, in the pool of its language pair and
/// its project's client; a job without both languages teaches nothing. Call it inside the
/// transaction that saves them, so both land or neither.
async fn remember(
    db: &impl ConnectionTrait,
    job_id: i32,
    confirmed: &[Confirmed],
) -> Result<(), DbErr> {
    if confirmed.is_empty() {
        return Ok(());
    }
    match store::jobs::memory_scope(db, job_id).await? {
        Some(scope) => memory::remember(db, &scope, confirmed).await,
        None => Ok(()),
    }
}
