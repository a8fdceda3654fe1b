//! A translator's comments and history: the threads of their jobs' segments under the job's
//! path (read always, written while the assignment is accepted or returned), and nothing of
//! the project's other jobs, nor the project's own comments route.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Setup, act, offered, setup};
use crate::common::{TestApp, error_message, json_body};

/// The id of the first segment of `job`, read as the editor.
async fn first_segment(app: &TestApp, editor: &str, job: i64) -> i64 {
    let detail = json_body(app.job(job).get(editor).await, StatusCode::OK).await;
    detail["segments"][0]["id"].as_i64().unwrap()
}

async fn comment(
    app: &TestApp,
    token: &str,
    path: &str,
    segment: i64,
    body: &str,
) -> reqwest::Response {
    let body = json!({ "segment_id": segment, "body": body });
    app.send_json(Method::POST, path, token, body).await
}

/// The bodies of every comment in `threads`.
fn bodies(threads: &Value) -> Vec<String> {
    threads
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|thread| thread["comments"].as_array().unwrap().iter())
        .map(|comment| comment["body"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_translator_reads_and_writes_the_comments_of_their_job_and_nothing_of_other_jobs() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        projects,
    } = setup().await;
    let (mine, other) = (jobs[0], jobs[1]);
    let (my_segment, other_segment) = (
        first_segment(&app, &editor, mine).await,
        first_segment(&app, &editor, other).await,
    );
    let on_project = format!("/api/translation/{}/comments", projects[0]);
    let created = comment(&app, &editor, &on_project, other_segment, "Not for tina").await;
    json_body(created, StatusCode::CREATED).await;
    let (my_path, other_path) = (
        format!("/api/job/{mine}/comments"),
        format!("/api/job/{other}/comments"),
    );

    let id = offered(&app, &editor, mine, "tina").await;
    // An offer not yet accepted is read, not worked on.
    let early = comment(&app, &translator, &my_path, my_segment, "Before").await;
    error_message(early, StatusCode::CONFLICT).await;
    json_body(
        act(&app, &translator, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;

    let written = comment(&app, &translator, &my_path, my_segment, "Is this a name?").await;
    json_body(written, StatusCode::CREATED).await;
    let reply = comment(&app, &editor, &my_path, my_segment, "Yes, keep it.").await;
    json_body(reply, StatusCode::CREATED).await;
    let read = json_body(app.get(&my_path, &translator).await, StatusCode::OK).await;
    assert_eq!(bodies(&read), ["Is this a name?", "Yes, keep it."]);
    let history = format!("/api/job/{mine}/segments/{my_segment}/history");
    json_body(app.get(&history, &translator).await, StatusCode::OK).await;

    // The project's other job, and the project's own routes, are not theirs.
    for path in [&other_path, &on_project] {
        error_message(app.get(path, &translator).await, StatusCode::NOT_FOUND).await;
    }
    let elsewhere = comment(&app, &translator, &other_path, other_segment, "Hi").await;
    error_message(elsewhere, StatusCode::NOT_FOUND).await;
    let smuggled = comment(&app, &translator, &my_path, other_segment, "Hi").await;
    error_message(smuggled, StatusCode::NOT_FOUND).await;
    let foreign = format!("/api/job/{mine}/segments/{other_segment}/history");
    error_message(app.get(&foreign, &translator).await, StatusCode::NOT_FOUND).await;
    let other_history = format!("/api/job/{other}/segments/{other_segment}/history");
    error_message(
        app.get(&other_history, &translator).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    // Staff read each job's threads apart, and the project's all together.
    let theirs = json_body(app.get(&other_path, &editor).await, StatusCode::OK).await;
    assert_eq!(bodies(&theirs), ["Not for tina"]);
    let all = json_body(app.get(&on_project, &editor).await, StatusCode::OK).await;
    assert_eq!(bodies(&all).len(), 3);

    // A withdrawal ends the reading too.
    json_body(
        act(&app, &editor, id, "withdraw", json!({})).await,
        StatusCode::OK,
    )
    .await;
    error_message(app.get(&my_path, &translator).await, StatusCode::NOT_FOUND).await;
}
