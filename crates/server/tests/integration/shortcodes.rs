//! WPML lists the site's registered shortcodes in every file: only those are markup, so `[CS]`
//! or `[Hinweis]` in a text is text for the MT masking, the markup check of MT answers, edits
//! in the job view and imported corrections. A file that lists none keeps the generic rule
//! (any `[name]` is a shortcode).

use std::collections::HashMap;

use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use wordmark_core::xliff;
use wordmark_core::xlsx::workbook_file_name;
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::db::entities::{translation_job, translation_segment::SegmentOrigin};

use crate::common::{TestApp, error_message, json_body, spawn_app, spawn_app_with};
use crate::mt_support::{self, DEEPL_KEY, deepl, segments};
use crate::review::{sheet, support};
use crate::translation::job_form;

/// The list the test files name (WPML writes it comma-separated).
const LISTED: &str = "caption,gallery";

/// A WPML-style file with `sources`, listing `shortcodes` in its header when given.
fn wpml_file(wpml_id: u32, shortcodes: Option<&str>, sources: &[&str]) -> String {
    let header = shortcodes.map_or(String::new(), |list| {
        format!(
            "<phase-group><phase phase-name=\"shortcodes\" process-name=\"Shortcodes identification\"><note>{list}</note></phase></phase-group>"
        )
    });
    mt_support::xliff(wpml_id, sources)
        .replace("<header></header>", &format!("<header>{header}</header>"))
}

/// Every job (each test has one project) by file name: its id and its stored list.
async fn jobs(app: &TestApp) -> HashMap<String, (i32, Option<String>)> {
    translation_job::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|job| (job.file_name, (job.id, job.shortcodes)))
        .collect()
}

/// (1) and (4): a correction with `[CS]` is taken in a job whose file lists shortcodes without
/// `CS`, a correction that drops a listed shortcode is refused as "missing"; in a job whose
/// file lists none, `[CS]` is an added tag.
#[tokio::test]
async fn corrections_follow_the_files_shortcode_list() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let sources = [
        "<p>Read [caption id=\"1\"]the note[/caption] first.</p>",
        "Second [gallery ids=\"2\"] text",
    ];
    let files = vec![
        (
            "listed.xliff".to_owned(),
            wpml_file(1, Some(LISTED), &sources).into_bytes(),
        ),
        (
            "unlisted.xliff".to_owned(),
            wpml_file(2, None, &sources).into_bytes(),
        ),
    ];
    let project = support::create_project(&app, &token, "Corrections", &files).await;
    let (listed, unlisted) = (project.job("listed.xliff"), project.job("unlisted.xliff"));
    let jobs = jobs(&app).await;
    assert_eq!(jobs["listed.xliff"], (listed, Some(LISTED.to_owned())));
    assert_eq!(jobs["unlisted.xliff"], (unlisted, None));
    support::pretranslate(&app, project.id, SegmentOrigin::Mt).await;

    let (_, archive) = support::download(&app, &token, project.id, "download-xlsx").await;
    let mut workbooks = sheet::unzip(&archive);
    let with_cs = "<p>[CS] Zuerst [caption id=\"1\"]den Hinweis[/caption] lesen.</p>";
    let without_gallery = "Zweiter [CS] Text";
    let mut edited = Vec::new();
    for file in ["listed.xliff", "unlisted.xliff"] {
        let name = workbook_file_name(file);
        let bytes = workbooks.remove(&name).unwrap();
        let bytes = sheet::translate(&bytes, "field-0", with_cs);
        let bytes = sheet::translate(&bytes, "field-1", without_gallery);
        edited.push((name, bytes));
    }
    let entries: Vec<(&str, &[u8])> = edited
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let answer = support::upload_ok(&app, &token, project.id, sheet::zip(&entries)).await;

    let report = |job_id: i32| -> Vec<(String, String)> {
        answer["import_report"]["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["job_id"] == job_id)
            .unwrap()["refused"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["key"].as_str().unwrap().to_owned(),
                    r["reason"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let refused = report(listed);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, "field-1");
    assert!(
        refused[0].1.contains("tag [gallery ids=\"2\"] is missing"),
        "{refused:?}"
    );
    let refused = report(unlisted);
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(refused[0].1.contains("tag [CS] was added"), "{refused:?}");

    let targets = |job_id: i32| {
        let app = &app;
        async move {
            segments(app, job_id)
                .await
                .into_iter()
                .map(|s| s.target.unwrap_or_default())
                .collect::<Vec<_>>()
        }
    };
    let fake = |source: &str| support::fake_mt(source);
    assert_eq!(
        targets(listed).await,
        [with_cs.to_owned(), fake(sources[1])]
    );
    assert_eq!(
        targets(unlisted).await,
        [fake(sources[0]), fake(sources[1])]
    );
}

/// (2) and (4): with the file's list, `[Hinweis]` goes to the provider as text and comes back
/// in the answer, which is taken; a listed shortcode is masked. Without a list, `[Hinweis]` is
/// masked too.
#[tokio::test]
async fn machine_translation_masks_only_listed_shortcodes() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let source = "[Hinweis] Read [caption id=\"1\"]this[/caption].";
    let files = [
        (
            "listed.xliff".to_owned(),
            wpml_file(1, Some(LISTED), &[source]),
        ),
        ("unlisted.xliff".to_owned(), wpml_file(2, None, &[source])),
    ];
    let project = mt_support::create_project(&app, &token, "MT", None, &files).await;

    // The estimate counts `[Hinweis]` as text only where it is text: 20 + 11 characters.
    let before = mt_support::run_status(&app, &token, project).await;
    assert_eq!(before["characters_pending"], 20 + 11, "{before}");

    let status = mt_support::pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(
        (&status["from_mt"], &status["flagged"]),
        (&json!(2), &json!(0))
    );
    let mut sent: Vec<String> = fake.text_counts().into_keys().collect();
    sent.sort();
    assert_eq!(
        sent,
        [
            "<x id=\"1\"/> Read <g id=\"2\">this</g>.",
            "[Hinweis] Read <g id=\"1\">this</g>.",
        ]
    );
    let jobs = jobs(&app).await;
    let listed = &segments(&app, jobs["listed.xliff"].0).await[0];
    assert_eq!(
        listed.target.as_deref(),
        Some("DE:[Hinweis] Read [caption id=\"1\"]DE:this[/caption]DE:.")
    );
    assert_eq!(listed.origin, SegmentOrigin::Mt);
    let unlisted = &segments(&app, jobs["unlisted.xliff"].0).await[0];
    assert_eq!(
        unlisted.target.as_deref(),
        Some("[Hinweis]DE: Read [caption id=\"1\"]DE:this[/caption]DE:.")
    );
}

/// (3) and (4): a job added to a project keeps its file's list, and the job API names it (`null`
/// without one); an edit with `[CS]` is saved there, one dropping a listed shortcode refused; in
/// a job without a list `[CS]` is refused.
#[tokio::test]
async fn edits_in_the_job_view_follow_the_files_shortcode_list() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let source = "<p>Read [caption id=\"1\"]the note[/caption] first.</p>";
    let files = [("unlisted.xliff".to_owned(), wpml_file(1, None, &[source]))];
    let project = mt_support::create_project(&app, &token, "Edits", None, &files).await;
    let unlisted = jobs(&app).await["unlisted.xliff"].0;
    let form = job_form(
        "listed.xliff",
        wpml_file(2, Some(LISTED), &[source]).into_bytes(),
    )
    .text("project_id", project.to_string());
    let added = json_body(app.jobs().create(&token, form).await, StatusCode::CREATED).await;
    let listed = i32::try_from(added["id"].as_i64().unwrap()).unwrap();
    assert_eq!(
        jobs(&app).await["listed.xliff"],
        (listed, Some(LISTED.to_owned()))
    );
    // The job view reads the list with the job, to show as tags only what the server takes.
    for (job_id, list) in [
        (listed, json!(["caption", "gallery"])),
        (unlisted, Value::Null),
    ] {
        let job: Value = json_body(app.job(job_id).get(&token).await, StatusCode::OK).await;
        assert_eq!(job["shortcodes"], list, "job {job_id}");
    }

    let edit = |job_id: i32, target: &str| {
        let app = &app;
        let token = &token;
        let target = target.to_owned();
        async move {
            let segment = segments(app, job_id).await[0].clone();
            app.job(job_id)
                .update(
                    token,
                    json!({ "segments": [{
                    "id": segment.id, "target": target, "base_revision": segment.revision,
                }] }),
                )
                .await
        }
    };
    let with_cs = "<p>[CS] Zuerst [caption id=\"1\"]den Hinweis[/caption] lesen.</p>";
    let saved: Value = json_body(edit(listed, with_cs).await, StatusCode::OK).await;
    assert_eq!(saved["segments"][0]["target"], with_cs);
    assert_eq!(saved["segments"][0]["origin"], "editor");
    assert_eq!(saved["shortcodes"], json!(["caption", "gallery"]));

    let message = error_message(
        edit(listed, "<p>[CS] Zuerst lesen.</p>").await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("is missing"), "{message}");
    let message = error_message(
        edit(unlisted, with_cs).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("tag [CS] was added"), "{message}");
}

