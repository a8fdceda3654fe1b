//! Term proposals (`term_proposals`), their only reader and writer: a customer proposes an
//! entry for their client's termbase (a source term, its target, a note); staff accept it, and
//! the entry is created through [`terminology`] in the transaction that records the decision,
//! or refuse it with an optional reason. A proposal is decided once. The other side is told of
//! each (the staff of a proposal, the proposer of the answer) in the same transaction.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use time::OffsetDateTime;
use wordmark_core::terms::{TermEntry, TermKind};

// A proposal's state is a value stored in a column: this service's vocabulary as it is.
pub use crate::db::entities::term_proposal::ProposalState;
use crate::{
    db::{
        begin_write,
        entities::term_proposal::{self as proposal, Column},
        listing::{Listing, Window},
    },
    services::{
        mail::Site,
        notifications::events,
        terminology::{self, Term, TermError},
    },
};

/// A proposal as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub id: i32,
    pub client_id: i32,
    /// Normalised with `wordmark_core::lang::normalize`.
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    pub target: String,
    pub note: Option<String>,
    pub state: ProposalState,
    /// `None` once the account is deleted.
    pub proposed_by: Option<i32>,
    pub proposed_at: time::OffsetDateTime,
    pub decided_by: Option<i32>,
    pub decided_at: Option<time::OffsetDateTime>,
    /// Why it was refused, when staff said.
    pub reason: Option<String>,
    /// The entry an accepted proposal became (`None` once that entry is deleted).
    pub term_id: Option<i32>,
}

impl From<proposal::Model> for Proposal {
    fn from(row: proposal::Model) -> Self {
        Self {
            id: row.id,
            client_id: row.client_id,
            source_lang: row.source_lang,
            target_lang: row.target_lang,
            source: row.source,
            target: row.target,
            note: row.note,
            state: row.state,
            proposed_by: row.proposed_by,
            proposed_at: row.proposed_at,
            decided_by: row.decided_by,
            decided_at: row.decided_at,
            reason: row.reason,
            term_id: row.term_id,
        }
    }
}

