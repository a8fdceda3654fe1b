//! Assignments (`assignments`), their only reader and writer: staff offer a job to a
//! translator for a task with a due date; the translator accepts or declines it (with a
//! reason), works on the job and delivers it; staff return it with a note (the translator
//! delivers again) or close it, and may withdraw it while it is offered, accepted or returned.
//!
//! ```text
//! offered ──accept──▶ accepted ──deliver──▶ delivered ──close──▶ closed
//!    │                   │                   │    ▲
//!    └─decline─▶ declined │             return│    │deliver
//!                        │                   ▼    │
//! offered | accepted | returned ──withdraw──▶ withdrawn     returned
//! ```
//!
//! Every move is one conditional `UPDATE … WHERE state = <the state it was read in>`, so of
//! two answers at once only one wins, on SQLite and PostgreSQL alike; a job has at most one
//! open assignment (offered, accepted, delivered or returned), which the partial unique index
//! `idx_assignments_one_open` keeps even against two offers at once. The open assignments of a
//! translator are their scope (`policy::ClientScope::Assignments`): the jobs they reach.

mod notices;
mod order;
mod price;
mod project;
mod store;
mod suggest;

use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, SqlErr};
use time::OffsetDateTime;
use wordmark_core::{
    segment::Markup,
    tm::{Comparable, count_words},
};

pub use self::notices::{DUE_SOON, MailSite, Notice, send_due as send_due_notices, spawn_notifier};
pub use self::order::{pdf as order_pdf, po_number};
pub use self::project::{ProjectOffer, offer_project};
pub use self::store::{AssignmentFilter, open_jobs};
pub use self::suggest::{
    PairRate, Suggestion, for_job as suggest_for_job, for_project as suggest_for_project,
};
pub use crate::db::entities::assignment::{AssignmentState, Task};
// The stored row: this module's own; everyone else gets an `Assignment`.
use crate::db::entities::assignment::Model as Row;
use crate::{
    db::{
        begin_write,
        entities::user::Role,
        listing::{Listing, Window},
    },
    services::{accounts, mail::Site, notifications::events, rates, translation},
};

/// The longest note or reason, in characters.
pub const MAX_NOTE_CHARS: usize = 4000;

/// An assignment as the service answers it.
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub id: i32,
    pub job_id: i32,
    /// The account (of role `translator`) the job is offered to.
    pub translator_id: i32,
    pub task: Task,
    pub due_at: OffsetDateTime,
    /// Staff's instructions.
    pub note: Option<String>,
    /// In cents, in `currency`: fixed by staff, or `rate` × `weighted_words`.
    pub amount_cents: Option<i64>,
    /// The job's translatable source words when it was offered.
    pub words: i32,
    pub state: AssignmentState,
    /// Why the translator declined, or staff's note when they returned the job.
    pub reason: Option<String>,
    /// `None` once that account is deleted.
    pub created_by: Option<i32>,
    pub created_at: OffsetDateTime,
    pub updated_at: OffsetDateTime,
    /// The basis of the amount as frozen at the offer: the currency (the agency's for offers
    /// made before translators had profiles), and for a price from the translator's rate the
    /// rate per weighted word and the job's weighted words.
    pub currency: String,
    pub rate: Option<f64>,
    pub weighted_words: Option<f64>,
}

impl Assignment {
    /// `row` as answered, its currency `agency` when it has none.
    fn of(row: Row, agency: &str) -> Assignment {
        Assignment {
            id: row.id,
            job_id: row.job_id,
            translator_id: row.translator_id,
            task: row.task,
            due_at: row.due_at,
            note: row.note,
            amount_cents: row.amount_cents,
            words: row.words,
            state: row.state,
            reason: row.reason,
            created_by: row.created_by,
            created_at: row.created_at,
            updated_at: row.updated_at,
            currency: row.currency.unwrap_or_else(|| agency.to_owned()),
            rate: row.rate,
            weighted_words: row.weighted_words,
        }
    }
}

/// The currency of rows stored without one: the agency's (its default rate scheme's), which
/// every amount was in before translators had profiles.
async fn agency_currency(db: &impl ConnectionTrait) -> Result<String, DbErr> {
    Ok(rates::applying(db, None).await?.0.currency)
}

