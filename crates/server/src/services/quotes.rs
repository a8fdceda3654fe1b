//! Quotes and requests (`quotes`, `project_requests`; this module is their only reader and
//! writer): a customer's request for a translation ([`request`]), and the versions of a
//! project's quote, from a draft the staff compose to sent, and then accepted, declined or
//! superseded. A version keeps the numbers it was computed with (the analysis's bands under
//! the client's rate scheme, a discount, extra lines), so what was sent or accepted never
//! changes; an accepted version also keeps its PDF as accepted.
//!
//! The state machine is [`shown`] (the state a quote shows on a day: a sent quote past its
//! validity is expired, on every read) and [`allowed`] (which action a state allows). Every
//! change of state is one conditional `UPDATE … WHERE state = …` inside a transaction with its
//! notification and its mails, so two answers at once cannot both win.

mod render;
pub mod request;
mod store;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use serde::{Deserialize, Serialize};
use time::{Date, Duration, OffsetDateTime};
use utoipa::ToSchema;
use wordmark_core::tm::{Band, quote::Discount, quote::ReportError};

pub use crate::db::entities::quote::QuoteState;
pub use store::{QuoteFilter, QuoteListItem, StateTotal};

use crate::{
    db::{
        self,
        entities::quote,
        listing::{Listing, Window},
    },
    services::{
        analysis::{self, ProjectAnalysis},
        mail::Site,
        mt_settings,
        notifications::events,
        translation::{self, TranslationError},
    },
};

/// Dates in the API as the customer reads them: `2026-11-27`.
pub mod day {
    time::serde::format_description!(pub format, Date, "[year]-[month]-[day]");
    pub use format::option;
}

/// How long a quote holds unless the staff say otherwise.
pub const DEFAULT_VALIDITY_DAYS: i32 = 30;
const MAX_VALIDITY_DAYS: i32 = 365;
const MAX_AMOUNT: f64 = 1_000_000.0;
const MAX_EXTRA_LINES: usize = 20;
const LABEL_MAX_CHARS: usize = 200;
const NAME_MAX_CHARS: usize = 200;
const PO_MAX_CHARS: usize = 100;
const REASON_MAX_CHARS: usize = 2000;

#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    #[error("There is no such quote for this project.")]
    NotFound,
    /// Input that breaks a rule (422), the message names it.
    #[error("{0}")]
    Invalid(String),
    /// The quote's state does not allow it (409).
    #[error("{0}")]
    Conflict(String),
    /// Sent, but past its validity (410).
    #[error("{0}")]
    Expired(String),
    #[error("The client logo cannot be drawn on the quote: {0}.")]
    Logo(String),
    #[error(transparent)]
    Translation(#[from] TranslationError),
    #[error(transparent)]
    Report(ReportError),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

impl From<ReportError> for QuoteError {
    fn from(error: ReportError) -> Self {
        match error {
            ReportError::Pdf(wordmark_core::brand::BrandError::Logo(e)) => {
                QuoteError::Logo(e.to_string())
            }
            other => QuoteError::Report(other),
        }
    }
}

pub type QuoteResult<T> = Result<T, QuoteError>;

/// One band of a quote as it was priced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteBand {
    pub band: Band,
    pub words: u32,
    pub percent: u16,
    pub weighted_words: f64,
    pub price: f64,
}

/// What a quote was computed from, as it was then (never the internal MT cost).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteNumbers {
    pub bands: Vec<QuoteBand>,
    pub words: u32,
    pub weighted_words: f64,
    pub word_price: f64,
    /// The bands' prices before the minimum fee.
    pub subtotal: f64,
    pub minimum_fee: f64,
    pub minimum_fee_applied: bool,
    /// The bands' price with the minimum fee: before extra lines and discount.
    pub priced_total: f64,
}

impl QuoteNumbers {
    fn of(analysis: &ProjectAnalysis) -> QuoteNumbers {
        let priced = &analysis.priced;
        QuoteNumbers {
            bands: analysis
                .bands
                .iter()
                .zip(&priced.bands)
                .map(|(counts, line)| QuoteBand {
                    band: counts.band,
                    words: counts.words,
                    percent: line.percent,
                    weighted_words: line.weighted_words,
                    price: line.price,
                })
                .collect(),
            words: analysis.total.words,
            weighted_words: priced.weighted_words,
            word_price: analysis.scheme.word_price,
            subtotal: priced.subtotal,
            minimum_fee: analysis.scheme.minimum_fee,
            minimum_fee_applied: priced.minimum_fee_applied,
            priced_total: priced.total,
        }
    }
}

