//! The customer's drafts: conflicts, comments, the submit through the XLSX import's path, the
//! shared corpus, and an XLSX import over an open draft.

use super::{create_link, pretranslated, review_job, save, segment_of};
use crate::common::{error_message, json_body, spawn_app};
use crate::review::sheet;
use crate::review::support::{corpus_files, download, fixtures, outside_targets, segments, status};
use reqwest::StatusCode;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use std::collections::HashMap;
use wordmark_core::{qa, segment::Markup, segment::Shortcodes, xliff};
use wordmark_server::db::entities::{
    translation_memory,
    translation_project::ProjectStatus,
    translation_segment::{self, SegmentOrigin},
};

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
        app.job(job_id)
            .update(
                &token,
                json!({ "segments": [{
                    "id": second.id, "target": staff_text, "base_revision": second.revision,
                }] }),
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
        app.review(&link)
            .approve(first.id, json!({ "approved": true }))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(approved["approved"], true);
    let comment = json_body(
        app.review(&link)
            .comment(first.id, json!({ "body": "Passt das?" }))
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
        app.translation(project.id)
            .comments(&token, "state=open")
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(threads.as_array().unwrap().len(), 1);
    assert_eq!(threads[0]["segment_id"], first.id);
    let reply = json_body(
        app.translation(project.id)
            .add_comment(&token, json!({ "segment_id": first.id, "body": "Ja." }))
            .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(reply["author_kind"], "staff");
    let resolved = json_body(
        app.translation(project.id)
            .resolve_comments(&token, first.id, json!({ "resolved": true }))
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(resolved["resolved_at"].is_string());
    assert_eq!(resolved["comments"].as_array().unwrap().len(), 2);
    let open = json_body(
        app.translation(project.id)
            .comments(&token, "state=open")
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(open, json!([]));
    let listed = json_body(
        app.translation(project.id).review_links(&token).await,
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
    let submitted = json_body(app.review(&link).submit().await, StatusCode::OK).await;
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
                app.job(job_id).history(token, segment).await,
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
    let response = app.job(&job_id + 1000).history(&token, first.id).await;
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
    let submitted = json_body(app.review(&link).submit().await, StatusCode::OK).await;
    assert_eq!(submitted["refused"], json!([]), "{submitted}");
    assert_eq!(submitted["applied"], 2);
    let start = json_body(app.review(&link).get().await, StatusCode::OK).await;
    assert_eq!(start["read_only"], true);
    error_message(
        save(&app, &link, first.id, "late", 0).await,
        StatusCode::CONFLICT,
    )
    .await;
    error_message(app.review(&link).submit().await, StatusCode::CONFLICT).await;
    let listed = json_body(
        app.translation(project.id).review_links(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["state"], "submitted");
    // Every event of the link is in the audit log.
    let admin = app.admin_token().await;
    let events = json_body(
        app.audit().list(&admin, "action=review_submitted").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events.as_array().unwrap().len(), 2);
    let events = json_body(
        app.audit().list(&admin, "action=review_link_created").await,
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
    let submitted = json_body(app.review(&link).submit().await, StatusCode::OK).await;
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
        app.job(first.job_id).history(&token, first.id).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        history.as_array().unwrap().last().unwrap()["source"],
        "xlsx_import"
    );
}
