//! Sign-in throttling: after [`MAX_FAILURES`] failed attempts for one username, or from one
//! address, within [`WINDOW`], further attempts are refused until the window has moved on.
//!
//! Unknown review-link tokens are throttled by address the same way, in the same table, under
//! a name no username can have ([`REVIEW_LINK`]): [`REVIEW_LINK_MAX_FAILURES`] within
//! [`REVIEW_LINK_WINDOW`]. The two do not count each other's failures.

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, sea_query::IntoCondition,
};
use time::OffsetDateTime;

use crate::db::entities::login_attempt;

pub const MAX_FAILURES: u64 = 10;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
pub const REVIEW_LINK_MAX_FAILURES: u64 = 20;
/// Shorter than [`WINDOW`], which [`record_failure`] prunes by.
pub const REVIEW_LINK_WINDOW: Duration = Duration::from_secs(10 * 60);
/// The name review-link failures are recorded under: usernames cannot contain a space.
const REVIEW_LINK: &str = "review link";

/// When sign-in opens again for this username and address, or `None` when it is open now.
pub async fn blocked_until(
    db: &DatabaseConnection,
    username: &str,
    address: &str,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, DbErr> {
    use login_attempt::Column as A;
    let by_username = unblocks_at(db, A::Username.eq(username), now, LOGIN).await?;
    let of_address = Condition::all()
        .add(A::Address.eq(address))
        .add(A::Username.ne(REVIEW_LINK));
    let by_address = unblocks_at(db, of_address, now, LOGIN).await?;
    Ok(by_username.max(by_address))
}

/// When review links open again for this address, or `None` when they are open now.
pub async fn review_link_blocked_until(
    db: &DatabaseConnection,
    address: &str,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, DbErr> {
    use login_attempt::Column as A;
    let filter = Condition::all()
        .add(A::Address.eq(address))
        .add(A::Username.eq(REVIEW_LINK));
    let limits = (REVIEW_LINK_MAX_FAILURES, REVIEW_LINK_WINDOW);
    unblocks_at(db, filter, now, limits).await
}

/// Records an unknown review-link token tried from `address`.
pub async fn record_review_link_failure(
    db: &DatabaseConnection,
    address: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    record_failure(db, REVIEW_LINK, address, now).await
}

const LOGIN: (u64, Duration) = (MAX_FAILURES, WINDOW);

/// With N ≥ `max` failures in the `window`, access reopens when the `max`-th most recent one
/// leaves the window (then fewer than `max` remain).
async fn unblocks_at(
    db: &DatabaseConnection,
    filter: impl IntoCondition,
    now: OffsetDateTime,
    (max, window): (u64, Duration),
) -> Result<Option<OffsetDateTime>, DbErr> {
    let attempt = login_attempt::Entity::find()
        .filter(filter)
        .filter(login_attempt::Column::AttemptedAt.gt(now - window))
        .order_by_desc(login_attempt::Column::AttemptedAt)
        .offset(max - 1)
        .one(db)
        .await?;
    Ok(attempt.map(|a| a.attempted_at + window))
}

pub async fn record_failure(
    db: &DatabaseConnection,
    username: &str,
    address: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    // Attempts older than the window no longer count; pruning here needs no timer.
    login_attempt::Entity::delete_many()
        .filter(login_attempt::Column::AttemptedAt.lte(now - WINDOW))
        .exec(db)
        .await?;
    login_attempt::ActiveModel {
        username: Set(username.to_owned()),
        address: Set(address.to_owned()),
        attempted_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Forgets the failures of a username after it signed in successfully.
pub async fn clear(db: &DatabaseConnection, username: &str) -> Result<(), DbErr> {
    login_attempt::Entity::delete_many()
        .filter(login_attempt::Column::Username.eq(username))
        .exec(db)
        .await?;
    Ok(())
}

/// "Try again in N minutes", rounded up so the user never comes back too early.
pub fn minutes_until(until: OffsetDateTime, now: OffsetDateTime) -> u64 {
    let secs = (until - now).whole_seconds().max(1) as u64;
    secs.div_ceil(60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_round_up() {
        let now = OffsetDateTime::UNIX_EPOCH;
        assert_eq!(minutes_until(now + Duration::from_secs(1), now), 1);
        assert_eq!(minutes_until(now + Duration::from_secs(60), now), 1);
        assert_eq!(minutes_until(now + Duration::from_secs(61), now), 2);
        assert_eq!(minutes_until(now + WINDOW, now), 15);
        assert_eq!(minutes_until(now, now), 1);
    }
}
