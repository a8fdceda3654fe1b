use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use wordmark_core::brand::model::RebrandingData;

use crate::{
    http::views::clients::{Author, ClientResponse},
    services::rebranding::RebrandingSort,
};

/// The body of `POST /api/rebranding` and `PUT /api/rebranding/{id}`: the project as the app
/// holds it (client, brand names, colours, fonts, locations). The client is named by `client_id`
/// or by `client.id` (so a project as answered by `GET` can be sent back as it is); `id`,
/// `date_created`, `author` and other answer-only fields are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RebrandingRequest {
    /// Required on create; on update a missing client keeps the current one.
    #[serde(default)]
    pub client_id: Option<i32>,
    #[serde(default)]
    pub client: Option<ClientRef>,
    #[serde(flatten)]
    pub data: RebrandingData,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClientRef {
    pub id: i32,
}

impl RebrandingRequest {
    pub fn client_id(&self) -> Option<i32> {
        self.client_id.or(self.client.as_ref().map(|c| c.id))
    }
}

/// A rebranding project with its client and author. Every colour comes back complete: `hex` as
/// upper-case `#RRGGBB`, `rgb` derived from it, `cymk` as entered or, when `cmyk_computed` is
/// true, Wordmark's suggestion from RGB.
#[derive(Debug, Serialize, ToSchema)]
pub struct RebrandingResponse {
    pub id: i32,
    pub client_id: i32,
    pub client: ClientResponse,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
    /// `null` when the author's account was deleted.
    pub author: Option<Author>,
    pub location_count: usize,
    #[serde(flatten)]
    pub data: RebrandingData,
}

/// `GET /api/rebranding?client_id=…&q=…&sort=…`
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListFilter {
    /// Only the projects of this client (the client detail's 'Rebranding projects' tab).
    pub client_id: Option<i32>,
    /// Only projects whose display name or legal name contains this text, ignoring case.
    pub q: Option<String>,
    /// `created` (the default, newest first unless `order=asc`), `name` (the display name) or
    /// `client`; the id breaks ties.
    pub sort: Option<RebrandingSort>,
}
