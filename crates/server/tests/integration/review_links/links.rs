//! A review link's reach: its own project only, until revoked or expired; unknown links
//! throttled; links mailed to their reviewer through the outbox, so that a mail server that is
//! down delays the mail and loses nothing.

use std::time::Duration;

use super::{create_link, customer, pretranslated, review_job, save};
use crate::common::{
    EDITOR, PASSWORD, TestApp, error_message, json_body,
    smtp::{Behaviour, FakeSmtp},
    spawn_app, wait_until,
};
use crate::review::support::{create_project, fixtures, segments, status};
use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use wordmark_server::db::entities::{mail_outbox, review_link, translation_project::ProjectStatus};

#[tokio::test]
async fn a_link_sees_only_its_project_and_ends_when_revoked_or_expired() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Created only", &fixtures()).await;
    // Not pre-translated yet: no link, and the status is named.
    let response = app
        .translation(project.id)
        .create_review_link(&token, json!({}))
        .await;
    let message = error_message(response, StatusCode::CONFLICT).await;
    assert!(message.contains("Created"), "{message}");

    let mine = pretranslated(&app, &token, "Mine", &fixtures()).await;
    let other = pretranslated(&app, &token, "Other", &fixtures()).await;
    for (bad, named) in [
        (json!({ "expires_in_days": 0 }), "0"),
        (json!({ "expires_in_days": 91 }), "91"),
        (json!({ "reviewer_email": "nope" }), "reviewer_email"),
        // The name goes into the mail's `To:` header, where a line break cannot be written.
        (json!({ "reviewer_name": "Kim\nLee" }), "reviewer_name"),
        (json!({ "reviewer_name": "Kim\u{202e}" }), "reviewer_name"),
    ] {
        let response = app
            .translation(mine.id)
            .create_review_link(&token, bad)
            .await;
        let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(message.contains(named), "{message}");
    }
    let created = create_link(
        &app,
        &token,
        mine.id,
        json!({ "note": "Bitte prüfen", "reviewer_name": "Kim", "reviewer_email": "kim@example.com" }),
    )
    .await;
    let link = created["token"].as_str().unwrap().to_owned();
    assert_eq!(link.len(), 32, "128 random bits, hex");
    assert_eq!(created["path"], format!("/review/{link}"));
    assert_eq!(created["link"]["state"], "active");
    assert_eq!(created["link"]["created_by"], "editor");
    assert_eq!(
        status(&app, mine.id).await,
        ProjectStatus::TranslationsInCorrection
    );
    // Only the hash is stored.
    let stored = review_link::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0].token_hash, link);
    assert_eq!(stored[0].token_hash.len(), 64);

    // The app's page of the link: no referrer leaves it, no search engine keeps it.
    let page = customer(&app, Method::GET, &format!("/review/{link}"), None).await;
    assert_eq!(page.headers()["x-robots-tag"], "noindex");
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    let start = app.review(&link).get().await;
    assert_eq!(start.headers()["x-robots-tag"], "noindex");
    assert_eq!(start.headers()["referrer-policy"], "no-referrer");
    let start = json_body(start, StatusCode::OK).await;
    assert_eq!(start["project_name"], "Mine");
    assert_eq!(start["agency_name"], "Wordmark");
    assert_eq!(start["note"], "Bitte prüfen");
    assert_eq!(start["read_only"], false);
    assert_eq!(start["jobs"].as_array().unwrap().len(), mine.jobs.len());
    let listed = json_body(
        app.translation(mine.id).review_links(&token).await,
        StatusCode::OK,
    )
    .await;
    assert!(listed[0]["first_opened_at"].is_string(), "{listed}");

    // Another project's jobs and segments are not there for this link.
    let other_job = other.jobs[0].1;
    let response = app.review(&link).job(other_job).await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let other_segment = segments(&app, other.id)
        .await
        .into_iter()
        .find(|s| s.translatable)
        .unwrap();
    let response = save(&app, &link, other_segment.id, "fremd", 0).await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let response = app
        .review(&link)
        .comment(other_segment.id, json!({ "body": "x" }))
        .await;
    error_message(response, StatusCode::NOT_FOUND).await;
    // Nor is any staff endpoint, even sent as a bearer token.
    for response in [
        app.translation(mine.id).get(&link).await,
        app.job(mine.jobs[0].1).get(&link).await,
        app.translation(mine.id).review_links(&link).await,
        app.dashboard(&link).await,
    ] {
        error_message(response, StatusCode::UNAUTHORIZED).await;
    }

    // Unknown → 404; revoked → 410 saying so.
    let response = app.review("0".repeat(32)).get().await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let link_id = created["link"]["id"].as_i64().unwrap();
    let revoked = json_body(
        app.translation(mine.id)
            .revoke_review_link(&token, link_id)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(revoked["state"], "revoked");
    let message = error_message(app.review(&link).get().await, StatusCode::GONE).await;
    assert!(message.contains("revoked"), "{message}");
    let response = app
        .translation(mine.id)
        .extend_review_link(&token, link_id, json!({ "days": 3 }))
        .await;
    error_message(response, StatusCode::CONFLICT).await;

    // Expired → 410 saying so, by the server's clock; extending opens it again.
    let second = create_link(&app, &token, mine.id, json!({ "expires_in_days": 1 })).await;
    let second_token = second["token"].as_str().unwrap().to_owned();
    let second_id = second["link"]["id"].as_i64().unwrap();
    json_body(app.review(&second_token).get().await, StatusCode::OK).await;
    app.clock.advance(Duration::from_secs(25 * 3600));
    // The editor's sign-in expired with the day too.
    let token = app.token(EDITOR, PASSWORD).await;
    let message = error_message(app.review(&second_token).get().await, StatusCode::GONE).await;
    assert!(message.contains("expired"), "{message}");
    let listed = json_body(
        app.translation(mine.id).review_links(&token).await,
        StatusCode::OK,
    )
    .await;
    let second_listed = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == second_id)
        .unwrap();
    assert_eq!(second_listed["state"], "expired", "{second_listed}");
    let extended = json_body(
        app.translation(mine.id)
            .extend_review_link(&token, second_id, json!({ "days": 2 }))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(extended["state"], "active");
    json_body(app.review(&second_token).get().await, StatusCode::OK).await;
}

