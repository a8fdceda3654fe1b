//! Who is calling: the `Authorization` header (`Bearer <token>` or `Token <token>`), checked by
//! [`require_token`] for the whole `/api` router, and the extractors handlers use to read it.

use axum::{
    extract::{FromRequestParts, Request, State},
    http::{Extensions, HeaderMap, header, request::Parts},
    middleware::Next,
    response::Response,
};

use crate::{
    db::entities::user::{self, Role},
    http::{
        client_address::ClientAddress,
        error::{ApiError, ApiResult},
    },
    services::{
        audit::{self, Actor, Event},
        tokens,
    },
    state::AppState,
};

/// The signed-in user of this request, the id of the token it used, and where the request came
/// from.
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub user: user::Model,
    pub token_id: i32,
    /// Where the request came from: the connection's peer, or behind a configured trusted
    /// proxy the client it names (`client_address`).
    pub address: Option<String>,
}

/// The address the request came from, as `client_address::record` resolved it (absent when
/// the server was not started with connection info, as in some tests of the router alone).
pub fn peer_address(extensions: &Extensions) -> Option<String> {
    extensions
        .get::<ClientAddress>()
        .map(|ClientAddress(address)| address.to_string())
}

impl CurrentUser {
    pub fn is_admin(&self) -> bool {
        self.user.role == Role::Admin
    }

    pub fn actor(&self) -> Actor {
        Actor {
            user_id: Some(self.user.id),
            username: self.user.username.clone(),
            address: self.address.clone(),
        }
    }

    /// Records `event` in the audit log as done by this user; never fails the request.
    pub async fn audit(&self, state: &AppState, event: Event) {
        audit::record(&state.db, &self.actor(), event).await;
    }

    /// Admins may act on anybody; everyone else only on themself.
    pub fn ensure_self_or_admin(&self, username: &str) -> ApiResult<()> {
        if self.is_admin() || self.user.username == username {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                "You are not allowed to access another user's account.".into(),
            ))
        }
    }
}

/// A signed-in administrator; anyone else gets 403.
#[derive(Clone, Debug)]
pub struct AdminUser(pub CurrentUser);

/// A signed-in administrator or editor (the agency's staff who set prices and curate the
/// memory); translators and customers get 403.
#[derive(Clone, Debug)]
pub struct StaffUser(pub CurrentUser);

fn unauthorized() -> ApiError {
    ApiError::Unauthorized("You are not signed in or your session has expired.".into())
}

/// The token of an `Authorization: Bearer <token>` or `Token <token>` header.
fn token_from(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    let known = scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("token");
    (known && !token.is_empty()).then_some(token)
}

async fn authenticate(
    headers: &HeaderMap,
    extensions: &Extensions,
    state: &AppState,
) -> ApiResult<CurrentUser> {
    let token = token_from(headers).ok_or_else(unauthorized)?;
    let ttl = state.config.token_ttl;
    let (token, user) = tokens::authenticate(&state.db, token, ttl, state.clock.now())
        .await?
        .ok_or_else(unauthorized)?;
    Ok(CurrentUser {
        user,
        token_id: token.id,
        address: peer_address(extensions),
    })
}

/// Middleware for the `/api` router: every route under it, including routes that do not exist
/// (yet), answers 401 without a valid token. Handlers still check roles themselves.
pub async fn require_token(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> ApiResult<Response> {
    let user = authenticate(request.headers(), request.extensions(), &state).await?;
    request.extensions_mut().insert(user);
    Ok(next.run(request).await)
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        // Under `/api` the middleware already did the work; elsewhere (e.g. /auth/logout)
        // authenticate here.
        if let Some(user) = parts.extensions.get::<CurrentUser>() {
            return Ok(user.clone());
        }
        authenticate(&parts.headers, &parts.extensions, state).await
    }
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if user.is_admin() {
            Ok(AdminUser(user))
        } else {
            Err(ApiError::Forbidden(
                "Only administrators are allowed to do this.".into(),
            ))
        }
    }
}

impl FromRequestParts<AppState> for StaffUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if matches!(user.user.role, Role::Admin | Role::Editor) {
            Ok(StaffUser(user))
        } else {
            Err(ApiError::Forbidden(
                "Only administrators and editors are allowed to do this.".into(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn bearer_and_token_schemes_are_accepted() {
        assert_eq!(token_from(&headers("Bearer abc")), Some("abc"));
        assert_eq!(token_from(&headers("bearer abc")), Some("abc"));
        assert_eq!(token_from(&headers("Token abc")), Some("abc"));
    }

    #[test]
    fn malformed_headers_carry_no_token() {
        assert_eq!(token_from(&HeaderMap::new()), None);
        assert_eq!(token_from(&headers("abc")), None);
        assert_eq!(token_from(&headers("Bearer")), None);
        assert_eq!(token_from(&headers("Bearer   ")), None);
        assert_eq!(token_from(&headers("Basic YWRtaW46YWRtaW4=")), None);
    }
}
