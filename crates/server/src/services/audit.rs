//! The audit log (`audit_events`): who did what, when, from which address, to which object.
//! This module is the only code that writes the table: [`record`] after an action, [`purge`]
//! (and the daily [`spawn_purger`]) for the retention.
//!
//! An event is written after the action it describes succeeded, in its own statement, and a
//! failed write never fails the user's action: it is logged at error level with every field of
//! the event (so the server log still holds it) and counted ([`failed_writes`], which the audit
//! view shows). Writing it inside the action's transaction would lose no event, but only for
//! actions that have a transaction to join: a failed sign-in and a download write nothing else,
//! most actions commit inside the services and stores that own their tables, and an audit table
//! that cannot be written (disk full, a locked SQLite file) would then stop all work. The log
//! line is the fallback that keeps the event when the table cannot.
//!
//! What goes into `detail` is built by the handlers from counts, field names and file names;
//! [`Event::with`] still replaces the value of any key that names a secret, as a last guard.
//!
//! Administrators read it filtered and paged ([`list`], with a [`Filter`] of whole UTC days
//! from [`Filter::of_days`]) or as a CSV file ([`export::csv`]).

pub mod export;

use std::{
    collections::HashMap,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use sea_orm::{
    ActiveEnum, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde_json::Value;
use time::{Date, OffsetDateTime, Time, macros::format_description};

// What happened and to what kind of record are values stored in columns: this service's
// vocabulary as they are.
pub use crate::db::entities::audit_event::{AuditAction, TargetKind};
use crate::db::{
    entities::audit_event,
    listing::{Listing, Order, Window},
};
use crate::services::clock::Clock;

/// An entry of the audit log as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    /// UTC, whole seconds (`Clock::now`).
    pub occurred_at: time::OffsetDateTime,
    /// The signed-in user; `None` for a failed sign-in of an unknown name.
    pub user_id: Option<i32>,
    /// The username at the time (for a failed sign-in: the name that was tried).
    pub username: Option<String>,
    /// The client's address (the connection's peer).
    pub address: Option<String>,
    pub action: AuditAction,
    pub target_kind: Option<TargetKind>,
    pub target_id: Option<i32>,
    pub target_label: Option<String>,
    /// A small JSON object: counts, field names, file names. Never a secret.
    pub detail: Option<String>,
}

impl From<audit_event::Model> for AuditEntry {
    fn from(row: audit_event::Model) -> Self {
        Self {
            id: row.id,
            occurred_at: row.occurred_at,
            user_id: row.user_id,
            username: row.username,
            address: row.address,
            action: row.action,
            target_kind: row.target_kind,
            target_id: row.target_id,
            target_label: row.target_label,
            detail: row.detail,
        }
    }
}

/// Column sizes of `m0010_audit_log`: longer values are cut (PostgreSQL would refuse them).
const USERNAME_MAX_CHARS: usize = 64;
const LABEL_MAX_CHARS: usize = 255;
/// A detail is a short note; anything longer is replaced by a notice rather than stored.
const DETAIL_MAX_CHARS: usize = 4000;
/// Keys whose values are never stored, whatever a caller puts there.
const SECRET_KEYS: [&str; 6] = [
    "password", "secret", "token", "api_key", "apikey", "content",
];

/// How often the retention purge runs (and once at start).
const PURGE_INTERVAL: Duration = Duration::from_secs(24 * 3600);

static FAILED_WRITES: AtomicU64 = AtomicU64::new(0);

/// Who acted: the signed-in user, or for a sign-in the name that was tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: Option<i32>,
    pub username: String,
    /// The connection's peer address (there is no trusted proxy to take a forwarded one from).
    pub address: Option<String>,
}

/// What happened, to what, with a short detail.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub action: AuditAction,
    pub target: Option<(TargetKind, Option<i32>, String)>,
    pub detail: Value,
}

impl AuditAction {
    /// This action with no target (sign-in, sign-out, the export of the log itself).
    pub fn event(self) -> Event {
        Event {
            action: self,
            target: None,
            detail: Value::Null,
        }
    }

    /// This action on the object of `kind` with `id`, named `label` at the time.
    pub fn on(
        self,
        kind: TargetKind,
        id: impl Into<Option<i32>>,
        label: impl Into<String>,
    ) -> Event {
        Event {
            target: Some((kind, id.into(), label.into())),
            ..self.event()
        }
    }
}

impl AuditAction {
    /// The name the log stores (and its CSV export shows).
    pub fn stored_name(self) -> String {
        self.to_value()
    }
}

impl TargetKind {
    /// The name the log stores (and its CSV export shows).
    pub fn stored_name(self) -> String {
        self.to_value()
    }
}

impl Event {
    /// Adds the detail; the values of keys that name a secret are replaced.
    pub fn with(mut self, detail: Value) -> Self {
        self.detail = redacted(detail);
        self
    }
}