/// A discount: a percentage (0–100) of the amount before it, or an amount.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteDiscount {
    pub kind: DiscountKind,
    pub value: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiscountKind {
    Percent,
    Amount,
}

impl QuoteDiscount {
    fn core(self) -> Discount {
        match self.kind {
            DiscountKind::Percent => Discount::Percent(self.value),
            DiscountKind::Amount => Discount::Amount(self.value),
        }
    }
}

/// A line under the bands: a fee (rush, DTP, project management) with its amount.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ExtraLine {
    pub label: String,
    pub amount: f64,
}

/// What staff compose a draft with.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct DraftInput {
    #[serde(default)]
    pub discount: Option<QuoteDiscount>,
    #[serde(default)]
    pub extra_lines: Vec<ExtraLine>,
    /// When the translation is to be delivered (`YYYY-MM-DD`).
    #[serde(default, with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    /// Days it can be accepted after it is sent (1–365, 30 unless given).
    #[serde(default)]
    pub validity_days: Option<i32>,
}

/// A customer's acceptance.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct Acceptance {
    /// The name of who accepts, as it goes on the quote.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub po_number: Option<String>,
    /// They accepted the agency's terms: must be `true`.
    #[serde(default)]
    pub terms_accepted: bool,
}

/// A customer's refusal, with the reason.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct Refusal {
    #[serde(default)]
    pub reason: String,
}

/// One version of a project's quote, as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Quote {
    pub id: i32,
    pub project_id: i32,
    pub version: i32,
    /// As shown today: a sent quote past its validity is `expired`.
    pub state: QuoteState,
    pub currency: String,
    pub numbers: QuoteNumbers,
    pub discount: Option<QuoteDiscount>,
    /// What the discount takes off.
    pub discount_amount: f64,
    pub extra_lines: Vec<ExtraLine>,
    pub total: f64,
    #[serde(with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    pub validity_days: i32,
    /// The last day it can be accepted (set when sent).
    #[serde(with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub valid_until: Option<Date>,
    /// The agency's terms as sent.
    pub terms: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub answered_at: Option<OffsetDateTime>,
    pub accepted_name: Option<String>,
    pub po_number: Option<String>,
    pub decline_reason: Option<String>,
}

impl Quote {
    fn of(row: &quote::Model, today: Date) -> QuoteResult<Quote> {
        let numbers: QuoteNumbers = json(&row.numbers)?;
        let discount: Option<QuoteDiscount> = row.discount.as_deref().map(json).transpose()?;
        let extra_lines: Vec<ExtraLine> = json(&row.extra_lines)?;
        let (discount_amount, _) = adjusted(&numbers, discount, &extra_lines);
        Ok(Quote {
            id: row.id,
            project_id: row.project_id,
            version: row.version,
            state: shown(row.state, row.valid_until, today),
            currency: row.currency.clone(),
            numbers,
            discount,
            discount_amount,
            extra_lines,
            total: row.total,
            due_date: row.due_date,
            validity_days: row.validity_days,
            valid_until: row.valid_until,
            terms: row.terms.clone(),
            created_at: row.created_at,
            sent_at: row.sent_at,
            answered_at: row.answered_at,
            accepted_name: row.accepted_name.clone(),
            po_number: row.po_number.clone(),
            decline_reason: row.decline_reason.clone(),
        })
    }
}

fn json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DbErr> {
    serde_json::from_str(text).map_err(|e| DbErr::Type(format!("a stored quote's JSON: {e}")))
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("quote values serialise")
}

/// What the discount takes off and the total.
fn adjusted(
    numbers: &QuoteNumbers,
    discount: Option<QuoteDiscount>,
    extra_lines: &[ExtraLine],
) -> (f64, f64) {
    let extras: Vec<f64> = extra_lines.iter().map(|l| l.amount).collect();
    wordmark_core::tm::quote::adjusted_total(
        numbers.priced_total,
        discount.map(QuoteDiscount::core),
        &extras,
    )
}

/// The day it is at `now`, in UTC: validity is counted in UTC days.
pub fn today(now: OffsetDateTime) -> Date {
    now.to_offset(time::UtcOffset::UTC).date()
}

