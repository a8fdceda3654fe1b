//! A client as every answer shows it, and its logo as an image.

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::{clients::Client, people::PersonName};

#[derive(Debug, Serialize, ToSchema)]
pub struct Author {
    pub first_name: String,
    pub last_name: String,
}

impl From<PersonName> for Author {
    fn from(name: PersonName) -> Self {
        Self {
            first_name: name.first_name,
            last_name: name.last_name,
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
    pub fn new(client: Client, author: Option<PersonName>) -> Self {
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

/// The logo is served on its own; this policy keeps any markup in it inert even if the sanitiser
/// ever missed something: no scripts, no external loads, only inline styles.
const LOGO_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// A stored (sanitised) logo as an SVG answer that runs nothing, wherever it is shown.
pub fn logo_response(svg: String) -> Response {
    let mut response = svg.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(LOGO_CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}
