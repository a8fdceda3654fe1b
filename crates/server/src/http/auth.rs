//! Who is calling: the `Authorization` header (`Bearer <token>` or `Token <token>`), checked by
//! [`require_token`] for the whole `/api` router, and [`Authorized`], the extractor with which
//! every handler names the permission it needs (the table is `crate::policy`).
//!
//! [`Authorized`] also applies a customer's client scope, and a translator's assigned jobs, to
//! the records the path names ([`resource_of`]): one outside answers 404 before the permission
//! is checked, on every route, so that nobody learns about other ids from a 403. Staff are
//! unscoped and pay no query for it.

use std::{marker::PhantomData, ops::Deref};

use axum::{
    extract::{FromRequestParts, MatchedPath, RawPathParams, Request, State},
    http::{Extensions, HeaderMap, header, request::Parts},
    middleware::Next,
    response::Response,
};

use crate::{
    db::entities::user::Role,
    http::{
        client_address::ClientAddress,
        error::{ApiError, ApiResult},
    },
    policy::{self, Assigned, ClientScope, Permission, Required},
    services::{
        accounts, assignments,
        audit::{self, Actor, Event},
        scope::{self, Resource},
        tokens,
    },
    state::AppState,
};

/// The signed-in user of this request, the clients they reach, the id of the token it used, and
/// where the request came from.
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub user: accounts::User,
    /// Which clients' records the user reaches; every list and count is filtered by it.
    pub scope: ClientScope,
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
    /// Whether this user's role has `permission` (the policy's table).
    pub fn may(&self, permission: Permission) -> bool {
        policy::allows(self.user.role, permission)
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
        audit::record(&state.db, &self.actor(), event, state.clock.now()).await;
    }

    /// Everyone may act on their own account; on anybody else's only who may manage users.
    pub fn ensure_self_or_user_manager(&self, username: &str) -> ApiResult<()> {
        if self.user.username == username || self.may(Permission::UsersManage) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                "You are not allowed to access another user's account.".into(),
            ))
        }
    }
}

/// A signed-in user whose role has the permission `P` (a marker of `policy::perm`): the
/// handler's declaration of what it needs. No token: 401; a role without it: 403. It reads as
/// the [`CurrentUser`] it wraps.
pub struct Authorized<P> {
    user: CurrentUser,
    permission: PhantomData<fn() -> P>,
}

impl<P> Authorized<P> {
    pub fn into_user(self) -> CurrentUser {
        self.user
    }
}

impl<P> Deref for Authorized<P> {
    type Target = CurrentUser;

    fn deref(&self) -> &CurrentUser {
        &self.user
    }
}

impl<P> std::fmt::Debug for Authorized<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Authorized").field(&self.user).finish()
    }
}

/// The 403 answer for a permission the caller's role lacks: what was refused and who may.
fn forbidden(permission: Permission) -> ApiError {
    let who: Vec<&str> = permission
        .roles()
        .iter()
        .map(|role| match role {
            Role::Admin => "administrators",
            Role::Editor => "editors",
            Role::Translator => "translators",
            Role::Customer => "customers",
        })
        .collect();
    let who = match who.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, others)) => format!("{} and {last}", others.join(", ")),
        None => "nobody".to_owned(),
    };
    ApiError::Forbidden(format!(
        "Only {who} may do this ({}: {})",
        permission.key(),
        permission.description()
    ))
}

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
    let tokens::Session { token_id, user } =
        tokens::authenticate::<accounts::User>(&state.db, token, ttl, state.clock.now())
            .await?
            .ok_or_else(unauthorized)?;
    // Customers and translators are scoped: staff need no query for it.
    let scope = match user.role {
        Role::Customer => {
            ClientScope::of(user.role, accounts::client_ids(&state.db, user.id).await?)
        }
        Role::Translator => {
            let (jobs, editable) = assignments::open_jobs(&state.db, user.id).await?;
            ClientScope::Assignments(Assigned {
                translator_id: user.id,
                jobs,
                editable,
            })
        }
        Role::Admin | Role::Editor => ClientScope::Everything,
    };
    Ok(CurrentUser {
        scope,
        user,
        token_id,
        address: peer_address(extensions),
    })
}

/// Middleware for the `/api` router: every route under it, including routes that do not exist
/// (yet), answers 401 without a valid token; each handler's [`Authorized`] checks its permission.
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

/// The kind of record that the parameter `param` of the route `path` (as declared: `/api/job/{id}`)
/// names, when it belongs to a client; `None` for the others (`username`, a review link's
/// `token`). The integration test `policy.rs` checks that every parameter of every operation
/// is one or the other.
pub fn resource_of(path: &str, param: &str) -> Option<Resource> {
    let area = path.strip_prefix("/api/")?.split('/').next()?;
    Some(match (area, param) {
        ("client", "id") => Resource::Client,
        ("client", "entry_id") => Resource::MemoryEntry,
        ("client", "term_id") => Resource::Term,
        ("client", "proposal_id") => Resource::TermProposal,
        ("translation", "id") => Resource::TranslationProject,
        ("translation", "link_id") => Resource::ReviewLink,
        ("translation", "quote_id") => Resource::Quote,
        ("translation" | "job", "segment_id") => Resource::Segment,
        ("job", "id") => Resource::Job,
        ("rebranding", "id") => Resource::RebrandingProject,
        ("sites", "id") => Resource::Site,
        ("assignments", "id") => Resource::Assignment,
        _ => return None,
    })
}