/// The state a quote stored as `stored` shows on `today`: a sent quote past its last valid
/// day is expired.
pub fn shown(stored: QuoteState, valid_until: Option<Date>, today: Date) -> QuoteState {
    match (stored, valid_until) {
        (QuoteState::Sent, Some(until)) if until < today => QuoteState::Expired,
        (state, _) => state,
    }
}

/// What is done to a quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Send,
    Accept,
    Decline,
}

/// Whether a quote shown as `state` allows `action`; the refusal says why not.
pub fn allowed(action: Action, state: QuoteState, valid_until: Option<Date>) -> QuoteResult<()> {
    use QuoteState::*;
    match (action, state) {
        (Action::Send, Draft) | (Action::Accept | Action::Decline, Sent) => Ok(()),
        (Action::Send, _) => Err(QuoteError::Conflict(format!(
            "This quote is {} already: only a draft can be sent.",
            state_name(state)
        ))),
        (Action::Accept | Action::Decline, Expired) => Err(QuoteError::Expired(format!(
            "This quote expired{}: ask the agency for a new one.",
            valid_until.map_or_else(String::new, |d| format!(" after {d}"))
        ))),
        (_, Accepted) => Err(QuoteError::Conflict(
            "This quote was accepted already.".into(),
        )),
        (_, Draft) => Err(QuoteError::NotFound),
        (_, Declined | Superseded) => Err(QuoteError::Conflict(format!(
            "This quote was {}: it cannot be answered any more.",
            state_name(state)
        ))),
    }
}

fn state_name(state: QuoteState) -> &'static str {
    match state {
        QuoteState::Draft => "a draft",
        QuoteState::Sent => "sent",
        QuoteState::Accepted => "accepted",
        QuoteState::Declined => "declined",
        QuoteState::Expired => "expired",
        QuoteState::Superseded => "superseded by a newer version",
    }
}

fn check_amount(what: &str, value: f64, max: f64) -> QuoteResult<()> {
    if value.is_finite() && (0.0..=max).contains(&value) {
        Ok(())
    } else {
        Err(QuoteError::Invalid(format!(
            "{what} must be a number from 0 to {max}."
        )))
    }
}

fn bounded(what: &str, text: &str, max: usize) -> QuoteResult<String> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(QuoteError::Invalid(format!(
            "{what} must have at most {max} characters."
        )));
    }
    Ok(text.to_owned())
}

fn required(what: &str, text: &str, max: usize) -> QuoteResult<String> {
    let text = bounded(what, text, max)?;
    if text.is_empty() {
        return Err(QuoteError::Invalid(format!("{what} is required.")));
    }
    Ok(text)
}

/// The draft's input checked: amounts, labels, validity.
fn checked(input: DraftInput) -> QuoteResult<DraftInput> {
    if let Some(discount) = input.discount {
        match discount.kind {
            DiscountKind::Percent => check_amount("The discount (percent)", discount.value, 100.0)?,
            DiscountKind::Amount => check_amount("The discount", discount.value, MAX_AMOUNT)?,
        }
    }
    if input.extra_lines.len() > MAX_EXTRA_LINES {
        return Err(QuoteError::Invalid(format!(
            "A quote has at most {MAX_EXTRA_LINES} extra lines."
        )));
    }
    let mut lines = Vec::with_capacity(input.extra_lines.len());
    for (i, line) in input.extra_lines.into_iter().enumerate() {
        let n = i + 1;
        let label = required(
            &format!("The label of extra line {n}"),
            &line.label,
            LABEL_MAX_CHARS,
        )?;
        check_amount(
            &format!("The amount of extra line {n}"),
            line.amount,
            MAX_AMOUNT,
        )?;
        lines.push(ExtraLine {
            label,
            amount: line.amount,
        });
    }
    let validity = input.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS);
    if !(1..=MAX_VALIDITY_DAYS).contains(&validity) {
        return Err(QuoteError::Invalid(format!(
            "The validity must be from 1 to {MAX_VALIDITY_DAYS} days."
        )));
    }
    Ok(DraftInput {
        discount: input.discount,
        extra_lines: lines,
        due_date: input.due_date,
        validity_days: Some(validity),
    })
}

