//! Review links (#18): the customer's review in the browser, through the HTTP API only (plus the
//! database to look at what was stored), on SQLite and PostgreSQL like the rest of the suite.

use std::collections::HashMap;

use reqwest::{Method, StatusCode};
use sea_orm::{ActiveModelTrait, EntityTrait, PaginatorTrait, Set};
use serde_json::{Value, json};
use wordmark_core::{qa, segment::Markup, segment::Shortcodes, xliff};
use wordmark_server::db::entities::{
    review_link, translation_memory,
    translation_project::ProjectStatus,
    translation_segment::{self, SegmentOrigin},
};

use crate::common::{TestApp, error_message, json_body, spawn_app};
use crate::review::sheet;
use crate::review::support::{
    Project, corpus_files, create_project, download, fixtures, outside_targets, pretranslate,
    segments, status,
};

/// A pre-translated project of `files` with its status set to `Pretranslated`.
async fn pretranslated(
    app: &TestApp,
    token: &str,
    name: &str,
    files: &[(String, Vec<u8>)],
) -> Project {
    let project = create_project(app, token, name, files).await;
    pretranslate(app, project.id, SegmentOrigin::Mt).await;
    let response = app
        .send_json(
            Method::PUT,
            &format!("/api/translation/{}", project.id),
            token,
            json!({ "status": "Pretranslated" }),
        )
        .await;
    json_body(response, StatusCode::OK).await;
    project
}

/// Creates a link; returns its answer.
async fn create_link(app: &TestApp, token: &str, project_id: i32, body: Value) -> Value {
    let response = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{project_id}/review-links"),
            token,
            body,
        )
        .await;
    json_body(response, StatusCode::CREATED).await
}

/// A customer call: no sign-in, the token in the path.
async fn customer(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let request = app.request(method, path, None);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    request.send().await.unwrap()
}

async fn review_job(app: &TestApp, link: &str, job_id: i32) -> Value {
    let response = customer(
        app,
        Method::GET,
        &format!("/api/review/{link}/jobs/{job_id}"),
        None,
    )
    .await;
    json_body(response, StatusCode::OK).await
}