fn redacted(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(key, value)| {
                    let lower = key.to_ascii_lowercase();
                    if SECRET_KEYS.iter().any(|secret| lower.contains(secret)) {
                        (key, Value::String("[redacted]".into()))
                    } else {
                        (key, redacted(value))
                    }
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(redacted).collect()),
        other => other,
    }
}

fn cut(value: &str, max_chars: usize) -> String {
    value.chars().take(max_chars).collect()
}

fn detail_text(detail: &Value) -> Option<String> {
    if detail.is_null() {
        return None;
    }
    let text = detail.to_string();
    Some(if text.chars().count() > DETAIL_MAX_CHARS {
        format!(r#"{{"omitted":"the detail was longer than {DETAIL_MAX_CHARS} characters"}}"#)
    } else {
        text
    })
}

/// Stores `event` as done now by `actor`. Never fails: see the module's documentation.
pub async fn record(db: &impl ConnectionTrait, actor: &Actor, event: Event, now: OffsetDateTime) {
    let (target_kind, target_id, target_label) = match &event.target {
        Some((kind, id, label)) => (Some(*kind), *id, Some(cut(label, LABEL_MAX_CHARS))),
        None => (None, None, None),
    };
    let detail = detail_text(&event.detail);
    let row = audit_event::ActiveModel {
        occurred_at: Set(now),
        user_id: Set(actor.user_id),
        username: Set(Some(cut(&actor.username, USERNAME_MAX_CHARS))),
        address: Set(actor.address.clone()),
        action: Set(event.action),
        target_kind: Set(target_kind),
        target_id: Set(target_id),
        target_label: Set(target_label),
        detail: Set(detail.clone()),
        ..Default::default()
    };
    if let Err(error) = audit_event::Entity::insert(row).exec(db).await {
        FAILED_WRITES.fetch_add(1, Ordering::Relaxed);
        tracing::error!(
            %error,
            action = ?event.action,
            user_id = actor.user_id,
            username = %actor.username,
            address = actor.address.as_deref().unwrap_or("unknown"),
            target = ?event.target,
            detail = detail.as_deref().unwrap_or(""),
            "the audit event could not be stored"
        );
    }
}

/// Audit events this process could not store since it started.
pub fn failed_writes() -> u64 {
    FAILED_WRITES.load(Ordering::Relaxed)
}

/// Which events to list or export; `None` filters nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub action: Option<AuditAction>,
    /// The actor's username at the time, exactly.
    pub username: Option<String>,
    pub target_kind: Option<TargetKind>,
    /// From this moment on (inclusive).
    pub from: Option<OffsetDateTime>,
    /// Before this moment (exclusive).
    pub before: Option<OffsetDateTime>,
}

/// What a filter refuses.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("The date {param}=\"{value}\" is not a day: write it as YYYY-MM-DD.")]
    NotADay { param: &'static str, value: String },
    #[error("The range from {from} to {to} is empty: the first day comes after the last.")]
    EmptyRange { from: Date, to: Date },
}

/// Which events, as people ask: every filter is optional, blank values filter nothing, and
/// dates are UTC days.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayFilter {
    /// Only this action.
    pub action: Option<AuditAction>,
    /// Only events of this user (the username at the time, exactly).
    pub username: Option<String>,
    /// Only events about this kind of object.
    pub target_kind: Option<TargetKind>,
    /// From this day on, `YYYY-MM-DD` (UTC).
    pub from: Option<String>,
    /// Up to and including this day, `YYYY-MM-DD` (UTC).
    pub to: Option<String>,
}

impl Filter {
    /// The filter of whole days: from the start of `from` to the end of `to` (inclusive).
    pub fn of_days(days: DayFilter) -> Result<Self, AuditError> {
        let text =
            |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let day = |param: &'static str, value: String| {
            Date::parse(&value, format_description!("[year]-[month]-[day]"))
                .map_err(|_| AuditError::NotADay { param, value })
        };
        let from = text(days.from).map(|v| day("from", v)).transpose()?;
        let to = text(days.to).map(|v| day("to", v)).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(AuditError::EmptyRange { from, to });
        }
        let midnight = |date: Date| OffsetDateTime::new_utc(date, Time::MIDNIGHT);
        Ok(Self {
            action: days.action,
            username: text(days.username),
            target_kind: days.target_kind,
            from: from.map(midnight),
            before: to.and_then(Date::next_day).map(midnight),
        })
    }

    fn select(&self) -> Select<audit_event::Entity> {
        use audit_event::Column as C;
        let mut condition = Condition::all();
        if let Some(action) = self.action {
            condition = condition.add(C::Action.eq(action));
        }
        if let Some(username) = &self.username {
            condition = condition.add(C::Username.eq(username.as_str()));
        }
        if let Some(kind) = self.target_kind {
            condition = condition.add(C::TargetKind.eq(kind));
        }
        if let Some(from) = self.from {
            condition = condition.add(C::OccurredAt.gte(from));
        }
        if let Some(before) = self.before {
            condition = condition.add(C::OccurredAt.lt(before));
        }
        audit_event::Entity::find().filter(condition)
    }
}

