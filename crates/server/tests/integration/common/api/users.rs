//! User accounts, `/api/user/{username}`.

use std::fmt::Display;

use reqwest::{Method, Response};

use super::{Body, Resource};
use crate::common::TestApp;

impl TestApp {
    /// `/api/user/{username}`: one account.
    pub fn user(&self, username: impl Display) -> User<'_> {
        User(Resource::new(self, format!("/api/user/{username}")))
    }
}

pub struct User<'a>(Resource<'a>);

impl User<'_> {
    /// `DELETE /api/user/{username}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }
}
