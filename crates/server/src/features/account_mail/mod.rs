//! Accounts by e-mail: invitations (administrators invite; the invitee opens the link and
//! chooses a password) and password reset (anyone asks; the account's owner opens the link).
//! Both mail through the outbox and need SMTP. The services `invitations` and
//! `password_reset` own the tables.

mod invitations;
mod reset;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::InvitationRequest,
    types::InvitationResponse,
    types::InvitationState,
    types::InvitationPreview,
    types::AcceptRequest,
    types::AccountReady,
    types::ResetRequest,
    types::ResetAvailability,
    types::NewPassword,
)))]
struct ApiDoc;

/// Administrators' routes (token required).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(invitations::create, invitations::list))
        .routes(routes!(invitations::revoke))
}

/// The invitee's and the password reset's routes (no token).
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::default()
        .routes(routes!(invitations::preview))
        .routes(routes!(invitations::accept))
        .routes(routes!(reset::availability, reset::request))
        .routes(routes!(reset::complete))
}
