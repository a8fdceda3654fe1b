use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::accounts::{AccountChanges, Role, User};

/// A user as the API shows it. There is deliberately no password field of any kind.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    pub id: i32,
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The clients a customer belongs to (whose records alone they see); empty for staff.
    pub client_ids: Vec<i32>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
    /// A new address of the account's own that waits for the link mailed to it; `email`
    /// stays the address until then. Answered for one user, never in the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_email: Option<String>,
}

impl UserResponse {
    pub fn new(user: User, client_ids: Vec<i32>) -> Self {
        Self {
            id: user.id,
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            role: user.role,
            client_ids,
            date_created: user.date_created,
            pending_email: None,
        }
    }
}

/// `POST /api/user`. Every field is required; `confirm_password`, when sent, must match.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateUserRequest {
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// admin, editor, translator or customer
    pub role: Option<String>,
    /// The clients of a customer: required and non-empty for the role `customer`, empty (or
    /// absent) for the other roles.
    pub client_ids: Option<Vec<i32>>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// `PUT /api/user/{username}`. Absent fields stay as they are; the password changes only when
/// it is non-empty and equal to `confirm_password`. `client_ids` replaces a customer's clients
/// (non-empty); a role other than `customer` leaves them. Other fields the app sends (`token`)
/// are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UpdateUserRequest {
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: Option<String>,
    pub client_ids: Option<Vec<i32>>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

impl From<UpdateUserRequest> for AccountChanges {
    fn from(request: UpdateUserRequest) -> Self {
        Self {
            username: request.username,
            email: request.email,
            first_name: request.first_name,
            last_name: request.last_name,
            role: request.role,
            client_ids: request.client_ids,
            password: request.password,
            confirm_password: request.confirm_password,
        }
    }
}
