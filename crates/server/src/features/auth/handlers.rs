use axum::{
    extract::State,
    http::{Extensions, StatusCode},
};
use serde_json::json;

use super::types::{LoginRequest, LoginResponse};
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::{
        auth::peer_address,
        error::{ApiError, ApiJson, ApiResult, ErrorBody, required},
    },
    services::{
        accounts::{self, password},
        audit::{self, Actor, AuditAction},
        clients,
        tokens::{self, throttle},
    },
    state::AppState,
};

const WRONG_CREDENTIALS: &str = "Username or password incorrect.";

/// Sign in with username and password.
#[utoipa::path(
    post,
    path = "/auth/login",
    tag = "auth",
    security(()),
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = LoginResponse),
        (status = 401, description = "Username or password incorrect.", body = ErrorBody),
        (status = 422, description = "Username or password missing", body = ErrorBody),
        (status = 429, description = "Too many failed sign-in attempts", body = ErrorBody),
    )
)]
pub async fn login(
    State(state): State<AppState>,
    extensions: Extensions,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<ApiJson<LoginResponse>> {
    let username = required("username", body.username)?;
    let password = body
        .password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::Unprocessable("The field password is required.".into()))?;
    let peer = peer_address(&extensions);
    let address = peer.clone().unwrap_or_else(|| "unknown".to_owned());
    // The name that was tried, never the password.
    let mut actor = Actor {
        user_id: None,
        username: username.clone(),
        address: peer,
    };

    let now = state.clock.now();
    if let Some(until) = throttle::blocked_until(&state.db, &username, &address, now).await? {
        let refused = AuditAction::SignInFailed
            .event()
            .with(json!({ "reason": "throttled" }));
        audit::record(&state.db, &actor, refused, state.clock.now()).await;
        let minutes = throttle::minutes_until(until, now);
        return Err(ApiError::TooManyRequests {
            message: format!(
                "Too many failed sign-in attempts. Try again in {minutes} minute{}.",
                if minutes == 1 { "" } else { "s" }
            ),
            retry_after_secs: (until - now).whole_seconds().max(1) as u64,
        });
    }

    let user = accounts::find_by_username(&state.db, &username).await?;
    actor.user_id = user.as_ref().map(|u| u.id);
    let stored_hash = user.as_ref().map(|u| u.password_hash.clone());
    let user = match user {
        Some(user) if password::verify(password, stored_hash).await? => user,
        _ => {
            // Unknown users go through `verify` too (against a dummy hash): same time, same answer.
            throttle::record_failure(&state.db, &username, &address, now).await?;
            tracing::info!(%username, %address, "failed sign-in");
            let failed = json!({ "reason": "wrong_credentials" });
            audit::record(
                &state.db,
                &actor,
                AuditAction::SignInFailed.event().with(failed),
                state.clock.now(),
            )
            .await;
            return Err(ApiError::Unauthorized(WRONG_CREDENTIALS.into()));
        }
    };

    throttle::clear(&state.db, &username).await?;
    let ttl = state.config.token_ttl;
    let token = tokens::issue(&state.db, user.id, ttl, state.clock.now()).await?;
    tracing::info!(username = %user.username, "signed in");
    audit::record(
        &state.db,
        &actor,
        AuditAction::SignIn.event(),
        state.clock.now(),
    )
    .await;
    let clients =
        clients::names(&state.db, accounts::client_ids(&state.db, user.id).await?).await?;
    Ok(ApiJson(LoginResponse::new(user, token, clients)))
}

/// Sign out: the token used for this call stops working.
#[utoipa::path(
    post,
    path = "/auth/logout",
    security(("bearer_token" = ["account.own"])),
    tag = "auth",
    responses(
        (status = 204, description = "Signed out"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn logout(
    State(state): State<AppState>,
    user: Authorized<perm::OwnAccount>,
) -> ApiResult<StatusCode> {
    tokens::revoke(&state.db, user.token_id).await?;
    user.audit(&state, AuditAction::SignOut.event()).await;
    Ok(StatusCode::NO_CONTENT)
}
