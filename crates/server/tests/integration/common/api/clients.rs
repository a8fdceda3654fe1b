//! Clients: `/api/client`, `/api/client/{id}` with its logo, people, rate scheme and archive.
//! The client's termbase is in `terms.rs`, its translation memory in `memory.rs`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/client`: every client.
    pub fn clients(&self) -> Clients<'_> {
        Clients(Resource::new(self, "/api/client"))
    }

    /// `/api/client/{id}`: one client and what it holds.
    pub fn client(&self, id: impl Display) -> Client<'_> {
        Client(Resource::new(self, format!("/api/client/{id}")))
    }
}

pub struct Clients<'a>(Resource<'a>);

impl Clients<'_> {
    /// `GET /api/client?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/client` (a multipart form: `client_name`, optional logo).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `POST /api/client/archive`: a client's archive restored as a new client.
    pub async fn import_archive(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("/archive");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }
}

pub struct Client<'a>(pub(super) Resource<'a>);

impl Client<'_> {
    /// `GET /api/client/{id}`.
    pub async fn get(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/client/{id}` (a multipart form: `client_name`, optional new logo).
    pub async fn update(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::PUT, token, Body::Form(form)).await
    }

    /// `DELETE /api/client/{id}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `GET /api/client/{id}/logo`.
    pub async fn logo(&self, token: &str) -> Response {
        let endpoint = self.0.at("/logo");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/client/{id}/people`: the client's customers and staff.
    pub async fn people(&self, token: &str) -> Response {
        let endpoint = self.0.at("/people");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/client/{id}/archive`: the client with everything of theirs, as a zip.
    pub async fn archive(&self, token: &str) -> Response {
        let endpoint = self.0.at("/archive");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/client/{id}/rate-scheme`: the client's own scheme, or the one it inherits.
    pub async fn rate_scheme(&self, token: &str) -> Response {
        let endpoint = self.0.at("/rate-scheme");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/client/{id}/rate-scheme`.
    pub async fn set_rate_scheme(&self, token: &str, scheme: Value) -> Response {
        let endpoint = self.0.at("/rate-scheme");
        endpoint.send(Method::PUT, token, Body::Json(scheme)).await
    }

    /// `DELETE /api/client/{id}/rate-scheme`: back to the default.
    pub async fn delete_rate_scheme(&self, token: &str) -> Response {
        let endpoint = self.0.at("/rate-scheme");
        endpoint.send(Method::DELETE, token, Body::None).await
    }
}
