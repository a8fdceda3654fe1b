//! Review in the browser, the staff's side: a project's review links and comment threads.

use std::fmt::Display;

use reqwest::{Method, Response};
use serde_json::Value;

use super::{Body, query, translations::Translation};

impl Translation<'_> {
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