/// (5) Every file of the shared corpus: its list is stored on its job (WPML's files all have
/// one), and pseudo pre-translation followed by the XLIFF export changes nothing outside
/// `<target>`, no answer's markup damaged.
#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn corpus_lists_are_stored_and_a_pseudo_round_trip_keeps_the_files() {
    let mut files = Vec::new();
    let mut lists = HashMap::new();
    for path in crate::corpus::xliff_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        // Files that do not parse are refused at upload (tested elsewhere).
        let Ok(document) = xliff::parse(&name, &bytes) else {
            continue;
        };
        let names = document.shortcode_names();
        let wpml = path.parent().unwrap().ends_with("wpml");
        assert_eq!(wpml, !names.is_empty(), "{name}");
        lists.insert(
            name.clone(),
            Some(names.join(",")).filter(|l| !l.is_empty()),
        );
        files.push((name, bytes));
    }
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = app.editor_token().await;
    let project = support::create_project(&app, &token, "Corpus", &files).await;
    let stored = jobs(&app).await;
    for (name, list) in lists {
        assert_eq!(stored[&name], (project.job(&name), list), "{name}");
    }

    let status = mt_support::pretranslate(&app, &token, project.id).await;
    assert_eq!(status["flagged"], 0, "{status}");
    assert!(status["from_mt"].as_i64().unwrap() > 0, "{status}");
    let (_, archive) = support::download(&app, &token, project.id, "download-xliff").await;
    let out = sheet::unzip(&archive);
    for (name, input) in &files {
        assert_eq!(
            String::from_utf8_lossy(&support::outside_targets(&out[name])),
            String::from_utf8_lossy(&support::outside_targets(input)),
            "{name} changed outside <target>"
        );
    }
}
