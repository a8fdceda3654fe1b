//! Assignments through the API on the configured database: the state machine (one accept of
//! two, a decline needs a reason, returned and delivered again, withdrawn ends access at
//! once), who may make each move, and the translator's scope: their assigned jobs only, every
//! other id 404 (the matrix over every operation is `a_translator_reaches_their_assigned_jobs…`).

mod comments;
mod due;
mod editor;
mod notices;
mod order;
mod project;
mod returns;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::{db::entities::user::Role, openapi, openapi::Access, policy};

use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, spawn_app},
    policy::{ClientRecords, names_a_clients_record, refused, status},
    rebranding::create_client,
    translation::{project_form, zip_of_fixtures},
};

/// A project of a new client `name` with two jobs: its id and the jobs' ids.
async fn project(app: &TestApp, editor: &str, name: &str) -> (i64, Vec<i64>) {
    let client = create_client(app, editor, name).await;
    project_of_client(app, editor, client, name).await
}

/// A project `name` of client `client` with two jobs (two WPML fixtures): its id and the jobs'
/// ids.
pub async fn project_of_client(
    app: &TestApp,
    editor: &str,
    client: i64,
    name: &str,
) -> (i64, Vec<i64>) {
    let files = ["wpml-page-cdata.xliff", "wpml-bom-crlf.xliff"];
    let form = project_form(
        Some(name),
        Some(&client.to_string()),
        zip_of_fixtures(&files),
    );
    let created = json_body(
        app.translations().create(editor, form).await,
        StatusCode::CREATED,
    )
    .await;
    let jobs = created["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|job| job["id"].as_i64().unwrap())
        .collect();
    (created["id"].as_i64().unwrap(), jobs)
}

/// Offers `job` to `username` as `token` (for 12.50): the answer.
pub async fn offer(app: &TestApp, token: &str, job: i64, username: &str) -> reqwest::Response {
    offer_for(app, token, job, username, 12_50).await
}

/// Offers `job` to `username` for `amount` cents and answers the new assignment's id.
pub async fn offer_with_amount(
    app: &TestApp,
    token: &str,
    job: i64,
    username: &str,
    amount: i64,
) -> i64 {
    let offered = offer_for(app, token, job, username, amount).await;
    json_body(offered, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

async fn offer_for(
    app: &TestApp,
    token: &str,
    job: i64,
    username: &str,
    amount: i64,
) -> reqwest::Response {
    let body = json!({
        "username": username, "task": "post_edit", "due_at": "2030-01-31T17:00:00Z",
        "note": "Keep the brand names.", "amount": amount,
    });
    app.send_json(
        Method::POST,
        &format!("/api/job/{job}/assignment"),
        token,
        body,
    )
    .await
}

/// Offers `job` to `username` and answers the new assignment's id.
pub async fn offered(app: &TestApp, token: &str, job: i64, username: &str) -> i64 {
    json_body(offer(app, token, job, username).await, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

/// Offers `job` to tina (as `editor`) and has her (`translator`) accept it: the assignment's id.
pub async fn accepted(app: &TestApp, editor: &str, translator: &str, job: i64) -> i64 {
    let id = offered(app, editor, job, "tina").await;
    json_body(
        act(app, translator, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    id
}

/// `POST /api/assignments/{id}/{action}` with `body`.
pub async fn act(
    app: &TestApp,
    token: &str,
    id: i64,
    action: &str,
    body: Value,
) -> reqwest::Response {
    let path = format!("/api/assignments/{id}/{action}");
    app.send_json(Method::POST, &path, token, body).await
}

struct Setup {
    app: TestApp,
    editor: String,
    translator: String,
    /// Two jobs of client A, two of client B.
    jobs: Vec<i64>,
    projects: Vec<i64>,
}

async fn setup() -> Setup {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let translator = app.token("tina", PASSWORD).await;
    let (a, jobs_of_a) = project(&app, &editor, "A").await;
    let (b, jobs_of_b) = project(&app, &editor, "B").await;
    Setup {
        app,
        editor,
        translator,
        jobs: [jobs_of_a, jobs_of_b].concat(),
        projects: vec![a, b],
    }
}

/// A segment's edit of `job` as its translator would send it (the source copied).
async fn edit(app: &TestApp, editor: &str, job: i64) -> Value {
    let detail = json_body(app.job(job).get(editor).await, StatusCode::OK).await;
    let segment = &detail["segments"][0];
    json!({ "segments": [{
        "id": segment["id"], "target": segment["source"], "base_revision": segment["revision"],
    }] })
}

/// The segments of `job` (as `token` sees it) that need translating and are not confirmed.
async fn unconfirmed(app: &TestApp, token: &str, job: i64) -> Vec<Value> {
    let detail = json_body(app.job(job).get(token).await, StatusCode::OK).await;
    detail["segments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["translatable"] == true && s["status"] != "reviewed")
        .cloned()
        .collect()
}

/// Confirms the segments of `job` that need it, leaving `leave` of them, as `token` (the
/// translator) would in the editor: saving each target (the source where there is none), then
/// acknowledging the job's QA warnings (a copied source is "untranslated"), as delivery also
/// needs.
pub async fn confirm(app: &TestApp, token: &str, job: i64, leave: usize) {
    let open = unconfirmed(app, token, job).await;
    let edits: Vec<Value> = open[leave..]
        .iter()
        .map(|s| {
            let target = if s["target"].is_string() {
                &s["target"]
            } else {
                &s["source"]
            };
            json!({ "id": s["id"], "target": target, "base_revision": s["revision"] })
        })
        .collect();
    let saved = app
        .job(job)
        .update(token, json!({ "segments": edits }))
        .await;
    json_body(saved, StatusCode::OK).await;
    acknowledge_all(app, token, job).await;
}

/// Acknowledges every QA warning of `job` no one acknowledged yet, as `token` would one by one
/// in the editor.
pub async fn acknowledge_all(app: &TestApp, token: &str, job: i64) {
    let detail = json_body(app.job(job).get(token).await, StatusCode::OK).await;
    for segment in detail["segments"].as_array().unwrap() {
        let acknowledged = segment["qa_acknowledged"].as_array().unwrap();
        for flag in segment["qa_flags"].as_array().unwrap() {
            if acknowledged
                .iter()
                .any(|ack| ack["kind"] == flag["kind"] && ack["message"] == flag["message"])
            {
                continue;
            }
            let path = format!("/api/job/{job}/segments/{}/qa/acknowledge", segment["id"]);
            let body = json!({ "kind": flag["kind"], "message": flag["message"] });
            let answered = app.send_json(Method::POST, &path, token, body).await;
            json_body(answered, StatusCode::OK).await;
        }
    }
}

#[tokio::test]
async fn an_offer_is_accepted_once_delivered_returned_delivered_again_and_closed() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = offered(&app, &editor, jobs[0], "tina").await;
    let again = offer(&app, &editor, jobs[0], "tina").await;
    error_message(again, StatusCode::CONFLICT).await;
    let not_a_translator = offer(&app, &editor, jobs[1], "editor").await;
    error_message(not_a_translator, StatusCode::UNPROCESSABLE_ENTITY).await;

    let shown = json_body(
        app.get(&format!("/api/assignments/{id}"), &translator)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(shown["state"], "offered");
    assert_eq!(shown["job_id"], jobs[0]);
    assert_eq!(shown["project_name"], "A");
    assert_eq!(shown["amount"], 1250);
    assert!(shown["words"].as_i64().unwrap() > 0, "{shown}");
    assert!(
        shown["file_name"]
            .as_str()
            .is_some_and(|name| !name.is_empty())
    );

    // An offer is read, not worked on.
    let work = edit(&app, &editor, jobs[0]).await;
    let early = app.job(jobs[0]).update(&translator, work.clone()).await;
    error_message(early, StatusCode::CONFLICT).await;

    // Two accepts at once: one wins, the other is told the state changed.
    let (first, second) = tokio::join!(
        act(&app, &translator, id, "accept", json!({})),
        act(&app, &translator, id, "accept", json!({})),
    );
    let mut answers = [first.status(), second.status()];
    answers.sort();
    assert_eq!(answers, [StatusCode::OK, StatusCode::CONFLICT]);
    json_body(
        app.job(jobs[0]).update(&translator, work.clone()).await,
        StatusCode::OK,
    )
    .await;
    confirm(&app, &translator, jobs[0], 0).await;

    let delivered = json_body(
        act(&app, &translator, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(delivered["state"], "delivered");
    let late = app
        .job(jobs[0])
        .update(&translator, edit(&app, &editor, jobs[0]).await)
        .await;
    error_message(late, StatusCode::CONFLICT).await;

    let without_note = act(&app, &editor, id, "return", json!({ "note": " " })).await;
    error_message(without_note, StatusCode::UNPROCESSABLE_ENTITY).await;
    let returned = act(
        &app,
        &editor,
        id,
        "return",
        json!({ "note": "Segment 2 drops a tag." }),
    )
    .await;
    let returned = json_body(returned, StatusCode::OK).await;
    assert_eq!(
        (returned["state"].as_str(), returned["reason"].as_str()),
        (Some("returned"), Some("Segment 2 drops a tag."))
    );
    let fixed = app
        .job(jobs[0])
        .update(&translator, edit(&app, &editor, jobs[0]).await)
        .await;
    json_body(fixed, StatusCode::OK).await;
    acknowledge_all(&app, &translator, jobs[0]).await;
    json_body(
        act(&app, &translator, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    let closed = json_body(
        act(&app, &editor, id, "close", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(closed["state"], "closed");
    let after = act(&app, &editor, id, "withdraw", json!({})).await;
    error_message(after, StatusCode::CONFLICT).await;
    // A closed assignment is no longer the translator's work; the job may be offered again.
    assert_eq!(
        app.job(jobs[0]).get(&translator).await.status(),
        StatusCode::NOT_FOUND
    );
    offered(&app, &editor, jobs[0], "tina").await;
}

#[tokio::test]
async fn a_job_is_delivered_only_when_every_segment_that_needs_translating_is_confirmed() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = accepted(&app, &editor, &translator, jobs[0]).await;
    let open = unconfirmed(&app, &translator, jobs[0]).await.len();
    assert!(open > 1, "the fixture has segments to confirm");
    let shown = json_body(
        app.get(&format!("/api/assignments/{id}"), &translator)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(shown["unconfirmed_segments"], open);
    let refused = act(&app, &translator, id, "deliver", json!({})).await;
    assert_eq!(
        error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await,
        format!("{open} segments are not confirmed yet.")
    );

    confirm(&app, &translator, jobs[0], 1).await;
    let refused = act(&app, &translator, id, "deliver", json!({})).await;
    assert_eq!(
        error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await,
        "1 segment is not confirmed yet."
    );
    let still = json_body(
        app.get(&format!("/api/assignments/{id}"), &translator)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(still["state"], "accepted");

    confirm(&app, &translator, jobs[0], 0).await;
    // The file's `translate="no"` units stay new: nobody confirms them, and they do not count.
    let detail = json_body(app.job(jobs[0]).get(&translator).await, StatusCode::OK).await;
    let kept = detail["segments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["translatable"] == false)
        .count();
    assert!(kept > 0, "the fixture has translate=\"no\" units");
    let delivered = json_body(
        act(&app, &translator, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (
            delivered["state"].as_str(),
            delivered["unconfirmed_segments"].as_u64()
        ),
        (Some("delivered"), Some(0))
    );
}

#[tokio::test]
async fn a_decline_needs_a_reason_and_ends_the_offer() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = offered(&app, &editor, jobs[1], "tina").await;
    let silent = act(&app, &translator, id, "decline", json!({})).await;
    error_message(silent, StatusCode::UNPROCESSABLE_ENTITY).await;
    let declined = act(
        &app,
        &translator,
        id,
        "decline",
        json!({ "reason": "On holiday." }),
    )
    .await;
    let declined = json_body(declined, StatusCode::OK).await;
    assert_eq!(
        (declined["state"].as_str(), declined["reason"].as_str()),
        (Some("declined"), Some("On holiday."))
    );
    assert_eq!(
        app.job(jobs[1]).get(&translator).await.status(),
        StatusCode::NOT_FOUND
    );
    // Its assignment stays the translator's to read.
    json_body(
        app.get(&format!("/api/assignments/{id}"), &translator)
            .await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn a_withdrawn_assignment_ends_the_translators_access_at_once() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = accepted(&app, &editor, &translator, jobs[0]).await;
    json_body(app.job(jobs[0]).get(&translator).await, StatusCode::OK).await;
    json_body(
        act(&app, &editor, id, "withdraw", json!({})).await,
        StatusCode::OK,
    )
    .await;
    // The same session: the scope is read at every request.
    assert_eq!(
        app.job(jobs[0]).get(&translator).await.status(),
        StatusCode::NOT_FOUND
    );
    let work = edit(&app, &editor, jobs[0]).await;
    assert_eq!(
        app.job(jobs[0]).update(&translator, work).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn only_the_assignee_answers_and_only_staff_return_close_or_withdraw() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    app.create_user("tom", Role::Translator).await;
    let tom = app.token("tom", PASSWORD).await;
    let admin = app.admin_token().await;
    let id = offered(&app, &editor, jobs[0], "tina").await;
    // Another translator does not see it; an administrator is not the assignee.
    assert_eq!(
        act(&app, &tom, id, "accept", json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/assignments/{id}"), &tom)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    error_message(
        act(&app, &admin, id, "accept", json!({})).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    // Staff do not answer for the translator.
    assert_eq!(
        act(&app, &editor, id, "accept", json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    for (action, body) in [
        ("return", json!({ "note": "x" })),
        ("close", json!({})),
        ("withdraw", json!({})),
    ] {
        let answer = act(&app, &translator, id, action, body).await.status();
        assert_eq!(answer, StatusCode::FORBIDDEN, "{action}");
    }
    let offered_by_translator = offer(&app, &translator, jobs[0], "tina").await.status();
    assert_eq!(offered_by_translator, StatusCode::FORBIDDEN);
    assert_eq!(
        offer(&app, &translator, jobs[2], "tina").await.status(),
        StatusCode::NOT_FOUND
    );
}

/// The ids (at `id`) a list answers, and its `X-Total-Count`.
async fn listed(app: &TestApp, token: &str, path: &str) -> (Vec<i64>, String) {
    let response = app.get(path, token).await;
    let total = response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .to_owned();
    let rows = json_body(response, StatusCode::OK).await;
    let ids = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect();
    (ids, total)
}

#[tokio::test]
async fn a_translator_sees_their_assigned_jobs_only() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        projects,
    } = setup().await;
    app.create_user("tom", Role::Translator).await;
    let mine = offered(&app, &editor, jobs[0], "tina").await;
    let toms = offered(&app, &editor, jobs[2], "tom").await;
    json_body(
        act(&app, &translator, mine, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;

    assert_eq!(
        listed(&app, &translator, "/api/job").await,
        (vec![jobs[0]], "1".into())
    );
    assert_eq!(
        listed(&app, &translator, "/api/assignments").await,
        (vec![mine], "1".into())
    );
    let everyone = listed(&app, &editor, "/api/assignments").await;
    assert_eq!(everyone.1, "2");
    let offers = listed(&app, &editor, "/api/assignments?state=offered").await;
    assert_eq!(offers, (vec![toms], "1".into()));
    assert_eq!(listed(&app, &translator, "/api/translation").await.1, "0");

    let detail = json_body(app.job(jobs[2]).get(&editor).await, StatusCode::OK).await;
    let other_segment = detail["segments"][0]["id"].as_i64().unwrap();
    let mine_detail = json_body(app.job(jobs[0]).get(&translator).await, StatusCode::OK).await;
    let my_segment = mine_detail["segments"][0]["id"].as_i64().unwrap();
    let history = format!("/api/job/{}/segments/{my_segment}/history", jobs[0]);
    json_body(app.get(&history, &translator).await, StatusCode::OK).await;
    let matches = format!("/api/job/{}/segments/{my_segment}/matches", jobs[0]);
    json_body(app.get(&matches, &translator).await, StatusCode::OK).await;

    let client = json_body(
        app.get(&format!("/api/translation/{}", projects[0]), &editor)
            .await,
        StatusCode::OK,
    )
    .await["client"]["id"]
        .as_i64()
        .unwrap();
    let quote = json_body(
        app.translation(projects[0])
            .quotes()
            .compose(&editor, json!({}))
            .await,
        StatusCode::OK,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    for path in [
        format!("/api/job/{}", jobs[1]),
        format!("/api/job/{}", jobs[2]),
        format!("/api/job/{}/segments/{other_segment}/history", jobs[2]),
        format!("/api/job/{}/segments/{other_segment}/matches", jobs[0]),
        format!("/api/translation/{}", projects[0]),
        format!("/api/translation/{}/quotes", projects[0]),
        format!("/api/translation/{}/quotes/{quote}", projects[0]),
        format!("/api/translation/{}/delivery", projects[0]),
        format!("/api/translation/{}/analysis", projects[0]),
        format!("/api/translation/{}/comments", projects[1]),
        format!("/api/client/{client}"),
        format!("/api/client/{client}/memory"),
        format!("/api/client/{client}/memory/export"),
        format!("/api/client/{client}/terms"),
        format!("/api/client/{client}/rate-scheme"),
        format!("/api/assignments/{toms}"),
    ] {
        assert_eq!(
            app.get(&path, &translator).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    for path in ["/api/client", "/api/settings/rate-scheme", "/api/quotes"] {
        assert_eq!(
            app.get(path, &translator).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
}

/// A translator calls every operation that names a client's records with the ids of another
/// client's records (always 404) and with the records of their own assignment's client: 404
/// for all but their job, its segments and their assignment, on which the policy decides.
#[tokio::test]
async fn a_translator_reaches_their_assigned_jobs_and_no_other_record() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let own = ClientRecords::create(&app, &editor, "Own").await;
    let other = ClientRecords::create(&app, &editor, "Other").await;
    let username = ClientRecords::translator("Own");
    let translator = app.token(&username, PASSWORD).await;

    let mut wrong = Vec::new();
    for declaration in openapi::declarations(&openapi::document()) {
        let Ok(Access::Needs(permission)) = declaration.access else {
            continue;
        };
        if !names_a_clients_record(&declaration.path) {
            continue;
        }
        let method: Method = declaration.method.parse().unwrap();
        let operation = format!("{} {}", declaration.method, declaration.path);
        let answer = status(
            &app,
            &method,
            &other.fill(&declaration.path, &username),
            Some(&translator),
        )
        .await;
        if answer != StatusCode::NOT_FOUND {
            wrong.push(format!(
                "{operation} with another client's ids answered {answer}"
            ));
        }
        let answer = status(
            &app,
            &method,
            &own.fill(&declaration.path, &username),
            Some(&translator),
        )
        .await;
        let assigned = declaration.path.starts_with("/api/job/")
            || declaration.path.starts_with("/api/assignments/");
        let allowed = policy::allows(Role::Translator, permission);
        let expected = match (assigned, allowed) {
            (false, _) => answer == StatusCode::NOT_FOUND,
            (true, false) => answer == StatusCode::FORBIDDEN,
            (true, true) => !refused(answer) && answer != StatusCode::NOT_FOUND,
        };
        if !expected {
            wrong.push(format!(
                "{operation} with the assigned ids answered {answer}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "against the translator's scope:\n{}",
        wrong.join("\n")
    );
}