fn segment_of(job: &Value, id: i64) -> &Value {
    job["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap()
}

async fn save(
    app: &TestApp,
    link: &str,
    segment_id: i64,
    text: &str,
    base: i64,
) -> reqwest::Response {
    customer(
        app,
        Method::PUT,
        &format!("/api/review/{link}/segments/{segment_id}"),
        Some(json!({ "text": text, "base_revision": base })),
    )
    .await
}

#[tokio::test]
async fn a_link_sees_only_its_project_and_ends_when_revoked_or_expired() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Created only", &fixtures()).await;
    // Not pre-translated yet: no link, and the status is named.
    let response = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{}/review-links", project.id),
            &token,
            json!({}),
        )
        .await;
    let message = error_message(response, StatusCode::CONFLICT).await;
    assert!(message.contains("Created"), "{message}");

    let mine = pretranslated(&app, &token, "Mine", &fixtures()).await;
    let other = pretranslated(&app, &token, "Other", &fixtures()).await;
    for bad in [
        json!({ "expires_in_days": 0 }),
        json!({ "expires_in_days": 91 }),
        json!({ "reviewer_email": "nope" }),
    ] {
        let response = app
            .send_json(
                Method::POST,
                &format!("/api/translation/{}/review-links", mine.id),
                &token,
                bad,
            )
            .await;
        error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
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
    let start = customer(&app, Method::GET, &format!("/api/review/{link}"), None).await;
    assert_eq!(start.headers()["x-robots-tag"], "noindex");
    assert_eq!(start.headers()["referrer-policy"], "no-referrer");
    let start = json_body(start, StatusCode::OK).await;
    assert_eq!(start["project_name"], "Mine");
    assert_eq!(start["agency_name"], "Wordmark");
    assert_eq!(start["note"], "Bitte prüfen");
    assert_eq!(start["read_only"], false);
    assert_eq!(start["jobs"].as_array().unwrap().len(), mine.jobs.len());
    let listed = json_body(
        app.get(
            &format!("/api/translation/{}/review-links", mine.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert!(listed[0]["first_opened_at"].is_string(), "{listed}");

    // Another project's jobs and segments are not there for this link.
    let other_job = other.jobs[0].1;
    let response = customer(
        &app,
        Method::GET,
        &format!("/api/review/{link}/jobs/{other_job}"),
        None,
    )
    .await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let other_segment = segments(&app, other.id)
        .await
        .into_iter()
        .find(|s| s.translatable)
        .unwrap();
    let response = save(&app, &link, other_segment.id, "fremd", 0).await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let response = customer(
        &app,
        Method::POST,
        &format!("/api/review/{link}/segments/{}/comments", other_segment.id),
        Some(json!({ "body": "x" })),
    )
    .await;
    error_message(response, StatusCode::NOT_FOUND).await;
    // Nor is any staff endpoint, even sent as a bearer token.
    for path in [
        format!("/api/translation/{}", mine.id),
        format!("/api/job/{}", mine.jobs[0].1),
        format!("/api/translation/{}/review-links", mine.id),
        "/api/dashboard".to_owned(),
    ] {
        let response = app.get(&path, &link).await;
        error_message(response, StatusCode::UNAUTHORIZED).await;
    }

    // Unknown → 404; revoked → 410 saying so.
    let response = customer(
        &app,
        Method::GET,
        &format!("/api/review/{}", "0".repeat(32)),
        None,
    )
    .await;
    error_message(response, StatusCode::NOT_FOUND).await;
    let link_id = created["link"]["id"].as_i64().unwrap();
    let revoked = json_body(
        app.send_json(
            Method::POST,
            &format!("/api/translation/{}/review-links/{link_id}/revoke", mine.id),
            &token,
            json!({}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(revoked["state"], "revoked");
    let message = error_message(
        customer(&app, Method::GET, &format!("/api/review/{link}"), None).await,
        StatusCode::GONE,
    )
    .await;
    assert!(message.contains("revoked"), "{message}");
    let response = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{}/review-links/{link_id}/extend", mine.id),
            &token,
            json!({ "days": 3 }),
        )
        .await;
    error_message(response, StatusCode::CONFLICT).await;

    // Expired → 410 saying so; extending opens it again.
    let second = create_link(&app, &token, mine.id, json!({ "expires_in_days": 1 })).await;
    let second_token = second["token"].as_str().unwrap().to_owned();
    let second_id = second["link"]["id"].as_i64().unwrap() as i32;
    let mut row: review_link::ActiveModel = review_link::Entity::find_by_id(second_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .into();
    row.expires_at = Set(wordmark_server::db::now() - time::Duration::hours(1));
    row.update(&app.db).await.unwrap();
    let message = error_message(
        customer(
            &app,
            Method::GET,
            &format!("/api/review/{second_token}"),
            None,
        )
        .await,
        StatusCode::GONE,
    )
    .await;
    assert!(message.contains("expired"), "{message}");
    let extended = json_body(
        app.send_json(
            Method::POST,
            &format!(
                "/api/translation/{}/review-links/{second_id}/extend",
                mine.id
            ),
            &token,
            json!({ "days": 2 }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(extended["state"], "active");
    json_body(
        customer(
            &app,
            Method::GET,
            &format!("/api/review/{second_token}"),
            None,
        )
        .await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn unknown_links_are_throttled_per_address() {
    let app = spawn_app().await;
    for _ in 0..20 {
        let response = customer(
            &app,
            Method::GET,
            &format!("/api/review/{}", "ab".repeat(16)),
            None,
        )
        .await;
        error_message(response, StatusCode::NOT_FOUND).await;
    }
    let response = customer(
        &app,
        Method::GET,
        &format!("/api/review/{}", "cd".repeat(16)),
        None,
    )
    .await;
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 0 && retry <= 600, "{retry}");
    error_message(response, StatusCode::TOO_MANY_REQUESTS).await;
    // Sign-in from the same address is not blocked by them.
    let token = app.editor_token().await;
    assert!(!token.is_empty());
}

/// A translatable segment with inline tags (a text without them is refused), and two others.
fn pick(
    all: &[translation_segment::Model],
) -> (
    translation_segment::Model,
    translation_segment::Model,
    translation_segment::Model,
) {
    let translatable: Vec<_> = all
        .iter()
        .filter(|s| s.translatable && s.mt_target.is_some())
        .cloned()
        .collect();
    let tagged = translatable
        .iter()
        .find(|s| {
            qa::check_with(
                &s.source,
                "Kaputt",
                Markup::from(s.markup),
                &Shortcodes::Any,
            )
            .is_refused()
        })
        .unwrap()
        .clone();
    let mut others = translatable
        .into_iter()
        .filter(|s| s.id != tagged.id && !s.source.trim().is_empty() && s.job_id == tagged.job_id);
    let (first, second) = (others.next().unwrap(), others.next().unwrap());
    (tagged, first, second)
}

#[tokio::test]
async fn drafts_conflicts_comments_and_the_submit_through_the_import_path() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Review", &fixtures()).await;
    let created = create_link(&app, &token, project.id, json!({ "reviewer_name": "Kim" })).await;
    let link = created["token"].as_str().unwrap().to_owned();
    let all = segments(&app, project.id).await;
    let (tagged, first, second) = pick(&all);
    let job_id = first.job_id;
    let job = review_job(&app, &link, job_id).await;
    let base = segment_of(&job, first.id)["revision"].as_i64().unwrap();

    // A draft is saved (not the target) and comes back on reload.
    let text = format!("Kunde: {}", first.source);
    let saved = json_body(
        save(&app, &link, first.id, &text, base).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["draft"], text.as_str());
    let after = saved["revision"].as_i64().unwrap();
    assert!(after > base);
    let reloaded = review_job(&app, &link, job_id).await;
    assert_eq!(segment_of(&reloaded, first.id)["draft"], text.as_str());
    assert_eq!(
        segment_of(&reloaded, first.id)["target"],
        first.target.clone().unwrap().as_str()
    );
    // A second save made on the same revision (another tab) is refused, not lost.
    let response = save(&app, &link, first.id, "other tab", base).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict: Value = response.json().await.unwrap();
    assert_eq!(conflict["current_text"], text.as_str());
    assert_eq!(conflict["current_revision"], after);

    // Staff edit a segment the customer drafted: saved, and told; the customer's next save is
    // refused with the agency's text.
    let second_base = segment_of(&job, second.id)["revision"].as_i64().unwrap();
    json_body(
        save(
            &app,
            &link,
            second.id,
            &format!("Kunde 2: {}", second.source),
            second_base,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let staff_text = format!("Agentur: {}", second.source);
    let edited = json_body(
        app.send_json(
            Method::PUT,
            &format!("/api/job/{job_id}"),
            &token,
            json!({ "segments": [{ "id": second.id, "target": staff_text }] }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["review_conflicts"], json!([second.id]));
    let staff_view = edited["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == second.id)
        .unwrap();
    assert_eq!(
        staff_view["review_draft"],
        format!("Kunde 2: {}", second.source).as_str()
    );
    let response = save(&app, &link, second.id, "again", second_base + 1).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict: Value = response.json().await.unwrap();
    assert_eq!(conflict["current_text"], staff_text.as_str());

    // A draft with broken tags is saved as a draft, with an error flag.
    let tagged_base = segment_of(&job, tagged.id)["revision"].as_i64().unwrap();
    let broken = json_body(
        save(&app, &link, tagged.id, "Kaputt", tagged_base).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(broken["qa_warnings"][0]["kind"], "error", "{broken}");

    // Approve, comment; staff reply and resolve.
    let approved = json_body(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/segments/{}/approve", first.id),
            Some(json!({ "approved": true })),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(approved["approved"], true);
    let comment = json_body(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/segments/{}/comments", first.id),
            Some(json!({ "body": "Passt das?" })),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        (
            comment["author_kind"].as_str(),
            comment["author_name"].as_str()
        ),
        (Some("reviewer"), Some("Kim"))
    );
    let threads = json_body(
        app.get(
            &format!("/api/translation/{}/comments?state=open", project.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(threads.as_array().unwrap().len(), 1);
    assert_eq!(threads[0]["segment_id"], first.id);
    let reply = json_body(
        app.send_json(
            Method::POST,
            &format!("/api/translation/{}/comments", project.id),
            &token,
            json!({ "segment_id": first.id, "body": "Ja." }),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(reply["author_kind"], "staff");
    let resolved = json_body(
        app.send_json(
            Method::POST,
            &format!(
                "/api/translation/{}/comments/{}/resolve",
                project.id, first.id
            ),
            &token,
            json!({ "resolved": true }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert!(resolved["resolved_at"].is_string());
    assert_eq!(resolved["comments"].as_array().unwrap().len(), 2);
    let open = json_body(
        app.get(
            &format!("/api/translation/{}/comments?state=open", project.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(open, json!([]));
    let listed = json_body(
        app.get(
            &format!("/api/translation/{}/review-links", project.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["segments_reviewed"], 3);

    // Submit: the good draft is applied (memory learns it), the broken one and the stale one
    // refused and kept; the project is corrected; the link stays open for the refused ones.
    let memory_before = translation_memory::Entity::find()
        .count(&app.db)
        .await
        .unwrap();
    let submitted = json_body(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/submit"),
            None,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(submitted["applied"], 1, "{submitted}");
    assert_eq!(submitted["approved"], 1);
    assert_eq!(submitted["comments"], 1);
    let refused: HashMap<i64, String> = submitted["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["segment_id"].as_i64().unwrap(),
                r["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(refused.len(), 2, "{submitted}");
    assert!(refused[&tagged.id].contains("markup"), "{refused:?}");
    assert!(
        refused[&second.id].contains("agency changed"),
        "{refused:?}"
    );
    assert!(
        translation_memory::Entity::find()
            .count(&app.db)
            .await
            .unwrap()
            > memory_before
    );
    assert_eq!(
        status(&app, project.id).await,
        ProjectStatus::TranslationsCorrected
    );
    let stored = translation_segment::Entity::find_by_id(first.id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.target.as_deref(), Some(text.as_str()));
    assert_eq!(stored.origin, SegmentOrigin::Customer);
    let job = review_job(&app, &link, job_id).await;
    assert_eq!(
        segment_of(&job, tagged.id)["draft"],
        "Kaputt",
        "refused drafts stay"
    );

    // History: the staff edit and the review, with who.
    let history = |segment: i64| {
        let app = &app;
        let token = &token;
        async move {
            json_body(
                app.get(
                    &format!("/api/job/{job_id}/segments/{segment}/history"),
                    token,
                )
                .await,
                StatusCode::OK,
            )
            .await
        }
    };
    let first_history = history(first.id).await;
    let last = first_history.as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (
            last["source"].as_str(),
            last["actor_kind"].as_str(),
            last["actor_name"].as_str()
        ),
        (Some("review"), Some("review_link"), Some("Kim"))
    );
    assert_eq!(
        last["previous_target"],
        first.target.clone().unwrap().as_str()
    );
    assert_eq!(last["new_target"], text.as_str());
    let second_history = history(second.id).await;
    assert_eq!(second_history[0]["source"], "staff_edit");
    assert_eq!(second_history[0]["actor_name"], "editor");
    let response = app
        .get(
            &format!("/api/job/{}/segments/{}/history", job_id + 1000, first.id),
            &token,
        )
        .await;
    error_message(response, StatusCode::NOT_FOUND).await;

    // Fixing the refused ones and submitting again closes the review: read-only after.
    let revision = segment_of(&job, tagged.id)["revision"].as_i64().unwrap();
    let fixed = tagged.mt_target.clone().unwrap().replacen("DE ", "DE: ", 1);
    json_body(
        save(&app, &link, tagged.id, &fixed, revision).await,
        StatusCode::OK,
    )
    .await;
    let revision = segment_of(&job, second.id)["revision"].as_i64().unwrap();
    json_body(
        save(
            &app,
            &link,
            second.id,
            &format!("Kunde 3: {}", second.source),
            revision,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let submitted = json_body(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/submit"),
            None,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(submitted["refused"], json!([]), "{submitted}");
    assert_eq!(submitted["applied"], 2);
    let start = json_body(
        customer(&app, Method::GET, &format!("/api/review/{link}"), None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(start["read_only"], true);
    error_message(
        save(&app, &link, first.id, "late", 0).await,
        StatusCode::CONFLICT,
    )
    .await;
    error_message(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/submit"),
            None,
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    let listed = json_body(
        app.get(
            &format!("/api/translation/{}/review-links", project.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["state"], "submitted");
    // Every event of the link is in the audit log.
    let admin = app.admin_token().await;
    let events = json_body(
        app.get("/api/audit?action=review_submitted", &admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events.as_array().unwrap().len(), 2);
    let events = json_body(
        app.get("/api/audit?action=review_link_created", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events.as_array().unwrap().len(), 1);
}

/// Over every corpus file that uploads: the MT text with one change outside the tags as each
/// segment's draft, submitted; the XLIFF export carries the drafts and is byte-identical to
/// the export before the review outside `<target>`.
#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn a_review_of_every_corpus_file_changes_only_targets() {
    let files: Vec<(String, Vec<u8>)> = corpus_files()
        .into_iter()
        .filter(|(name, bytes)| xliff::parse(name, bytes).is_ok())
        .collect();
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Corpus", &files).await;
    let (_, before) = download(&app, &token, project.id, "download-xliff").await;
    let created = create_link(&app, &token, project.id, json!({})).await;
    let link = created["token"].as_str().unwrap().to_owned();
    let mut drafted = HashMap::new();
    for (_, job_id) in &project.jobs {
        let job = review_job(&app, &link, *job_id).await;
        for segment in job["segments"].as_array().unwrap() {
            let (Some(mt), true) = (
                segment["mt_target"].as_str(),
                segment["translatable"].as_bool().unwrap(),
            ) else {
                continue;
            };
            // The fake MT's `DE ` marker is text outside any tag.
            let text = mt.replacen("DE ", "DX ", 1);
            let id = segment["id"].as_i64().unwrap();
            let base = segment["revision"].as_i64().unwrap();
            json_body(save(&app, &link, id, &text, base).await, StatusCode::OK).await;
            drafted.insert(id, text);
        }
    }
    assert!(!drafted.is_empty());
    let submitted = json_body(
        customer(
            &app,
            Method::POST,
            &format!("/api/review/{link}/submit"),
            None,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(submitted["refused"], json!([]), "{submitted}");
    assert_eq!(submitted["applied"], drafted.len() as u64);
    for segment in segments(&app, project.id).await {
        if let Some(text) = drafted.get(&segment.id) {
            assert_eq!(
                segment.target.as_ref(),
                Some(text),
                "segment {}",
                segment.unit_key
            );
        }
    }
    let (_, after) = download(&app, &token, project.id, "download-xliff").await;
    let (before, after) = (sheet::unzip(&before), sheet::unzip(&after));
    assert_eq!(before.len(), after.len());
    for (name, bytes) in &before {
        assert_eq!(
            outside_targets(bytes),
            outside_targets(&after[name]),
            "{name} changed outside <target>"
        );
        if xliff::parse(name, bytes)
            .unwrap()
            .units
            .iter()
            .any(|u| u.translatable)
        {
            assert_ne!(
                bytes, &after[name],
                "{name}: the review's targets are in the export"
            );
        }
    }
}

/// A fake SMTP server on a free port that takes one mail and hands over its DATA.
async fn fake_smtp() -> (u16, tokio::sync::oneshot::Receiver<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, received) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
        let mut data = String::new();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 queued\r\n").await.unwrap();
                } else {
                    data.push_str(&line);
                    data.push('\n');
                }
                continue;
            }
            let command = line.to_ascii_uppercase();
            let answer: &[u8] = if command.starts_with("EHLO") {
                b"250-fake\r\n250 8BITMIME\r\n"
            } else if command.starts_with("DATA") {
                in_data = true;
                b"354 go on\r\n"
            } else if command.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            write.write_all(answer).await.unwrap();
        }
        let _ = sender.send(data);
    });
    (port, received)
}

fn smtp_to(port: u16) -> impl FnOnce(&mut wordmark_server::config::Config) {
    move |config| {
        config.smtp = Some(wordmark_server::config::SmtpConfig {
            url: wordmark_server::config::Secret::new(format!("smtp://127.0.0.1:{port}")),
            from: "Agentur <review@example.com>".into(),
            public_url: "https://wordmark.example.com".into(),
        });
    }
}

#[tokio::test]
async fn with_smtp_a_new_link_is_mailed_to_its_reviewer() {
    let (port, received) = fake_smtp().await;
    let app = crate::common::spawn_app_with(smtp_to(port)).await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Mailed", &fixtures()).await;
    let created = create_link(
        &app,
        &token,
        project.id,
        json!({ "reviewer_name": "Kim", "reviewer_email": "kim@example.com", "note": "Bis Freitag" }),
    )
    .await;
    assert_eq!(created["mail_sent"], true, "{created}");
    let mail = received.await.unwrap();
    let link = created["token"].as_str().unwrap();
    // Quoted-printable may wrap long lines: compare without soft breaks.
    let unwrapped = mail.replace("=\n", "");
    assert!(
        unwrapped.contains(&format!("https://wordmark.example.com/review/{link}")),
        "{mail}"
    );
    assert!(mail.contains("kim@example.com"), "{mail}");
    assert!(unwrapped.contains("Bis Freitag"), "{mail}");
    // Without an address nothing is sent.
    let silent = create_link(&app, &token, project.id, json!({})).await;
    assert_eq!(silent["mail_sent"], Value::Null);
}

#[tokio::test]
async fn a_failed_mail_still_creates_the_link_and_says_so() {
    // A port nobody listens on.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let app = crate::common::spawn_app_with(smtp_to(port)).await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Unmailed", &fixtures()).await;
    let created = create_link(
        &app,
        &token,
        project.id,
        json!({ "reviewer_email": "kim@example.com" }),
    )
    .await;
    assert_eq!(created["mail_sent"], false, "{created}");
    assert!(
        created["mail_error"].as_str().unwrap().contains("SMTP"),
        "{created}"
    );
    let link = created["token"].as_str().unwrap();
    json_body(
        customer(&app, Method::GET, &format!("/api/review/{link}"), None).await,
        StatusCode::OK,
    )
    .await;
    let admin = app.admin_token().await;
    let events = json_body(
        app.get("/api/audit?action=review_link_created", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(
        events[0]["detail"].to_string().contains("failed"),
        "{events}"
    );
}

#[tokio::test]
async fn an_xlsx_import_over_an_open_draft_is_taken_and_reported() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = pretranslated(&app, &token, "Both ways", &fixtures()).await;
    let created = create_link(&app, &token, project.id, json!({})).await;
    let link = created["token"].as_str().unwrap().to_owned();
    let (_, first, _) = pick(&segments(&app, project.id).await);
    let job = review_job(&app, &link, first.job_id).await;
    let base = segment_of(&job, first.id)["revision"].as_i64().unwrap();
    json_body(
        save(
            &app,
            &link,
            first.id,
            &format!("Kunde: {}", first.source),
            base,
        )
        .await,
        StatusCode::OK,
    )
    .await;

    let (file_name, _) = project
        .jobs
        .iter()
        .find(|(_, id)| *id == first.job_id)
        .unwrap();
    let (_, archive) = download(&app, &token, project.id, "download-xlsx").await;
    let name = wordmark_core::xlsx::workbook_file_name(file_name);
    let workbook = sheet::unzip(&archive).remove(&name).unwrap();
    let corrected = sheet::translate(
        &workbook,
        &first.unit_key,
        &format!("Excel: {}", first.source),
    );
    let answer = crate::review::support::upload_ok(
        &app,
        &token,
        project.id,
        sheet::zip(&[(name.as_str(), corrected.as_slice())]),
    )
    .await;
    let file = &answer["import_report"]["files"][0];
    assert_eq!(file["review_conflicts"], json!([first.unit_key]), "{file}");
    // The customer's draft is stale now: the next save is refused with the imported text.
    let response = save(&app, &link, first.id, "noch einmal", base + 1).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict: Value = response.json().await.unwrap();
    assert_eq!(
        conflict["current_text"],
        format!("Excel: {}", first.source).as_str()
    );
    let history = json_body(
        app.get(
            &format!("/api/job/{}/segments/{}/history", first.job_id, first.id),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        history.as_array().unwrap().last().unwrap()["source"],
        "xlsx_import"
    );
}
