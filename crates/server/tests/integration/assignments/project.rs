//! Every job of a project offered to one translator at once: the jobs without an open
//! assignment only, all or none of them, and the translator told once.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use super::{offered, project};
use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, smtp::FakeSmtp, spawn_app_with},
    notifications::{mails, notifications},
};

/// `POST /api/translation/{id}/assignments` for `username` as `token`.
pub async fn offer_all(
    app: &TestApp,
    token: &str,
    project: i64,
    username: &str,
    amount: Value,
) -> reqwest::Response {
    let body = json!({
        "username": username, "task": "translate", "due_at": "2030-02-28T12:00:00Z",
        "note": "The whole site.", "amount": amount,
    });
    let path = format!("/api/translation/{project}/assignments");
    app.send_json(Method::POST, &path, token, body).await
}

/// The ids a successful offer made.
async fn ids(response: reqwest::Response) -> Vec<i64> {
    let made = json_body(response, StatusCode::CREATED).await;
    made["ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_projects_unassigned_jobs_go_to_one_translator_who_is_told_once() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    app.create_user("tom", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    let (a, jobs) = project(&app, &editor, "A").await;
    let (b, jobs_of_b) = project(&app, &editor, "B").await;

    // Refusals write nothing.
    let negative = offer_all(&app, &editor, a, "tina", json!(-1)).await;
    error_message(negative, StatusCode::UNPROCESSABLE_ENTITY).await;
    let not_a_translator = offer_all(&app, &editor, a, "editor", json!(100)).await;
    error_message(not_a_translator, StatusCode::UNPROCESSABLE_ENTITY).await;
    let unknown = offer_all(&app, &editor, 987_654, "tina", json!(100)).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert!(notifications(&app, &tina, "").await.is_empty());

    // A job with an open assignment keeps it; the other is offered.
    let toms = offered(&app, &editor, jobs_of_b[0], "tom").await;
    let made = ids(offer_all(&app, &editor, b, "tina", json!(40_00)).await).await;
    assert_eq!(made.len(), 1);
    let mine = json_body(
        app.get(&format!("/api/assignments/{}", made[0]), &tina)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (mine["job_id"].as_i64(), mine["amount"].as_i64()),
        (Some(jobs_of_b[1]), Some(40_00))
    );
    assert_ne!(made[0], toms);

    let made = ids(offer_all(&app, &editor, a, "tina", Value::Null).await).await;
    assert_eq!(made.len(), 2);
    for (id, job) in made.iter().zip(&jobs) {
        let row = json_body(
            app.get(&format!("/api/assignments/{id}"), &tina).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(row["job_id"], *job);
        assert_eq!(row["task"], "translate");
        assert_eq!(row["amount"], Value::Null);
        assert!(row["words"].as_i64().unwrap() > 0, "{row}");
    }
    // One notification and one mail for the lot.
    let told = notifications(&app, &tina, "").await;
    assert_eq!(told.len(), 2, "{told:?}");
    let text = told[0]["text"].as_str().unwrap();
    assert_eq!(
        text,
        "editor offered you 2 jobs of \"A\" to translate, due 2030-02-28 12:00 UTC"
    );
    assert_eq!(told[0]["link"], "/work");
    assert_eq!(
        mails(&app, "tina@example.com", "offered you 2 jobs").await,
        1
    );

    let again = offer_all(&app, &editor, a, "tina", Value::Null).await;
    assert_eq!(
        error_message(again, StatusCode::CONFLICT).await,
        "Every job of \"A\" has an open assignment already."
    );
    // Staff only: a translator does not reach the project at all.
    let by_translator = offer_all(&app, &tina, a, "tina", Value::Null).await;
    assert_eq!(by_translator.status(), StatusCode::NOT_FOUND);
}

/// Two offers of a whole project at once: one takes every job, the other none.
#[tokio::test]
async fn two_offers_of_a_project_at_once_never_split_its_jobs() {
    let app = crate::common::spawn_app().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    app.create_user("tom", Role::Translator).await;
    let (a, jobs) = project(&app, &editor, "A").await;
    let (first, second) = tokio::join!(
        offer_all(&app, &editor, a, "tina", Value::Null),
        offer_all(&app, &editor, a, "tom", Value::Null),
    );
    let mut answers = [first.status(), second.status()];
    answers.sort();
    assert_eq!(answers, [StatusCode::CREATED, StatusCode::CONFLICT]);
    let listed = json_body(app.get("/api/assignments", &editor).await, StatusCode::OK).await;
    let rows = listed.as_array().unwrap();
    assert_eq!(rows.len(), jobs.len());
    assert!(
        rows.iter()
            .all(|row| row["translator"] == rows[0]["translator"]),
        "{rows:?}"
    );
}