/// For a scoped user: 404 unless every record the path names belongs to one of their clients,
/// or for a translator is one of their assigned jobs, its segments or their assignments (an id
/// that is no number, or names nothing, is not theirs either). Without a matched route
/// nothing says which records the path names, so nothing is in scope: a handler reached
/// another way (a fallback, a service mounted without a route) refuses a scoped user.
async fn ensure_in_scope(user: &CurrentUser, parts: &mut Parts, state: &AppState) -> ApiResult<()> {
    if user.scope == ClientScope::Everything {
        return Ok(());
    }
    let Some(path) = parts.extensions.get::<MatchedPath>().cloned() else {
        return Err(not_found());
    };
    let params = RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| not_found())?;
    for (param, value) in &params {
        let Some(resource) = resource_of(path.as_str(), param) else {
            continue;
        };
        let reached = match value.parse::<i64>() {
            Ok(id) => scope::reaches(&state.db, &user.scope, resource, id).await?,
            Err(_) => false,
        };
        if !reached {
            return Err(not_found());
        }
    }
    Ok(())
}

/// A translator writes the targets of a job (in scope: assigned to them), and comments on its
/// segments, only while their assignment of it is accepted or returned: not before they accept
/// it, nor once delivered.
async fn ensure_editable(user: &CurrentUser, parts: &mut Parts, state: &AppState) -> ApiResult<()> {
    if user.scope.assigned().is_none() {
        return Ok(());
    }
    let path = parts.extensions.get::<MatchedPath>().cloned();
    let params = RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| not_found())?;
    let path = path.as_ref().map_or("", MatchedPath::as_str);
    for (param, value) in &params {
        let editable = value.parse().is_ok_and(|id| user.scope.may_edit_job(id));
        if resource_of(path, param) == Some(Resource::Job) && !editable {
            return Err(ApiError::Conflict(
                "Your assignment of this job is not open for work: accept the offer first; a \
                 delivered job is edited again once staff return it."
                    .into(),
            ));
        }
    }
    Ok(())
}

/// The same answer as for a record that does not exist.
fn not_found() -> ApiError {
    ApiError::NotFound("Not found.".into())
}

impl<P: Required> FromRequestParts<AppState> for Authorized<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        ensure_in_scope(&user, parts, state).await?;
        if matches!(
            P::PERMISSION,
            Permission::SegmentsWrite | Permission::CommentsWrite
        ) {
            ensure_editable(&user, parts, state).await?;
        }
        if user.may(P::PERMISSION) {
            Ok(Authorized {
                user,
                permission: PhantomData,
            })
        } else {
            Err(forbidden(P::PERMISSION))
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
    fn a_refusal_names_the_permission_and_who_has_it() {
        let ApiError::Forbidden(message) = forbidden(Permission::TermsWrite) else {
            panic!("a refusal is a 403");
        };
        assert_eq!(
            message,
            "Only administrators and editors may do this (terms.write: Add, change, delete and \
             import termbase entries.)"
        );
    }

    /// A signed-in user of `role` (a customer of client 1), as the token layer leaves it.
    fn signed_in(role: Role) -> CurrentUser {
        CurrentUser {
            user: accounts::User {
                id: 7,
                username: "someone".into(),
                email: "someone@example.com".into(),
                first_name: String::new(),
                last_name: String::new(),
                role,
                password_hash: String::new(),
                date_created: time::OffsetDateTime::UNIX_EPOCH,
            },
            scope: ClientScope::of(role, [1]),
            token_id: 1,
            address: None,
        }
    }

    /// A request that no route matched (no `MatchedPath`) by `user`, checked for a permission
    /// every role has.
    async fn unrouted(user: CurrentUser) -> ApiResult<()> {
        let db = crate::db::connect("sqlite::memory:").await.unwrap();
        let config = crate::config::Config::from_lookup(|_| None).unwrap();
        let secrets = crate::services::secret_box::SecretBox::from_keys(&[
            crate::services::secret_box::new_key(),
        ]);
        let state = AppState::new(db, config, secrets);
        let (mut parts, ()) = axum::http::Request::get("/api/client/2")
            .body(())
            .unwrap()
            .into_parts();
        parts.extensions.insert(user);
        Authorized::<policy::perm::ClientsRead>::from_request_parts(&mut parts, &state)
            .await
            .map(drop)
    }

    #[tokio::test]
    async fn without_a_matched_route_a_scoped_user_is_refused() {
        let refused = unrouted(signed_in(Role::Customer)).await.unwrap_err();
        assert!(matches!(refused, ApiError::NotFound(_)), "{refused:?}");
        unrouted(signed_in(Role::Editor))
            .await
            .expect("staff are unscoped");
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