/// `rows` as answered.
async fn answered(db: &impl ConnectionTrait, rows: Vec<Row>) -> Result<Vec<Assignment>, DbErr> {
    let agency = if rows.iter().any(|row| row.currency.is_none()) {
        agency_currency(db).await?
    } else {
        String::new()
    };
    Ok(rows
        .into_iter()
        .map(|row| Assignment::of(row, &agency))
        .collect())
}

async fn answer(db: &impl ConnectionTrait, row: Row) -> Result<Assignment, DbErr> {
    Ok(answered(db, vec![row]).await?.remove(0))
}

/// What staff offer.
#[derive(Debug, Clone)]
pub struct NewAssignment {
    pub job_id: i32,
    /// The translator's username.
    pub username: String,
    pub task: Task,
    pub due_at: OffsetDateTime,
    pub note: Option<String>,
    /// How the amount is set: fixed, from the translator's rate, or not at all.
    pub price: Price,
}

/// How an offer's amount is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Price {
    /// No amount (agreed elsewhere).
    Unset,
    /// A fixed amount in cents, in the translator's currency.
    Fixed(i64),
    /// The translator's rate for the job's pair × the job's weighted words.
    Rate,
}

#[derive(Debug, thiserror::Error)]
pub enum AssignmentError {
    /// What is wrong with the request, for people.
    #[error("{0}")]
    Invalid(String),
    #[error("There is no assignment {0}.")]
    NotFound(i32),
    #[error("There is no job {0}.")]
    JobNotFound(i32),
    #[error("There is no project {0}.")]
    ProjectNotFound(i32),
    #[error("Every job of \"{0}\" has an open assignment already.")]
    NothingToAssign(String),
    #[error("\"{0}\" is not a translator's account.")]
    NotATranslator(String),
    #[error("The job {0} is assigned already; withdraw that assignment first.")]
    AlreadyAssigned(i32),
    #[error("The assignment is {0}: it cannot be {1} now.")]
    NotAllowedInState(&'static str, &'static str),
    #[error("Only the translator it was offered to may answer or deliver an assignment.")]
    NotTheAssignee,
    #[error("The purchase order exists once the translator has accepted the assignment.")]
    NoOrder,
    #[error("The purchase order could not be drawn: {0}")]
    Order(#[from] wordmark_core::tm::quote::ReportError),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
    /// Delivery waits for every segment to be confirmed: the count still open.
    #[error("{}", not_confirmed(*.0))]
    NotConfirmed(u64),
    /// Delivery waits for every QA warning to be fixed or acknowledged: the count still open.
    #[error("{}", not_acknowledged(*.0))]
    NotAcknowledged(u64),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// What someone does to an assignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Accept,
    Decline {
        reason: String,
    },
    Deliver,
    /// Back to the translator with a note; `segments`, confirmed segments of the job, are sent
    /// back with it to be fixed and confirmed again (none: the job as a whole).
    Return {
        note: String,
        segments: Vec<i64>,
    },
    Close,
    Withdraw,
}

impl Action {
    /// The state it moves to.
    pub fn target(&self) -> AssignmentState {
        use AssignmentState::*;
        match self {
            Action::Accept => Accepted,
            Action::Decline { .. } => Declined,
            Action::Deliver => Delivered,
            Action::Return { .. } => Returned,
            Action::Close => Closed,
            Action::Withdraw => Withdrawn,
        }
    }

    /// Whether it may happen to an assignment in `state`: the state machine.
    pub fn allowed_from(&self, state: AssignmentState) -> bool {
        use AssignmentState::*;
        match self {
            Action::Accept | Action::Decline { .. } => state == Offered,
            Action::Deliver => matches!(state, Accepted | Returned),
            Action::Return { .. } | Action::Close => state == Delivered,
            Action::Withdraw => matches!(state, Offered | Accepted | Returned),
        }
    }

