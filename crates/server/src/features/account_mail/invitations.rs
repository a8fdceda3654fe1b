use axum::{
    extract::State,
    http::{Extensions, StatusCode},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::{
    reset::site,
    types::{
        AcceptRequest, AccountReady, InvitationPreview, InvitationRequest, InvitationResponse,
    },
};
use crate::{
    http::{
        auth::{Authorized, peer_address},
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody, required},
        list::PageQuery,
    },
    policy::perm,
    services::{
        accounts::Role,
        audit::{self, Actor, AuditAction, TargetKind},
        clients,
        invitations::{self, Acceptance, NewInvitation},
    },
    state::AppState,
};

/// Invites someone by e-mail (administrators): their link, valid 7 days, lets them choose a
/// password, which creates their account with this role. Needs SMTP.
#[utoipa::path(
    post,
    path = "/api/invitations",
    security(("bearer_token" = ["users.manage"])),
    tag = "invitations",
    request_body = InvitationRequest,
    responses(
        (status = 201, body = InvitationResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "This server sends no mail (no WORDMARK_SMTP_URL), or the address has an account already", body = ErrorBody),
        (status = 422, description = "A field is missing or wrong (named), or a client does not exist", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::UsersManage>,
    ApiJson(body): ApiJson<InvitationRequest>,
) -> ApiResult<Response> {
    let site = site(&state)?;
    let role: Role = required("role", body.role)?.parse().map_err(
        |e: crate::services::accounts::UnknownRole| ApiError::Unprocessable(e.to_string()),
    )?;
    let new = NewInvitation {
        email: required("email", body.email)?,
        role,
        first_name: required("first_name", body.first_name)?,
        last_name: required("last_name", body.last_name)?,
        client_ids: body.client_ids,
    };
    for &id in &new.client_ids {
        if clients::require(&state.db, id).await.is_err() {
            return Err(ApiError::Unprocessable(format!(
                "There is no client {id} (client_ids)."
            )));
        }
    }
    let now = state.clock.now();
    let invitation = invitations::create(&state.db, new, &caller.user, site, now).await?;
    let event = AuditAction::InvitationSent
        .on(
            TargetKind::Invitation,
            invitation.id,
            invitation.email.clone(),
        )
        .with(
            json!({ "role": invitation.role, "client_ids": invitations::client_ids(&invitation) }),
        );
    caller.audit(&state, event).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(InvitationResponse::new(invitation, now)),
    )
        .into_response())
}

/// The invitations, newest first, with where each stands (administrators).
#[utoipa::path(
    get,
    path = "/api/invitations",
    security(("bearer_token" = ["users.manage"])),
    tag = "invitations",
    params(PageQuery),
    responses(
        (status = 200, body = Vec<InvitationResponse>, headers(
            ("X-Total-Count" = u64, description = "Invitations in all"),
        )),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::UsersManage>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let now = state.clock.now();
    let listed = invitations::list(&state.db, page.window()?).await?;
    Ok(listed
        .map(|invitation| InvitationResponse::new(invitation, now))
        .into_response())
}

/// Withdraws an invitation that was not accepted: its link stops working (administrators).
#[utoipa::path(
    delete,
    path = "/api/invitations/{id}",
    security(("bearer_token" = ["users.manage"])),
    tag = "invitations",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = InvitationResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 410, description = "Accepted already", body = ErrorBody),
    )
)]
pub async fn revoke(
    State(state): State<AppState>,
    caller: Authorized<perm::UsersManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<InvitationResponse>> {
    let now = state.clock.now();
    let invitation = invitations::revoke(&state.db, id, now).await?;
    let event = AuditAction::InvitationRevoked.on(
        TargetKind::Invitation,
        invitation.id,
        invitation.email.clone(),
    );
    caller.audit(&state, event).await;
    Ok(ApiJson(InvitationResponse::new(invitation, now)))
}

/// Who an invitation link is for (no token needed: the link is the key).
#[utoipa::path(
    get,
    path = "/api/invite/{token}",
    security(()),
    tag = "invitations",
    params(("token" = String, Path)),
    responses(
        (status = 200, body = InvitationPreview),
        (status = 404, description = "Unknown link", body = ErrorBody),
        (status = 410, description = "Accepted, withdrawn or expired", body = ErrorBody),
    )
)]
pub async fn preview(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<ApiJson<InvitationPreview>> {
    let invitation = invitations::open(&state.db, &token, state.clock.now()).await?;
    Ok(ApiJson(InvitationPreview {
        email: invitation.email,
        first_name: invitation.first_name,
        last_name: invitation.last_name,
        role: invitation.role,
        agency: state.config.agency_name.clone(),
        expires_at: invitation.expires_at,
    }))
}

/// Accepts an invitation: creates the account with the chosen password (and username, the
/// e-mail address by default). The link works once.
#[utoipa::path(
    post,
    path = "/api/invite/{token}/accept",
    security(()),
    tag = "invitations",
    params(("token" = String, Path)),
    request_body = AcceptRequest,
    responses(
        (status = 201, body = AccountReady),
        (status = 404, description = "Unknown link", body = ErrorBody),
        (status = 409, description = "The username is taken", body = ErrorBody),
        (status = 410, description = "Accepted, withdrawn or expired", body = ErrorBody),
        (status = 422, description = "The password is missing, too short or differs from its confirmation, or the username is not valid", body = ErrorBody),
    )
)]
pub async fn accept(
    State(state): State<AppState>,
    extensions: Extensions,
    ApiPath(token): ApiPath<String>,
    ApiJson(body): ApiJson<AcceptRequest>,
) -> ApiResult<Response> {
    let acceptance = Acceptance {
        username: body.username,
        password: body
            .password
            .filter(|p| !p.is_empty())
            .ok_or_else(|| ApiError::Unprocessable("The field password is required.".into()))?,
        confirm_password: body.confirm_password,
    };
    let (invitation, user) =
        invitations::accept(&state.db, &token, acceptance, state.clock.now()).await?;
    let actor = Actor {
        user_id: Some(user.id),
        username: user.username.clone(),
        address: peer_address(&extensions),
    };
    let event = AuditAction::InvitationAccepted
        .on(TargetKind::Invitation, invitation.id, invitation.email)
        .with(json!({ "role": user.role }));
    audit::record(&state.db, &actor, event, state.clock.now()).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(AccountReady {
            username: user.username,
        }),
    )
        .into_response())
}
