use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::db::entities::{client, user};

#[derive(Debug, Serialize, ToSchema)]
pub struct Author {
    pub first_name: String,
    pub last_name: String,
}

impl From<user::Model> for Author {
    fn from(user: user::Model) -> Self {
        Self {
            first_name: user.first_name,
            last_name: user.last_name,
        }
    }
}

/// A client. `client_logo` is sanitised SVG markup: show it as an image (`<img>` with a
/// `data:image/svg+xml` URI), never by inserting it into the page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientResponse {
    pub id: i32,
    pub client_name: String,
    pub client_logo: Option<String>,
    /// `/api/client/{id}/logo` when there is a logo (needs the token like every `/api` call).
    pub logo_url: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
    /// `null` when the author's account was deleted.
    pub author: Option<Author>,
}

impl ClientResponse {
    pub fn new(client: client::Model, author: Option<user::Model>) -> Self {
        Self {
            logo_url: client
                .client_logo
                .as_ref()
                .map(|_| format!("/api/client/{}/logo", client.id)),
            id: client.id,
            client_name: client.client_name,
            client_logo: client.client_logo,
            date_created: client.date_created,
            author: author.map(Author::from),
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