/// Newest first; the id orders events of the same second.
fn newest_first(select: Select<audit_event::Entity>) -> Select<audit_event::Entity> {
    select
        .order_by_desc(audit_event::Column::OccurredAt)
        .order_by_desc(audit_event::Column::Id)
}

/// One page of the matching events in time order (`Desc`: newest first), and how many match
/// in all.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &Filter,
    window: Window,
    order: Order,
) -> Result<Listing<AuditEntry>, DbErr> {
    let total = filter.select().count(db).await?;
    let rows = filter
        .select()
        .order_by(audit_event::Column::OccurredAt, order.into())
        .order_by(audit_event::Column::Id, order.into())
        .limit(window.limit)
        .offset(window.offset)
        .all(db)
        .await?
        .into_iter()
        .map(AuditEntry::from)
        .collect();
    Ok(Listing { rows, total })
}

/// Up to `size` matching events older than `after` (the last event of the previous batch),
/// newest first: the export reads the log in batches, each an index range, however long it is.
pub async fn batch_after(
    db: &impl ConnectionTrait,
    filter: &Filter,
    after: Option<&AuditEntry>,
    size: u64,
) -> Result<Vec<AuditEntry>, DbErr> {
    use audit_event::Column as C;
    let mut select = filter.select();
    if let Some(last) = after {
        select = select.filter(
            Condition::any()
                .add(C::OccurredAt.lt(last.occurred_at))
                .add(
                    Condition::all()
                        .add(C::OccurredAt.eq(last.occurred_at))
                        .add(C::Id.lt(last.id)),
                ),
        );
    }
    let rows = newest_first(select).limit(size).all(db).await?;
    Ok(rows.into_iter().map(AuditEntry::from).collect())
}

/// The last successful sign-in of each of `user_ids` that the log still holds.
pub async fn last_sign_ins(
    db: &impl ConnectionTrait,
    user_ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, OffsetDateTime>, DbErr> {
    use audit_event::Column as C;
    let rows: Vec<(Option<i32>, OffsetDateTime)> = audit_event::Entity::find()
        .select_only()
        .column(C::UserId)
        .column_as(C::OccurredAt.max(), "last")
        .filter(C::Action.eq(AuditAction::SignIn))
        .filter(C::UserId.is_in(user_ids))
        .group_by(C::UserId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(user_id, at)| Some((user_id?, at)))
        .collect())
}

/// Deletes the events that happened before `cutoff`; returns how many.
pub async fn purge(db: &impl ConnectionTrait, cutoff: OffsetDateTime) -> Result<u64, DbErr> {
    let deleted = audit_event::Entity::delete_many()
        .filter(audit_event::Column::OccurredAt.lt(cutoff))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected)
}

