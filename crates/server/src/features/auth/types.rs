use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    policy::{self, Permission},
    services::accounts::{Role, User},
};

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    pub username: Option<String>,
    pub password: Option<String>,
}

/// The session the app keeps in local storage under `loggedUser`: the token, and the user's
/// names, email and role with the token once more (the shape the original app stored), and
/// what the role allows.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResponse {
    pub token: String,
    pub user_object: UserObject,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserObject {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub role: Role,
    pub token: String,
    /// What this user's role may do (the server's policy): the app offers only these actions.
    pub permissions: Vec<Permission>,
}

impl LoginResponse {
    pub fn new(user: User, token: String) -> Self {
        Self {
            user_object: UserObject {
                username: user.username,
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
                role: user.role,
                token: token.clone(),
                permissions: policy::permissions_of(user.role),
            },
            token,
        }
    }
}
