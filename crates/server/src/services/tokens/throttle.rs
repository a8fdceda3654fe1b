//! Sign-in throttling: after [`MAX_FAILURES`] failed attempts for one username, or from one
//! address, within [`WINDOW`], further attempts are refused until the window has moved on.

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use time::OffsetDateTime;

use crate::db::entities::login_attempt;

pub const MAX_FAILURES: u64 = 10;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

/// When sign-in opens again for this username and address, or `None` when it is open now.
pub async fn blocked_until(
    db: &DatabaseConnection,
    username: &str,
    address: &str,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, DbErr> {
    let by_username = unblocks_at(db, login_attempt::Column::Username.eq(username), now).await?;
    let by_address = unblocks_at(db, login_attempt::Column::Address.eq(address), now).await?;
    Ok(by_username.max(by_address))
}

/// With N ≥ MAX_FAILURES failures in the window, sign-in reopens when the MAX_FAILURES-th most
/// recent one leaves the window (then fewer than MAX_FAILURES remain).
async fn unblocks_at(
    db: &DatabaseConnection,
    filter: sea_orm::sea_query::SimpleExpr,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, DbErr> {
    let attempt = login_attempt::Entity::find()
        .filter(filter)
        .filter(login_attempt::Column::AttemptedAt.gt(now - WINDOW))
        .order_by_desc(login_attempt::Column::AttemptedAt)
        .offset(MAX_FAILURES - 1)
        .one(db)
        .await?;
    Ok(attempt.map(|a| a.attempted_at + WINDOW))
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
