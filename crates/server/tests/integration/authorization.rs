//! The authorization matrix over every call the original app made (built or not yet) plus the
//! calls Wordmark adds: who gets 401, who gets 403, and that an admin gets neither.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{self, ADMIN, PASSWORD, spawn_app, spawn_app_with};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Access {
    /// Any signed-in user.
    SignedIn,
    /// Administrators only.
    Admin,
    /// The user themself or an administrator; the paths below name another user.
    SelfOrAdmin,
    /// Administrators and editors; translators and customers are refused.
    Staff,
}

use Access::*;

/// The original app's calls, in the order it listed them, then Wordmark's additions. `{other}` is a user that is not the
/// caller (for DELETE one that does not exist, so the admin's call deletes nobody). Written as
/// URLs on purpose: the table is walked with every kind of token, anonymous calls included.
const ROUTES: &[(&str, &str, Access)] = &[
    ("GET", "/api/translation", SignedIn),
    ("GET", "/api/translation/1", SignedIn),
    ("POST", "/api/translation", SignedIn),
    ("PUT", "/api/translation/1", SignedIn),
    ("DELETE", "/api/translation/1", SignedIn),
    ("POST", "/api/translation/1/job", SignedIn),
    ("POST", "/api/translation/1/download-xlsx", SignedIn),
    ("POST", "/api/translation/1/download-xliff", SignedIn),
    ("POST", "/api/translation/1/upload-xlsx", SignedIn),
    ("GET", "/api/job", SignedIn),
    ("GET", "/api/job/1", SignedIn),
    ("POST", "/api/job", SignedIn),
    ("PUT", "/api/job/1", SignedIn),
    ("DELETE", "/api/job/1", SignedIn),
    ("POST", "/api/job/1/translate", SignedIn),
    ("GET", "/api/user/other", SelfOrAdmin),
    ("PUT", "/api/user/other", SelfOrAdmin),
    ("GET", "/api/user", Admin),
    ("POST", "/api/user", Admin),
    ("DELETE", "/api/user/nobody", Admin),
    ("GET", "/api/rebranding", SignedIn),
    ("POST", "/api/rebranding", SignedIn),
    ("GET", "/api/rebranding/1", SignedIn),
    ("PUT", "/api/rebranding/1", SignedIn),
    ("DELETE", "/api/rebranding/1", SignedIn),
    ("POST", "/api/rebranding/1/download-package", SignedIn),
    ("GET", "/api/client", SignedIn),
    ("POST", "/api/client", SignedIn),
    ("PUT", "/api/client/1", SignedIn),
    ("DELETE", "/api/client/1", SignedIn),
    // Wordmark's additions.
    ("GET", "/api/client/1", SignedIn),
    ("GET", "/api/client/1/logo", SignedIn),
    ("GET", "/api/client/1/archive", Admin),
    ("POST", "/api/client/archive", Admin),
    ("GET", "/api/dashboard", SignedIn),
    ("GET", "/api/build-info", SignedIn),
    ("GET", "/api/translation/1/review-links", SignedIn),
    ("POST", "/api/translation/1/review-links", SignedIn),
    ("POST", "/api/translation/1/review-links/1/revoke", SignedIn),
    ("POST", "/api/translation/1/review-links/1/extend", SignedIn),
    ("GET", "/api/translation/1/comments", SignedIn),
    ("POST", "/api/translation/1/comments", SignedIn),
    ("POST", "/api/translation/1/comments/1/resolve", SignedIn),
    ("GET", "/api/job/1/segments/1/history", SignedIn),
    ("GET", "/api/client/1/rate-scheme", SignedIn),
    ("PUT", "/api/client/1/rate-scheme", Staff),
    ("DELETE", "/api/client/1/rate-scheme", Staff),
    ("GET", "/api/settings/rate-scheme", SignedIn),
    ("PUT", "/api/settings/rate-scheme", Staff),
    ("GET", "/api/no-such-endpoint", SignedIn),
    ("POST", "/api", SignedIn),
];

fn method(name: &str) -> Method {
    name.parse().unwrap()
}

/// Sends the call with the given raw `Authorization` header (or none) and returns the status.
async fn status_with_header(
    app: &common::TestApp,
    (verb, path, _): (&str, &str, Access),
    authorization: Option<&str>,
) -> StatusCode {
    let mut request = app.request(method(verb), path, None).json(&json!({}));
    if let Some(value) = authorization {
        request = request.header("Authorization", value);
    }
    request.send().await.unwrap().status()
}

