use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::{
    accounts::Role,
    invitations::{self, Invitation, Standing},
};

/// Whom to invite.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InvitationRequest {
    pub email: Option<String>,
    /// admin, editor, translator or customer
    pub role: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// The clients a customer will belong to: required (at least one) for customers, empty for
    /// the other roles.
    #[serde(default)]
    pub client_ids: Vec<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationState {
    Open,
    Accepted,
    Revoked,
    Expired,
}

impl From<Standing> for InvitationState {
    fn from(standing: Standing) -> Self {
        match standing {
            Standing::Open => Self::Open,
            Standing::Accepted => Self::Accepted,
            Standing::Revoked => Self::Revoked,
            Standing::Expired => Self::Expired,
        }
    }
}

/// An invitation as administrators see it (never its link).
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationResponse {
    pub id: i32,
    pub email: String,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    pub client_ids: Vec<i32>,
    pub state: InvitationState,
    /// Who invited (their account may have been deleted since).
    pub invited_by: Option<i32>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: OffsetDateTime,
    /// The account the invitation created, once accepted.
    pub user_id: Option<i32>,
}

impl InvitationResponse {
    pub fn new(invitation: Invitation, now: OffsetDateTime) -> Self {
        Self {
            state: invitations::standing(&invitation, now).into(),
            client_ids: invitations::client_ids(&invitation),
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            first_name: invitation.first_name,
            last_name: invitation.last_name,
            invited_by: invitation.invited_by,
            created_at: invitation.created_at,
            expires_at: invitation.expires_at,
            user_id: invitation.user_id,
        }
    }
}

/// Who an open invitation is for, as its link shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationPreview {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The agency that invites.
    pub agency: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: OffsetDateTime,
}

/// The invitee's choice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptRequest {
    /// The username to sign in with; the invited e-mail address when absent.
    pub username: Option<String>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// The account ready to sign in with.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountReady {
    pub username: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    /// The e-mail address of the account.
    pub email: Option<String>,
}

/// Whether this server resets passwords by e-mail (it does when it sends mail).
#[derive(Debug, Serialize, ToSchema)]
pub struct ResetAvailability {
    pub available: bool,
}

/// The account whose new address is confirmed, and that address.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailConfirmed {
    pub username: String,
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPassword {
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}
