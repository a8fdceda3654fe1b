//! `POST /auth/login`: the session shape, wrong credentials, and throttling.

use reqwest::StatusCode;
use serde_json::json;
use wordmark_server::db::entities::user::Role;

use crate::common::{
    ADMIN, EDITOR, PASSWORD, error_message, json_body, mentions_password, spawn_app,
};

#[tokio::test]
async fn signing_in_answers_the_session_the_app_stores() {
    let app = spawn_app().await;
    app.create_user(EDITOR, Role::Editor).await;
    let body = json_body(app.login(EDITOR, PASSWORD).await, StatusCode::OK).await;

    let token = body["token"].as_str().unwrap();
    assert_eq!(token.len(), 64, "256 bits, hex");
    assert_eq!(
        body["user_object"],
        json!({
            "username": "editor",
            "first_name": "editor-first",
            "last_name": "editor-last",
            "email": "editor@example.com",
            "role": "editor",
            "token": token,
            "permissions": [
                "clients.read", "clients.write", "clients.delete", "sites.read", "sites.manage",
                "people.read", "projects.read", "projects.write", "projects.request",
                "projects.delete", "segments.write", "pretranslation.run", "comments.write",
                "review_links.read", "review_links.manage", "deliveries.download",
                "quotes.manage", "memory.read", "matches.read", "memory.write", "terms.read",
                "terms.write", "rates.read", "rates.write", "account.own",
                "assignments.manage", "assignments.read", "build_info.read",
            ],
            "client_ids": [],
            "clients": [],
        })
    );
    assert!(!mentions_password(&body));
    // Every sign-in is a new session with its own token.
    let again = json_body(app.login(EDITOR, PASSWORD).await, StatusCode::OK).await;
    assert_ne!(again["token"], body["token"]);
}

#[tokio::test]
async fn wrong_password_and_unknown_user_get_the_same_answer() {
    let app = spawn_app().await;
    app.create_user(ADMIN, Role::Admin).await;
    for (username, password) in [(ADMIN, "wrong password"), ("nobody", PASSWORD)] {
        let message = error_message(
            app.login(username, password).await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
        assert_eq!(message, "Username or password incorrect.");
    }
}

#[tokio::test]
async fn missing_credentials_are_named() {
    let app = spawn_app().await;
    let cases = [
        (json!({ "password": PASSWORD }), "username"),
        (json!({ "username": ADMIN }), "password"),
        (
            json!({ "username": "  ", "password": PASSWORD }),
            "username",
        ),
    ];
    for (body, field) in cases {
        let response = app
            .client
            .post(app.url("/auth/login"))
            .json(&body)
            .send()
            .await
            .unwrap();
        let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(message.contains(field), "{message}");
    }
    let not_json = app
        .client
        .post(app.url("/auth/login"))
        .body("username=admin")
        .send()
        .await
        .unwrap();
    error_message(not_json, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn ten_failures_for_one_username_block_it_even_with_the_right_password() {
    let app = spawn_app().await;
    app.create_user(ADMIN, Role::Admin).await;
    for _ in 0..10 {
        let response = app.login(ADMIN, "wrong password").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.login(ADMIN, PASSWORD).await;
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((14 * 60..=15 * 60).contains(&retry_after), "{retry_after}");
    let message = error_message(response, StatusCode::TOO_MANY_REQUESTS).await;
    assert_eq!(
        message,
        "Too many failed sign-in attempts. Try again in 15 minutes."
    );
}

#[tokio::test]
async fn ten_failures_from_one_address_block_other_usernames_too() {
    let app = spawn_app().await;
    app.create_user(EDITOR, Role::Editor).await;
    for i in 0..10 {
        let response = app.login(&format!("guess{i}"), "wrong password").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.login(EDITOR, PASSWORD).await;
    error_message(response, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test]
async fn a_success_forgets_earlier_failures_of_that_username() {
    let app = spawn_app().await;
    app.create_user(ADMIN, Role::Admin).await;
    for _ in 0..5 {
        app.login(ADMIN, "wrong password").await;
    }
    app.token(ADMIN, PASSWORD).await;
    // Five more failures would block if the first five still counted (5 + 5 = 10).
    for _ in 0..5 {
        app.login(ADMIN, "wrong password").await;
    }
    assert_eq!(app.login(ADMIN, PASSWORD).await.status(), StatusCode::OK);
}
