//! Rebranding projects: `/api/rebranding`, `/api/rebranding/{id}`.

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/rebranding`: every rebranding project.
    pub fn rebrandings(&self) -> Rebrandings<'_> {
        Rebrandings(Resource::new(self, "/api/rebranding"))
    }

    /// `/api/rebranding/{id}`: one rebranding project.
    pub fn rebranding(&self, id: impl Display) -> Rebranding<'_> {
        Rebranding(Resource::new(self, format!("/api/rebranding/{id}")))
    }
}

pub struct Rebrandings<'a>(Resource<'a>);

impl Rebrandings<'_> {
    /// `GET /api/rebranding?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/rebranding`: a new project.
    pub async fn create(&self, token: &str, project: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint
            .send(Method::POST, token, Body::Json(project))
            .await
    }
}

pub struct Rebranding<'a>(Resource<'a>);

impl Rebranding<'_> {
    /// `GET /api/rebranding/{id}`.
    pub async fn get(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/rebranding/{id}`: the whole project, as on creation.
    pub async fn update(&self, token: &str, project: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::PUT, token, Body::Json(project)).await
    }

    /// `DELETE /api/rebranding/{id}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/rebranding/{id}/download-package`: the brand package, as a zip.
    pub async fn download_package(&self, token: &str) -> Response {
        let endpoint = self.0.at("/download-package");
        endpoint.send(Method::POST, token, Body::None).await
    }
}
