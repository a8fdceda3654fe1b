//! Offering every job of a project to one translator at once: the jobs without an open
//! assignment each get one, all in one transaction (a refusal of any writes none), and the
//! translator is told once, for the lot.

use sea_orm::{DatabaseConnection, SqlErr};
use time::OffsetDateTime;

use super::{
    Assignment, AssignmentError, NewAssignment, Task, checked_amount, note, store, stored_time,
    translator, words_of_jobs,
};
use crate::{
    db::begin_write,
    services::{mail::Site, notifications::events, translation},
};

/// What staff offer for a whole project: the same task, due date and note for every job, and
/// the same amount for each (none: as a single job's offer without one).
#[derive(Debug, Clone)]
pub struct ProjectOffer {
    pub project_id: i32,
    /// The translator's username.
    pub username: String,
    pub task: Task,
    pub due_at: OffsetDateTime,
    pub note: Option<String>,
    /// A fixed amount in cents for each job.
    pub amount_cents: Option<i64>,
}

/// Offers every job of the project that has no open assignment to the translator
/// `offer.username` on behalf of `by`: the new assignments in the project's job order. The
/// translator is told once (mailed with `site`), in the same transaction.
pub async fn offer_project(
    db: &DatabaseConnection,
    offer: ProjectOffer,
    by: i32,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Vec<Assignment>, AssignmentError> {
    let note = note("note", offer.note.as_deref())?;
    let amount_cents = checked_amount(offer.amount_cents)?;
    let translator = translator(db, &offer.username).await?;
    let project = translation::projects::head(db, offer.project_id)
        .await?
        .ok_or(AssignmentError::ProjectNotFound(offer.project_id))?;
    let txn = begin_write(db).await?;
    let jobs = translation::jobs::of_project(&txn, offer.project_id).await?;
    let assigned = store::assigned_of(&txn, jobs.iter().map(|job| job.id)).await?;
    let free: Vec<i32> = jobs
        .iter()
        .map(|job| job.id)
        .filter(|id| !assigned.contains(id))
        .collect();
    if free.is_empty() {
        return Err(AssignmentError::NothingToAssign(project.name));
    }
    let words = words_of_jobs(&txn, &free).await?;
    let mut rows = Vec::with_capacity(free.len());
    for job_id in free {
        let new = NewAssignment {
            job_id,
            username: offer.username.clone(),
            task: offer.task,
            due_at: stored_time(offer.due_at),
            note: note.clone(),
            amount_cents,
        };
        let job_words = words.get(&job_id).copied().unwrap_or(0);
        let row = store::insert(&txn, &new, translator.id, job_words, by, now)
            .await
            .map_err(|err| match err.sql_err() {
                // Another offer of this job committed since the check: nothing is written.
                Some(SqlErr::UniqueConstraintViolation(_)) => {
                    AssignmentError::AlreadyAssigned(job_id)
                }
                _ => err.into(),
            })?;
        rows.push(row);
    }
    events::assignments_offered(&txn, &rows, &project.name, by, site, now).await?;
    txn.commit().await?;
    Ok(rows)
}
