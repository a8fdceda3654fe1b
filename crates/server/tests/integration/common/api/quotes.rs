//! Quotes: a project's, `/api/translation/{id}/quotes`, everyone's, `/api/quotes`, and the
//! customers' requests for one, `/api/requests`.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::{Body, Resource, query, translations::Translation};
use crate::common::TestApp;

impl TestApp {
    /// `/api/quotes`: the quotes of every project.
    pub fn quotes(&self) -> AllQuotes<'_> {
        AllQuotes(Resource::new(self, "/api/quotes"))
    }

    /// `/api/requests`: customers asking for a quote.
    pub fn quote_requests(&self) -> QuoteRequests<'_> {
        QuoteRequests(Resource::new(self, "/api/requests"))
    }
}

pub struct QuoteRequests<'a>(Resource<'a>);

impl QuoteRequests<'_> {
    /// `POST /api/requests` (a multipart form: the request and its files; a new project).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }
}

impl<'a> Translation<'a> {
    /// `/api/translation/{id}/quotes`: the project's quotes.
    pub fn quotes(&self) -> Quotes<'a> {
        Quotes(self.0.below("/quotes"))
    }
}

pub struct AllQuotes<'a>(Resource<'a>);

impl AllQuotes<'_> {
    /// `GET /api/quotes?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/quotes/totals`.
    pub async fn totals(&self, token: &str) -> Response {
        let endpoint = self.0.at("/totals");
        endpoint.send(Method::GET, token, Body::None).await
    }
}

pub struct Quotes<'a>(Resource<'a>);

impl Quotes<'_> {
    /// `GET /api/translation/{id}/quotes`: the request and the quotes of the project.
    pub async fn overview(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/quotes`: a draft composed.
    pub async fn compose(&self, token: &str, draft: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::POST, token, Body::Json(draft)).await
    }

    /// `GET /api/translation/{id}/quotes/{quote}`.
    pub async fn get(&self, token: &str, quote: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{quote}"));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/quotes/{quote}/send`: the draft sent to the customer.
    pub async fn send(&self, token: &str, quote: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{quote}/send"));
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/quotes/{quote}/accept`.
    pub async fn accept(&self, token: &str, quote: impl Display, acceptance: Value) -> Response {
        let endpoint = self.0.at(format!("/{quote}/accept"));
        let body = Body::Json(acceptance);
        endpoint.send(Method::POST, token, body).await
    }

    /// `POST /api/translation/{id}/quotes/{quote}/decline`.
    pub async fn decline(&self, token: &str, quote: impl Display, refusal: Value) -> Response {
        let endpoint = self.0.at(format!("/{quote}/decline"));
        endpoint
            .send(Method::POST, token, Body::Json(refusal))
            .await
    }

    /// `GET /api/translation/{id}/quotes/{quote}/quote.pdf`.
    pub async fn pdf(&self, token: &str, quote: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{quote}/quote.pdf"));
        endpoint.send(Method::GET, token, Body::None).await
    }
}
