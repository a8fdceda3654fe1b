//! Who a review link admits. The token is the credential: only its SHA-256 is looked up, and an
//! address that tried too many unknown tokens is refused before any lookup, whatever it sends.
//! A personal link (a customer's own, bound to their account) admits only that account's
//! session, and only while the account is a customer of the project's client: it follows the
//! account's current clients and role, as every other record a customer reaches does. That is
//! checked before anything else about the link is told, so that a leaked token of a personal
//! link opens nothing. Then a revoked or expired link is refused.

use sea_orm::DatabaseConnection;
use time::OffsetDateTime;

use super::ReviewError;
use crate::{
    db::entities::user::Role,
    policy::{self, ClientScope, Permission},
    services::{
        reviews::{self, Link},
        tokens::{self, throttle},
        translation,
    },
};

/// The signed-in account a request carries, as the token check found it.
pub struct Session<'a> {
    pub user_id: i32,
    pub role: Role,
    /// The account's clients now (loaded with the token check of this request).
    pub scope: &'a ClientScope,
}

/// A link found by its token, not admitted yet.
pub struct Found(Link);

impl Found {
    /// A personal link admits only a session: the caller loads it for these only.
    pub fn personal(&self) -> bool {
        self.0.personal
    }

    /// The link, when `session` may use it at `now`.
    pub async fn admit(
        self,
        db: &DatabaseConnection,
        session: Option<Session<'_>>,
        now: OffsetDateTime,
    ) -> Result<Link, ReviewError> {
        if self.0.personal {
            ensure_owner(db, &self.0, session).await?;
        }
        self.admit_holder(now)
    }

    /// The link for whoever holds its token, without a personal link's session check: only
    /// for what the review shows as an image (the client's logo), since an `<img>` sends no
    /// session.
    pub fn admit_holder(self, now: OffsetDateTime) -> Result<Link, ReviewError> {
        let link = self.0;
        if let Some(revoked) = link.revoked_at {
            return Err(ReviewError::LinkRevoked(revoked));
        }
        if link.expires_at <= now {
            return Err(ReviewError::LinkExpired(link.expires_at));
        }
        Ok(link)
    }
}

/// The link of `token`, tried from `address` at `now`: throttled per address, an unknown token
/// counted as a failure of that address.
pub async fn find(
    db: &DatabaseConnection,
    token: &str,
    address: &str,
    now: OffsetDateTime,
) -> Result<Found, ReviewError> {
    if let Some(until) = throttle::review_link_blocked_until(db, address, now).await? {
        return Err(ReviewError::Throttled {
            minutes: throttle::minutes_until(until, now),
            retry_after_secs: (until - now).whole_seconds().max(1) as u64,
        });
    }
    match reviews::link_by_hash(db, &tokens::hash(token)).await? {
        Some(link) => Ok(Found(link)),
        None => {
            throttle::record_review_link_failure(db, address, now).await?;
            Err(ReviewError::LinkNotFound)
        }
    }
}

/// A personal link answers only its account's session, and only while that account may open
/// its own reviews of the project's client.
async fn ensure_owner(
    db: &DatabaseConnection,
    link: &Link,
    session: Option<Session<'_>>,
) -> Result<(), ReviewError> {
    let session = session.ok_or(ReviewError::SignInRequired)?;
    if link.user_id != Some(session.user_id) {
        return Err(ReviewError::AnotherAccount);
    }
    let client = translation::projects::head(db, link.project_id)
        .await?
        .map(|project| project.client_id);
    let reaches = policy::allows(session.role, Permission::ReviewsOwn)
        && client.is_some_and(|client| session.scope.includes(client));
    if !reaches {
        return Err(ReviewError::NotAReviewer);
    }
    Ok(())
}
