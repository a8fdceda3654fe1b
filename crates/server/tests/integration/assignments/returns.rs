//! Returning single segments with a delivered job: the confirmed segments named go back to the
//! translator (no longer confirmed, so the next delivery waits for them), anything else named
//! (another job's segment, one not confirmed) refuses the whole return and changes nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Setup, accepted, act, confirm, setup};
use crate::common::{error_message, json_body};

#[tokio::test]
async fn staff_send_confirmed_segments_back_with_the_job_and_delivery_waits_for_them() {
    let Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = accepted(&app, &editor, &translator, jobs[0]).await;
    confirm(&app, &translator, jobs[0], 0).await;
    json_body(
        act(&app, &translator, id, "deliver", json!({})).await,
        StatusCode::OK,
    )
    .await;
    let segments = |detail: Value| detail["segments"].as_array().unwrap().clone();
    let before = segments(json_body(app.job(jobs[0]).get(&editor).await, StatusCode::OK).await);
    let confirmed: Vec<&Value> = before
        .iter()
        .filter(|s| s["status"] == "reviewed")
        .collect();
    assert!(confirmed.len() >= 2, "{before:?}");
    let sent_back = &confirmed[1];
    let other_job = segments(json_body(app.job(jobs[1]).get(&editor).await, StatusCode::OK).await);

    // A segment of another job (or one nobody confirmed) refuses the return: nothing moves.
    let foreign = act(
        &app,
        &editor,
        id,
        "return",
        json!({ "note": "Fix these.", "segment_ids": [sent_back["id"], other_job[0]["id"]] }),
    )
    .await;
    let message = error_message(foreign, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        message.contains(&other_job[0]["id"].to_string()),
        "{message}"
    );
    let unchanged = segments(json_body(app.job(jobs[0]).get(&editor).await, StatusCode::OK).await);
    assert_eq!(unchanged, before, "a refused return changes no segment");
    let still = json_body(
        app.get(&format!("/api/assignments/{id}"), &editor).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(still["state"], "delivered");

    let returned = act(
        &app,
        &editor,
        id,
        "return",
        json!({ "note": "The second segment: the price is wrong.", "segment_ids": [sent_back["id"]] }),
    )
    .await;
    assert_eq!(
        json_body(returned, StatusCode::OK).await["state"],
        "returned"
    );
    let after = segments(json_body(app.job(jobs[0]).get(&translator).await, StatusCode::OK).await);
    let reopened: Vec<&Value> = after
        .iter()
        .filter(|s| s["status"] == "needs_review")
        .collect();
    assert_eq!(reopened.len(), 1, "{after:?}");
    assert_eq!(reopened[0]["id"], sent_back["id"]);
    assert_eq!(
        reopened[0]["target"], sent_back["target"],
        "the text is kept"
    );
    assert_eq!(
        reopened[0]["revision"].as_i64(),
        sent_back["revision"].as_i64().map(|r| r + 1),
        "an open view reloads before saving over it"
    );

    // Delivery waits for the segment sent back, then goes through once it is confirmed again.
    let early = act(&app, &translator, id, "deliver", json!({})).await;
    let message = error_message(early, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains('1'), "{message}");
    confirm(&app, &translator, jobs[0], 0).await;
    let delivered = act(&app, &translator, id, "deliver", json!({})).await;
    assert_eq!(
        json_body(delivered, StatusCode::OK).await["state"],
        "delivered"
    );
}