/// Purges the events older than `retention` now and then once a day, for as long as the
/// runtime runs. Several instances on one database purge the same rows; the second finds none.
pub fn spawn_purger(db: DatabaseConnection, retention: Duration, clock: Clock) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(PURGE_INTERVAL);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match purge(&db, clock.now() - retention).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "audit events past the retention purged"),
                Err(error) => {
                    tracing::warn!(%error, "purging old audit events failed; tomorrow's round tries again");
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use crate::services::clock::TEST_NOW;
    use serde_json::json;
    use time::macros::datetime;

    use super::*;
    use crate::db::scratch::Scratch;

    fn days(from: &str, to: &str) -> Result<Filter, AuditError> {
        Filter::of_days(DayFilter {
            from: Some(from.into()),
            to: Some(to.into()),
            ..Default::default()
        })
    }

    #[test]
    fn days_are_whole_utc_days_and_the_last_one_counts() {
        let f = days("2026-02-28", "2026-02-28").unwrap();
        assert_eq!(f.from, Some(datetime!(2026-02-28 0:00 UTC)));
        assert_eq!(f.before, Some(datetime!(2026-03-01 0:00 UTC)));
        let blank = days(" ", "").unwrap();
        assert_eq!((blank.from, blank.before), (None, None));
    }

    #[test]
    fn bad_dates_and_empty_ranges_are_named() {
        let err = days("yesterday", "").unwrap_err();
        assert!(err.to_string().contains("from=\"yesterday\""), "{err}");
        let err = days("2026-03-02", "2026-03-01").unwrap_err();
        assert!(err.to_string().contains("first day comes after"), "{err}");
    }

    /// The first page of `size` events, newest first, after `skip`.
    fn page(size: u64, skip: u64) -> (Window, Order) {
        (
            Window {
                limit: size,
                offset: skip,
            },
            Order::Desc,
        )
    }

    fn actor(username: &str) -> Actor {
        Actor {
            user_id: Some(7),
            username: username.into(),
            address: Some("192.0.2.1".into()),
        }
    }

    #[test]
    fn secrets_never_reach_the_detail() {
        let event = AuditAction::UserChanged.event().with(json!({
            "fields": ["email", "password"],
            "password": "hunter2",
            "nested": [{ "api_key": "k-123", "Token": "t", "files": 2 }],
        }));
        assert_eq!(
            event.detail,
            json!({
                "fields": ["email", "password"],
                "password": "[redacted]",
                "nested": [{ "api_key": "[redacted]", "Token": "[redacted]", "files": 2 }],
            })
        );
    }

    #[test]
    fn long_details_are_replaced_by_a_notice() {
        assert_eq!(detail_text(&Value::Null), None);
        assert_eq!(detail_text(&json!({"a": 1})).as_deref(), Some(r#"{"a":1}"#));
        let long = detail_text(&json!({ "files": "x".repeat(5000) })).unwrap();
        assert!(long.contains("omitted"), "{long}");
    }

    #[tokio::test]
    async fn a_failed_write_is_counted_and_does_not_fail() {
        // A database without the table: the insert fails.
        let db = crate::db::connect("sqlite::memory:").await.unwrap();
        let before = failed_writes();
        record(&db, &actor("ann"), AuditAction::SignOut.event(), TEST_NOW).await;
        assert!(failed_writes() > before);
    }

    #[tokio::test]
    async fn events_are_listed_newest_first_filtered_and_purged_by_time() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let long_name = "u".repeat(100);
        record(db, &actor("ann"), AuditAction::SignIn.event(), TEST_NOW).await;
        record(
            db,
            &actor(&long_name),
            AuditAction::ClientCreated.on(TargetKind::Client, 3, "L".repeat(300)),
            TEST_NOW,
        )
        .await;
        record(
            db,
            &actor("ann"),
            AuditAction::ClientDeleted.on(TargetKind::Client, 3, "Acme"),
            TEST_NOW,
        )
        .await;

        let (window, order) = page(10, 0);
        let Listing { rows: all, total } =
            list(db, &Filter::default(), window, order).await.unwrap();
        assert_eq!(total, 3);
        let actions: Vec<AuditAction> = all.iter().map(|e| e.action).collect();
        assert_eq!(
            actions,
            [
                AuditAction::ClientDeleted,
                AuditAction::ClientCreated,
                AuditAction::SignIn
            ]
        );
        assert_eq!(all[1].username.as_deref().map(str::len), Some(64));
        assert_eq!(all[1].target_label.as_deref().map(str::len), Some(255));
        assert_eq!(all[0].address.as_deref(), Some("192.0.2.1"));

        let by_ann = Filter {
            username: Some("ann".into()),
            ..Default::default()
        };
        let (window, order) = page(1, 1);
        let Listing { rows, total } = list(db, &by_ann, window, order).await.unwrap();
        assert_eq!((rows[0].action, total), (AuditAction::SignIn, 2));
        let clients = Filter {
            target_kind: Some(TargetKind::Client),
            action: Some(AuditAction::ClientCreated),
            ..Default::default()
        };
        let (window, order) = page(10, 0);
        assert_eq!(list(db, &clients, window, order).await.unwrap().total, 1);
        let now = TEST_NOW;
        let future = Filter {
            from: Some(now + Duration::from_secs(60)),
            ..Default::default()
        };
        assert_eq!(list(db, &future, window, order).await.unwrap().total, 0);
        let past = Filter {
            before: Some(now + Duration::from_secs(60)),
            ..Default::default()
        };
        assert_eq!(list(db, &past, window, order).await.unwrap().total, 3);

        // Batches continue after the last event of the previous one, ties by id included.
        let first = batch_after(db, &Filter::default(), None, 2).await.unwrap();
        let rest = batch_after(db, &Filter::default(), first.last(), 2)
            .await
            .unwrap();
        let ids: Vec<i64> = first.iter().chain(&rest).map(|e| e.id).collect();
        let listed: Vec<i64> = all.iter().map(|e| e.id).collect();
        assert_eq!(ids, listed);

        assert_eq!(purge(db, now - Duration::from_secs(3600)).await.unwrap(), 0);
        assert_eq!(purge(db, now + Duration::from_secs(1)).await.unwrap(), 3);
        let (window, order) = page(10, 0);
        assert_eq!(
            list(db, &Filter::default(), window, order)
                .await
                .unwrap()
                .total,
            0
        );
        scratch.remove().await;
    }
}
