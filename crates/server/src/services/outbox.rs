//! The mail outbox (`mail_outbox`), its only reader and writer. A mail is [`enqueue`]d in the
//! transaction of the event it tells of, so it exists exactly when the event does; the
//! [`worker`] delivers it later. Delivery is claimed per mail with a lease ([`claim`]: one
//! conditional `UPDATE`, which one instance wins on SQLite and PostgreSQL alike), so several
//! instances on one database send each mail once, and a mail whose sender died is taken over
//! when its lease ends.
//!
//! A failed attempt is retried after an exponential backoff ([`backoff`]: 1 minute, doubling,
//! at most 4 hours); after [`MAX_ATTEMPTS`] attempts (about 8 hours of trying) the mail is
//! given up and waits for an administrator's [`retry`]. Once delivered, a mail keeps its
//! envelope and loses its bodies, which may carry single-use links; the envelope is deleted
//! [`DELIVERED_RETENTION`] later ([`purge_delivered`]).
//!
//! The one case that can send a mail twice is a crash between the SMTP server accepting it and
//! the delivery being written: SMTP has no way to ask whether a message arrived.

pub mod worker;

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::{
    db::{
        entities::mail_outbox::{self as outbox, Column},
        listing::{Listing, Window},
    },
    services::mail,
};

/// A mail of the outbox as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub recipient: String,
    pub recipient_name: Option<String>,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    pub created_at: time::OffsetDateTime,
    /// Delivery attempts made so far.
    pub attempts: i32,
    /// Not sent before this time (the backoff after a failure).
    pub next_attempt_at: time::OffsetDateTime,
    /// The instance sending it, until `lease_until`.
    pub lease_owner: Option<String>,
    pub lease_until: Option<time::OffsetDateTime>,
    pub delivered_at: Option<time::OffsetDateTime>,
    pub last_error: Option<String>,
    /// No more attempts are made (an administrator may retry it).
    pub given_up: bool,
}

impl From<outbox::Model> for QueuedMail {
    fn from(row: outbox::Model) -> Self {
        Self {
            id: row.id,
            recipient: row.recipient,
            recipient_name: row.recipient_name,
            subject: row.subject,
            body_text: row.body_text,
            body_html: row.body_html,
            created_at: row.created_at,
            attempts: row.attempts,
            next_attempt_at: row.next_attempt_at,
            lease_owner: row.lease_owner,
            lease_until: row.lease_until,
            delivered_at: row.delivered_at,
            last_error: row.last_error,
            given_up: row.given_up,
        }
    }
}

/// Attempts before a mail is given up.
pub const MAX_ATTEMPTS: i32 = 10;
/// The wait after the first failure; it doubles with each further one.
const FIRST_BACKOFF: Duration = Duration::from_secs(60);
/// The longest wait between two attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(4 * 3600);
/// How long a delivered mail's envelope (recipient, subject, times) is kept.
pub const DELIVERED_RETENTION: Duration = Duration::from_secs(30 * 24 * 3600);
/// Characters of an SMTP error kept with the mail.
const ERROR_MAX_CHARS: usize = 1000;

/// A mail to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub to_name: Option<String>,
    pub subject: String,
    pub text: String,
    /// An HTML alternative of `text`, when there is one.
    pub html: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("There is no mail {0} in the outbox.")]
    NotFound(i64),
    #[error("Mail {0} was delivered already.")]
    Delivered(i64),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Which mails a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MailState {
    /// Not delivered yet and still tried.
    Pending,
    /// Not delivered, and at least one attempt failed (given up or not).
    Failed,
    /// No longer tried: waits for an administrator's retry.
    GivenUp,
    Delivered,
}

