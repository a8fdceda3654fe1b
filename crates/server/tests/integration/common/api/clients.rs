//! Clients: `/api/client`, `/api/client/{id}` and its archive. The client's termbase is in
//! `terms.rs`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};

use super::{Body, Resource};
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
    /// `DELETE /api/client/{id}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `GET /api/client/{id}/archive`: the client with everything of theirs, as a zip.
    pub async fn archive(&self, token: &str) -> Response {
        let endpoint = self.0.at("/archive");
        endpoint.send(Method::GET, token, Body::None).await
    }
}
