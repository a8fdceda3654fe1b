//! Typed requests, one method per endpoint: a test names the call (`app.translation(id).get(…)`,
//! `app.client(id).terms().add(…)`) and the harness writes its method and URL. Each returns the
//! `Response`, so a test asserts on status and body as it would on a hand-made request.
//!
//! One file per resource; the plumbing (an [`Endpoint`] sending a [`Body`]) is here.

mod account_mail;
mod audit;
mod clients;
mod jobs;
mod memory;
mod meta;
mod notifications;
mod quotes;
mod rebranding;
mod review;
mod settings;
mod terms;
mod translations;
mod users;

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
    /// The request signed in as `token`.
    async fn send(self, method: Method, token: &str, body: Body) -> Response {
        self.send_as(method, Some(token), body).await
    }

    /// The request signed in as `token`, or anonymous (a link's token in the path, say).
    async fn send_as(self, method: Method, token: Option<&str>, body: Body) -> Response {
        let request = self.app.request(method, &self.path, token);
        let request = match body {
            Body::None => request,
            Body::Json(value) => request.json(&value),
            Body::Form(form) => request.multipart(form),
        };
        request.send().await.unwrap()
    }
}

/// A path under which a resource's endpoints lie (`/api/client/7`).
struct Resource<'a> {
    app: &'a TestApp,
    path: String,
}

impl<'a> Resource<'a> {
    fn new(app: &'a TestApp, path: impl Display) -> Self {
        Resource {
            app,
            path: path.to_string(),
        }
    }

    /// The endpoint at `tail` below this path (`""`: this path itself).
    fn at(&self, tail: impl Display) -> Endpoint<'a> {
        Endpoint {
            app: self.app,
            path: format!("{}{tail}", self.path),
        }
    }

    /// The resource at `tail` below this one.
    fn below(&self, tail: impl Display) -> Resource<'a> {
        Resource::new(self.app, format!("{}{tail}", self.path))
    }
}

/// `?{query}`, or nothing for an empty query (`query` is written without the `?`).
fn query(query: &str) -> String {
    if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    }
}
