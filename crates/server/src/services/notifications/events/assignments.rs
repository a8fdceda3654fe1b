//! An assignment's events, between the translator and the staff member who offered the job:
//! the offer, a return with its note and a withdrawal go to the translator; the answer (a
//! decline with its reason) and a delivery go to whoever offered it (the administrators when
//! that account is gone). Closing tells nobody: the translator's work is over either way.
//! A project's jobs offered together are one event for the translator. A job due within 24
//! hours is told its translator; one past due, the translator and whoever offered it.

use sea_orm::{ConnectionTrait, DbErr};
use time::{OffsetDateTime, macros::format_description};

use super::super::{Event, Kind, Recipient, SubjectType, record};
use crate::{
    db::entities::{
        assignment::{self, AssignmentState, Task},
        user::Role,
    },
    services::{accounts, mail::Site, translation::jobs},
};

/// The assignment `row` (as it is after the move) was offered or moved by `actor`.
pub async fn assignment_moved(
    db: &impl ConnectionTrait,
    row: &assignment::Model,
    actor: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let (kind, to_translator, done) = match row.state {
        AssignmentState::Offered => (Kind::AssignmentOffered, true, "offered you"),
        AssignmentState::Accepted => (Kind::AssignmentAccepted, false, "accepted"),
        AssignmentState::Declined => (Kind::AssignmentDeclined, false, "declined"),
        AssignmentState::Delivered => (Kind::AssignmentDelivered, false, "delivered"),
        AssignmentState::Returned => (Kind::AssignmentReturned, true, "returned"),
        AssignmentState::Withdrawn => (Kind::AssignmentWithdrawn, true, "withdrew"),
        AssignmentState::Closed => return Ok(()),
    };
    let recipients = if to_translator {
        translator(db, row).await?
    } else {
        offerer(db, row).await?
    };
    let who = name_of(db, actor).await?;
    let file = file_of(db, row.job_id).await?;
    let mut text = format!("{who} {done} \"{file}\"");
    if row.state == AssignmentState::Offered {
        text.push_str(&terms(row));
    }
    // The reason of a decline, the note of a return: what the other side must read first.
    if matches!(
        row.state,
        AssignmentState::Declined | AssignmentState::Returned
    ) && let Some(reason) = &row.reason
    {
        text.push_str(&format!(": {reason}"));
    }
    let event = Event {
        kind,
        subject_type: SubjectType::Job,
        subject_id: row.job_id,
        text,
        recipients,
        actor: Some(actor),
    };
    record(db, event, mail, now).await
}

/// The jobs of project `project` offered together (`rows`: one translator, one task and due
/// date) by `actor`: the translator is told once, linked to their work.
pub async fn assignments_offered(
    db: &impl ConnectionTrait,
    rows: &[assignment::Model],
    project: &str,
    actor: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let Some(first) = rows.first() else {
        return Ok(());
    };
    let Some(translator) = accounts::find_by_id(db, first.translator_id).await? else {
        return Ok(());
    };
    let who = name_of(db, actor).await?;
    let jobs = if rows.len() == 1 {
        "1 job".to_owned()
    } else {
        format!("{} jobs", rows.len())
    };
    let event = Event {
        kind: Kind::AssignmentOffered,
        subject_type: SubjectType::Job,
        subject_id: first.job_id,
        text: format!("{who} offered you {jobs} of \"{project}\"{}", terms(first)),
        recipients: vec![Recipient::User(translator)],
        actor: Some(actor),
    };
    record(db, event, mail, now).await
}

/// A due-date notice of `row`: due within 24 hours (its translator) or past due (`overdue`:
/// its translator and whoever offered it).
pub async fn assignment_due(
    db: &impl ConnectionTrait,
    row: &assignment::Model,
    overdue: bool,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let file = file_of(db, row.job_id).await?;
    let mut recipients = translator(db, row).await?;
    let (kind, text) = if overdue {
        recipients.extend(offerer(db, row).await?);
        let who = name_of(db, row.translator_id).await?;
        let text = format!(
            "\"{file}\", assigned to {who}, is overdue: it was due {}",
            due(row)
        );
        (Kind::AssignmentOverdue, text)
    } else {
        let text = format!("\"{file}\" is due {}, within 24 hours", due(row));
        (Kind::AssignmentDueSoon, text)
    };
    let event = Event {
        kind,
        subject_type: SubjectType::Job,
        subject_id: row.job_id,
        text,
        recipients,
        actor: None,
    };
    record(db, event, mail, now).await
}

/// The assignment's translator.
async fn translator(
    db: &impl ConnectionTrait,
    row: &assignment::Model,
) -> Result<Vec<Recipient>, DbErr> {
    let found = accounts::find_by_id(db, row.translator_id).await?;
    Ok(found.into_iter().map(Recipient::User).collect())
}

/// The staff member who offered the assignment, the administrators once that account is gone.
async fn offerer(
    db: &impl ConnectionTrait,
    row: &assignment::Model,
) -> Result<Vec<Recipient>, DbErr> {
    let found = match row.created_by {
        Some(id) => accounts::find_by_id(db, id).await?,
        None => None,
    };
    Ok(match found {
        Some(user) => vec![Recipient::User(user)],
        None => accounts::with_role(db, Role::Admin)
            .await?
            .into_iter()
            .map(Recipient::User)
            .collect(),
    })
}

async fn file_of(db: &impl ConnectionTrait, job_id: i32) -> Result<String, DbErr> {
    let job = jobs::find(db, job_id).await?;
    Ok(job.map_or_else(|| format!("job {job_id}"), |job| job.file_name))
}

async fn name_of(db: &impl ConnectionTrait, actor: i32) -> Result<String, DbErr> {
    Ok(accounts::find_by_id(db, actor)
        .await?
        .map_or_else(|| "Someone".to_owned(), |user| user.username))
}

/// What an offer asks: ` to post-edit, due 2030-01-31 17:00 UTC`.
fn terms(row: &assignment::Model) -> String {
    format!(" to {}, due {}", task(row.task), due(row))
}

/// `2030-01-31 17:00 UTC`.
fn due(row: &assignment::Model) -> String {
    row.due_at
        .format(format_description!(
            "[year]-[month]-[day] [hour]:[minute] UTC"
        ))
        .unwrap_or_default()
}

fn task(task: Task) -> &'static str {
    match task {
        Task::PostEdit => "post-edit",
        Task::Translate => "translate",
        Task::Proofread => "proofread",
    }
}
