//! What account mails lead to: invitations (`/api/invitations`, `/api/invite/{token}`),
//! password resets (`/api/password-reset`, `/api/password-reset/{token}`) and a new address's
//! confirmation (`/api/email-change/{token}`). The links' endpoints and the reset request take
//! no sign-in.

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource, query};
use crate::common::TestApp;

impl TestApp {
    /// `/api/invitations`: the invitations sent and not yet accepted (administrators).
    pub fn invitations(&self) -> Invitations<'_> {
        Invitations(Resource::new(self, "/api/invitations"))
    }

    /// `/api/password-reset`: asking for a reset mail (no sign-in).
    pub fn password_resets(&self) -> PasswordResets<'_> {
        PasswordResets(Resource::new(self, "/api/password-reset"))
    }

    /// `/api/invitations/{id}`: one invitation, as the staff see it.
    pub fn invitation(&self, id: impl Display) -> Invitation<'_> {
        Invitation(Resource::new(self, format!("/api/invitations/{id}")))
    }

    /// `/api/invite/{token}`: what an invitation's link opens (no sign-in).
    pub fn invite(&self, token: impl Display) -> Invite<'_> {
        Invite(Resource::new(self, format!("/api/invite/{token}")))
    }

    /// `/api/password-reset/{token}`: what a reset mail's link opens (no sign-in).
    pub fn password_reset(&self, token: impl Display) -> PasswordReset<'_> {
        PasswordReset(Resource::new(self, format!("/api/password-reset/{token}")))
    }

    /// `POST /api/email-change/{token}`: what a new address's confirmation link does (no
    /// sign-in).
    pub async fn confirm_email(&self, token: impl Display) -> Response {
        let endpoint = Resource::new(self, format!("/api/email-change/{token}"));
        endpoint
            .at("")
            .send_as(Method::POST, None, Body::None)
            .await
    }
}

pub struct Invitations<'a>(Resource<'a>);

impl Invitations<'_> {
    /// `GET /api/invitations?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(self::query(query));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/invitations`: the invitation mailed.
    pub async fn create(&self, token: &str, invitation: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint
            .send(Method::POST, token, Body::Json(invitation))
            .await
    }
}

pub struct PasswordResets<'a>(Resource<'a>);

impl PasswordResets<'_> {
    /// `GET /api/password-reset`: whether resets by mail are available.
    pub async fn available(&self) -> Response {
        let endpoint = self.0.at("");
        endpoint.send_as(Method::GET, None, Body::None).await
    }

    /// `POST /api/password-reset`: a reset mail asked for (the address in `body`).
    pub async fn ask(&self, body: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint.send_as(Method::POST, None, Body::Json(body)).await
    }
}

pub struct Invitation<'a>(Resource<'a>);

impl Invitation<'_> {
    /// `DELETE /api/invitations/{id}`: the invitation withdrawn.
    pub async fn revoke(&self, token: &str) -> Response {
        self.0.at("").send(Method::DELETE, token, Body::None).await
    }
}

pub struct Invite<'a>(Resource<'a>);

impl Invite<'_> {
    /// `GET /api/invite/{token}`: who is invited.
    pub async fn get(&self) -> Response {
        let endpoint = self.0.at("");
        endpoint.send_as(Method::GET, None, Body::None).await
    }

    /// `POST /api/invite/{token}/accept`: the account's password chosen.
    pub async fn accept(&self, password: Value) -> Response {
        let endpoint = self.0.at("/accept");
        endpoint
            .send_as(Method::POST, None, Body::Json(password))
            .await
    }
}

pub struct PasswordReset<'a>(Resource<'a>);

impl PasswordReset<'_> {
    /// `POST /api/password-reset/{token}`: the new password.
    pub async fn complete(&self, password: Value) -> Response {
        let endpoint = self.0.at("");
        endpoint
            .send_as(Method::POST, None, Body::Json(password))
            .await
    }
}
