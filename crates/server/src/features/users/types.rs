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
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
}

impl From<User> for UserResponse {
    fn from(user: User) -> Self {
        Self {
            id: user.id,
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            role: user.role,
            date_created: user.date_created,
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
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// `PUT /api/user/{username}`. Absent fields stay as they are; the password changes only when
/// it is non-empty and equal to `confirm_password`. Other fields the app sends (`token`) are
/// ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UpdateUserRequest {
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: Option<String>,
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
            password: request.password,
            confirm_password: request.confirm_password,
        }
    }
}
