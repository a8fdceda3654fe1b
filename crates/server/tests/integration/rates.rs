//! Rate schemes over HTTP: the agency's default and a client's own, validation naming the
//! field, who may change them, the analysis priced by the one that applies, and the audit log.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app};

fn scheme(word_price: f64, currency: &str) -> Value {
    json!({
        "currency": currency,
        "word_price": word_price,
        "minimum_fee": 25.0,
        "mt_price_per_million_characters": 20.0,
        "percentages": {
            "repetition": 10, "context": 0, "exact": 10, "fuzzy95": 30,
            "fuzzy85": 60, "fuzzy75": 80, "fuzzy50": 100, "no_match": 100
        }
    })
}

async fn put(app: &TestApp, token: &str, path: &str, body: &Value) -> reqwest::Response {
    app.request(Method::PUT, path, Some(token))
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn client(app: &TestApp, token: &str) -> i64 {
    let form = reqwest::multipart::Form::new().text("client_name", "Acme");
    let response = app
        .request(Method::POST, "/api/client", Some(token))
        .multipart(form)
        .send()
        .await
        .unwrap();
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn default_and_client_schemes_with_validation_roles_and_audit() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let translator = app.token("tina", PASSWORD).await;
    let id = client(&app, &admin).await;
    let client_path = format!("/api/client/{id}/rate-scheme");

    // Nothing saved: the built-in scheme.
    let built_in = json_body(app.get(&client_path, &translator).await, StatusCode::OK).await;
    assert_eq!(built_in["source"], "built_in");

    // An editor sets the default; the client inherits it.
    let saved = json_body(
        put(
            &app,
            &editor,
            "/api/settings/rate-scheme",
            &scheme(0.1, "usd"),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["scheme"]["currency"], "USD");
    let inherited = json_body(app.get(&client_path, &translator).await, StatusCode::OK).await;
    assert_eq!(inherited["source"], "default");
    assert_eq!(inherited["scheme"]["word_price"], 0.1);

    // The client's own wins; removing it brings the default back.
    let own = json_body(
        put(&app, &admin, &client_path, &scheme(0.2, "EUR")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(own["source"], "client");
    assert_eq!(own["scheme"]["word_price"], 0.2);
    let again = json_body(
        put(&app, &admin, &client_path, &scheme(0.15, "EUR")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again["scheme"]["word_price"], 0.15);

    // Refused whole, naming the field; nothing changes.
    for (body, field) in [
        (scheme(-0.1, "EUR"), "word_price"),
        (scheme(0.1, "EURO"), "currency"),
        (
            {
                let mut s = scheme(0.1, "EUR");
                s["percentages"]["fuzzy85"] = json!(5000);
                s
            },
            "percentages.fuzzy85",
        ),
    ] {
        let message = error_message(
            put(&app, &admin, &client_path, &body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(field), "{field}: {message}");
    }
    let unchanged = json_body(app.get(&client_path, &admin).await, StatusCode::OK).await;
    assert_eq!(unchanged["scheme"]["word_price"], 0.15);

    // Translators read, never write.
    for response in [
        put(&app, &translator, &client_path, &scheme(0.3, "EUR")).await,
        put(
            &app,
            &translator,
            "/api/settings/rate-scheme",
            &scheme(0.3, "EUR"),
        )
        .await,
        app.request(Method::DELETE, &client_path, Some(&translator))
            .send()
            .await
            .unwrap(),
    ] {
        error_message(response, StatusCode::FORBIDDEN).await;
    }

    let removed = app
        .request(Method::DELETE, &client_path, Some(&editor))
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let back = json_body(app.get(&client_path, &admin).await, StatusCode::OK).await;
    assert_eq!(back["source"], "default");
    let none_left = app
        .request(Method::DELETE, &client_path, Some(&editor))
        .send()
        .await
        .unwrap();
    error_message(none_left, StatusCode::NOT_FOUND).await;
    let no_client = app.get("/api/client/9999/rate-scheme", &admin).await;
    error_message(no_client, StatusCode::NOT_FOUND).await;

    // One audit event per change: the default, two client saves, the removal.
    let events = json_body(
        app.get("/api/audit?action=rate_scheme_changed", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events.as_array().unwrap().len(), 4, "{events}");
}