#[tokio::test]
async fn unknown_links_are_throttled_per_address() {
    let app = spawn_app().await;
    for _ in 0..20 {
        let response = app.review("ab".repeat(16)).get().await;
        error_message(response, StatusCode::NOT_FOUND).await;
    }
    let response = app.review("cd".repeat(16)).get().await;
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 0 && retry <= 600, "{retry}");
    error_message(response, StatusCode::TOO_MANY_REQUESTS).await;
    // The block ends when the server's clock has moved past the window.
    app.clock.advance(Duration::from_secs(retry));
    let response = app.review("cd".repeat(16)).get().await;
    error_message(response, StatusCode::NOT_FOUND).await;
    // Sign-in from the same address is not blocked by them.
    let token = app.editor_token().await;
    assert!(!token.is_empty());
}

#[tokio::test]
async fn with_smtp_a_new_link_is_mailed_to_its_reviewer() {
    let smtp = FakeSmtp::start().await;
    let app = crate::common::spawn_app_with(smtp.configure()).await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Mailed", &fixtures()).await;
    let created = create_link(
        &app,
        &token,
        project.id,
        json!({ "reviewer_name": "Kim", "reviewer_email": "kim@example.com", "note": "Bis Freitag" }),
    )
    .await;
    assert_eq!(created["mail_queued"], true, "{created}");
    let link = created["token"].as_str().unwrap();
    let mail = smtp.wait_for(1).await.remove(0);
    assert!(mail.is_to("kim@example.com"), "{mail:?}");
    assert!(
        mail.link(&format!("/review/{link}")).is_some(),
        "{}",
        mail.text()
    );
    assert!(mail.text().contains("Bis Freitag"), "{}", mail.text());
    // Without an address nothing is sent.
    let silent = create_link(&app, &token, project.id, json!({})).await;
    assert_eq!(silent["mail_queued"], false);
}