#[tokio::test]
async fn every_api_call_needs_a_valid_token() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let revoked = app.token(ADMIN, PASSWORD).await;
    let logout = app
        .request(Method::POST, "/auth/logout", Some(&revoked))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);

    let bearer_revoked = format!("Bearer {revoked}");
    let no_scheme = admin.clone();
    let wrong_scheme = format!("Basic {admin}");
    let bad_token = format!("Bearer {}", "0".repeat(64));
    let cases: [(&str, Option<&str>); 6] = [
        ("no header", None),
        ("empty bearer", Some("Bearer")),
        ("token without scheme", Some(&no_scheme)),
        ("unknown scheme", Some(&wrong_scheme)),
        ("unknown token", Some(&bad_token)),
        ("revoked token", Some(&bearer_revoked)),
    ];
    for &route in ROUTES {
        for (case, header) in cases {
            let response = app.request(method(route.0), route.1, None).json(&json!({}));
            let response = match header {
                Some(value) => response.header("Authorization", value),
                None => response,
            }
            .send()
            .await
            .unwrap();
            let status = response.status();
            let body: serde_json::Value = response.json().await.unwrap_or_default();
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "{} {} with {case}",
                route.0,
                route.1
            );
            assert!(
                body["message"].is_string(),
                "{} {}: JSON message, got {body}",
                route.0,
                route.1
            );
        }
    }
}

fn passed(status: StatusCode) -> bool {
    status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN
}

#[tokio::test]
async fn editors_are_refused_admin_calls_and_admins_pass_everywhere() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    app.create_user(
        "other",
        wordmark_server::db::entities::user::Role::Translator,
    )
    .await;
    let translator = app.token("other", PASSWORD).await;

    for &route in ROUTES {
        let (verb, path, access) = route;
        let as_editor = status_with_header(&app, route, Some(&format!("Bearer {editor}"))).await;
        match access {
            Admin | SelfOrAdmin => {
                assert_eq!(as_editor, StatusCode::FORBIDDEN, "editor: {verb} {path}")
            }
            SignedIn | Staff => assert!(
                passed(as_editor),
                "editor: {verb} {path} answered {as_editor}"
            ),
        }
        if access == Staff {
            let as_translator =
                status_with_header(&app, route, Some(&format!("Bearer {translator}"))).await;
            // Refused: 403, or 404 for a client's record (outside their assignments).
            let refusal = if path.starts_with("/api/client/") {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(as_translator, refusal, "translator: {verb} {path}");
        }
        // `Token <t>` is accepted as well as `Bearer <t>`.
        let as_admin = status_with_header(&app, route, Some(&format!("Token {admin}"))).await;
        assert!(passed(as_admin), "admin: {verb} {path} answered {as_admin}");
    }
}

#[tokio::test]
async fn unknown_api_paths_are_404_json_when_signed_in() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // By hand, on purpose: the point is a URL no endpoint has.
    let message = common::error_message(
        app.get("/api/nothing/here", &token).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert!(message.contains("/api/nothing/here"), "{message}");
}

#[tokio::test]
async fn unsupported_methods_are_405_json_after_the_token_check() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // By hand, on purpose: the point is a method the endpoint does not have.
    let anonymous = app
        .request(Method::PATCH, "/api/user", None)
        .send()
        .await
        .unwrap();
    common::error_message(anonymous, StatusCode::UNAUTHORIZED).await;
    let signed_in = app
        .request(Method::PATCH, "/api/user", Some(&token))
        .send()
        .await
        .unwrap();
    let message = common::error_message(signed_in, StatusCode::METHOD_NOT_ALLOWED).await;
    assert_eq!(message, "/api/user does not accept PATCH.");
    let login = app
        .request(Method::GET, "/auth/login", None)
        .send()
        .await
        .unwrap();
    common::error_message(login, StatusCode::METHOD_NOT_ALLOWED).await;
}

#[tokio::test]
async fn tokens_expire_after_the_ttl_without_use() {
    // Timestamps are whole seconds, so a TTL of N s lasts between N - 1 and N s: 3 s leaves a
    // loaded machine 2 s for the first call.
    let app = spawn_app_with(|c| c.token_ttl = Duration::from_secs(3)).await;
    let token = app.admin_token().await;
    assert_eq!(app.dashboard(&token).await.status(), StatusCode::OK);
    app.clock.advance(Duration::from_millis(4200));
    let response = app.dashboard(&token).await;
    common::error_message(response, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn using_a_token_slides_its_expiry() {
    // TTL 4 s: a use after 2.5 s pushes the expiry past 5 s; unused it would end at 4 s.
    let app = spawn_app_with(|c| c.token_ttl = Duration::from_secs(4)).await;
    let token = app.admin_token().await;
    app.clock.advance(Duration::from_millis(2500));
    assert_eq!(app.dashboard(&token).await.status(), StatusCode::OK);
    app.clock.advance(Duration::from_millis(2500));
    assert_eq!(app.dashboard(&token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn logout_needs_a_token_and_ends_only_that_session() {
    let app = spawn_app().await;
    let first = app.admin_token().await;
    let second = app.token(ADMIN, PASSWORD).await;
    let anonymous = app
        .request(Method::POST, "/auth/logout", None)
        .send()
        .await
        .unwrap();
    common::error_message(anonymous, StatusCode::UNAUTHORIZED).await;

    let logout = app
        .request(Method::POST, "/auth/logout", Some(&first))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.dashboard(&first).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.dashboard(&second).await.status(), StatusCode::OK);
}
