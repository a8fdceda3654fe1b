//! A user's notifications, `/api/notifications`, and the mail outbox, `/api/outbox`.

use std::fmt::Display;

use reqwest::{Method, Response};

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
}

pub struct Outbox<'a>(Resource<'a>);

impl Outbox<'_> {
    /// `POST /api/outbox/{id}/retry`: a given-up mail sent again.
    pub async fn retry(&self, token: &str, id: impl Display) -> Response {
        let endpoint = self.0.at(format!("/{id}/retry"));
        endpoint.send(Method::POST, token, Body::None).await
    }
}
