//! What the server says about itself: `/api/dashboard`, `/api/build-info` and
//! `/api/openapi.json`.

use reqwest::{Method, Response};

use super::{Body, Resource};
use crate::common::TestApp;

impl TestApp {
    /// `GET /api/dashboard`: the counts the signed-in user may see.
    pub async fn dashboard(&self, token: &str) -> Response {
        let endpoint = Resource::new(self, "/api/dashboard").at("");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/build-info`: the server's version and what it was built with.
    pub async fn build_info(&self, token: &str) -> Response {
        let endpoint = Resource::new(self, "/api/build-info").at("");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/openapi.json`: the API's description (public, no sign-in).
    pub async fn openapi(&self) -> Response {
        let endpoint = Resource::new(self, "/api/openapi.json").at("");
        endpoint.send_as(Method::GET, None, Body::None).await
    }
}
