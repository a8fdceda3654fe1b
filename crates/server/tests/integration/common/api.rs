//! Typed requests, one method per endpoint: a test names the call (`app.translation(id).get(…)`,
//! `app.client(id).terms().add(…)`) and the harness writes its method and URL. Each returns the
//! `Response`, so a test asserts on status and body as it would on a hand-made request.

use std::fmt::Display;

use reqwest::{Method, Response, multipart::Form};
use serde_json::Value;

use super::TestApp;

/// One endpoint of one server: its path, and the requests a test sends it.
struct Endpoint<'a> {
    app: &'a TestApp,
    path: String,
}

/// What a request carries.
enum Body {
    None,
    Json(Value),
    Form(Form),
}

impl Endpoint<'_> {
    async fn send(self, method: Method, token: &str, body: Body) -> Response {
        let request = self.app.request(method, &self.path, Some(token));
        let request = match body {
            Body::None => request,
            Body::Json(value) => request.json(&value),
            Body::Form(form) => request.multipart(form),
        };
        request.send().await.unwrap()
    }
}

impl TestApp {
    fn endpoint(&self, path: String) -> Endpoint<'_> {
        Endpoint { app: self, path }
    }

    /// `/api/client`: every client.
    pub fn clients(&self) -> Clients<'_> {
        Clients(self)
    }

    /// `/api/client/{id}`: one client and what it holds.
    pub fn client(&self, id: impl Display) -> Client<'_> {
        Client {
            app: self,
            path: format!("/api/client/{id}"),
        }
    }

    /// `/api/translation`: every translation project.
    pub fn translations(&self) -> Translations<'_> {
        Translations(self)
    }

    /// `/api/translation/{id}`: one translation project and what it holds.
    pub fn translation(&self, id: impl Display) -> Translation<'_> {
        Translation {
            app: self,
            path: format!("/api/translation/{id}"),
        }
    }

    /// `/api/job/{id}`: one job.
    pub fn job(&self, id: impl Display) -> Job<'_> {
        Job {
            app: self,
            path: format!("/api/job/{id}"),
        }
    }
}

pub struct Clients<'a>(&'a TestApp);

impl Clients<'_> {
    /// `POST /api/client` (a multipart form: `client_name`, optional logo).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.endpoint("/api/client".into());
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `POST /api/client/archive`: a client's archive restored as a new client.
    pub async fn import_archive(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.endpoint("/api/client/archive".into());
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }
}

pub struct Client<'a> {
    app: &'a TestApp,
    path: String,
}

impl<'a> Client<'a> {
    fn at(&self, tail: &str) -> Endpoint<'a> {
        self.app.endpoint(format!("{}{tail}", self.path))
    }

    /// `DELETE /api/client/{id}`.
    pub async fn delete(&self, token: &str) -> Response {
        self.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `GET /api/client/{id}/archive`: the client with everything of theirs, as a zip.
    pub async fn archive(&self, token: &str) -> Response {
        self.at("/archive")
            .send(Method::GET, token, Body::None)
            .await
    }

    /// `/api/client/{id}/terms`: the client's termbase.
    pub fn terms(&self) -> Terms<'a> {
        Terms {
            app: self.app,
            path: format!("{}/terms", self.path),
        }
    }
}

pub struct Terms<'a> {
    app: &'a TestApp,
    path: String,
}

impl Terms<'_> {
    fn at(&self, tail: impl Display) -> Endpoint<'_> {
        self.app.endpoint(format!("{}{tail}", self.path))
    }

    /// `GET /api/client/{id}/terms?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        self.at(query).send(Method::GET, token, Body::None).await
    }

    /// `POST /api/client/{id}/terms`.
    pub async fn add(&self, token: &str, entry: Value) -> Response {
        self.at("")
            .send(Method::POST, token, Body::Json(entry))
            .await
    }

    /// `PUT /api/client/{id}/terms/{term}`.
    pub async fn update(&self, token: &str, term: impl Display, entry: Value) -> Response {
        let endpoint = self.at(format!("/{term}"));
        endpoint.send(Method::PUT, token, Body::Json(entry)).await
    }

    /// `DELETE /api/client/{id}/terms/{term}`.
    pub async fn delete(&self, token: &str, term: impl Display) -> Response {
        let endpoint = self.at(format!("/{term}"));
        endpoint.send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/client/{id}/terms/import` (a multipart form with the file).
    pub async fn import(&self, token: &str, form: Form) -> Response {
        let endpoint = self.at("/import");
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/client/{id}/terms/export?format={format}`.
    pub async fn export(&self, token: &str, format: &str) -> Response {
        let endpoint = self.at(format!("/export?format={format}"));
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `GET /api/client/{id}/terms/suggestions`.
    pub async fn suggestions(&self, token: &str) -> Response {
        let endpoint = self.at("/suggestions");
        endpoint.send(Method::GET, token, Body::None).await
    }
}

pub struct Translations<'a>(&'a TestApp);

