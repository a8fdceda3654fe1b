use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::accounts::User;

/// A customer account of a client, as its "People" tab shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonResponse {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// The last successful sign-in the audit log holds; `null` when it holds none (never
    /// signed in, or older than the log's retention).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_sign_in: Option<OffsetDateTime>,
}

impl PersonResponse {
    pub fn new(user: User, last_sign_in: Option<OffsetDateTime>) -> Self {
        Self {
            username: user.username,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            last_sign_in,
        }
    }
}

/// The multipart form of `POST /api/client` and `PUT /api/client/{id}`. Only the OpenAPI
/// document uses this type (the handlers read the fields one by one, see `form.rs`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ClientUpload {
    /// Required, unique (ignoring case), at most 200 characters.
    pub client_name: String,
    /// An SVG file of at most 1 MiB. Optional; on update an empty or missing file keeps the
    /// current logo.
    #[schema(value_type = Option<String>, format = Binary)]
    pub client_logo: Option<Vec<u8>>,
}
