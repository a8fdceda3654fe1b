//! `/api/client/{id}/terms…`: CRUD with roles, the paged list with filters, import/export
//! round trips in every format, refused files that store nothing, and suggestions from a
//! rebranding project; customers' term proposals and staff's decisions.

mod entries;
mod pretranslation;
mod proposals;
mod regional;

use crate::common::{TestApp, json_body};
use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

fn term(source: &str, targets: &[&str], kind: &str) -> Value {
    json!({
        "source_lang": "en", "target_lang": "de", "source": source,
        "targets": targets, "kind": kind,
    })
}

async fn add(app: &TestApp, token: &str, client: i64, body: Value) -> Value {
    let response = app.client(client).terms().add(token, body).await;
    json_body(response, StatusCode::CREATED).await
}

async fn list(app: &TestApp, token: &str, client: i64, query: &str) -> (Vec<Value>, u64) {
    let response = app.client(client).terms().list(token, query).await;
    let total = response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let rows = json_body(response, StatusCode::OK).await;
    (rows.as_array().unwrap().clone(), total)
}

async fn import(
    app: &TestApp,
    token: &str,
    client: i64,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_owned()));
    app.client(client).terms().import(token, form).await
}

async fn export(app: &TestApp, token: &str, client: i64, format: &str) -> Vec<u8> {
    let response = app.client(client).terms().export(token, format).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.bytes().await.unwrap().to_vec()
}

/// The entries as the list shows them, without ids and times.
async fn entries(app: &TestApp, token: &str, client: i64) -> Vec<Value> {
    let (rows, _) = list(app, token, client, "limit=200").await;
    rows.into_iter()
        .map(|mut row| {
            let object = row.as_object_mut().unwrap();
            object.remove("id");
            object.remove("updated_at");
            row
        })
        .collect()
}