#[tokio::test]
async fn a_mail_server_that_is_down_delays_the_links_mail_and_loses_nothing() {
    let smtp = FakeSmtp::start().await;
    smtp.set(Behaviour::Down);
    let app = crate::common::spawn_app_with(smtp.configure()).await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Unmailed", &fixtures()).await;
    let created = create_link(
        &app,
        &token,
        project.id,
        json!({ "reviewer_email": "kim@example.com" }),
    )
    .await;
    assert_eq!(created["mail_queued"], true, "{created}");
    let link = created["token"].as_str().unwrap();
    json_body(app.review(link).get().await, StatusCode::OK).await;
    wait_until(
        "the mail is tried and fails",
        Duration::from_secs(10),
        || async {
            mail_outbox::Entity::find()
                .one(&app.db)
                .await
                .unwrap()
                .is_some_and(|mail| mail.last_error.is_some())
        },
    )
    .await;
    // The server is back: the next try, after the backoff, delivers it.
    smtp.set(Behaviour::Accept);
    app.clock.advance(Duration::from_secs(3600));
    let mail = smtp.wait_for(1).await.remove(0);
    assert!(
        mail.link(&format!("/review/{link}")).is_some(),
        "{}",
        mail.text()
    );
    let admin = app.admin_token().await;
    let events = json_body(
        app.audit().list(&admin, "action=review_link_created").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events[0]["detail"]["mail"], "queued", "{events}");
}

/// A link of `project` that drafted, approved and commented, so that every count of the staff's
/// list has something to count.
async fn reviewed_link(app: &TestApp, token: &str, project: i32, job_id: i32) {
    let created = create_link(app, token, project, json!({})).await;
    let link = created["token"].as_str().unwrap();
    let job = review_job(app, link, job_id).await;
    let segment = job["segments"][0]["id"].as_i64().unwrap();
    let approved = app
        .review(link)
        .approve(segment, json!({ "approved": true }))
        .await;
    json_body(approved, StatusCode::OK).await;
    let comment = app
        .review(link)
        .comment(segment, json!({ "body": "Bitte prüfen" }))
        .await;
    json_body(comment, StatusCode::CREATED).await;
}

/// The staff's list of the project's links, and the statements it cost.
async fn listed(app: &TestApp, token: &str, project: i32) -> (Vec<Value>, Vec<String>) {
    let (response, statements) = app
        .statements
        .during(app.translation(project).review_links(token))
        .await;
    let links = json_body(response, StatusCode::OK).await;
    (links.as_array().unwrap().clone(), statements)
}

#[tokio::test]
async fn the_staff_list_of_links_costs_the_same_whatever_their_number() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Counted", &fixtures()).await;
    let job_id = project.jobs[0].1;
    reviewed_link(&app, &token, project.id, job_id).await;
    let (one, with_one) = listed(&app, &token, project.id).await;
    for _ in 0..4 {
        reviewed_link(&app, &token, project.id, job_id).await;
    }
    let (five, with_five) = listed(&app, &token, project.id).await;
    assert_eq!((one.len(), five.len()), (1, 5));
    for link in one.iter().chain(&five) {
        assert_eq!(link["segments_reviewed"], 1, "{link}");
        assert_eq!(link["comments_open"], 1, "{link}");
    }
    assert_eq!(
        with_one.len(),
        with_five.len(),
        "one statement per kind, not per link:\n{with_one:#?}\n{with_five:#?}"
    );
}