/// The project's quotes, newest version first; drafts only for staff (`with_drafts`).
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
    with_drafts: bool,
    now: OffsetDateTime,
) -> QuoteResult<Vec<Quote>> {
    translation::store::projects::head(db, project_id)
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
    let analysis = analysis::analyse(db, project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    if let Some(accepted) = store::accepted_of(db, project_id).await? {
        return Err(QuoteError::Conflict(format!(
            "Version {} of this quote was accepted: the quote is settled.",
            accepted.version
        )));
    }
    let numbers = QuoteNumbers::of(&analysis);
    let (_, total) = adjusted(&numbers, input.discount, &input.extra_lines);
    let draft = store::Draft {
        currency: analysis.scheme.currency.clone(),
        numbers: to_json(&numbers),
        discount: input.discount.as_ref().map(to_json),
        extra_lines: to_json(&input.extra_lines),
        total,
        due_date: input.due_date,
        validity_days: input.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS),
    };
    let row = store::save_draft(db, project_id, draft, author, now).await?;
    Quote::of(&row, today(now))
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
async fn find(
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

/// Sends the draft `quote_id`: valid from today for its days, with the agency's terms as they
/// are now; a version of the project that is sent and still valid is superseded (and kept).
/// The project's customers are told, in the same transaction.
pub async fn send(
    db: &DatabaseConnection,
    project_id: i32,
    quote_id: i32,
    sender: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let today = today(now);
    let txn = db::begin_write(db).await?;
    let row = find(&txn, project_id, quote_id).await?;
    allowed(
        Action::Send,
        shown(row.state, row.valid_until, today),
        row.valid_until,
    )?;
    if let Some(accepted) = store::accepted_of(&txn, project_id).await? {
        return Err(QuoteError::Conflict(format!(
            "Version {} of this quote was accepted: the quote is settled.",
            accepted.version
        )));
    }
    let terms = mt_settings::quote_terms(&txn).await?;
    let valid_until = today + Duration::days(i64::from(row.validity_days));
    store::supersede_sent(&txn, project_id, today).await?;
    let sent = store::SentAs {
        valid_until,
        terms: Some(terms).filter(|t| !t.trim().is_empty()),
        by: sender,
        at: now,
    };
    if !store::mark_sent(&txn, quote_id, sent).await? {
        return Err(QuoteError::Conflict(
            "This quote changed meanwhile; reload it.".into(),
        ));
    }
    let requester = store::request_of(&txn, project_id)
        .await?
        .and_then(|r| r.requested_by);
    events::quote_sent(&txn, project_id, row.version, requester, sender, mail, now).await?;
    let row = find(&txn, project_id, quote_id).await?;
    txn.commit().await?;
    Quote::of(&row, today)
}

/// Who answers a quote.
pub struct Answerer<'a> {
    pub user_id: i32,
    /// Their account's name, for a refusal's notification.
    pub name: &'a str,
}

/// Accepts the sent, still valid version `quote_id`: once only, and only one version per
/// project; the numbers stay as they were and its PDF as accepted is stored. Staff are told.
pub async fn accept(
    db: &DatabaseConnection,
    project_id: i32,
    quote_id: i32,
    acceptance: Acceptance,
    by: Answerer<'_>,
    context: render::Context<'_>,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    if !acceptance.terms_accepted {
        return Err(QuoteError::Invalid(
            "Accept the terms to accept the quote.".into(),
        ));
    }
    let name = required("Your name", &acceptance.name, NAME_MAX_CHARS)?;
    let po_number = bounded(
        "The purchase order number",
        acceptance.po_number.as_deref().unwrap_or(""),
        PO_MAX_CHARS,
    )?;
    let po_number = Some(po_number).filter(|p| !p.is_empty());
    let today = today(now);
    let txn = db::begin_write(db).await?;
    let row = find(&txn, project_id, quote_id).await?;
    allowed(
        Action::Accept,
        shown(row.state, row.valid_until, today),
        row.valid_until,
    )?;
    let mut accepted = row.clone();
    accepted.state = QuoteState::Accepted;
    accepted.answered_at = Some(now);
    accepted.accepted_name = Some(name.clone());
    accepted.po_number.clone_from(&po_number);
    let pdf = render::pdf(&txn, &accepted, &context).await?;
    let answer = store::Answer {
        state: QuoteState::Accepted,
        by: by.user_id,
        at: now,
        name: Some(name.clone()),
        po_number,
        reason: None,
        pdf: Some(pdf),
    };
    if !store::answer(&txn, quote_id, today, answer).await? {
        return Err(QuoteError::Conflict(
            "This quote was answered meanwhile.".into(),
        ));
    }
    let answered = events::Answered {
        project_id,
        version: row.version,
        accepted: true,
        who: &name,
        actor: by.user_id,
    };
    events::quote_answered(&txn, answered, context.mail, now).await?;
    let row = find(&txn, project_id, quote_id).await?;
    txn.commit().await?;
    Quote::of(&row, today)
}

