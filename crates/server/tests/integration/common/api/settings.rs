//! The settings staff change at run time: `/api/settings/mt`, `/api/settings/quote-terms`,
//! `/api/settings/rate-scheme`.

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource};
use crate::common::TestApp;

impl TestApp {
    /// `/api/settings`: the run-time settings.
    pub fn settings(&self) -> Settings<'_> {
        Settings(Resource::new(self, "/api/settings"))
    }
}

pub struct Settings<'a>(Resource<'a>);

impl Settings<'_> {
    /// `PUT` of one setting (`tail`: its path below `/api/settings`).
    async fn put(&self, token: &str, tail: &str, value: Value) -> Response {
        let endpoint = self.0.at(tail);
        endpoint.send(Method::PUT, token, Body::Json(value)).await
    }

    /// `GET /api/settings/mt`: the machine translation provider (its key masked).
    pub async fn mt(&self, token: &str) -> Response {
        self.0.at("/mt").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/settings/mt`.
    pub async fn set_mt(&self, token: &str, settings: Value) -> Response {
        self.put(token, "/mt", settings).await
    }

    /// `POST /api/settings/mt/test`: a cheap call with the active settings.
    pub async fn test_mt(&self, token: &str) -> Response {
        let endpoint = self.0.at("/mt/test");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `PUT /api/settings/quote-terms`.
    pub async fn set_quote_terms(&self, token: &str, terms: Value) -> Response {
        self.put(token, "/quote-terms", terms).await
    }

    /// `GET /api/settings/rate-scheme`: the agency's default scheme.
    pub async fn rate_scheme(&self, token: &str) -> Response {
        let endpoint = self.0.at("/rate-scheme");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/settings/rate-scheme`.
    pub async fn set_rate_scheme(&self, token: &str, scheme: Value) -> Response {
        self.put(token, "/rate-scheme", scheme).await
    }
}
