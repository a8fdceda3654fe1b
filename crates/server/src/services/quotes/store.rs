//! The statements on `quotes` and `project_requests`.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, TryIntoModel,
    sea_query::{Expr, ExprTrait},
};
use serde::Serialize;
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;

use super::{QuoteState, day};
use crate::{
    db::{
        entities::{
            project_request,
            quote::{self, Column as Q},
        },
        listing::{Listing, Window},
    },
    services::translation::projects,
};

/// A draft's computed values.
pub struct Draft {
    pub currency: String,
    pub numbers: String,
    pub discount: Option<String>,
    pub extra_lines: String,
    pub total: f64,
    pub due_date: Option<Date>,
    pub validity_days: i32,
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<quote::Model>, DbErr> {
    quote::Entity::find_by_id(id).one(db).await
}

/// The project's versions, newest first.
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
    with_drafts: bool,
) -> Result<Vec<quote::Model>, DbErr> {
    let mut query = quote::Entity::find().filter(Q::ProjectId.eq(project_id));
    if !with_drafts {
        query = query.filter(Q::State.ne(QuoteState::Draft));
    }
    query.order_by_desc(Q::Version).all(db).await
}

/// The project's accepted version, when one was accepted.
pub async fn accepted_of(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<quote::Model>, DbErr> {
    quote::Entity::find()
        .filter(Q::ProjectId.eq(project_id))
        .filter(Q::State.eq(QuoteState::Accepted))
        .one(db)
        .await
}

/// Writes `draft` over the project's draft, or as its next version when it has none.
pub async fn save_draft(
    db: &impl ConnectionTrait,
    project_id: i32,
    draft: Draft,
    author: i32,
    now: OffsetDateTime,
) -> Result<quote::Model, DbErr> {
    let existing = quote::Entity::find()
        .filter(Q::ProjectId.eq(project_id))
        .filter(Q::State.eq(QuoteState::Draft))
        .one(db)
        .await?;
    let mut row = match existing {
        Some(row) => quote::ActiveModel::from(row),
        None => {
            let last: Option<i32> = quote::Entity::find()
                .select_only()
                .expr(Expr::col(Q::Version).max())
                .filter(Q::ProjectId.eq(project_id))
                .into_tuple()
                .one(db)
                .await?
                .flatten();
            quote::ActiveModel {
                project_id: Set(project_id),
                version: Set(last.unwrap_or(0) + 1),
                state: Set(QuoteState::Draft),
                ..Default::default()
            }
        }
    };
    row.currency = Set(draft.currency);
    row.numbers = Set(draft.numbers);
    row.discount = Set(draft.discount);
    row.extra_lines = Set(draft.extra_lines);
    row.total = Set(draft.total);
    row.due_date = Set(draft.due_date);
    row.validity_days = Set(draft.validity_days);
    row.created_by = Set(Some(author));
    row.created_at = Set(now);
    row.save(db).await?.try_into_model()
}

/// Marks the project's sent versions that are still valid on `today` superseded.
pub async fn supersede_sent(
    db: &impl ConnectionTrait,
    project_id: i32,
    today: Date,
) -> Result<u64, DbErr> {
    Ok(quote::Entity::update_many()
        .col_expr(Q::State, Expr::value(QuoteState::Superseded))
        .filter(Q::ProjectId.eq(project_id))
        .filter(Q::State.eq(QuoteState::Sent))
        .filter(Q::ValidUntil.gte(today))
        .exec(db)
        .await?
        .rows_affected)
}

pub struct SentAs {
    pub valid_until: Date,
    pub terms: Option<String>,
    pub by: i32,
    pub at: OffsetDateTime,
}

/// Sends the draft `id`; false when it is no draft (any more).
pub async fn mark_sent(db: &impl ConnectionTrait, id: i32, sent: SentAs) -> Result<bool, DbErr> {
    let updated = quote::Entity::update_many()
        .col_expr(Q::State, Expr::value(QuoteState::Sent))
        .col_expr(Q::ValidUntil, Expr::value(sent.valid_until))
        .col_expr(Q::Terms, Expr::value(sent.terms))
        .col_expr(Q::SentBy, Expr::value(sent.by))
        .col_expr(Q::SentAt, Expr::value(sent.at))
        .filter(Q::Id.eq(id))
        .filter(Q::State.eq(QuoteState::Draft))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}

/// A customer's answer.
pub struct Answer {
    pub state: QuoteState,
    pub by: i32,
    pub at: OffsetDateTime,
    pub name: Option<String>,
    pub po_number: Option<String>,
    pub reason: Option<String>,
    pub pdf: Option<Vec<u8>>,
}

/// Answers the sent version `id` if it is still sent and valid on `today`; false otherwise
/// (answered meanwhile: two answers at once, one wins).
pub async fn answer(
    db: &impl ConnectionTrait,
    id: i32,
    today: Date,
    answer: Answer,
) -> Result<bool, DbErr> {
    let updated = quote::Entity::update_many()
        .col_expr(Q::State, Expr::value(answer.state))
        .col_expr(Q::AnsweredBy, Expr::value(answer.by))
        .col_expr(Q::AnsweredAt, Expr::value(answer.at))
        .col_expr(Q::AcceptedName, Expr::value(answer.name))
        .col_expr(Q::PoNumber, Expr::value(answer.po_number))
        .col_expr(Q::DeclineReason, Expr::value(answer.reason))
        .col_expr(Q::AcceptedPdf, Expr::value(answer.pdf))
        .filter(Q::Id.eq(id))
        .filter(Q::State.eq(QuoteState::Sent))
        .filter(Q::ValidUntil.gte(today))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}

/// Records that the project was requested.
pub async fn insert_request(
    db: &impl ConnectionTrait,
    request: project_request::Model,
) -> Result<(), DbErr> {
    project_request::ActiveModel {
        project_id: Set(request.project_id),
        requested_by: Set(request.requested_by),
        due_date: Set(request.due_date),
        note: Set(request.note),
        created_at: Set(request.created_at),
    }
    .insert(db)
    .await?;
    Ok(())
}

pub async fn request_of(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<project_request::Model>, DbErr> {
    project_request::Entity::find_by_id(project_id)
        .one(db)
        .await
}

/// Rows shown as `state` on `today`.
fn in_state(state: QuoteState, today: Date) -> Condition {
    match state {
        QuoteState::Sent => Condition::all()
            .add(Q::State.eq(QuoteState::Sent))
            .add(Q::ValidUntil.gte(today)),
        QuoteState::Expired => Condition::all()
            .add(Q::State.eq(QuoteState::Sent))
            .add(Q::ValidUntil.lt(today)),
        other => Condition::all().add(Q::State.eq(other)),
    }
}

fn of_client(client_id: Option<i32>) -> Condition {
    let mut matching = Condition::all();
    if let Some(client_id) = client_id {
        matching = matching.add(Q::ProjectId.in_subquery(projects::ids_of_client(client_id)));
    }
    matching
}

/// What the staff list filters by.
#[derive(Debug, Clone, Default)]
pub struct QuoteFilter {
    pub state: Option<QuoteState>,
    pub client_id: Option<i32>,
}

/// One quote of the staff list.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct QuoteListItem {
    pub id: i32,
    pub project_id: i32,
    pub project_name: String,
    pub client_id: Option<i32>,
    pub client_name: Option<String>,
    pub version: i32,
    pub state: QuoteState,
    pub currency: String,
    pub total: f64,
    #[serde(with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub valid_until: Option<Date>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<OffsetDateTime>,
}

/// How many quotes show a state and what they come to, per currency.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct StateTotal {
    pub state: QuoteState,
    pub currency: String,
    pub count: i64,
    pub amount: f64,
}

