use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    policy::{self, Permission},
    services::{
        accounts::{Role, User},
        clients::ClientName,
    },
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
    /// The clients a customer belongs to (their client scope); empty for staff.
    pub client_ids: Vec<i32>,
    /// Those clients' names, by name, for the customer portal's header.
    pub clients: Vec<SignedInClient>,
}

/// A client of the signed-in customer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedInClient {
    pub id: i32,
    pub client_name: String,
    /// `/api/client/{id}/logo` when the client has a logo (it needs the token).
    pub logo_url: Option<String>,
}

impl LoginResponse {
    pub fn new(user: User, token: String, clients: Vec<ClientName>) -> Self {
        let client_ids = clients.iter().map(|c| c.id).collect();
        let clients = clients
            .into_iter()
            .map(|c| SignedInClient {
                logo_url: c.has_logo.then(|| format!("/api/client/{}/logo", c.id)),
                id: c.id,
                client_name: c.name,
            })
            .collect();
        Self {
            user_object: UserObject {
                username: user.username,
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
                role: user.role,
                token: token.clone(),
                permissions: policy::permissions_of(user.role),
                client_ids,
                clients,
            },
            token,
        }
    }
}
