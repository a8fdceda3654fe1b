//! User accounts, `/api/user` and `/api/user/{username}`.

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/user`: every account (administrators).
    pub fn users(&self) -> Users<'_> {
        Users(Resource::new(self, "/api/user"))
    }

    /// `/api/user/{username}`: one account.
    pub fn user(&self, username: impl Display) -> User<'_> {
        User(Resource::new(self, format!("/api/user/{username}")))
    }
}

pub struct Users<'a>(Resource<'a>);

impl Users<'_> {
    /// `GET /api/user?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/user`: a new account, as the administration form sends it.
    pub async fn create(&self, token: &str, account: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint
            .send(Method::POST, token, Body::Json(account))
            .await
    }
}

pub struct User<'a>(Resource<'a>);

impl User<'_> {
    /// `GET /api/user/{username}`.
    pub async fn get(&self, token: &str) -> Response {
        self.0.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/user/{username}`: the account's fields, role and clients.
    pub async fn update(&self, token: &str, changes: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send(Method::PUT, token, Body::Json(changes)).await
    }

    /// `DELETE /api/user/{username}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }
}