/// Declines the sent, still valid version `quote_id` with a reason. Staff are told.
pub async fn decline(
    db: &DatabaseConnection,
    project_id: i32,
    quote_id: i32,
    refusal: Refusal,
    by: Answerer<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let reason = required("The reason", &refusal.reason, REASON_MAX_CHARS)?;
    let today = today(now);
    let txn = db::begin_write(db).await?;
    let row = find(&txn, project_id, quote_id).await?;
    allowed(
        Action::Decline,
        shown(row.state, row.valid_until, today),
        row.valid_until,
    )?;
    let answer = store::Answer {
        state: QuoteState::Declined,
        by: by.user_id,
        at: now,
        name: None,
        po_number: None,
        reason: Some(reason),
        pdf: None,
    };
    if !store::answer(&txn, quote_id, today, answer).await? {
        return Err(QuoteError::Conflict(
            "This quote was answered meanwhile.".into(),
        ));
    }
    let answered = events::Answered {
        project_id,
        version: row.version,
        accepted: false,
        who: by.name,
        actor: by.user_id,
    };
    events::quote_answered(&txn, answered, mail, now).await?;
    let row = find(&txn, project_id, quote_id).await?;
    txn.commit().await?;
    Quote::of(&row, today)
}

pub use render::Context as PdfContext;

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

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 27);

    #[test]
    fn a_sent_quote_past_its_last_day_shows_expired_and_nothing_else_does() {
        use QuoteState::*;
        assert_eq!(shown(Sent, Some(TODAY), TODAY), Sent, "its last day");
        assert_eq!(shown(Sent, Some(date!(2026 - 11 - 26)), TODAY), Expired);
        for state in [Draft, Accepted, Declined, Superseded] {
            assert_eq!(shown(state, Some(date!(2020 - 01 - 01)), TODAY), state);
        }
    }

    #[test]
    fn only_drafts_are_sent_and_only_sent_quotes_answered() {
        use QuoteState::*;
        assert!(allowed(Action::Send, Draft, None).is_ok());
        for state in [Sent, Accepted, Declined, Expired, Superseded] {
            assert!(matches!(
                allowed(Action::Send, state, None),
                Err(QuoteError::Conflict(_))
            ));
        }
        for action in [Action::Accept, Action::Decline] {
            assert!(allowed(action, Sent, Some(TODAY)).is_ok());
            assert!(matches!(
                allowed(action, Expired, Some(TODAY)),
                Err(QuoteError::Expired(m)) if m.contains("2026-11-27")
            ));
            for state in [Accepted, Declined, Superseded] {
                assert!(matches!(
                    allowed(action, state, None),
                    Err(QuoteError::Conflict(_))
                ));
            }
            assert!(matches!(
                allowed(action, Draft, None),
                Err(QuoteError::NotFound)
            ));
        }
        let twice = allowed(Action::Accept, Accepted, None).unwrap_err();
        assert_eq!(twice.to_string(), "This quote was accepted already.");
    }

    #[test]
    fn drafts_are_checked_before_anything_is_computed() {
        let percent = |value| DraftInput {
            discount: Some(QuoteDiscount {
                kind: DiscountKind::Percent,
                value,
            }),
            ..Default::default()
        };
        assert!(checked(percent(10.0)).is_ok());
        assert!(checked(percent(101.0)).is_err());
        assert!(checked(percent(f64::NAN)).is_err());
        let line = |label: &str, amount| DraftInput {
            extra_lines: vec![ExtraLine {
                label: label.into(),
                amount,
            }],
            ..Default::default()
        };
        assert_eq!(
            checked(line("  Rush fee ", 50.0)).unwrap().extra_lines[0].label,
            "Rush fee"
        );
        assert_eq!(
            checked(line(" ", 50.0)).unwrap_err().to_string(),
            "The label of extra line 1 is required."
        );
        assert!(checked(line("Fee", -1.0)).is_err());
        assert_eq!(
            checked(DraftInput::default()).unwrap().validity_days,
            Some(DEFAULT_VALIDITY_DAYS)
        );
        let long = DraftInput {
            validity_days: Some(0),
            ..Default::default()
        };
        assert!(checked(long).is_err());
    }
}
