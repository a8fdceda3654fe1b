//! Composing a draft and reading a project's versions: one version, its PDF, the staff list
//! and the totals per state.

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use time::OffsetDateTime;

use super::{
    AcceptedQuote, DEFAULT_VALIDITY_DAYS, DraftInput, PdfContext, Quote, QuoteError, QuoteFilter,
    QuoteListItem, QuoteNumbers, QuoteResult, QuoteState, StateTotal, checks::checked, model,
    render, store, today,
};
use crate::{
    db::{
        self,
        entities::quote,
        listing::{Listing, Window},
    },
    services::{
        analysis,
        translation::{self, TranslationError},
    },
};

/// The project's quotes, newest version first; drafts only for staff (`with_drafts`).
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
    with_drafts: bool,
    now: OffsetDateTime,
) -> QuoteResult<Vec<Quote>> {
    translation::projects::head(db, project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let today = today(now);
    store::of_project(db, project_id, with_drafts)
        .await?
        .iter()
        .map(|row| Quote::of(row, today))
        .collect()
}

/// Computes a draft from the project's analysis now, with `input`: the project's draft when it
/// has one (recomputed), else a new version. Refused once a version was accepted.
pub async fn save_draft(
    db: &impl ConnectionTrait,
    project_id: i32,
    input: DraftInput,
    author: i32,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let input = checked(input)?;
    let (analysis, pricing) = analysis::priced(db, project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    if let Some(accepted) = store::accepted_of(db, project_id).await? {
        return Err(QuoteError::WrongState(format!(
            "Version {} of this quote was accepted: the quote is settled.",
            accepted.version
        )));
    }
    let numbers = QuoteNumbers::of(&analysis, &pricing);
    let (_, total) = model::adjusted(&numbers, input.discount, &input.extra_lines);
    let draft = store::Draft {
        currency: pricing.scheme.currency,
        numbers: model::to_json(&numbers),
        discount: input.discount.as_ref().map(model::to_json),
        extra_lines: model::to_json(&input.extra_lines),
        total,
        due_date: input.due_date,
        validity_days: input.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS),
    };
    let row = store::save_draft(db, project_id, draft, author, now).await?;
    Quote::of(&row, today(now))
}

/// The figures of the project's accepted version, `None` until one is accepted.
pub async fn accepted(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<AcceptedQuote>, DbErr> {
    Ok(store::accepted_of(db, project_id)
        .await?
        .map(|row| AcceptedQuote {
            version: row.version,
            total: row.total,
            currency: row.currency,
        }))
}

/// [`save_draft`] in its own transaction.
pub async fn compose(
    db: &DatabaseConnection,
    project_id: i32,
    input: DraftInput,
    author: i32,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let txn = db::begin_write(db).await?;
    let quote = save_draft(&txn, project_id, input, author, now).await?;
    txn.commit().await?;
    Ok(quote)
}

/// The version `quote_id` of the project (`NotFound` for another project's).
pub(super) async fn find(
    db: &impl ConnectionTrait,
    project_id: i32,
    quote_id: i32,
) -> QuoteResult<quote::Model> {
    store::find(db, quote_id)
        .await?
        .filter(|q| q.project_id == project_id)
        .ok_or(QuoteError::NotFound)
}

/// One version for the caller: drafts only for staff.
pub async fn get(
    db: &impl ConnectionTrait,
    project_id: i32,
    quote_id: i32,
    with_drafts: bool,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let row = find(db, project_id, quote_id).await?;
    if row.state == QuoteState::Draft && !with_drafts {
        return Err(QuoteError::NotFound);
    }
    Quote::of(&row, today(now))
}

/// The version's PDF: as accepted when it was, else drawn now from its stored numbers. Drafts
/// only for staff.
pub async fn pdf(
    db: &impl ConnectionTrait,
    project_id: i32,
    quote_id: i32,
    with_drafts: bool,
    context: PdfContext<'_>,
) -> QuoteResult<(i32, Vec<u8>)> {
    let row = find(db, project_id, quote_id).await?;
    if row.state == QuoteState::Draft && !with_drafts {
        return Err(QuoteError::NotFound);
    }
    let version = row.version;
    if let Some(bytes) = row.accepted_pdf.clone() {
        return Ok((version, bytes));
    }
    Ok((version, render::pdf(db, &row, &context).await?))
}

/// The staff list: one page of every project's quotes (drafts included), filtered by state as
/// shown today and by client, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &QuoteFilter,
    window: Window,
    now: OffsetDateTime,
) -> QuoteResult<Listing<QuoteListItem>> {
    Ok(store::list(db, filter, window, today(now)).await?)
}

/// The count and sum of the quotes (of one client) per state as shown today and currency.
pub async fn totals(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
    now: OffsetDateTime,
) -> QuoteResult<Vec<StateTotal>> {
    Ok(store::totals(db, client_id, today(now)).await?)
}
