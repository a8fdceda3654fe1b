//! A client's translation memory, `/api/client/{id}/memory`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, clients::Client, query};

impl<'a> Client<'a> {
    /// `/api/client/{id}/memory`: the client's translation memory.
    pub fn memory(&self) -> Memory<'a> {
        Memory(self.0.below("/memory"))
    }
}

pub struct Memory<'a>(Resource<'a>);

impl Memory<'_> {
    /// `GET /api/client/{id}/memory?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/client/{id}/memory/{entry}`.
    pub async fn update(&self, token: &str, entry: impl Display, changes: Value) -> Response {
        let endpoint = self.0.at(format!("/{entry}"));
        endpoint.send(Method::PUT, token, Body::Json(changes)).await
    }

    /// `DELETE /api/client/{id}/memory/{entry}`.
    pub async fn delete(&self, token: &str, entry: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{entry}"));
        endpoint.send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/client/{id}/memory/import` (a multipart form with the TMX file).
    pub async fn import(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("/import");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/client/{id}/memory/export`: the memory as TMX.
    pub async fn export(&self, token: &str) -> Response {
        let endpoint = self.0.at("/export");
        endpoint.send(Method::GET, token, Body::None).await
    }
}
