//! Review in the browser: the staff's side (a project's review links and comment threads) and
//! the reviewer's (`/api/review/{token}`, the link's token in the path).

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, Resource, query, translations::Translation};
use crate::common::TestApp;

impl TestApp {
    /// `/api/review/{token}`: the review a link opens, asked anonymously (see
    /// [`Review::signed_in`]).
    pub fn review(&self, token: impl Display) -> Review<'_> {
        Review {
            at: Resource::new(self, format!("/api/review/{token}")),
            bearer: None,
        }
    }
}

impl Translation<'_> {
    /// `POST /api/translation/{id}/my-review`: the signed-in customer's own review link.
    pub async fn my_review(&self, token: &str) -> Response {
        let endpoint = self.0.at("/my-review");
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `GET /api/translation/{id}/comments?{query}` (`query` without the `?`, may be empty).
    pub async fn comments(&self, token: &str, query: &str) -> Response {
        let endpoint = self.0.at(format!("/comments{}", self::query(query)));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/comments`: a staff comment on a segment.
    pub async fn add_comment(&self, token: &str, comment: Value) -> Response {
        let endpoint = self.0.at("/comments");
        endpoint
            .send(Method::POST, token, Body::Json(comment))
            .await
    }

    /// `POST /api/translation/{id}/comments/{segment}/resolve`: the segment's thread.
    pub async fn resolve_comments(
        &self,
        token: &str,
        segment: impl Display,
        body: Value,
    ) -> Response {
        let endpoint = self.0.at(format!("/comments/{segment}/resolve"));
        endpoint.send(Method::POST, token, Body::Json(body)).await
    }

    /// `POST /api/translation/{id}/review-links`: a new link for a reviewer.
    pub async fn create_review_link(&self, token: &str, link: Value) -> Response {
        let endpoint = self.0.at("/review-links");
        endpoint.send(Method::POST, token, Body::Json(link)).await
    }

    /// `GET /api/translation/{id}/review-links`.
    pub async fn review_links(&self, token: &str) -> Response {
        let endpoint = self.0.at("/review-links");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/review-links/{link}/revoke`.
    pub async fn revoke_review_link(&self, token: &str, link: impl Display) -> Response {
        let endpoint = self.0.at(format!("/review-links/{link}/revoke"));
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/review-links/{link}/extend`.
    pub async fn extend_review_link(
        &self,
        token: &str,
        link: impl Display,
        body: Value,
    ) -> Response {
        let endpoint = self.0.at(format!("/review-links/{link}/extend"));
        endpoint.send(Method::POST, token, Body::Json(body)).await
    }
}

/// The reviewer's side of one link: anonymous unless [`Review::signed_in`].
pub struct Review<'a> {
    at: Resource<'a>,
    bearer: Option<&'a str>,
}

impl<'a> Review<'a> {
    /// The same review, asked with the session `bearer` (a customer's own link); `None`
    /// stays anonymous.
    pub fn signed_in(self, bearer: Option<&'a str>) -> Self {
        Review { bearer, ..self }
    }

    async fn send(&self, method: Method, tail: impl Display, body: Body) -> Response {
        self.at.at(tail).send_as(method, self.bearer, body).await
    }

    /// `GET /api/review/{token}`: the review's start page.
    pub async fn get(&self) -> Response {
        self.send(Method::GET, "", Body::None).await
    }

    /// `GET /api/review/{token}/jobs/{job}`: one file with its segments.
    pub async fn job(&self, job: impl Display) -> Response {
        self.send(Method::GET, format!("/jobs/{job}"), Body::None)
            .await
    }

    /// `PUT /api/review/{token}/segments/{segment}`: a draft.
    pub async fn save(&self, segment: impl Display, draft: Value) -> Response {
        let tail = format!("/segments/{segment}");
        self.send(Method::PUT, tail, Body::Json(draft)).await
    }

    /// `POST /api/review/{token}/segments/{segment}/approve`.
    pub async fn approve(&self, segment: impl Display, body: Value) -> Response {
        let tail = format!("/segments/{segment}/approve");
        self.send(Method::POST, tail, Body::Json(body)).await
    }

    /// `POST /api/review/{token}/segments/{segment}/comments`.
    pub async fn comment(&self, segment: impl Display, comment: Value) -> Response {
        let tail = format!("/segments/{segment}/comments");
        self.send(Method::POST, tail, Body::Json(comment)).await
    }

    /// `POST /api/review/{token}/submit`: the review handed back.
    pub async fn submit(&self) -> Response {
        self.send(Method::POST, "/submit", Body::None).await
    }
}