impl Translations<'_> {
    /// `POST /api/translation` (a multipart form: name, client, the zip of XLIFF files).
    pub async fn create(&self, token: &str, form: Form) -> Response {
        let endpoint = self.0.endpoint("/api/translation".into());
        endpoint.send(Method::POST, token, Body::Form(form)).await
    }

    /// `GET /api/translation?{query}` (`query` without the `?`, may be empty).
    pub async fn list(&self, token: &str, query: &str) -> Response {
        let path = if query.is_empty() {
            "/api/translation".to_owned()
        } else {
            format!("/api/translation?{query}")
        };
        self.0
            .endpoint(path)
            .send(Method::GET, token, Body::None)
            .await
    }
}

pub struct Translation<'a> {
    app: &'a TestApp,
    path: String,
}

impl Translation<'_> {
    fn at(&self, tail: impl Display) -> Endpoint<'_> {
        self.app.endpoint(format!("{}{tail}", self.path))
    }

    /// `GET /api/translation/{id}`: the project with its jobs.
    pub async fn get(&self, token: &str) -> Response {
        self.at("").send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/translation/{id}`: name and status.
    pub async fn update(&self, token: &str, changes: Value) -> Response {
        self.at("")
            .send(Method::PUT, token, Body::Json(changes))
            .await
    }

    /// `DELETE /api/translation/{id}`: the project with everything it holds.
    pub async fn delete(&self, token: &str) -> Response {
        self.at("").send(Method::DELETE, token, Body::None).await
    }

    /// `POST /api/translation/{id}/job` (a multipart form with one more XLIFF file).
    pub async fn add_job(&self, token: &str, form: Form) -> Response {
        self.at("/job")
            .send(Method::POST, token, Body::Form(form))
            .await
    }

    /// `GET /api/translation/{id}/analysis`.
    pub async fn analysis(&self, token: &str) -> Response {
        self.at("/analysis")
            .send(Method::GET, token, Body::None)
            .await
    }

    /// `GET /api/translation/{id}/comments?{query}` (`query` without the `?`, may be empty).
    pub async fn comments(&self, token: &str, query: &str) -> Response {
        let tail = if query.is_empty() {
            "/comments".to_owned()
        } else {
            format!("/comments?{query}")
        };
        self.at(tail).send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/comments`: a staff comment on a segment.
    pub async fn add_comment(&self, token: &str, comment: Value) -> Response {
        let endpoint = self.at("/comments");
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
        let endpoint = self.at(format!("/comments/{segment}/resolve"));
        endpoint.send(Method::POST, token, Body::Json(body)).await
    }

    /// `POST /api/translation/{id}/review-links`: a new link for a reviewer.
    pub async fn create_review_link(&self, token: &str, link: Value) -> Response {
        let endpoint = self.at("/review-links");
        endpoint.send(Method::POST, token, Body::Json(link)).await
    }

    /// `GET /api/translation/{id}/review-links`.
    pub async fn review_links(&self, token: &str) -> Response {
        let endpoint = self.at("/review-links");
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `POST /api/translation/{id}/review-links/{link}/revoke`.
    pub async fn revoke_review_link(&self, token: &str, link: impl Display) -> Response {
        let endpoint = self.at(format!("/review-links/{link}/revoke"));
        endpoint.send(Method::POST, token, Body::None).await
    }

    /// `POST /api/translation/{id}/review-links/{link}/extend`.
    pub async fn extend_review_link(
        &self,
        token: &str,
        link: impl Display,
        body: Value,
    ) -> Response {
        let endpoint = self.at(format!("/review-links/{link}/extend"));
        endpoint.send(Method::POST, token, Body::Json(body)).await
    }
}

pub struct Job<'a> {
    app: &'a TestApp,
    path: String,
}

impl Job<'_> {
    /// `GET /api/job/{id}`: the job with its segments.
    pub async fn get(&self, token: &str) -> Response {
        let endpoint = self.app.endpoint(self.path.clone());
        endpoint.send(Method::GET, token, Body::None).await
    }

    /// `PUT /api/job/{id}`: segment edits.
    pub async fn update(&self, token: &str, edits: Value) -> Response {
        let endpoint = self.app.endpoint(self.path.clone());
        endpoint.send(Method::PUT, token, Body::Json(edits)).await
    }

    /// `GET /api/job/{id}/segments/{segment}/history`.
    pub async fn history(&self, token: &str, segment: impl Display) -> Response {
        let endpoint = self
            .app
            .endpoint(format!("{}/segments/{segment}/history", self.path));
        endpoint.send(Method::GET, token, Body::None).await
    }
}