    /// Whether only the translator it was offered to does it (the others are staff's, which
    /// the policy's `assignments.manage` guards).
    pub fn by_assignee(&self) -> bool {
        matches!(
            self,
            Action::Accept | Action::Decline { .. } | Action::Deliver
        )
    }

    /// The past participle, for messages.
    fn done(&self) -> &'static str {
        state_name(self.target())
    }
}

/// The state's name in messages, as the API spells it.
fn state_name(state: AssignmentState) -> &'static str {
    use AssignmentState::*;
    match state {
        Offered => "offered",
        Accepted => "accepted",
        Declined => "declined",
        Delivered => "delivered",
        Returned => "returned",
        Closed => "closed",
        Withdrawn => "withdrawn",
    }
}

fn not_confirmed(count: u64) -> String {
    if count == 1 {
        "1 segment is not confirmed yet.".to_owned()
    } else {
        format!("{count} segments are not confirmed yet.")
    }
}

fn not_acknowledged(count: u64) -> String {
    if count == 1 {
        "1 QA warning is neither fixed nor acknowledged yet.".to_owned()
    } else {
        format!("{count} QA warnings are neither fixed nor acknowledged yet.")
    }
}

/// `text` trimmed, `None` when blank; refused beyond [`MAX_NOTE_CHARS`].
fn note(field: &str, text: Option<&str>) -> Result<Option<String>, AssignmentError> {
    let text = text.map(str::trim).filter(|t| !t.is_empty());
    if text.is_some_and(|t| t.chars().count() > MAX_NOTE_CHARS) {
        return Err(AssignmentError::Invalid(format!(
            "The {field} is longer than {MAX_NOTE_CHARS} characters."
        )));
    }
    Ok(text.map(str::to_owned))
}

/// `at` as every stored time is: UTC, whole seconds (text order is time order on SQLite, which
/// the due-date notices compare).
fn stored_time(at: OffsetDateTime) -> OffsetDateTime {
    at.to_offset(time::UtcOffset::UTC)
        .replace_nanosecond(0)
        .expect("zero nanoseconds are valid")
}

/// `price` when its amount is not negative.
fn checked_price(price: Price) -> Result<Price, AssignmentError> {
    if matches!(price, Price::Fixed(amount) if amount < 0) {
        return Err(AssignmentError::Invalid(
            "The field amount cannot be negative.".into(),
        ));
    }
    Ok(price)
}

/// The translator's account named `username`.
async fn translator(
    db: &DatabaseConnection,
    username: &str,
) -> Result<accounts::User, AssignmentError> {
    accounts::find_by_username(db, username)
        .await?
        .filter(|user| user.role == Role::Translator)
        .ok_or_else(|| AssignmentError::NotATranslator(username.to_owned()))
}

/// Offers the job to the translator `new.username` on behalf of `by`; the translator is told
/// (mailed with `site`) in the offer's transaction.
pub async fn offer(
    db: &DatabaseConnection,
    new: NewAssignment,
    by: i32,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Assignment, AssignmentError> {
    let new = NewAssignment {
        note: note("note", new.note.as_deref())?,
        price: checked_price(new.price)?,
        due_at: stored_time(new.due_at),
        ..new
    };
    let translator = translator(db, &new.username).await?;
    let Some(job) = translation::jobs::find(db, new.job_id).await? else {
        return Err(AssignmentError::JobNotFound(new.job_id));
    };
    let basis = price::bases(db, &translator, job.project_id, &[new.job_id], new.price)
        .await?
        .remove(&new.job_id)
        .unwrap_or_default();
    let words = words_of_jobs(db, &[new.job_id]).await?;
    let words = words.get(&new.job_id).copied().unwrap_or(0);
    let txn = begin_write(db).await?;
    if store::assigned_of(&txn, [new.job_id])
        .await?
        .contains(&new.job_id)
    {
        return Err(AssignmentError::AlreadyAssigned(new.job_id));
    }
    let row = store::insert(&txn, &new, translator.id, words, &basis, by, now)
        .await
        .map_err(|err| match err.sql_err() {
            // Another offer committed between the check and the insert.
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                AssignmentError::AlreadyAssigned(new.job_id)
            }
            _ => err.into(),
        })?;
    events::assignment_moved(&txn, &row, by, site, now).await?;
    txn.commit().await?;
    Ok(answer(db, row).await?)
}

