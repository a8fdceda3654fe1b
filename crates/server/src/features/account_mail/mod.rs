//! Accounts by e-mail: invitations (administrators invite; the invitee opens the link and
//! chooses a password), password reset (anyone asks; the account's owner opens the link) and
//! the confirmation of a new address (the account's owner opens the link mailed to it). All
//! mail through the outbox and need SMTP. The services `invitations`, `password_reset` and
//! `accounts::email_change` own the tables.

mod email;
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
    types::EmailConfirmed,
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
        .routes(routes!(email::confirm))
}
