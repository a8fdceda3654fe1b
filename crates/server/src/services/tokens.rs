//! Sign-in tokens: 256 random bits handed to the client once, stored only as their SHA-256, with
//! a sliding expiry (`WORDMARK_TOKEN_TTL` after the last use). This module is the only code that
//! writes the `tokens` table; [`throttle`] owns `login_attempts`. Expiry is decided by the `now`
//! each caller passes (the state's clock, which tests move instead of waiting).

pub mod throttle;

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set,
};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::db::entities::{token, user};

/// Refreshing `last_used_at` on every request would turn every read into a write; refreshing
/// at most this often keeps the expiry sliding to within a minute.
const TOUCH_INTERVAL: Duration = Duration::from_secs(60);

pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// `N` random bytes as lowercase hex: a token to hand out once and store as its [`hash`].
pub fn random<const N: usize>() -> String {
    hex::encode(rand::random::<[u8; N]>())
}

/// Creates a token for `user_id` at `now` and returns it in the clear (the only time it exists
/// so).
pub async fn issue(
    db: &DatabaseConnection,
    user_id: i32,
    ttl: Duration,
    now: OffsetDateTime,
) -> Result<String, DbErr> {
    // Expired tokens are useless; dropping them here keeps the table small without a timer.
    token::Entity::delete_many()
        .filter(token::Column::ExpiresAt.lte(now))
        .exec(db)
        .await?;
    let plain = random::<32>();
    token::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(hash(&plain)),
        created_at: Set(now),
        last_used_at: Set(now),
        expires_at: Set(now + ttl),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(plain)
}

/// A valid sign-in: which token, and whose it is, as the caller reads an account.
#[derive(Debug, Clone)]
pub struct Session<U> {
    pub token_id: i32,
    pub user: U,
}

/// The session of `plain` when the token is valid at `now`, its user made into the caller's
/// account type `U` (the accounts service's, which depends on this module and so cannot be
/// named here); slides its expiry forward. One query for the token and its user together.
pub async fn authenticate<U: From<user::Model>>(
    db: &DatabaseConnection,
    plain: &str,
    ttl: Duration,
    now: OffsetDateTime,
) -> Result<Option<Session<U>>, DbErr> {
    let found = token::Entity::find()
        .filter(token::Column::TokenHash.eq(hash(plain)))
        .filter(token::Column::ExpiresAt.gt(now))
        .find_also_related(user::Entity)
        .one(db)
        .await?;
    let Some((token, Some(user))) = found else {
        return Ok(None);
    };
    let token_id = token.id;
    if needs_touch(token.last_used_at, now, ttl) {
        let mut active: token::ActiveModel = token.into();
        active.last_used_at = Set(now);
        active.expires_at = Set(now + ttl);
        active.update(db).await?;
    }
    Ok(Some(Session {
        token_id,
        user: user.into(),
    }))
}

fn needs_touch(last_used: OffsetDateTime, now: OffsetDateTime, ttl: Duration) -> bool {
    // With short TTLs (tests, strict deployments) refresh proportionally more often.
    now - last_used >= TOUCH_INTERVAL.min(ttl / 2)
}

pub async fn revoke(db: &DatabaseConnection, token_id: i32) -> Result<(), DbErr> {
    token::Entity::delete_by_id(token_id).exec(db).await?;
    Ok(())
}

/// Signs a user out everywhere except the session `keep` (after a password change).
pub async fn revoke_others(
    db: &impl sea_orm::ConnectionTrait,
    user_id: i32,
    keep: Option<i32>,
) -> Result<(), DbErr> {
    let mut delete = token::Entity::delete_many().filter(token::Column::UserId.eq(user_id));
    if let Some(keep) = keep {
        delete = delete.filter(token::Column::Id.ne(keep));
    }
    delete.exec(db).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_hash_is_sha256_hex() {
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn touch_happens_at_most_once_a_minute_or_at_half_the_ttl() {
        let t0 = OffsetDateTime::UNIX_EPOCH;
        let hours = Duration::from_secs(12 * 3600);
        assert!(!needs_touch(t0, t0 + Duration::from_secs(59), hours));
        assert!(needs_touch(t0, t0 + Duration::from_secs(60), hours));
        let short = Duration::from_secs(4);
        assert!(!needs_touch(t0, t0 + Duration::from_secs(1), short));
        assert!(needs_touch(t0, t0 + Duration::from_secs(2), short));
    }
}
