use axum::{extract::State, http::Extensions};
use serde_json::json;

use super::types::EmailConfirmed;
use crate::{
    http::{
        auth::peer_address,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    services::{
        accounts::email_change,
        audit::{self, Actor, AuditAction, TargetKind},
    },
    state::AppState,
};

/// Confirms a new e-mail address with the link mailed to it: from now on it is the account's.
/// The link works once, for a day; no session is needed (the link is the proof).
#[utoipa::path(
    post,
    path = "/api/email-change/{token}",
    security(()),
    tag = "users",
    params(("token" = String, Path)),
    responses(
        (status = 200, body = EmailConfirmed),
        (status = 404, description = "Unknown or used link", body = ErrorBody),
        (status = 410, description = "Expired", body = ErrorBody),
    )
)]
pub async fn confirm(
    State(state): State<AppState>,
    extensions: Extensions,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<ApiJson<EmailConfirmed>> {
    let user = email_change::confirm(&state.db, &token, state.clock.now()).await?;
    let actor = Actor {
        user_id: Some(user.id),
        username: user.username.clone(),
        address: peer_address(&extensions),
    };
    let event = AuditAction::UserChanged
        .on(TargetKind::User, user.id, user.username.clone())
        .with(json!({ "fields": ["email"], "confirmed": true }));
    audit::record(&state.db, &actor, event, state.clock.now()).await;
    Ok(ApiJson(EmailConfirmed {
        username: user.username,
        email: user.email,
    }))
}
