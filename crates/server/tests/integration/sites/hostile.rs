//! Sites that answer badly (`fake_site`): an answer larger than the cap, no answer within the
//! timeout, JSON cut short, a redirect to another host, an internal error. Each is a named
//! problem on the connection check and a 502 naming it on a refresh and on a project from the
//! site, and writes nothing: the content list, the projects and their links to the site stay
//! as they were, and the other host never hears of the password.

use std::{sync::atomic::Ordering, time::Duration};

use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use super::{
    add_site, customer_with_client,
    fake_site::{Behaviour, FakeSite, ITEM},
    post, site_form,
};
use crate::common::{TestApp, error_message, json_body, spawn_app_with};

/// The site's timeout in this test: short, so the slow site costs seconds, not minutes.
const TIMEOUT: Duration = Duration::from_secs(2);

async fn count(app: &TestApp, sql: &str) -> i64 {
    app.db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            sql.to_owned(),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap()
}

/// What a failed call must leave as it was: the content list, the projects, their links to
/// the site, and when the content was read.
async fn written(app: &TestApp, token: &str, site: i64) -> (i64, i64, i64, Value) {
    let shown = json_body(
        app.get(&format!("/api/sites/{site}"), token).await,
        StatusCode::OK,
    )
    .await;
    (
        count(app, "SELECT COUNT(*) FROM site_items").await,
        count(app, "SELECT COUNT(*) FROM translation_projects").await,
        count(app, "SELECT COUNT(*) FROM site_jobs").await,
        shown["refreshed_at"].clone(),
    )
}

#[tokio::test]
async fn a_hostile_site_is_a_named_problem_and_writes_nothing() {
    let fake = FakeSite::start("1.0.0", TIMEOUT * 3).await;
    let app = spawn_app_with(|config| config.site_timeout = TIMEOUT).await;
    let token = app.admin_token().await;
    let client = customer_with_client(&app, &token, "hostile").await;
    let form = site_form(&fake.url, "editor", "abcd efgh ijkl mnop qrst uvwx");
    let id = add_site(&app, &token, client, form).await["id"]
        .as_i64()
        .unwrap();
    let checked = json_body(
        post(&app, &token, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], Value::Null, "{checked}");
    let refreshed = json_body(
        post(&app, &token, &format!("/api/sites/{id}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(refreshed["items"], 1);
    let before = written(&app, &token, id).await;
    assert_eq!(before.0, 1, "the content list holds the site's page");

    for (behaviour, kind, named, named_on_xliff) in [
        (
            Behaviour::Huge,
            "unexpected",
            "larger than 4 MiB",
            "larger than 16 MiB",
        ),
        (
            Behaviour::Slow,
            "timeout",
            "did not answer within 2 seconds",
            "did not answer within 2 seconds",
        ),
        (
            Behaviour::Malformed,
            "unexpected",
            "/site: EOF",
            "/content/7/xliff: EOF",
        ),
        (
            Behaviour::RedirectElsewhere,
            "redirected",
            "127.0.0.2",
            "127.0.0.2",
        ),
        (
            Behaviour::ServerError,
            "refused",
            "answered 500",
            "answered 500",
        ),
    ] {
        fake.behave(behaviour);

        let project = json!({ "project_name": "P", "items": [ITEM], "target_langs": ["de"] });
        let path = format!("/api/sites/{id}/projects");
        let refused = app.send_json(Method::POST, &path, &token, project).await;
        let message = error_message(refused, StatusCode::BAD_GATEWAY).await;
        assert!(message.contains(named_on_xliff), "{behaviour:?}: {message}");

        let refused = post(&app, &token, &format!("/api/sites/{id}/refresh")).await;
        let message = error_message(refused, StatusCode::BAD_GATEWAY).await;
        assert!(message.contains(named), "{behaviour:?}: {message}");

        let checked = json_body(
            post(&app, &token, &format!("/api/sites/{id}/check")).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(checked["problem_kind"], kind, "{behaviour:?}: {checked}");
        let problem = checked["site"]["connection"]["problem"].as_str().unwrap();
        assert!(problem.contains(named), "{behaviour:?}: {problem}");

        assert_eq!(
            written(&app, &token, id).await,
            before,
            "{behaviour:?} wrote nothing"
        );
    }
    assert_eq!(
        fake.reached_elsewhere.load(Ordering::SeqCst),
        0,
        "the other host was never called"
    );

    // The site mends: the same site connects again.
    fake.behave(Behaviour::Plugin);
    let checked = json_body(
        post(&app, &token, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], Value::Null, "{checked}");
}
