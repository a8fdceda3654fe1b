//! The customer's credential: the token in the path. [`Reviewer`] hands it, the client's
//! address and (for a personal link) the session to `services::browser_review::access`, which
//! decides whether the link admits the request.

use axum::{
    extract::{FromRequestParts, RawPathParams},
    http::request::Parts,
};

use crate::{
    http::{
        auth::{CurrentUser, peer_address},
        error::{ApiError, ApiResult},
    },
    services::{
        audit::Actor,
        browser_review::{ReviewError, access, customer::user_of, display_name},
        reviews,
    },
    state::AppState,
};

/// A request through a link that admits it (not expired, not revoked; a personal link with its
/// account's session).
#[derive(Debug, Clone)]
pub struct Reviewer {
    pub link: reviews::Link,
    pub address: Option<String>,
}

impl Reviewer {
    /// The audit log's actor: the link's name and the client's address, and the account of a
    /// personal link (none for the links staff send).
    pub fn actor(&self) -> Actor {
        Actor {
            user_id: user_of(&self.link),
            username: display_name(&self.link),
            address: self.address.clone(),
        }
    }
}

impl FromRequestParts<AppState> for Reviewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let (found, address) = found(parts, state).await?;
        let session = match found.personal() {
            true => CurrentUser::from_request_parts(parts, state).await.ok(),
            false => None,
        };
        let session = session.as_ref().map(|current| access::Session {
            user_id: current.user.id,
            role: current.user.role,
            scope: &current.scope,
        });
        let link = found.admit(&state.db, session, state.clock.now()).await?;
        Ok(Reviewer { link, address })
    }
}

/// Whoever holds a valid link's token, without the personal link's session check: only for
/// the client's logo, which the review shows as an image (an `<img>` sends no session).
#[derive(Debug, Clone)]
pub struct LinkHolder(pub Reviewer);

impl FromRequestParts<AppState> for LinkHolder {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let (found, address) = found(parts, state).await?;
        let link = found.admit_holder(state.clock.now())?;
        Ok(LinkHolder(Reviewer { link, address }))
    }
}

/// The link of the path's token, tried from the request's address.
async fn found(parts: &mut Parts, state: &AppState) -> ApiResult<(access::Found, Option<String>)> {
    let params = RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| ReviewError::LinkNotFound)?;
    let token = params
        .iter()
        .find_map(|(name, value)| (name == "token").then(|| value.to_owned()))
        .ok_or(ReviewError::LinkNotFound)?;
    let address = peer_address(&parts.extensions);
    let key = address.clone().unwrap_or_default();
    let found = access::find(&state.db, &token, &key, state.clock.now()).await?;
    Ok((found, address))
}
