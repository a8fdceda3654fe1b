//! The changes of state after a draft: sending it, and the customer's acceptance or refusal.

use sea_orm::DatabaseConnection;
use time::{Duration, OffsetDateTime};

use super::{
    Acceptance, Action, Quote, QuoteError, QuoteResult, QuoteState, Refusal, allowed,
    checks::{NAME_MAX_CHARS, PO_MAX_CHARS, REASON_MAX_CHARS, bounded, required},
    render, shown, store, today,
    versions::find,
};
use crate::{
    db,
    services::{mail::Site, mt_settings, notifications::events},
};

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
        return Err(QuoteError::WrongState(format!(
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
        return Err(QuoteError::WrongState(
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
        return Err(QuoteError::WrongState(
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
        return Err(QuoteError::WrongState(
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
