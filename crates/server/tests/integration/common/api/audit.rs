//! The audit log, `/api/audit`.

use reqwest::{Method, Response};

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/audit`: the audit log (administrators).
    pub fn audit(&self) -> Audit<'_> {
        Audit(Resource::new(self, "/api/audit"))
    }
}

pub struct Audit<'a>(Resource<'a>);

impl Audit<'_> {
    /// `GET /api/audit?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/audit/export?{query}` (`query` without the `?`, may be empty).
    pub async fn export(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(format!("/export{}", self::query(query)));
        endpoint.send(Method::GET, token, Body::None).await
    }
}
