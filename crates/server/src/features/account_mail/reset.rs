use axum::{
    extract::State,
    http::{Extensions, StatusCode},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::types::{AccountReady, NewPassword, ResetAvailability, ResetRequest};
use crate::{
    http::{
        auth::peer_address,
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody, required},
    },
    services::{
        audit::{self, Actor, AuditAction, TargetKind},
        mail::Site,
        password_reset,
    },
    state::AppState,
};

/// The answer to every accepted request, whether or not an account has the address.
const ON_ITS_WAY: &str =
    "If an account has this e-mail address, a link to reset its password is on its way.";

/// Where links point and who sends them; 409 when this server sends no mail.
pub fn site(state: &AppState) -> ApiResult<Site<'_>> {
    state.mail_site().ok_or_else(|| {
        ApiError::Conflict(
            "This server sends no e-mail (WORDMARK_SMTP_URL is not set), so it cannot send this link; an administrator can set your password instead."
                .into(),
        )
    })
}

/// Whether passwords can be reset by e-mail here (the sign-in screen shows the link then).
#[utoipa::path(
    get,
    path = "/api/password-reset",
    security(()),
    tag = "password reset",
    responses((status = 200, body = ResetAvailability))
)]
pub async fn availability(State(state): State<AppState>) -> ApiJson<ResetAvailability> {
    ApiJson(ResetAvailability {
        available: site(&state).is_ok(),
    })
}

/// Asks for a link to reset the password of the accounts with this e-mail address. The answer
/// is the same whether or not such an account exists; links are valid one hour and limited per
/// address and per account (docs/product.md).
#[utoipa::path(
    post,
    path = "/api/password-reset",
    security(()),
    tag = "password reset",
    request_body = ResetRequest,
    responses(
        (status = 202, description = "Accepted (the same for every address)", body = ErrorBody),
        (status = 409, description = "This server sends no mail", body = ErrorBody),
        (status = 422, description = "The e-mail address is missing", body = ErrorBody),
        (status = 429, description = "Too many requests from this connection's address, whatever the e-mail address", body = ErrorBody),
    )
)]
pub async fn request(
    State(state): State<AppState>,
    extensions: Extensions,
    ApiJson(body): ApiJson<ResetRequest>,
) -> ApiResult<Response> {
    let site = site(&state)?;
    let email = required("email", body.email)?;
    let peer = peer_address(&extensions);
    let requested =
        password_reset::request(&state.db, &email, peer.as_deref(), site, state.clock.now())
            .await?;
    // Recorded under the address that was asked for, like a failed sign-in's name.
    let actor = Actor {
        user_id: None,
        username: email,
        address: peer,
    };
    let detail = json!({
        "accounts": requested.sent_to.iter().map(|u| u.id).collect::<Vec<_>>(),
        "held_back": requested.held_back,
    });
    audit::record(
        &state.db,
        &actor,
        AuditAction::PasswordResetRequested.event().with(detail),
        state.clock.now(),
    )
    .await;
    Ok((
        StatusCode::ACCEPTED,
        ApiJson(json!({ "message": ON_ITS_WAY })),
    )
        .into_response())
}

/// Sets a new password with a reset link's token; every session of the account ends. The link
/// works once.
#[utoipa::path(
    post,
    path = "/api/password-reset/{token}",
    security(()),
    tag = "password reset",
    params(("token" = String, Path)),
    request_body = NewPassword,
    responses(
        (status = 200, body = AccountReady),
        (status = 404, description = "Unknown link", body = ErrorBody),
        (status = 410, description = "Used or expired", body = ErrorBody),
        (status = 422, description = "The password is missing, too short or differs from its confirmation", body = ErrorBody),
    )
)]
pub async fn complete(
    State(state): State<AppState>,
    extensions: Extensions,
    ApiPath(token): ApiPath<String>,
    ApiJson(body): ApiJson<NewPassword>,
) -> ApiResult<ApiJson<AccountReady>> {
    let password = body
        .password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::Unprocessable("The field password is required.".into()))?;
    let user = password_reset::complete(
        &state.db,
        &token,
        password,
        body.confirm_password.as_deref(),
        state.clock.now(),
    )
    .await?;
    let actor = Actor {
        user_id: Some(user.id),
        username: user.username.clone(),
        address: peer_address(&extensions),
    };
    let event =
        AuditAction::PasswordResetCompleted.on(TargetKind::User, user.id, user.username.clone());
    audit::record(&state.db, &actor, event, state.clock.now()).await;
    Ok(ApiJson(AccountReady {
        username: user.username,
    }))
}
