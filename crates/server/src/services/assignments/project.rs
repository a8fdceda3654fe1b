//! Offering every job of a project to one translator at once: the jobs without an open
//! assignment each get one, all in one transaction (a refusal of any writes none), and the
//! translator is told once, for the lot.

use sea_orm::{DatabaseConnection, SqlErr};
use time::OffsetDateTime;

use super::{
    Assignment, AssignmentError, NewAssignment, Price, Task, answered, checked_price, note, price,
    store, stored_time, translator, words_of_jobs,
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
    /// Each job's price: the same fixed amount for each, or each from the rate of its pair.
    pub price: Price,
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
    let price = checked_price(offer.price)?;
    let translator = translator(db, &offer.username).await?;
    let project = translation::projects::head(db, offer.project_id)
        .await?
        .ok_or(AssignmentError::ProjectNotFound(offer.project_id))?;
    // Every job's basis, read before the write transaction (the analysis reads the memory);
    // the free jobs are then taken from it.
    let all_jobs = translation::jobs::of_project(db, offer.project_id).await?;
    let all_ids: Vec<i32> = all_jobs.iter().map(|job| job.id).collect();
    let assigned_now = store::assigned_of(db, all_ids.iter().copied()).await?;
    let wanted: Vec<i32> = all_ids
        .into_iter()
        .filter(|id| !assigned_now.contains(id))
        .collect();
    let bases = price::bases(db, &translator, offer.project_id, &wanted, price).await?;
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
            price,
        };
        let job_words = words.get(&job_id).copied().unwrap_or(0);
        // A job freed since the bases were read (an assignment withdrawn): priced now.
        let basis = match bases.get(&job_id) {
            Some(basis) => basis.clone(),
            None => price::bases(&txn, &translator, offer.project_id, &[job_id], price)
                .await?
                .remove(&job_id)
                .unwrap_or_default(),
        };
        let row = store::insert(&txn, &new, translator.id, job_words, &basis, by, now)
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
    Ok(answered(db, rows).await?)
}
