//! The purchase order of an assignment (`assignment_orders`, its only reader and writer): drawn
//! when the translator accepts, in the acceptance's transaction, and kept as drawn, like an
//! accepted quote's PDF. The agency, the translator, the job (project, file, languages, task,
//! words), the due date, the amount in the currency frozen at the offer with its basis (weighted
//! words × rate, when it came from the translator's rate) and the order's number.

use std::collections::BTreeSet;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect,
    Set,
};
use time::{OffsetDateTime, macros::format_description};
use wordmark_core::tm::quote::{OrderBasis, OrderInfo, OrderLine, order_pdf};

use super::{AssignmentError, Row as Assignment, Task};
use crate::{
    db::entities::assignment_order::{self, Column},
    services::{accounts, people, rates, translation},
};

/// The order's number: the assignment's id, so there is one per assignment.
pub fn po_number(assignment_id: i32) -> String {
    format!("PO-{assignment_id:06}")
}

fn task_label(task: Task) -> &'static str {
    match task {
        Task::PostEdit => "Post-edit",
        Task::Translate => "Translate",
        Task::Proofread => "Proofread",
    }
}

/// Draws the order of the accepted assignment `row` for `agency` at `now` and keeps it, in the
/// caller's transaction.
pub async fn freeze(
    db: &impl ConnectionTrait,
    row: &Assignment,
    agency: &str,
    now: OffsetDateTime,
) -> Result<(), AssignmentError> {
    let translator = accounts::find_by_id(db, row.translator_id)
        .await?
        .ok_or(AssignmentError::NotFound(row.id))?;
    let job = translation::jobs::find(db, row.job_id)
        .await?
        .ok_or(AssignmentError::JobNotFound(row.job_id))?;
    let project = translation::projects::head(db, job.project_id)
        .await?
        .map_or_else(|| format!("project {}", job.project_id), |head| head.name);
    // The currency frozen at the offer; the agency's for offers made before it was kept.
    let currency = match &row.currency {
        Some(currency) => currency.clone(),
        None => rates::applying(db, None).await?.0.currency,
    };
    let number = po_number(row.id);
    let date = now
        .date()
        .format(format_description!("[year]-[month]-[day]"))
        .unwrap_or_default();
    let due = row
        .due_at
        .format(format_description!(
            "[year]-[month]-[day] [hour]:[minute] UTC"
        ))
        .unwrap_or_default();
    let languages = format!(
        "{} → {}",
        job.source_lang.as_deref().unwrap_or("?"),
        job.target_lang.as_deref().unwrap_or("?")
    );
    let name = people::full_name(&translator.first_name, &translator.last_name);
    let name = if name.is_empty() {
        translator.username.clone()
    } else {
        name
    };
    let (agency, note, po, email) = (
        agency.to_owned(),
        row.note.clone(),
        number.clone(),
        translator.email.clone(),
    );
    let (task, words, amount_cents) = (row.task, row.words, row.amount_cents);
    let basis = row
        .rate
        .zip(row.weighted_words)
        .map(|(rate, weighted_words)| OrderBasis {
            weighted_words,
            rate,
        });
    let pdf = tokio::task::spawn_blocking(move || {
        let lines = [OrderLine {
            project: &project,
            file: &job.file_name,
            languages: &languages,
            task: task_label(task),
            words: u32::try_from(words).unwrap_or(0),
            amount_cents,
            basis,
        }];
        order_pdf(&OrderInfo {
            agency_name: &agency,
            po_number: &po,
            date: &date,
            translator: &name,
            translator_email: &email,
            due: &due,
            currency: &currency,
            lines: &lines,
            note: note.as_deref(),
        })
    })
    .await??;
    assignment_order::ActiveModel {
        assignment_id: Set(row.id),
        po_number: Set(number),
        pdf: Set(pdf),
        created_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The kept order of assignment `id`: its number and bytes. 409 before the translator
/// accepted (an offer, or one declined or withdrawn before that, has no order).
pub async fn pdf(db: &impl ConnectionTrait, id: i32) -> Result<(String, Vec<u8>), AssignmentError> {
    super::store::find(db, id)
        .await?
        .ok_or(AssignmentError::NotFound(id))?;
    let order = assignment_order::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(AssignmentError::NoOrder)?;
    Ok((order.po_number, order.pdf))
}

/// The assignments among `ids` that have an order.
pub async fn ordered_of(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<BTreeSet<i32>, DbErr> {
    let found: Vec<i32> = assignment_order::Entity::find()
        .select_only()
        .column(Column::AssignmentId)
        .filter(Column::AssignmentId.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(found.into_iter().collect())
}