/// Jobs whose segments are read at once when counting words.
const JOBS_PER_READ: usize = 20;

/// Each job's translatable source words, as the analysis counts them.
async fn words_of_jobs(
    db: &impl ConnectionTrait,
    job_ids: &[i32],
) -> Result<HashMap<i32, i32>, DbErr> {
    let mut words: HashMap<i32, u32> = HashMap::new();
    // A batch of jobs at a time, as the exports read a project: never all its segments at once.
    for batch in job_ids.chunks(JOBS_PER_READ) {
        let segments = translation::segments::export_segments(db, batch).await?;
        for s in segments.iter().filter(|s| s.translatable) {
            let text = Comparable::new(&s.source, Markup::from(s.markup));
            *words.entry(s.job_id).or_default() += count_words(text.text());
        }
    }
    Ok(words
        .into_iter()
        .map(|(job, words)| (job, i32::try_from(words).unwrap_or(i32::MAX)))
        .collect())
}

pub async fn find(db: &DatabaseConnection, id: i32) -> Result<Assignment, AssignmentError> {
    let row = find_row(db, id).await?;
    Ok(answer(db, row).await?)
}

async fn find_row(db: &impl ConnectionTrait, id: i32) -> Result<Row, AssignmentError> {
    store::find(db, id)
        .await?
        .ok_or(AssignmentError::NotFound(id))
}

/// Does `action` to assignment `id` for user `by`, at `now`; the other side is told (mailed
/// with `site`) in the move's transaction. An acceptance draws the purchase order in `agency`'s
/// name and keeps it, in the same transaction.
pub async fn act(
    db: &DatabaseConnection,
    id: i32,
    by: i32,
    action: Action,
    agency: &str,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Assignment, AssignmentError> {
    let text = match &action {
        Action::Decline { reason } => note("reason", Some(reason))?
            .ok_or_else(|| AssignmentError::Invalid("Say why you decline.".into()))?
            .into(),
        Action::Return { note: text, .. } => note("note", Some(text))?
            .ok_or_else(|| AssignmentError::Invalid("Say what is to be fixed.".into()))?
            .into(),
        _ => None,
    };
    let found = find_row(db, id).await?;
    if action.by_assignee() && found.translator_id != by {
        return Err(AssignmentError::NotTheAssignee);
    }
    let refused = || AssignmentError::NotAllowedInState(state_name(found.state), action.done());
    if !action.allowed_from(found.state) {
        return Err(refused());
    }
    let to = action.target();
    let txn = begin_write(db).await?;
    if action == Action::Deliver {
        // Read in the move's write transaction: no edit lands between the count and the move.
        let open = translation::segments::unconfirmed_of_jobs(&txn, &[found.job_id]).await?;
        if let Some(&count) = open.get(&found.job_id) {
            return Err(AssignmentError::NotConfirmed(count));
        }
        let warnings = translation::qa_acks::open_warnings(&txn, found.job_id).await?;
        if warnings > 0 {
            return Err(AssignmentError::NotAcknowledged(warnings));
        }
    }
    if let Action::Return { segments, .. } = &action
        && !segments.is_empty()
    {
        let reopened = translation::segments::reopen(&txn, found.job_id, segments).await?;
        if let Some(other) = segments.iter().find(|id| !reopened.contains(id)) {
            return Err(AssignmentError::Invalid(format!(
                "Segment {other} is not a confirmed segment of this job: only what the translator confirmed can be sent back."
            )));
        }
    }
    if !store::transition(&txn, id, found.state, to, text.clone(), now).await? {
        drop(txn);
        // Another call moved it since it was read.
        let current = find_row(db, id).await?;
        return Err(AssignmentError::NotAllowedInState(
            state_name(current.state),
            action.done(),
        ));
    }
    let moved = Row {
        state: to,
        reason: text.or(found.reason.clone()),
        updated_at: now,
        ..found
    };
    if action == Action::Accept {
        order::freeze(&txn, &moved, agency, now).await?;
    }
    events::assignment_moved(&txn, &moved, by, site, now).await?;
    txn.commit().await?;
    Ok(answer(db, moved).await?)
}

/// What a project's translators were ordered in one currency: its assignments their
/// translators accepted and that were not withdrawn (accepted, delivered, returned or closed; a
/// returned job is still the same order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Committed {
    pub currency: String,
    pub count: u32,
    /// The sum of the amounts set.
    pub amount_cents: i64,
    /// How many have no amount.
    pub without_amount: u32,
}

