//! The editor's routes on a translator's job: one segment saved at a time (a draft, then
//! confirmed, answering only that segment), the revision check, the memory learning a confirm
//! at once and the concordance finding it, and a thread resolved under the job's path; each
//! answering 404 for another job's ids.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Setup, accepted, act, confirm, offered, setup};
use crate::common::{TestApp, error_message, json_body};

async fn save(
    app: &TestApp,
    token: &str,
    job: i64,
    segment: i64,
    body: Value,
) -> reqwest::Response {
    let path = format!("/api/job/{job}/segments/{segment}");
    app.send_json(Method::PUT, &path, token, body).await
}

async fn concordance(app: &TestApp, token: &str, job: i64, q: &str) -> reqwest::Response {
    app.get(&format!("/api/job/{job}/concordance?q={q}"), token)
        .await
}

/// The first translatable segment of `job`, as `token` reads it.
async fn first_translatable(app: &TestApp, token: &str, job: i64) -> Value {
    let detail = json_body(app.job(job).get(token).await, StatusCode::OK).await;
    detail["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["translatable"] == true)
        .cloned()
        .unwrap()
}

#[tokio::test]
async fn the_editor_saves_drafts_and_confirms_one_segment_and_the_memory_learns_the_confirm() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let (mine, other) = (jobs[0], jobs[1]);
    let id = offered(&app, &editor, mine, "tina").await;
    let segment = first_translatable(&app, &translator, mine).await;
    let sid = segment["id"].as_i64().unwrap();
    let source = segment["source"].as_str().unwrap().to_owned();
    let draft = format!("Zebrafink {source}");

    // Before accepting, the job is read, not written.
    let early = save(
        &app,
        &translator,
        mine,
        sid,
        json!({
            "target": draft, "base_revision": segment["revision"],
        }),
    )
    .await;
    error_message(early, StatusCode::CONFLICT).await;
    json_body(
        act(&app, &translator, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;

    // A draft keeps the text and answers the one segment, still unconfirmed.
    let saved = json_body(
        save(
            &app,
            &translator,
            mine,
            sid,
            json!({
                "target": draft, "base_revision": segment["revision"],
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["id"], sid);
    assert!(saved.get("segments").is_none(), "only the segment: {saved}");
    assert_eq!(
        (
            saved["target"].as_str(),
            saved["status"].as_str(),
            saved["origin"].as_str()
        ),
        (Some(draft.as_str()), Some("translated"), Some("editor"))
    );
    let revision = saved["revision"].as_i64().unwrap();
    assert_eq!(revision, segment["revision"].as_i64().unwrap() + 1);
    // Drafts teach the memory nothing.
    let found = json_body(
        concordance(&app, &translator, mine, "zebrafink").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(found.as_array().unwrap().len(), 0, "{found}");

    // A save made on the old revision is refused with both texts; nothing changes.
    let stale = save(
        &app,
        &translator,
        mine,
        sid,
        json!({
            "target": source, "base_revision": segment["revision"], "confirm": true,
        }),
    )
    .await;
    let conflict = json_body(stale, StatusCode::CONFLICT).await;
    assert_eq!(conflict["conflicts"][0]["current_target"], draft.as_str());
    assert_eq!(conflict["conflicts"][0]["current_revision"], revision);

    // A markup the source does not have is refused.
    let broken = save(
        &app,
        &translator,
        mine,
        sid,
        json!({
            "target": format!("{draft}<b>"), "base_revision": revision, "confirm": true,
        }),
    )
    .await;
    error_message(broken, StatusCode::UNPROCESSABLE_ENTITY).await;

    // The confirm: reviewed, and the memory has it at once.
    let confirmed = json_body(
        save(
            &app,
            &translator,
            mine,
            sid,
            json!({
                "target": draft, "base_revision": revision, "confirm": true,
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(confirmed["status"], "reviewed");
    let found = json_body(
        concordance(&app, &translator, mine, "ZEBRAFINK").await,
        StatusCode::OK,
    )
    .await;
    let targets: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["target"].as_str().unwrap())
        .collect();
    assert_eq!(targets, [draft.as_str()]);
    // Staff search through the job too; a query is needed.
    json_body(
        concordance(&app, &editor, mine, "zebrafink").await,
        StatusCode::OK,
    )
    .await;
    error_message(
        app.get(&format!("/api/job/{mine}/concordance"), &editor)
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;

    // Another job's segment, through my job or its own, and its concordance: not found.
    let theirs = first_translatable(&app, &editor, other).await;
    let tid = theirs["id"].as_i64().unwrap();
    let body = json!({ "target": "x", "base_revision": theirs["revision"] });
    error_message(
        save(&app, &translator, mine, tid, body.clone()).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    error_message(
        save(&app, &translator, other, tid, body.clone()).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    error_message(
        concordance(&app, &translator, other, "a").await,
        StatusCode::NOT_FOUND,
    )
    .await;
    // Staff naming a segment of another job under this one: not found either.
    error_message(
        save(&app, &editor, mine, tid, body).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn a_translator_resolves_a_thread_of_their_job() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let (mine, other) = (jobs[0], jobs[1]);
    let id = accepted(&app, &editor, &translator, mine).await;
    let segment = first_translatable(&app, &editor, mine).await["id"]
        .as_i64()
        .unwrap();
    let theirs = first_translatable(&app, &editor, other).await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/job/{mine}/comments");
    for (job, sid) in [(mine, segment), (other, theirs)] {
        let body = json!({ "segment_id": sid, "body": "Keep the brand name." });
        let created = app
            .send_json(
                Method::POST,
                &format!("/api/job/{job}/comments"),
                &editor,
                body,
            )
            .await;
        json_body(created, StatusCode::CREATED).await;
    }
    let resolve = |job: i64, sid: i64, resolved: bool| {
        let path = format!("/api/job/{job}/comments/{sid}/resolve");
        let app = &app;
        let translator = translator.clone();
        async move {
            app.send_json(
                Method::POST,
                &path,
                &translator,
                json!({ "resolved": resolved }),
            )
            .await
        }
    };
    let thread = json_body(resolve(mine, segment, true).await, StatusCode::OK).await;
    assert!(thread["resolved_at"].is_string(), "{thread}");
    let open = json_body(
        app.get(&format!("{path}?state=open"), &translator).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(open.as_array().unwrap().len(), 0);
    let reopened = json_body(resolve(mine, segment, false).await, StatusCode::OK).await;
    assert!(reopened["resolved_at"].is_null(), "{reopened}");
    // Another job's thread, by either path: not found.
    error_message(resolve(mine, theirs, true).await, StatusCode::NOT_FOUND).await;
    error_message(resolve(other, theirs, true).await, StatusCode::NOT_FOUND).await;
    // A withdrawal ends it at once.
    json_body(
        act(&app, &editor, id, "withdraw", json!({})).await,
        StatusCode::OK,
    )
    .await;
    error_message(resolve(mine, segment, true).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn delivery_waits_for_each_qa_warning_to_be_fixed_or_acknowledged() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let (mine, other) = (jobs[0], jobs[1]);
    let id = accepted(&app, &editor, &translator, mine).await;
    confirm(&app, &translator, mine, 0).await;
    let detail = json_body(app.job(mine).get(&translator).await, StatusCode::OK).await;
    let hours = detail["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["source"].as_str().unwrap().contains("24"))
        .cloned()
        .unwrap();
    let sid = hours["id"].as_i64().unwrap();
    let target = "<p>Wir sind <strong>immer</strong> da &amp; die ganze Woche.</p>";
    let saved = json_body(
        save(
            &app,
            &translator,
            mine,
            sid,
            json!({
                "target": target, "base_revision": hours["revision"], "confirm": true,
            }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let flags = saved["qa_flags"].as_array().unwrap().clone();
    assert!(
        flags.iter().any(|f| f["kind"] == "missing_numbers"),
        "{flags:?}"
    );
    assert_eq!(saved["qa_acknowledged"], json!([]));

    let refused = act(&app, &translator, id, "deliver", json!({})).await;
    let expected = if flags.len() == 1 {
        "1 QA warning is neither fixed nor acknowledged yet.".to_owned()
    } else {
        format!(
            "{} QA warnings are neither fixed nor acknowledged yet.",
            flags.len()
        )
    };
    assert_eq!(
        error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await,
        expected
    );

    let path = format!("/api/job/{mine}/segments/{sid}/qa/acknowledge");
    let wrong = json!({ "kind": "missing_numbers", "message": "not this one" });
    let refused = app.send_json(Method::POST, &path, &translator, wrong).await;
    error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    let theirs = first_translatable(&app, &editor, other).await["id"]
        .as_i64()
        .unwrap();
    let foreign = format!("/api/job/{mine}/segments/{theirs}/qa/acknowledge");
    let body = json!({ "kind": flags[0]["kind"], "message": flags[0]["message"] });
    let refused = app
        .send_json(Method::POST, &foreign, &translator, body)
        .await;
    error_message(refused, StatusCode::NOT_FOUND).await;

    for flag in &flags {
        let body = json!({ "kind": flag["kind"], "message": flag["message"] });
        let answered = app
            .send_json(Method::POST, &path, &translator, body.clone())
            .await;
        json_body(answered, StatusCode::OK).await;
        // Acknowledging twice keeps the first.
        let again = app.send_json(Method::POST, &path, &translator, body).await;
        json_body(again, StatusCode::OK).await;
    }
    let detail = json_body(app.job(mine).get(&editor).await, StatusCode::OK).await;
    let shown = detail["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == sid)
        .unwrap()["qa_acknowledged"]
        .clone();
    assert_eq!(shown.as_array().unwrap().len(), flags.len(), "{shown}");
    assert_eq!(shown[0]["by"], "tina");
    assert!(shown[0]["at"].is_string());

    let delivered = json_body(
        act(&app, &translator, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(delivered["state"], "delivered");
}