/// One page of the quotes matching `filter`, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &QuoteFilter,
    window: Window,
    today: Date,
) -> Result<Listing<QuoteListItem>, DbErr> {
    let mut matching = of_client(filter.client_id);
    if let Some(state) = filter.state {
        matching = matching.add(in_state(state, today));
    }
    let query = quote::Entity::find().filter(matching);
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(Q::CreatedAt)
        .order_by_desc(Q::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?;
    let heads = projects::heads(db, rows.iter().map(|r| r.project_id)).await?;
    let rows = rows
        .into_iter()
        .map(|row| {
            let head = heads.iter().find(|h| h.id == row.project_id);
            QuoteListItem {
                id: row.id,
                project_id: row.project_id,
                project_name: head.map(|h| h.name.clone()).unwrap_or_default(),
                client_id: head.and_then(|h| h.client_id),
                client_name: head.and_then(|h| h.client_name.clone()),
                version: row.version,
                state: super::shown(row.state, row.valid_until, today),
                currency: row.currency,
                total: row.total,
                valid_until: row.valid_until,
                created_at: row.created_at,
                sent_at: row.sent_at,
            }
        })
        .collect();
    Ok(Listing { rows, total })
}

/// One group of [`totals`]' query: state, currency, last valid day, count, sum.
type StateGroup = (QuoteState, String, Option<Date>, i64, Option<f64>);

/// Count and sum of the quotes (of `client_id`) per state as shown on `today` and currency:
/// grouped by the stored state and last valid day in SQL (a bound day in a grouped expression
/// is not one PostgreSQL can match), the sent ones split into sent and expired here.
pub async fn totals(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
    today: Date,
) -> Result<Vec<StateTotal>, DbErr> {
    let groups: Vec<StateGroup> = quote::Entity::find()
        .select_only()
        .columns([Q::State, Q::Currency, Q::ValidUntil])
        .expr(Expr::col(Q::Id).count())
        .expr(Expr::col(Q::Total).sum())
        .filter(of_client(client_id))
        .group_by(Q::State)
        .group_by(Q::Currency)
        .group_by(Q::ValidUntil)
        .into_tuple()
        .all(db)
        .await?;
    let mut totals: Vec<StateTotal> = Vec::new();
    for (state, currency, valid_until, count, amount) in groups {
        let state = super::shown(state, valid_until, today);
        let amount = amount.unwrap_or_default();
        match totals
            .iter_mut()
            .find(|t| t.state == state && t.currency == currency)
        {
            Some(total) => {
                total.count += count;
                total.amount += amount;
            }
            None => totals.push(StateTotal {
                state,
                currency,
                count,
                amount,
            }),
        }
    }
    for total in &mut totals {
        total.amount = (total.amount * 100.0).round() / 100.0;
    }
    totals.sort_by(|a, b| (a.state, &a.currency).cmp(&(b.state, &b.currency)));
    Ok(totals)
}
