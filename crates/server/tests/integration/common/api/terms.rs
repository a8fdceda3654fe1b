//! A client's termbase, `/api/client/{id}/terms`, and its customers' proposals for it,
//! `/api/client/{id}/term-proposals`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, clients::Client, query};

impl<'a> Client<'a> {
    /// `/api/client/{id}/terms`: the client's termbase.
    pub fn terms(&self) -> Terms<'a> {
        Terms(self.0.below("/terms"))
    }

    /// `/api/client/{id}/term-proposals`: terms the client's customers propose.
    pub fn term_proposals(&self) -> TermProposals<'a> {
        TermProposals(self.0.below("/term-proposals"))
    }
}

pub struct Terms<'a>(Resource<'a>);

impl Terms<'_> {
    /// `GET /api/client/{id}/terms?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/client/{id}/terms`.
    pub async fn add(&self, token: &str, entry: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Json(entry)).await
    }

    /// `PUT /api/client/{id}/terms/{term}`.
    pub async fn update(&self, token: &str, term: impl Display, entry: Value) -> Response {
        let endpoint = self.0.at(format!("/{term}"));
        endpoint.send(Method::PUT, token, Body::Json(entry)).await
    }

    /// `DELETE /api/client/{id}/terms/{term}`.
    pub async fn delete(&self, token: &str, term: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{term}"));
        endpoint.send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/client/{id}/terms/import` (a multipart form with the file).
    pub async fn import(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("/import");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/client/{id}/terms/export?format={format}`.
    pub async fn export(&self, token: &str, format: &str) -> Response {
        let endpoint = self.0.at(format!("/export?format={format}"));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/client/{id}/terms/suggestions`.
    pub async fn suggestions(&self, token: &str) -> Response {
        let endpoint = self.0.at("/suggestions");
        endpoint.send(Method::GET, token, Body::None).await
    }
}

pub struct TermProposals<'a>(Resource<'a>);

impl TermProposals<'_> {
    /// `GET /api/client/{id}/term-proposals?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/client/{id}/term-proposals`.
    pub async fn propose(&self, token: &str, proposal: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint
            .send(Method::POST, token, Body::Json(proposal))
            .await
    }

    /// `POST /api/client/{id}/term-proposals/{proposal}/accept`: the term joins the termbase.
    pub async fn accept(&self, token: &str, proposal: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{proposal}/accept"));
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/client/{id}/term-proposals/{proposal}/refuse` (the reason in `body`).
    pub async fn refuse(&self, token: &str, proposal: impl Display, body: Value) -> Response {
        let endpoint = self.0.at(format!("/{proposal}/refuse"));
        endpoint.send(Method::POST, token, Body::Json(body)).await
    }
}
