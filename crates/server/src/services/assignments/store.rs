//! The statements on `assignments`: its only SQL.

use std::collections::BTreeSet;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use time::OffsetDateTime;

use super::{
    AssignmentState, NewAssignment, Row as Assignment,
    notices::{DUE_SOON, Notice},
    price::Basis,
};
use crate::db::{
    entities::assignment::{self, Column},
    listing::{Listing, Window},
};

/// The states in which a job is someone's: at most one of these per job.
pub const OPEN: [AssignmentState; 4] = [
    AssignmentState::Offered,
    AssignmentState::Accepted,
    AssignmentState::Delivered,
    AssignmentState::Returned,
];

pub async fn insert(
    db: &impl ConnectionTrait,
    new: &NewAssignment,
    translator_id: i32,
    words: i32,
    basis: &Basis,
    by: i32,
    now: OffsetDateTime,
) -> Result<Assignment, DbErr> {
    assignment::ActiveModel {
        job_id: Set(new.job_id),
        translator_id: Set(translator_id),
        task: Set(new.task),
        due_at: Set(new.due_at),
        note: Set(new.note.clone()),
        amount_cents: Set(basis.amount_cents),
        currency: Set(Some(basis.currency.clone())),
        rate: Set(basis.rate),
        weighted_words: Set(basis.weighted_words),
        words: Set(words),
        state: Set(AssignmentState::Offered),
        reason: Set(None),
        created_by: Set(Some(by)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<Assignment>, DbErr> {
    assignment::Entity::find_by_id(id).one(db).await
}

/// The jobs among `job_ids` that have an open assignment.
pub async fn assigned_of(
    db: &impl ConnectionTrait,
    job_ids: impl IntoIterator<Item = i32>,
) -> Result<BTreeSet<i32>, DbErr> {
    let jobs: Vec<i32> = assignment::Entity::find()
        .select_only()
        .column(Column::JobId)
        .filter(Column::JobId.is_in(job_ids))
        .filter(Column::State.is_in(OPEN))
        .into_tuple()
        .all(db)
        .await?;
    Ok(jobs.into_iter().collect())
}

/// The amounts (cents, `None` when not set) and their currencies (`None` on rows from before
/// the currency was kept) of the assignments of `job_ids` accepted by their translators and
/// not withdrawn: what the project ordered.
pub async fn committed_amounts(
    db: &impl ConnectionTrait,
    job_ids: impl IntoIterator<Item = i32>,
) -> Result<Vec<(Option<i64>, Option<String>)>, DbErr> {
    let job_ids: Vec<i32> = job_ids.into_iter().collect();
    let mut amounts = Vec::new();
    // `IN` lists of a bounded length, whatever the project's number of jobs.
    for chunk in job_ids.chunks(500) {
        let found: Vec<(Option<i64>, Option<String>)> = assignment::Entity::find()
            .select_only()
            .column(Column::AmountCents)
            .column(Column::Currency)
            .filter(Column::JobId.is_in(chunk.iter().copied()))
            .filter(Column::State.is_in([
                AssignmentState::Accepted,
                AssignmentState::Delivered,
                AssignmentState::Returned,
                AssignmentState::Closed,
            ]))
            .into_tuple()
            .all(db)
            .await?;
        amounts.extend(found);
    }
    Ok(amounts)
}

/// Moves assignment `id` from `from` to `to` (with the reason or note, `None` keeps the
/// stored one): one conditional update, so of two calls at once only one changes the row.
/// Whether it did.
pub async fn transition(
    db: &impl ConnectionTrait,
    id: i32,
    from: AssignmentState,
    to: AssignmentState,
    reason: Option<String>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let mut update = assignment::Entity::update_many()
        .col_expr(Column::State, Expr::value(to))
        .col_expr(Column::UpdatedAt, Expr::value(now));
    if let Some(reason) = reason {
        update = update.col_expr(Column::Reason, Expr::value(reason));
    }
    let updated = update
        .filter(Column::Id.eq(id))
        .filter(Column::State.eq(from))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}

/// The states in which the job is still the translator's to do: what due-date notices are about.
const TO_DO: [AssignmentState; 3] = [
    AssignmentState::Offered,
    AssignmentState::Accepted,
    AssignmentState::Returned,
];

fn notice_column(notice: Notice) -> Column {
    match notice {
        Notice::DueSoon => Column::DueSoonSentAt,
        Notice::Overdue => Column::OverdueSentAt,
    }
}

/// The assignments still to do that `notice` is due for at `now` and was not sent for: due
/// within [`DUE_SOON`] (not yet past), or past due.
pub async fn awaiting_notice(
    db: &impl ConnectionTrait,
    notice: Notice,
    now: OffsetDateTime,
) -> Result<Vec<Assignment>, DbErr> {
    let query = assignment::Entity::find()
        .filter(Column::State.is_in(TO_DO))
        .filter(notice_column(notice).is_null());
    let query = match notice {
        Notice::DueSoon => query
            .filter(Column::DueAt.gt(now))
            .filter(Column::DueAt.lte(now + DUE_SOON)),
        Notice::Overdue => query.filter(Column::DueAt.lte(now)),
    };
    query.order_by_asc(Column::DueAt).all(db).await
}

/// Marks `notice` of assignment `id` sent at `now` unless it was, or the work ended: one
/// conditional update, so of two instances only one sends it. Whether this call did.
pub async fn claim_notice(
    db: &impl ConnectionTrait,
    id: i32,
    notice: Notice,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let column = notice_column(notice);
    let updated = assignment::Entity::update_many()
        .col_expr(column, Expr::value(now))
        .filter(Column::Id.eq(id))
        .filter(column.is_null())
        .filter(Column::State.is_in(TO_DO))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}

/// Which assignments a list shows.
#[derive(Debug, Clone, Default)]
pub struct AssignmentFilter {
    /// Only this translator's.
    pub translator_id: Option<i32>,
    pub job_id: Option<i32>,
    pub state: Option<AssignmentState>,
}

/// One page of the matching assignments, the earliest due first.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &AssignmentFilter,
    window: Window,
) -> Result<Listing<Assignment>, DbErr> {
    let mut query = assignment::Entity::find();
    if let Some(translator_id) = filter.translator_id {
        query = query.filter(Column::TranslatorId.eq(translator_id));
    }
    if let Some(job_id) = filter.job_id {
        query = query.filter(Column::JobId.eq(job_id));
    }
    if let Some(state) = filter.state {
        query = query.filter(Column::State.eq(state));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_asc(Column::DueAt)
        .order_by_asc(Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?;
    Ok(Listing { rows, total })
}

/// The jobs of the translator's open assignments, each with whether its state lets them edit
/// it (accepted or returned).
pub async fn open_jobs(
    db: &impl ConnectionTrait,
    translator_id: i32,
) -> Result<(BTreeSet<i32>, BTreeSet<i32>), DbErr> {
    let rows: Vec<(i32, AssignmentState)> = assignment::Entity::find()
        .select_only()
        .column(Column::JobId)
        .column(Column::State)
        .filter(Column::TranslatorId.eq(translator_id))
        .filter(Column::State.is_in(OPEN))
        .into_tuple()
        .all(db)
        .await?;
    let editable = rows
        .iter()
        .filter(|(_, state)| matches!(state, AssignmentState::Accepted | AssignmentState::Returned))
        .map(|(job, _)| *job)
        .collect();
    Ok((rows.into_iter().map(|(job, _)| job).collect(), editable))
}