/// Puts `mail` into the outbox as of `now`, inside the caller's transaction `db`. The user
/// text it quotes is made safe here, for every mail: its subject and recipient's name one line
/// of bounded length, its bodies without control or bidirectional formatting characters.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    mail: Mail,
    now: OffsetDateTime,
) -> Result<i64, DbErr> {
    let row = outbox::ActiveModel {
        recipient: Set(mail.to),
        recipient_name: Set(mail.to_name.as_deref().map(mail::header_text)),
        subject: Set(mail::header_text(&mail.subject)),
        body_text: Set(mail::body_text(&mail.text)),
        body_html: Set(mail.html.as_deref().map(mail::body_text)),
        created_at: Set(now),
        attempts: Set(0),
        next_attempt_at: Set(now),
        given_up: Set(false),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Mails that may be sent at `now`: not delivered, not given up, their backoff over, and
/// nobody's lease on them.
fn due(now: OffsetDateTime) -> Condition {
    Condition::all()
        .add(Column::DeliveredAt.is_null())
        .add(Column::GivenUp.eq(false))
        .add(Column::NextAttemptAt.lte(now))
        .add(
            Condition::any()
                .add(Column::LeaseOwner.is_null())
                .add(Column::LeaseUntil.lt(now)),
        )
}

/// The ids of up to `limit` mails due at `now`, oldest first.
pub async fn due_ids(
    db: &impl ConnectionTrait,
    now: OffsetDateTime,
    limit: u64,
) -> Result<Vec<i64>, DbErr> {
    outbox::Entity::find()
        .select_only()
        .column(Column::Id)
        .filter(due(now))
        .order_by_asc(Column::NextAttemptAt)
        .order_by_asc(Column::Id)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await
}

/// Takes mail `id` for `owner` until `now + lease` when it is still due: one conditional
/// update, so of several instances trying at once exactly one gets it. The mail when won.
pub async fn claim(
    db: &impl ConnectionTrait,
    id: i64,
    owner: &str,
    now: OffsetDateTime,
    lease: Duration,
) -> Result<Option<QueuedMail>, DbErr> {
    let claimed = outbox::Entity::update_many()
        .col_expr(Column::LeaseOwner, Expr::value(owner))
        .col_expr(Column::LeaseUntil, Expr::value(now + lease))
        .filter(Column::Id.eq(id))
        .filter(due(now))
        .exec(db)
        .await?;
    if claimed.rows_affected != 1 {
        return Ok(None);
    }
    Ok(outbox::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(QueuedMail::from))
}

/// Records that `owner` delivered `mail` at `now` and drops its bodies. False when `owner` had
/// lost the lease meanwhile (it outlasted its lease, and another instance took the mail over).
pub async fn delivered(
    db: &impl ConnectionTrait,
    mail: &QueuedMail,
    owner: &str,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let updated = outbox::Entity::update_many()
        .col_expr(Column::DeliveredAt, Expr::value(now))
        .col_expr(Column::Attempts, Expr::value(mail.attempts + 1))
        .col_expr(Column::BodyText, Expr::value(""))
        .col_expr(Column::BodyHtml, Expr::value(Option::<String>::None))
        .col_expr(Column::LeaseOwner, Expr::value(Option::<String>::None))
        .col_expr(
            Column::LeaseUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .filter(Column::Id.eq(mail.id))
        .filter(Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}

/// Records a failed attempt of `owner` at `now`: the next one after the [`backoff`], or none
/// after [`MAX_ATTEMPTS`].
pub async fn failed(
    db: &impl ConnectionTrait,
    mail: &QueuedMail,
    owner: &str,
    now: OffsetDateTime,
    error: &str,
) -> Result<(), DbErr> {
    let attempts = mail.attempts + 1;
    let error: String = error.chars().take(ERROR_MAX_CHARS).collect();
    outbox::Entity::update_many()
        .col_expr(Column::Attempts, Expr::value(attempts))
        .col_expr(Column::NextAttemptAt, Expr::value(now + backoff(attempts)))
        .col_expr(Column::GivenUp, Expr::value(attempts >= MAX_ATTEMPTS))
        .col_expr(Column::LastError, Expr::value(error))
        .col_expr(Column::LeaseOwner, Expr::value(Option::<String>::None))
        .col_expr(
            Column::LeaseUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .filter(Column::Id.eq(mail.id))
        .filter(Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(())
}

/// Deletes the mails delivered before `cutoff`; how many. Mails not delivered stay, however
/// old: an administrator may still retry them.
pub async fn purge_delivered(
    db: &impl ConnectionTrait,
    cutoff: OffsetDateTime,
) -> Result<u64, DbErr> {
    let deleted = outbox::Entity::delete_many()
        .filter(Column::DeliveredAt.lt(cutoff))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected)
}

/// The wait after the `attempts`-th failed attempt: 1 minute, doubling, at most 4 hours.
pub fn backoff(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    (FIRST_BACKOFF * 2u32.pow(doublings)).min(MAX_BACKOFF)
}

/// One page of the mails in `state`, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    state: MailState,
    window: Window,
) -> Result<Listing<QueuedMail>, DbErr> {
    let condition = match state {
        MailState::Pending => Condition::all()
            .add(Column::DeliveredAt.is_null())
            .add(Column::GivenUp.eq(false)),
        MailState::Failed => Condition::all()
            .add(Column::DeliveredAt.is_null())
            .add(Column::LastError.is_not_null()),
        MailState::GivenUp => Condition::all()
            .add(Column::DeliveredAt.is_null())
            .add(Column::GivenUp.eq(true)),
        MailState::Delivered => Condition::all().add(Column::DeliveredAt.is_not_null()),
    };
    let query = outbox::Entity::find().filter(condition);
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?
        .into_iter()
        .map(QueuedMail::from)
        .collect();
    Ok(Listing { rows, total })
}

/// Sends mail `id` again from `now` with a fresh set of attempts (an administrator's retry).
pub async fn retry(
    db: &impl ConnectionTrait,
    id: i64,
    now: OffsetDateTime,
) -> Result<QueuedMail, OutboxError> {
    let mail = outbox::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(OutboxError::NotFound(id))?;
    if mail.delivered_at.is_some() {
        return Err(OutboxError::Delivered(id));
    }
    let mut active: outbox::ActiveModel = mail.into();
    active.attempts = Set(0);
    active.given_up = Set(false);
    active.next_attempt_at = Set(now);
    Ok(active.update(db).await?.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_from_a_minute_up_to_four_hours() {
        let minutes = |attempts| backoff(attempts).as_secs() / 60;
        assert_eq!(
            (1..=9).map(minutes).collect::<Vec<_>>(),
            [1, 2, 4, 8, 16, 32, 64, 128, 240]
        );
        assert_eq!(minutes(MAX_ATTEMPTS + 100), 240);
    }
}
