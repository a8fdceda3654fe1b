//! Review links (#18): the customer's review in the browser, through the HTTP API only (plus the
//! database to look at what was stored), on SQLite and PostgreSQL like the rest of the suite.

mod drafts;
mod links;

use crate::common::{TestApp, json_body};
use crate::review::support::{Project, create_project, pretranslate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::db::entities::translation_segment::SegmentOrigin;

/// A pre-translated project of `files` with its status set to `Pretranslated`.
async fn pretranslated(
    app: &TestApp,
    token: &str,
    name: &str,
    files: &[(String, Vec<u8>)],
) -> Project {
    let project = create_project(app, token, name, files).await;
    pretranslate(app, project.id, SegmentOrigin::Mt).await;
    let response = app
        .translation(project.id)
        .update(token, json!({ "status": "Pretranslated" }))
        .await;
    json_body(response, StatusCode::OK).await;
    project
}

/// Creates a link; returns its answer.
async fn create_link(app: &TestApp, token: &str, project_id: i32, body: Value) -> Value {
    let response = app
        .translation(project_id)
        .create_review_link(token, body)
        .await;
    json_body(response, StatusCode::CREATED).await
}

/// A customer call: no sign-in, the token in the path.
async fn customer(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let request = app.request(method, path, None);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    request.send().await.unwrap()
}

async fn review_job(app: &TestApp, link: &str, job_id: i32) -> Value {
    let response = app.review(link).job(job_id).await;
    json_body(response, StatusCode::OK).await
}

fn segment_of(job: &Value, id: i64) -> &Value {
    job["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap()
}

async fn save(
    app: &TestApp,
    link: &str,
    segment_id: i64,
    text: &str,
    base: i64,
) -> reqwest::Response {
    app.review(link)
        .save(segment_id, json!({ "text": text, "base_revision": base }))
        .await
}
