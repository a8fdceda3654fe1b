//! Jobs, one file of a project each: `/api/job`, `/api/job/{id}`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/job`: every job.
    pub fn jobs(&self) -> Jobs<'_> {
        Jobs(Resource::new(self, "/api/job"))
    }

    /// `/api/job/{id}`: one job.
    pub fn job(&self, id: impl Display) -> Job<'_> {
        Job(Resource::new(self, format!("/api/job/{id}")))
    }
}

pub struct Jobs<'a>(Resource<'a>);

impl Jobs<'_> {
    /// `GET /api/job?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/job` (a multipart form: the project and one XLIFF file).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }
}

pub struct Job<'a>(Resource<'a>);

impl Job<'_> {
    /// `GET /api/job/{id}`: the job with its segments.
    pub async fn get(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/job/{id}`: segment edits, or the job's name and languages.
    pub async fn update(&self, token: &str, edits: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::PUT, token, Body::Json(edits)).await
    }

    /// `DELETE /api/job/{id}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/job/{id}/translate`: machine translation of the job's open segments.
    pub async fn translate(&self, token: &str) -> Response {
        let endpoint = self.0.at("/translate");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `GET /api/job/{id}/segments/{segment}/history`.
    pub async fn history(&self, token: &str, segment: impl Display) -> Response {
        let endpoint = self.0.at(format!("/segments/{segment}/history"));
        endpoint.send(Method::GET, token, Body::None).await
    }
}