/// The project's orders per currency, by currency code (none when nothing was ordered).
pub async fn committed_of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<Committed>, DbErr> {
    let jobs = translation::jobs::of_project(db, project_id).await?;
    let amounts = store::committed_amounts(db, jobs.iter().map(|job| job.id)).await?;
    let agency = if amounts.iter().any(|(_, currency)| currency.is_none()) {
        agency_currency(db).await?
    } else {
        String::new()
    };
    let mut by_currency: std::collections::BTreeMap<String, Committed> = Default::default();
    for (amount, currency) in amounts {
        let currency = currency.unwrap_or_else(|| agency.clone());
        let entry = by_currency
            .entry(currency.clone())
            .or_insert_with(|| Committed {
                currency,
                ..Committed::default()
            });
        entry.count += 1;
        match amount {
            Some(cents) => entry.amount_cents += cents,
            None => entry.without_amount += 1,
        }
    }
    Ok(by_currency.into_values().collect())
}

/// One page of the assignments `filter` names, the earliest due first.
pub async fn list(
    db: &DatabaseConnection,
    filter: &AssignmentFilter,
    window: Window,
) -> Result<Listing<Detail>, DbErr> {
    let page = store::list(db, filter, window).await?;
    let rows = details(db, answered(db, page.rows).await?).await?;
    Ok(Listing {
        rows,
        total: page.total,
    })
}

/// An assignment with what its translator needs to list it: the job's file and languages,
/// its project, and the translator's name.
#[derive(Debug, Clone)]
pub struct Detail {
    pub assignment: Assignment,
    pub translator: String,
    pub file_name: String,
    pub project_id: i32,
    pub project_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// The job's segments not confirmed yet: delivery waits for none.
    pub unconfirmed: u64,
    /// Whether its purchase order was drawn (it was accepted).
    pub has_order: bool,
}

/// The [`Detail`]s of `rows` in their order: five queries, whatever their number.
pub async fn details(db: &DatabaseConnection, rows: Vec<Assignment>) -> Result<Vec<Detail>, DbErr> {
    let jobs: HashMap<i32, translation::jobs::JobRow> =
        translation::jobs::of_ids(db, rows.iter().map(|a| a.job_id))
            .await?
            .into_iter()
            .map(|job| (job.id, job))
            .collect();
    let projects: HashMap<i32, String> =
        translation::projects::heads(db, jobs.values().map(|job| job.project_id))
            .await?
            .into_iter()
            .map(|head| (head.id, head.name))
            .collect();
    let names = accounts::usernames(db, rows.iter().map(|a| a.translator_id)).await?;
    let job_ids: Vec<i32> = jobs.keys().copied().collect();
    let unconfirmed = translation::segments::unconfirmed_of_jobs(db, &job_ids).await?;
    let ordered = order::ordered_of(db, rows.iter().map(|a| a.id)).await?;
    // A job's assignments go with it (ON DELETE CASCADE), so every row has its job.
    Ok(rows
        .into_iter()
        .filter_map(|assignment| {
            let job = jobs.get(&assignment.job_id)?;
            Some(Detail {
                translator: names
                    .get(&assignment.translator_id)
                    .cloned()
                    .unwrap_or_default(),
                file_name: job.file_name.clone(),
                project_id: job.project_id,
                project_name: projects.get(&job.project_id).cloned().unwrap_or_default(),
                source_lang: job.source_lang.clone(),
                target_lang: job.target_lang.clone(),
                unconfirmed: unconfirmed.get(&job.id).copied().unwrap_or(0),
                has_order: ordered.contains(&assignment.id),
                assignment,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests;
