//! Changing and deleting a job, and the jobs as other modules read them.

use sea_orm::{DatabaseConnection, DbErr};
use time::OffsetDateTime;

use super::edits::{self, EditError, Outcome, SaveEditsError};
// The store's reads of jobs this service answers with (no other module names the store).
pub use super::store::jobs::{
    JobChanges, JobQuery, JobRow, JobSort, JobSummary, ReviewCounts, find, find_summary, list,
    memory_scope, of_ids, of_project, pairs_of_client, review_counts, shortcodes,
};
use crate::{
    db::entities::translation_segment::SegmentOrigin,
    services::memory::Confirmed,
    services::translation::{TranslationError, edits::SegmentEdit, store},
};

/// Changes the job's fields and saves edited targets, all in one transaction: a file name
/// another job of the project has is refused (409), a refused edit refuses everything (422).
/// Edited targets are confirmed translations: the memory learns them with the edit. Returns
/// how many edits were accepted. `user_id`: who edits (the segments' history names them).
pub async fn update(
    db: &DatabaseConnection,
    job: &store::jobs::JobRow,
    user_id: i32,
    changes: store::jobs::JobChanges,
    edits: Vec<SegmentEdit>,
    now: OffsetDateTime,
) -> Result<usize, TranslationError> {
    let languages_change = changes.source_lang.is_some() || changes.target_lang.is_some();
    let txn = crate::db::begin_write(db).await?;
    // Saving segments alone leaves the project's jobs as they are and takes no lock.
    if changes.file_name.is_some() || languages_change {
        store::projects::lock_jobs(&txn, job.project_id).await?;
    }
    if let Some(name) = &changes.file_name
        && store::jobs::file_name_taken(&txn, job.project_id, name, Some(job.id)).await?
    {
        return Err(TranslationError::FileNameTaken(name.clone()));
    }
    store::jobs::update(&txn, job.id, changes).await?;
    if languages_change {
        store::projects::refresh_summary(&txn, job.project_id).await?;
    }
    let accepted = edits::save(&txn, job.id, user_id, edits, Outcome::Confirmed, now)
        .await
        .map_err(refused)?;
    remember(&txn, job.id, &accepted, now).await?;
    txn.commit().await?;
    Ok(accepted.len())
}

/// Saves one segment's target from the editor: a draft (its autosave) or confirmed (its
/// confirm, which the memory learns at once, in the same transaction). Answers the segment as
/// it is now, never the job: the editor keeps the rest, and a 3,000-segment job is not read
/// back for every keystroke's save.
pub async fn save_segment(
    db: &DatabaseConnection,
    job_id: i32,
    user_id: i32,
    edit: SegmentEdit,
    outcome: Outcome,
    now: OffsetDateTime,
) -> Result<super::Segment, TranslationError> {
    let segment_id = edit.id;
    let txn = crate::db::begin_write(db).await?;
    let accepted = edits::save(&txn, job_id, user_id, vec![edit], outcome, now)
        .await
        .map_err(|err| match err {
            // The path names the segment: one not of this job is not found, as elsewhere.
            SaveEditsError::Refused(EditError::UnknownSegment { .. }) => {
                TranslationError::SegmentNotFound
            }
            err => refused(err),
        })?;
    if outcome == Outcome::Confirmed {
        remember(&txn, job_id, &accepted, now).await?;
    }
    let saved = store::segments::find_in_job(&txn, job_id, segment_id)
        .await?
        .ok_or(TranslationError::SegmentNotFound)?;
    txn.commit().await?;
    Ok(saved)
}

fn refused(err: SaveEditsError) -> TranslationError {
    match err {
        SaveEditsError::Refused(EditError::Stale(stale)) => TranslationError::EditsStale(stale),
        SaveEditsError::Refused(refusal) => TranslationError::EditRefused(refusal.to_string()),
        SaveEditsError::Db(err) => err.into(),
    }
}

/// The memory learns confirmed edits.
async fn remember(
    txn: &impl sea_orm::ConnectionTrait,
    job_id: i32,
    accepted: &[edits::AcceptedEdit],
    now: OffsetDateTime,
) -> Result<(), TranslationError> {
    let confirmed: Vec<Confirmed> = accepted
        .iter()
        .map(|edit| Confirmed {
            source: edit.source.clone(),
            markup: edit.markup.into(),
            resname: None,
            target: edit.target.clone(),
            origin: SegmentOrigin::Editor,
        })
        .collect();
    super::remember(txn, job_id, &confirmed, now).await?;
    Ok(())
}

/// Deletes the job with its segments and brings its project's languages up to date; false
/// when it did not exist.
pub async fn delete(db: &DatabaseConnection, job: &store::jobs::JobRow) -> Result<bool, DbErr> {
    let txn = crate::db::begin_write(db).await?;
    if !store::jobs::delete(&txn, job.id).await? {
        return Ok(false);
    }
    store::projects::refresh_summary(&txn, job.project_id).await?;
    txn.commit().await?;
    Ok(true)
}