/// What a customer proposes.
#[derive(Debug, Clone)]
pub struct NewProposal {
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    pub target: String,
    pub note: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProposalError {
    /// What is wrong with the proposal, for people.
    #[error("{0}")]
    Invalid(String),
    #[error("There is no term proposal {0} for this client.")]
    NotFound(i32),
    #[error("The term proposal {0} was decided already.")]
    Decided(i32),
    /// Accepting it would make an entry the termbase has (or one it refuses).
    #[error(transparent)]
    Term(#[from] TermError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The termbase entry a proposal stands for: a preferred term with one target.
fn entry(
    source_lang: &str,
    target_lang: &str,
    source: &str,
    target: &str,
    note: Option<&str>,
) -> TermEntry {
    TermEntry {
        source_lang: source_lang.to_owned(),
        target_lang: target_lang.to_owned(),
        source: source.to_owned(),
        targets: vec![target.to_owned()],
        kind: TermKind::Preferred,
        case_sensitive: false,
        part_of_speech: None,
        note: note.map(str::to_owned),
    }
}

/// Stores a proposal of user `by` for client `client_id`, checked as the entry it would become
/// (languages, lengths, characters); the same languages and texts, trimmed, are stored.
pub async fn propose(
    db: &DatabaseConnection,
    client_id: i32,
    by: i32,
    new: NewProposal,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Proposal, ProposalError> {
    let checked = entry(
        &new.source_lang,
        &new.target_lang,
        &new.source,
        &new.target,
        new.note.as_deref(),
    )
    .validated()
    .map_err(|reason| ProposalError::Invalid(capitalised(&reason)))?;
    let target = checked
        .targets
        .into_iter()
        .next()
        .ok_or_else(|| ProposalError::Invalid("The target term is empty.".into()))?;
    let row = proposal::ActiveModel {
        client_id: Set(client_id),
        source_lang: Set(checked.source_lang),
        target_lang: Set(checked.target_lang),
        source: Set(checked.source),
        target: Set(target),
        note: Set(checked.note),
        state: Set(ProposalState::Pending),
        proposed_by: Set(Some(by)),
        proposed_at: Set(now),
        ..Default::default()
    };
    let txn = begin_write(db).await?;
    let row: Proposal = row.insert(&txn).await?.into();
    events::term_proposed(&txn, &notice(&row), mail, now).await?;
    txn.commit().await?;
    Ok(row)
}

/// What the notices of `proposal` tell of it.
fn notice(proposal: &Proposal) -> events::ProposalNotice<'_> {
    events::ProposalNotice {
        client_id: proposal.client_id,
        source: &proposal.source,
        target: &proposal.target,
        accepted: proposal.state == ProposalState::Accepted,
        reason: proposal.reason.as_deref(),
        proposed_by: proposal.proposed_by,
        decided_by: proposal.decided_by,
    }
}

/// The core's reasons start in lower case, to fit into its longer messages.
fn capitalised(reason: &str) -> String {
    let mut chars = reason.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// One page of the client's proposals (those in `state` when given), newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    client_id: i32,
    state: Option<ProposalState>,
    window: Window,
) -> Result<Listing<Proposal>, DbErr> {
    let mut query = proposal::Entity::find().filter(Column::ClientId.eq(client_id));
    if let Some(state) = state {
        query = query.filter(Column::State.eq(state));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?
        .into_iter()
        .map(Proposal::from)
        .collect();
    Ok(Listing { rows, total })
}

/// Proposal `id` of the client, still pending.
async fn pending(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
) -> Result<Proposal, ProposalError> {
    let found: Proposal = proposal::Entity::find_by_id(id)
        .filter(Column::ClientId.eq(client_id))
        .one(db)
        .await?
        .ok_or(ProposalError::NotFound(id))?
        .into();
    if found.state != ProposalState::Pending {
        return Err(ProposalError::Decided(id));
    }
    Ok(found)
}

/// Writes the decision on a pending proposal: one conditional update, so of two people
/// deciding at once one wins and the other learns it was decided.
async fn decide(
    db: &impl ConnectionTrait,
    found: Proposal,
    decision: Decision,
) -> Result<Proposal, ProposalError> {
    let id = found.id;
    let updated = proposal::Entity::update_many()
        .col_expr(Column::State, Expr::value(decision.state))
        .col_expr(Column::DecidedBy, Expr::value(decision.by))
        .col_expr(Column::DecidedAt, Expr::value(decision.at))
        .col_expr(Column::Reason, Expr::value(decision.reason.clone()))
        .col_expr(Column::TermId, Expr::value(decision.term_id))
        .filter(Column::Id.eq(id))
        .filter(Column::State.eq(ProposalState::Pending))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        return Err(ProposalError::Decided(id));
    }
    Ok(Proposal {
        state: decision.state,
        decided_by: Some(decision.by),
        decided_at: Some(decision.at),
        reason: decision.reason,
        term_id: decision.term_id,
        ..found
    })
}

struct Decision {
    state: ProposalState,
    by: i32,
    at: OffsetDateTime,
    reason: Option<String>,
    term_id: Option<i32>,
}

/// Accepts a pending proposal of the client: its entry is added to the termbase and the
/// proposal records it, both or neither.
pub async fn accept(
    db: &DatabaseConnection,
    client_id: i32,
    id: i32,
    by: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(Proposal, Term), ProposalError> {
    let txn = begin_write(db).await?;
    let found = pending(&txn, client_id, id).await?;
    let term = terminology::create(
        &txn,
        client_id,
        entry(
            &found.source_lang,
            &found.target_lang,
            &found.source,
            &found.target,
            found.note.as_deref(),
        ),
        now,
    )
    .await?;
    let decision = Decision {
        state: ProposalState::Accepted,
        by,
        at: now,
        reason: None,
        term_id: Some(term.id),
    };
    let accepted = decide(&txn, found, decision).await?;
    events::term_proposal_answered(&txn, &notice(&accepted), mail, now).await?;
    txn.commit().await?;
    Ok((accepted, term))
}

/// Refuses a pending proposal of the client, with the reason when one is given.
pub async fn refuse(
    db: &DatabaseConnection,
    client_id: i32,
    id: i32,
    by: i32,
    reason: Option<String>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Proposal, ProposalError> {
    let reason = reason
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > wordmark_core::terms::MAX_NOTE_CHARS)
    {
        return Err(ProposalError::Invalid(format!(
            "The reason is longer than {} characters.",
            wordmark_core::terms::MAX_NOTE_CHARS
        )));
    }
    let txn = begin_write(db).await?;
    let found = pending(&txn, client_id, id).await?;
    let decision = Decision {
        state: ProposalState::Refused,
        by,
        at: now,
        reason,
        term_id: None,
    };
    let refused = decide(&txn, found, decision).await?;
    events::term_proposal_answered(&txn, &notice(&refused), mail, now).await?;
    txn.commit().await?;
    Ok(refused)
}
