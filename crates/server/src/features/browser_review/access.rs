//! The customer's credential: the token in the path. [`Reviewer`] finds its link (only the
//! token's SHA-256 is looked up), refuses an expired or revoked one (410) and an unknown one
//! (404), and throttles unknown tokens per client address (429 with `Retry-After`). A personal
//! link (a customer's own, bound to their account) needs that account's session besides its
//! token: without a session 401, with another account's 403, checked before anything about the
//! link is told, so that a leaked token of a personal link opens nothing.

use axum::{
    extract::{FromRequestParts, RawPathParams},
    http::request::Parts,
};
use time::format_description::well_known::Rfc3339;

use crate::{
    db,
    http::{
        auth::{CurrentUser, peer_address},
        error::{ApiError, ApiResult},
    },
    services::{
        audit::Actor,
        reviews,
        tokens::{self, throttle},
    },
    state::AppState,
};

/// A request through a valid (not expired, not revoked) review link.
#[derive(Debug, Clone)]
pub struct Reviewer {
    pub link: reviews::Link,
    pub address: Option<String>,
}

impl Reviewer {
    /// Submitted: the customer sees everything and changes nothing.
    pub fn read_only(&self) -> bool {
        self.link.submitted_at.is_some()
    }

    /// 409 once the review was submitted.
    pub fn ensure_writable(&self) -> ApiResult<()> {
        if self.read_only() {
            return Err(ApiError::Conflict(
                "This review was submitted; nothing can be changed any more.".into(),
            ));
        }
        Ok(())
    }

    /// The name the customer's comments and the audit log show.
    pub fn name(&self) -> String {
        display_name(&self.link)
    }

    /// The account a personal link belongs to: its comments and the audit log name it.
    pub fn user_id(&self) -> Option<i32> {
        self.link.user_id.filter(|_| self.link.personal)
    }

    /// The audit log's actor: the link's name and the client's address, and the account of a
    /// personal link (none for the links staff send).
    pub fn actor(&self) -> Actor {
        Actor {
            user_id: self.user_id(),
            username: self.name(),
            address: self.address.clone(),
        }
    }
}

/// The reviewer's name, or `Review link #id`.
pub fn display_name(link: &reviews::Link) -> String {
    link.reviewer_name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("Review link #{}", link.id))
}

fn date(at: time::OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

impl FromRequestParts<AppState> for Reviewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        valid_link(parts, state, Owner::Checked).await
    }
}

/// Whoever holds a valid link's token, without the personal link's session check: only for
/// the client's logo, which the review shows as an image (an `<img>` sends no session).
#[derive(Debug, Clone)]
pub struct LinkHolder(pub Reviewer);

impl FromRequestParts<AppState> for LinkHolder {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        Ok(LinkHolder(
            valid_link(parts, state, Owner::Unchecked).await?,
        ))
    }
}

/// Whether a personal link's session is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Checked,
    Unchecked,
}

/// A personal link answers only the session of its account.
async fn ensure_owner(parts: &mut Parts, state: &AppState, link: &reviews::Link) -> ApiResult<()> {
    if !link.personal {
        return Ok(());
    }
    let Ok(session) = CurrentUser::from_request_parts(parts, state).await else {
        return Err(ApiError::Unauthorized(
            "This review is personal: sign in to Wordmark with the account it belongs to.".into(),
        ));
    };
    if link.user_id != Some(session.user.id) {
        return Err(ApiError::Forbidden(
            "This review belongs to another account.".into(),
        ));
    }
    Ok(())
}

/// The link of the path's token: throttled, looked up, checked against the session when it is
/// personal (before anything else about it is told), then for its revocation and expiry.
async fn valid_link(parts: &mut Parts, state: &AppState, owner: Owner) -> ApiResult<Reviewer> {
    let params = RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| not_found())?;
    let token = params
        .iter()
        .find_map(|(name, value)| (name == "token").then(|| value.to_owned()))
        .ok_or_else(not_found)?;
    let address = peer_address(&parts.extensions);
    let now = db::now();
    // An address that guessed too often is refused before any lookup, whatever it sends.
    let key = address.clone().unwrap_or_default();
    if let Some(until) = throttle::review_link_blocked_until(&state.db, &key, now).await? {
        return Err(ApiError::TooManyRequests {
            message: format!(
                "Too many unknown review links were tried from your address. Try again in {} minutes.",
                throttle::minutes_until(until, now)
            ),
            retry_after_secs: (until - now).whole_seconds().max(1) as u64,
        });
    }
    let Some(link) = reviews::link_by_hash(&state.db, &tokens::hash(&token)).await? else {
        throttle::record_review_link_failure(&state.db, &key, now).await?;
        return Err(not_found());
    };
    if owner == Owner::Checked {
        ensure_owner(parts, state, &link).await?;
    }
    if let Some(revoked) = link.revoked_at {
        return Err(ApiError::Gone(format!(
            "This review link was revoked on {}. Please ask the agency for a new one.",
            date(revoked)
        )));
    }
    if link.expires_at <= now {
        return Err(ApiError::Gone(format!(
            "This review link expired on {}. Please ask the agency for a new one.",
            date(link.expires_at)
        )));
    }
    Ok(Reviewer { link, address })
}

fn not_found() -> ApiError {
    ApiError::NotFound("This review link does not exist. Please check the address.".into())
}
