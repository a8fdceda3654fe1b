//! Due-date notices on the server's clock: a job due within 24 hours tells its translator once;
//! past due, the translator and the staff member who offered it, once, however often the pass
//! runs (two passes at once included); ended work is never reminded.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;
use wordmark_server::{db::entities::user::Role, services::assignments};

use super::{act, project};
use crate::{
    common::{PASSWORD, TestApp, json_body, spawn_app},
    notifications::notifications,
};

/// Offers `job` to tina, due `hours` after the test's now.
async fn offered_due_in(app: &TestApp, editor: &str, job: i64, hours: i64) -> i64 {
    let due = app.now() + time::Duration::hours(hours);
    let body = json!({
        "username": "tina", "task": "translate",
        "due_at": due.format(&time::format_description::well_known::Rfc3339).unwrap(),
    });
    let path = format!("/api/job/{job}/assignment");
    let made = app.send_json(Method::POST, &path, editor, body).await;
    json_body(made, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

/// The kinds of `token`'s notifications, newest first.
async fn kinds(app: &TestApp, token: &str) -> Vec<String> {
    notifications(app, token, "")
        .await
        .iter()
        .map(|n| n["kind"].as_str().unwrap().to_owned())
        .collect()
}

async fn pass(app: &TestApp) -> usize {
    assignments::send_due_notices(&app.db, None, app.now())
        .await
        .unwrap()
}

#[tokio::test]
async fn due_soon_and_overdue_are_told_once_each_as_the_clock_moves() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    let (_, jobs) = project(&app, &editor, "A").await;
    let id = offered_due_in(&app, &editor, jobs[0], 30).await;
    // Ended work is never reminded.
    let withdrawn = offered_due_in(&app, &editor, jobs[1], 30).await;
    json_body(
        act(&app, &editor, withdrawn, "withdraw", json!({})).await,
        StatusCode::OK,
    )
    .await;
    json_body(
        act(&app, &tina, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    let before = kinds(&app, &tina).await.len();

    assert_eq!(pass(&app).await, 0, "due in 30 hours: not yet");
    app.clock.advance(Duration::from_secs(7 * 3600));
    // Sessions end as the clock moves by hours: sign in again.
    let (editor, tina) = (
        app.token("editor", PASSWORD).await,
        app.token("tina", PASSWORD).await,
    );
    // Two passes at once (two instances, or this server's own notifier): one notice.
    tokio::join!(pass(&app), pass(&app));
    assert_eq!(pass(&app).await, 0);
    let told = notifications(&app, &tina, "").await;
    assert_eq!(told.len(), before + 1);
    assert_eq!(told[0]["kind"], "assignment_due_soon");
    assert_eq!(told[0]["link"], "/work");
    assert!(
        told[0]["text"]
            .as_str()
            .unwrap()
            .contains("within 24 hours"),
        "{told:?}"
    );
    assert!(
        kinds(&app, &editor)
            .await
            .iter()
            .all(|k| k != "assignment_due_soon")
    );

    app.clock.advance(Duration::from_secs(24 * 3600));
    let (editor, tina) = (
        app.token("editor", PASSWORD).await,
        app.token("tina", PASSWORD).await,
    );
    pass(&app).await;
    assert_eq!(pass(&app).await, 0);
    assert_eq!(kinds(&app, &tina).await[0], "assignment_overdue");
    let staff = notifications(&app, &editor, "").await;
    assert_eq!(staff[0]["kind"], "assignment_overdue");
    assert_eq!(staff[0]["link"], format!("/job/{}", jobs[0]));
    assert!(
        staff[0]["text"]
            .as_str()
            .unwrap()
            .contains("assigned to tina, is overdue"),
        "{staff:?}"
    );
    // One notice of each kind in all: the withdrawn assignment told nobody anything.
    let mut due = kinds(&app, &tina).await;
    due.retain(|kind| kind == "assignment_due_soon" || kind == "assignment_overdue");
    assert_eq!(due, ["assignment_overdue", "assignment_due_soon"]);
}

#[tokio::test]
async fn delivered_work_is_not_overdue() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    let (_, jobs) = project(&app, &editor, "A").await;
    let id = offered_due_in(&app, &editor, jobs[0], 2).await;
    json_body(
        act(&app, &tina, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    super::confirm(&app, &tina, jobs[0], 0).await;
    json_body(
        act(&app, &tina, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    app.clock.advance(Duration::from_secs(3 * 3600));
    let editor = app.token("editor", PASSWORD).await;
    pass(&app).await;
    assert!(
        kinds(&app, &editor)
            .await
            .iter()
            .all(|k| k != "assignment_overdue")
    );
}
