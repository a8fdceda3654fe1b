//! An assignment's events, between the translator and the staff member who offered the job:
//! the offer, a return with its note and a withdrawal go to the translator; the answer (a
//! decline with its reason) and a delivery go to whoever offered it (the administrators when
//! that account is gone). Closing tells nobody: the translator's work is over either way.

use sea_orm::{ConnectionTrait, DbErr};
use time::{OffsetDateTime, macros::format_description};

use super::super::{Event, Kind, Recipient, SubjectType, record};
use crate::{
    db::entities::{
        assignment::{self, AssignmentState, Task},
        user::Role,
    },
    services::{accounts, mail::Site, translation::store::jobs},
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
        accounts::find_by_id(db, row.translator_id).await?
    } else {
        match row.created_by {
            Some(id) => accounts::find_by_id(db, id).await?,
            None => None,
        }
    };
    let recipients = match recipients {
        Some(user) => vec![Recipient::User(user)],
        None if !to_translator => accounts::with_role(db, Role::Admin)
            .await?
            .into_iter()
            .map(Recipient::User)
            .collect(),
        None => Vec::new(),
    };
    let who = accounts::find_by_id(db, actor)
        .await?
        .map_or_else(|| "Someone".to_owned(), |user| user.username);
    let job = jobs::find(db, row.job_id).await?;
    let file = job.map_or_else(|| format!("job {}", row.job_id), |job| job.file_name);
    let mut text = format!("{who} {done} \"{file}\"");
    if row.state == AssignmentState::Offered {
        let due = row
            .due_at
            .format(format_description!(
                "[year]-[month]-[day] [hour]:[minute] UTC"
            ))
            .unwrap_or_default();
        text.push_str(&format!(" to {}, due {due}", task(row.task)));
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

fn task(task: Task) -> &'static str {
    match task {
        Task::PostEdit => "post-edit",
        Task::Translate => "translate",
        Task::Proofread => "proofread",
    }
}
