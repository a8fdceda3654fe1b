//! `/api/client...`: CRUD, names, logo sanitising and serving, delete cascading to projects.

use reqwest::{
    Method, StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::common::{TestApp, error_message, json_body, spawn_app};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/logos");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap()
}

fn form(name: Option<&str>, logo: Option<(&str, Vec<u8>)>) -> Form {
    let mut form = Form::new();
    if let Some(name) = name {
        form = form.text("client_name", name.to_owned());
    }
    if let Some((file_name, bytes)) = logo {
        let part = Part::bytes(bytes)
            .file_name(file_name.to_owned())
            .mime_str("image/svg+xml")
            .unwrap();
        form = form.part("client_logo", part);
    }
    form
}

async fn create(app: &TestApp, token: &str, name: &str, logo: Option<&str>) -> Value {
    let logo = logo.map(|file| (file, fixture(file)));
    let response = app.clients().create(token, form(Some(name), logo)).await;
    json_body(response, StatusCode::CREATED).await
}

#[tokio::test]
async fn clients_are_created_listed_and_read() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let created = create(&app, &token, "ACME Corp", Some("clean.svg")).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["client_name"], "ACME Corp");
    assert!(created["client_logo"].as_str().unwrap().contains("<svg"));
    assert_eq!(created["logo_url"], format!("/api/client/{id}/logo"));
    assert!(created["date_created"].as_str().unwrap().contains('T'));
    assert_eq!(
        created["author"],
        json!({ "first_name": "admin-first", "last_name": "admin-last" })
    );

    create(&app, &token, "beta GmbH", None).await;
    let list = json_body(app.clients().list(&token, "").await, StatusCode::OK).await;
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["client_name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["ACME Corp", "beta GmbH"],
        "sorted by name, ignoring case"
    );

    let one = json_body(app.client(id).get(&token).await, StatusCode::OK).await;
    assert_eq!(one, created);

    let counts = json_body(app.dashboard(&token).await, StatusCode::OK).await;
    assert_eq!(counts["clients"], 2);
}

