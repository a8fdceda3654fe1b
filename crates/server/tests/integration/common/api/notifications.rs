//! A user's notifications, `/api/notifications`, and the mail outbox, `/api/outbox`.

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/notifications`: the signed-in user's notifications.
    pub fn notifications(&self) -> Notifications<'_> {
        Notifications(Resource::new(self, "/api/notifications"))
    }

    /// `/api/outbox`: mails waiting or given up (administrators).
    pub fn outbox(&self) -> Outbox<'_> {
        Outbox(Resource::new(self, "/api/outbox"))
    }
}

pub struct Notifications<'a>(Resource<'a>);

impl Notifications<'_> {
    /// `GET /api/notifications?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/notifications/{id}/read`.
    pub async fn read(&self, token: &str, id: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{id}/read"));
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `GET /api/notifications/unread-count`.
    pub async fn unread_count(&self, token: &str) -> Response {
        let endpoint = self.0.at("/unread-count");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/notifications/read-all`.
    pub async fn read_all(&self, token: &str) -> Response {
        let endpoint = self.0.at("/read-all");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `PUT /api/notifications/preferences`: how the user hears of each kind of event.
    pub async fn set_preferences(&self, token: &str, choices: Value) -> Response {
        let endpoint = self.0.at("/preferences");
        endpoint.send(Method::PUT, token, Body::Json(choices)).await
    }
}

pub struct Outbox<'a>(Resource<'a>);

impl Outbox<'_> {
    /// `GET /api/outbox?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/outbox/{id}/retry`: a given-up mail sent again.
    pub async fn retry(&self, token: &str, id: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{id}/retry"));
        endpoint.send(Method::POST, token, Body::None).await
    }
}