#[tokio::test]
async fn the_logo_is_served_as_inert_svg() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let created = create(&app, &token, "ACME", Some("clean.svg")).await;

    let response = app.get(created["logo_url"].as_str().unwrap(), &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(headers["content-type"], "image/svg+xml");
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; style-src 'unsafe-inline'"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(
        response.text().await.unwrap(),
        created["client_logo"].as_str().unwrap()
    );

    let without = create(&app, &token, "No Logo Inc", None).await;
    assert_eq!(without["client_logo"], Value::Null);
    assert_eq!(without["logo_url"], Value::Null);
    let logo = app.client(&without["id"]).logo(&token).await;
    error_message(logo, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn hostile_logos_are_neutralised_or_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let forbidden = [
        "<script",
        "alert(",
        "onload",
        "onclick",
        "onmouseover",
        "foreignobject",
        "iframe",
        "javascript:",
        "evil.example",
        "file:",
        "/etc/passwd",
    ];
    for (i, file) in [
        "script.svg",
        "onload.svg",
        "foreign_object.svg",
        "javascript_link.svg",
        "external_image.svg",
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("Client {i}");
        let response = app
            .clients()
            .create(&token, form(Some(&name), Some((file, fixture(file)))))
            .await;
        match response.status() {
            StatusCode::CREATED => {
                let body: Value = response.json().await.unwrap();
                let logo = body["client_logo"].as_str().unwrap().to_lowercase();
                for needle in forbidden {
                    assert!(!logo.contains(needle), "{file} kept {needle}: {logo}");
                }
                let served = app.get(body["logo_url"].as_str().unwrap(), &token).await;
                assert_eq!(served.text().await.unwrap().to_lowercase(), logo);
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE | StatusCode::UNPROCESSABLE_ENTITY => {
                let message = response.json::<Value>().await.unwrap()["message"].to_string();
                assert!(
                    message.contains(file),
                    "the message names the file: {message}"
                );
            }
            other => panic!("{file}: unexpected {other}"),
        }
    }
}

#[tokio::test]
async fn non_svg_and_oversized_logos_are_refused_and_nothing_is_saved() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    // A PNG named .svg and declared image/svg+xml: the content decides.
    let png = form(Some("PNG"), Some(("logo.svg", fixture("png_renamed.svg"))));
    let response = app.clients().create(&token, png).await;
    let message = error_message(response, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    assert!(message.contains("logo.svg"), "{message}");

    // 5 MiB of valid SVG.
    let padding = format!("<!--{}-->", "x".repeat(5 * 1024 * 1024));
    let huge = format!("<svg xmlns=\"http://www.w3.org/2000/svg\">{padding}</svg>");
    let huge = form(Some("Huge"), Some(("huge.svg", huge.into_bytes())));
    let response = app.clients().create(&token, huge).await;
    let message = error_message(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert!(message.contains("huge.svg"), "{message}");

    let list = json_body(app.clients().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(list, json!([]));
}

#[tokio::test]
async fn names_are_required_and_unique_ignoring_case() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    for name in [None, Some("   ")] {
        let without_name = form(name, Some(("", Vec::new())));
        let response = app.clients().create(&token, without_name).await;
        let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(message.contains("client_name"), "{message}");
    }
    let too_long = "x".repeat(201);
    let response = app
        .clients()
        .create(&token, form(Some(&too_long), None))
        .await;
    error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;

    create(&app, &token, "ACME", None).await;
    let response = app
        .clients()
        .create(&token, form(Some(" acme "), None))
        .await;
    let message = error_message(response, StatusCode::CONFLICT).await;
    assert_eq!(message, "A client named \"acme\" already exists.");

    // By hand: the typed request sends this endpoint a form, and the point is JSON.
    let json = app
        .send_json(
            Method::POST,
            "/api/client",
            &token,
            json!({ "client_name": "JSON" }),
        )
        .await;
    error_message(json, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn updates_rename_and_keep_or_replace_the_logo() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let acme = create(&app, &token, "ACME", Some("clean.svg")).await;
    create(&app, &token, "Beta", None).await;
    let client = app.client(&acme["id"]);

    // The edit form sends an empty file part when no new logo was chosen.
    let keep = form(Some("ACME International"), Some(("", Vec::new())));
    let saved = json_body(client.update(&token, keep).await, StatusCode::OK).await;
    assert_eq!(saved["id"], acme["id"]);
    assert_eq!(saved["client_name"], "ACME International");
    assert_eq!(saved["client_logo"], acme["client_logo"]);
    assert_eq!(saved["author"], acme["author"]);
    assert_eq!(saved["date_created"], acme["date_created"]);

    let replace = form(
        Some("ACME International"),
        Some(("new.svg", fixture("onload.svg"))),
    );
    let saved = json_body(client.update(&token, replace).await, StatusCode::OK).await;
    assert_ne!(saved["client_logo"], acme["client_logo"]);

    let clash = client.update(&token, form(Some("beta"), None)).await;
    assert_eq!(
        error_message(clash, StatusCode::CONFLICT).await,
        "A client named \"beta\" already exists."
    );
    let blank = client.update(&token, form(Some(""), None)).await;
    error_message(blank, StatusCode::UNPROCESSABLE_ENTITY).await;

    let missing = app.client(9999).update(&token, form(Some("X"), None)).await;
    assert_eq!(
        error_message(missing, StatusCode::NOT_FOUND).await,
        "Client not found"
    );
    // By hand, on purpose: the point is a malformed id in the URL.
    let not_a_number = app.get("/api/client/abc", &token).await;
    error_message(not_a_number, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn deleting_a_client_deletes_its_projects_in_the_same_statement() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let acme = create(&app, &token, "ACME", None).await;
    let other = create(&app, &token, "Other", None).await;

    // Projects tables arrive with later features; they reference clients the same way.
    let backend = app.db.get_database_backend();
    app.db
        .execute_unprepared(
            "CREATE TABLE cascade_probe (id INTEGER PRIMARY KEY, \
             client_id INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE)",
        )
        .await
        .unwrap();
    let insert = format!(
        "INSERT INTO cascade_probe (id, client_id) VALUES (1, {}), (2, {}), (3, {})",
        acme["id"], acme["id"], other["id"]
    );
    app.db.execute_unprepared(&insert).await.unwrap();

    let client = app.client(&acme["id"]);
    let response = client.delete(&token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    error_message(client.get(&token).await, StatusCode::NOT_FOUND).await;
    let again = client.delete(&token).await;
    error_message(again, StatusCode::NOT_FOUND).await;

    let rows = app
        .db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT client_id FROM cascade_probe ORDER BY id",
        ))
        .await
        .unwrap();
    let remaining: Vec<i64> = rows
        .iter()
        .map(|r| i64::from(r.try_get::<i32>("", "client_id").unwrap()))
        .collect();
    assert_eq!(remaining, [other["id"].as_i64().unwrap()]);
}
