//! Customer review round trip: XLSX export, corrected XLSX import, XLIFF export.

pub mod sheet;
pub mod support;

use std::collections::HashMap;

use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::Value;
use wordmark_core::qa;
use wordmark_core::segment::{Markup, Shortcodes};
use wordmark_core::xliff;
use wordmark_core::xlsx::workbook_file_name;
use wordmark_server::db::entities::{
    translation_job, translation_memory,
    translation_project::ProjectStatus,
    translation_segment::{self, SegmentOrigin, SegmentStatus},
};

use crate::common::{TestApp, error_message, spawn_app};
use sheet::{COMMENT, TRANSLATION};
use support::{
    Project, corpus_files, create_project, download, fake_mt, fixtures, outside_targets,
    pretranslate, schema_valid, segments, status, upload, upload_ok,
};

/// What the customer types over a target: the same markup, new words.
fn customer_text(source: &str) -> String {
    format!("Kunde: {source}")
}

/// A correction that drops every tag.
const BROKEN: &str = "Kaputt ohne Tags";

struct Edits {
    /// Segment id → the customer's text.
    accepted: HashMap<i64, String>,
    /// Segment id → the rejected text.
    refused: HashMap<i64, String>,
}

/// Edits the exported workbooks as a customer would: per job, one good correction with a
/// comment and, where a unit has tags (by its job's shortcode list), one that breaks them.
fn edit_workbooks(
    workbooks: &[(String, Vec<u8>)],
    project: &Project,
    segments: &[translation_segment::Model],
    shortcodes: &HashMap<i32, Shortcodes>,
) -> (Vec<(String, Vec<u8>)>, Edits) {
    let mut edits = Edits {
        accepted: HashMap::new(),
        refused: HashMap::new(),
    };
    let mut edited = Vec::new();
    for (job_file, job_id) in &project.jobs {
        let name = workbook_file_name(job_file);
        let (_, bytes) = workbooks.iter().find(|(n, _)| *n == name).unwrap();
        let mut bytes = bytes.clone();
        let units: Vec<&translation_segment::Model> = segments
            .iter()
            .filter(|s| s.job_id == *job_id && s.translatable)
            .filter(|s| sheet::rows_of(&bytes, &s.unit_key).len() == 1)
            .collect();
        if let Some(good) = units.iter().find(|s| !s.source.trim().is_empty()) {
            let text = customer_text(&good.source);
            let row = sheet::row_of(&bytes, &good.unit_key);
            bytes = sheet::type_text(&bytes, TRANSLATION, row, &text);
            bytes = sheet::type_text(&bytes, COMMENT, row, "Bitte so übernehmen");
            edits.accepted.insert(good.id, text);
        }
        let breakable = units.iter().find(|s| {
            !edits.accepted.contains_key(&s.id)
                && qa::check_with(
                    &s.source,
                    BROKEN,
                    Markup::from(s.markup),
                    &shortcodes[job_id],
                )
                .is_refused()
        });
        if let Some(broken) = breakable {
            bytes = sheet::translate(&bytes, &broken.unit_key, BROKEN);
            edits.refused.insert(broken.id, BROKEN.to_owned());
        }
        edited.push((name, bytes));
    }
    (edited, edits)
}

/// Create → fake MT → export XLSX → edit (→ LibreOffice) → import → export XLIFF, with every
/// check of the issue on every file.
async fn round_trip(files: Vec<(String, Vec<u8>)>, libreoffice: bool) {
    let files: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .filter(|(name, bytes)| match xliff::parse(name, bytes) {
            Ok(_) => true,
            Err(e) => {
                eprintln!("note: {name} is not readable XLIFF ({e}); not part of the round trip");
                false
            }
        })
        .collect();
    assert!(!files.is_empty());
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Round trip", &files).await;
    pretranslate(&app, project.id, SegmentOrigin::Mt).await;
    let before = segments(&app, project.id).await;

    let (disposition, archive) = download(&app, &token, project.id, "download-xlsx").await;
    assert_eq!(
        disposition,
        "attachment; filename=\"Round trip-xlsx.zip\"; filename*=UTF-8''Round%20trip-xlsx.zip"
    );
    let expected: Vec<String> = project
        .jobs
        .iter()
        .map(|(name, _)| workbook_file_name(name))
        .collect();
    assert_eq!(sheet::names(&archive), expected);
    let workbooks: Vec<(String, Vec<u8>)> = sheet::unzip(&archive).into_iter().collect();
    let shortcodes: HashMap<i32, Shortcodes> = translation_job::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|job| {
            (
                job.id,
                Shortcodes::from_list(job.shortcodes.as_deref().unwrap_or("")),
            )
        })
        .collect();
    let (mut edited, edits) = edit_workbooks(&workbooks, &project, &before, &shortcodes);
    assert!(!edits.accepted.is_empty());
    if libreoffice {
        match sheet::resave_with_libreoffice(&edited) {
            Some(resaved) => edited = resaved,
            None => return,
        }
    }
    let entries: Vec<(&str, &[u8])> = edited
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let answer = upload_ok(&app, &token, project.id, sheet::zip(&entries)).await;

    assert_eq!(answer["status"], "Translations_Corrected");
    let jobs = answer["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), project.jobs.len());
    let report = &answer["import_report"];
    assert_eq!(report["unmatched_files"], serde_json::json!([]));
    let after = segments(&app, project.id).await;
    for (old, new) in before.iter().zip(&after) {
        if let Some(text) = edits.accepted.get(&new.id) {
            assert_eq!(
                new.target.as_deref(),
                Some(text.as_str()),
                "{}",
                new.unit_key
            );
            assert_eq!(new.origin, SegmentOrigin::Customer);
            assert_ne!(new.status, SegmentStatus::Translated);
            assert_eq!(new.comment.as_deref(), Some("Bitte so übernehmen"));
        } else {
            assert_eq!(new.target, old.target, "unedited {} changed", new.unit_key);
        }
    }
    // The corrections went into the translation memory too.
    let memory: Vec<(String, String)> = translation_memory::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|entry| entry.origin == SegmentOrigin::Customer)
        .map(|entry| (entry.source, entry.target))
        .collect();
    for segment in after.iter().filter(|s| edits.accepted.contains_key(&s.id)) {
        let has_languages = jobs.iter().any(|j| {
            j["id"] == segment.job_id
                && j["source_lang"].is_string()
                && j["target_lang"].is_string()
        });
        let entry = (segment.source.clone(), edits.accepted[&segment.id].clone());
        assert!(
            !has_languages || memory.contains(&entry),
            "{}",
            segment.unit_key
        );
    }
    for (job_file, job_id) in &project.jobs {
        let file = report["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["job_id"] == *job_id)
            .unwrap_or_else(|| panic!("no report for {job_file}: {report}"));
        let refused: Vec<&str> = file["refused"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["key"].as_str().unwrap())
            .collect();
        let expected: Vec<&str> = after
            .iter()
            .filter(|s| s.job_id == *job_id && edits.refused.contains_key(&s.id))
            .map(|s| s.unit_key.as_str())
            .collect();
        assert_eq!(refused, expected, "{job_file}: {file}");
        for row in file["refused"].as_array().unwrap() {
            assert!(row["row"].as_u64().unwrap() > 1);
            assert!(row["reason"].as_str().unwrap().contains("markup"), "{row}");
        }
    }

    let (disposition, archive) = download(&app, &token, project.id, "download-xliff").await;
    assert_eq!(
        disposition,
        "attachment; filename=\"Round trip-xliff.zip\"; filename*=UTF-8''Round%20trip-xliff.zip"
    );
    let names: Vec<&str> = project.jobs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(sheet::names(&archive), names);
    let out = sheet::unzip(&archive);
    let mut validated = 0;
    for (name, input) in &files {
        let output = &out[name];
        assert_eq!(
            String::from_utf8_lossy(&outside_targets(output)),
            String::from_utf8_lossy(&outside_targets(input)),
            "{name} changed outside <target>"
        );
        let job_id = project.job(name);
        let targets_of = |bytes: &[u8]| -> HashMap<String, Option<String>> {
            xliff::parse(name, bytes)
                .unwrap()
                .units
                .into_iter()
                .map(|u| (u.key, u.target))
                .collect()
        };
        let (targets, file_targets) = (targets_of(output), targets_of(input));
        for segment in after.iter().filter(|s| s.job_id == job_id) {
            let expected = match (edits.accepted.get(&segment.id), segment.translatable) {
                (Some(text), _) => Some(text.clone()),
                (None, true) => Some(fake_mt(&segment.source)),
                (None, false) => file_targets[&segment.unit_key].clone(),
            };
            assert_eq!(
                targets[&segment.unit_key].as_deref(),
                expected.as_deref(),
                "{name} {}",
                segment.unit_key
            );
        }
        if let Some(Ok(())) = schema_valid(name, input) {
            if let Some(Err(errors)) = schema_valid(name, output) {
                panic!("{name} no longer validates:\n{errors}");
            }
            validated += 1;
        }
    }
    if validated == 0 {
        eprintln!("note: no schema check (xmllint or the reference corpus's schemas missing)");
    }
    // The XLIFF download delivers the corrected project: it is completed.
    assert_eq!(status(&app, project.id).await, ProjectStatus::Completed);
}

#[tokio::test]
async fn round_trip_on_own_fixtures() {
    round_trip(fixtures(), false).await;
}

#[tokio::test]
async fn round_trip_on_own_fixtures_resaved_by_libreoffice() {
    round_trip(fixtures(), true).await;
}

#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn round_trip_on_the_shared_corpus() {
    round_trip(corpus_files(), false).await;
}

#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn round_trip_on_the_shared_corpus_resaved_by_libreoffice() {
    round_trip(corpus_files(), true).await;
}

async fn fixture_project(app: &TestApp, token: &str, name: &str) -> Project {
    create_project(app, token, name, &fixtures()).await
}

async fn export_workbook(app: &TestApp, token: &str, project: &Project, job_file: &str) -> Vec<u8> {
    let (_, archive) = download(app, token, project.id, "download-xlsx").await;
    sheet::unzip(&archive)
        .remove(&workbook_file_name(job_file))
        .unwrap()
}

fn single(name: &str, bytes: &[u8]) -> Vec<u8> {
    sheet::zip(&[(name, bytes)])
}

/// The targets of one job's exported XLIFF, by unit key.
async fn exported_targets(
    app: &TestApp,
    token: &str,
    project: &Project,
    job_file: &str,
) -> HashMap<String, Option<String>> {
    let (_, archive) = download(app, token, project.id, "download-xliff").await;
    let bytes = sheet::unzip(&archive).remove(job_file).unwrap();
    xliff::parse(job_file, &bytes)
        .unwrap()
        .units
        .into_iter()
        .map(|u| (u.key, u.target))
        .collect()
}

#[tokio::test]
async fn formula_like_text_numbers_and_sorted_rows_stay_what_the_customer_sees() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    // No MT: the sources are `=SUM(1)`, `+1 …`, `-x …`, `@x …`, and the file's targets copies
    // of them, which are not translations: the customer starts from empty Translation cells.
    let project = fixture_project(&app, &token, "Formulas").await;
    let xlsx = export_workbook(&app, &token, &project, "page-12.xliff").await;
    let sheet_xml = String::from_utf8(sheet::unzip(&xlsx).remove(sheet::SHEET).unwrap()).unwrap();
    assert!(!sheet_xml.contains("<f>"), "a cell became a formula");
    for (key, text) in [
        ("package-string-7-1", "=SUM(1)"),
        ("package-string-7-2", "+1 for Acme"),
        ("package-string-7-3", "-x marks the spot"),
        ("package-string-7-4", "@x on social media"),
    ] {
        let row = sheet::row_of(&xlsx, key);
        assert_eq!(sheet::cell_text(&xlsx, "C", row), text);
        assert_eq!(sheet::cell_text(&xlsx, TRANSLATION, row), "");
    }

    // Sorted (reversed) by the customer, then edited.
    let first_unit_row = sheet::row_of(&xlsx, "title");
    let sorted = sheet::reverse_rows(&xlsx, first_unit_row);
    assert!(sheet::row_of(&sorted, "title") > sheet::row_of(&sorted, "package-string-7-4"));
    let edited = sheet::translate(&sorted, "package-string-7-1", "=SUM(2)");
    let edited = sheet::translate(&edited, "package-string-7-4", "@y in sozialen Medien");
    let row = sheet::row_of(&edited, "field-year-0");
    let edited = sheet::type_number(&edited, TRANSLATION, row, "2027");
    let answer = upload_ok(&app, &token, project.id, single("page-12.xlsx", &edited)).await;
    let file = &answer["import_report"]["files"][0];
    assert_eq!(file["updated"], 3, "{file}");
    assert_eq!(file["refused"], serde_json::json!([]));
    // 2026 → 2027 drops a number of the source: a warning, not a refusal.
    assert!(
        file["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w["key"] == "field-year-0" && w["message"].as_str().unwrap().contains("2026")),
        "{file}"
    );

    let targets = exported_targets(&app, &token, &project, "page-12.xliff").await;
    assert_eq!(targets["package-string-7-1"].as_deref(), Some("=SUM(2)"));
    assert_eq!(
        targets["package-string-7-4"].as_deref(),
        Some("@y in sozialen Medien")
    );
    assert_eq!(targets["field-year-0"].as_deref(), Some("2027"));
    assert_eq!(
        targets["package-string-7-2"].as_deref(),
        Some("+1 for Acme")
    );
}

#[tokio::test]
async fn a_40000_character_unit_spans_rows_and_comes_back_whole() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let long = format!(
        "<p>{}</p>",
        "Lorem ipsum dolor sit amet, <b>consectetur</b> elit. ".repeat(770)
    );
    assert!(long.chars().count() > 40_000);
    let file = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"><file original=\"5-0123456789abcdef0123456789abcdef\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body><trans-unit resname=\"Body\" restype=\"string\" datatype=\"html\" id=\"body\"><source><![CDATA[{long}]]></source><target><![CDATA[{long}]]></target></trans-unit></body></file></xliff>"
    );
    let project = create_project(
        &app,
        &token,
        "Long",
        &[("long.xliff".into(), file.into_bytes())],
    )
    .await;
    pretranslate(&app, project.id, SegmentOrigin::Mt).await;
    let xlsx = export_workbook(&app, &token, &project, "long.xliff").await;
    let rows = sheet::rows_of(&xlsx, "body");
    assert!(rows.len() >= 2, "{rows:?}");

    // The customer corrects the beginning, in the first row of the unit.
    let first = sheet::cell_text(&xlsx, TRANSLATION, rows[0]);
    assert!(first.starts_with("DE <p>"), "{}", &first[..20]);
    let edited = sheet::type_text(
        &xlsx,
        TRANSLATION,
        rows[0],
        &first.replacen("DE ", "KUNDE ", 1),
    );
    let answer = upload_ok(&app, &token, project.id, single("long.xlsx", &edited)).await;
    assert_eq!(answer["import_report"]["files"][0]["updated"], 1);

    let targets = exported_targets(&app, &token, &project, "long.xliff").await;
    assert_eq!(
        targets["body"].as_deref(),
        Some(format!("KUNDE {long}").as_str())
    );
}

/// A workbook built by hand (or by a program that dropped the hidden sheet): just the table.
fn bare_workbook(rows: &[(&str, &str)]) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (col, header) in ["Key", "Translation"].iter().enumerate() {
        sheet.write_string(0, col as u16, *header).unwrap();
    }
    for (row, (key, text)) in (1u32..).zip(rows) {
        sheet.write_string(row, 0, *key).unwrap();
        sheet.write_string(row, 1, *text).unwrap();
    }
    workbook.save_to_buffer().unwrap()
}

#[tokio::test]
async fn renamed_workbooks_folders_and_mac_metadata_are_handled() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = fixture_project(&app, &token, "Renamed").await;
    pretranslate(&app, project.id, SegmentOrigin::Mt).await;
    let xlsx = export_workbook(&app, &token, &project, "page-12.xliff").await;
    let renamed = sheet::translate(&xlsx, "title", "Über <em>Acme</em>");
    // An emptied cell removes the target: the XLIFF keeps the file's own.
    let renamed = sheet::translate(&renamed, "package-string-7-3", "");
    // Matched by file name: no hidden sheet.
    let bare = bare_workbook(&[("title", "Öffnungszeiten")]);
    let stranger = bare_workbook(&[("title", "Fremd")]);
    let archive = sheet::zip(&[
        ("Korrekturen/", b""),
        ("Korrekturen/Seite 12 korrigiert.xlsx", &renamed),
        ("Korrekturen/post-7.xlsx", &bare),
        ("Korrekturen/other.xlsx", &stranger),
        ("Korrekturen/notes.txt", b"thanks"),
        ("Korrekturen/.DS_Store", b"junk"),
        ("__MACOSX/Korrekturen/._Seite 12 korrigiert.xlsx", b"junk"),
    ]);
    let answer = upload_ok(&app, &token, project.id, archive).await;
    let report = &answer["import_report"];
    assert_eq!(
        report["skipped"],
        serde_json::json!(["Korrekturen/notes.txt"])
    );
    assert_eq!(report["unmatched_files"], serde_json::json!(["other.xlsx"]));
    let files: Vec<(&str, &Value, u64)> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["file_name"].as_str().unwrap(),
                &f["job_file_name"],
                f["updated"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            ("Seite 12 korrigiert.xlsx", &Value::from("page-12.xliff"), 2),
            ("post-7.xlsx", &Value::from("post-7.xliff"), 1),
            ("other.xlsx", &Value::Null, 0),
        ]
    );
    let targets = exported_targets(&app, &token, &project, "page-12.xliff").await;
    assert_eq!(targets["title"].as_deref(), Some("Über <em>Acme</em>"));
    assert_eq!(
        targets["package-string-7-3"].as_deref(),
        Some("-x marks the spot")
    );
    let targets = exported_targets(&app, &token, &project, "post-7.xliff").await;
    assert_eq!(targets["title"].as_deref(), Some("Öffnungszeiten"));
}

#[tokio::test]
async fn bad_archives_are_refused_by_name_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = fixture_project(&app, &token, "Bad").await;
    pretranslate(&app, project.id, SegmentOrigin::Mt).await;
    let xlsx = export_workbook(&app, &token, &project, "page-12.xliff").await;
    let good_edit = sheet::translate(&xlsx, "title", "Über <em>Acme</em>");
    let before = segments(&app, project.id).await;
    let status_before = status(&app, project.id).await;

    let bomb = sheet::zip(&[("page-12.xlsx", &vec![0u8; 8 * 1024 * 1024])]);
    let cases: Vec<(&str, &str, Vec<u8>, StatusCode, &str)> = vec![
        (
            "notes.zip",
            "application/zip",
            b"not a zip at all".to_vec(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "'notes.zip' is not a zip archive",
        ),
        (
            "bomb.zip",
            "application/zip",
            bomb,
            StatusCode::UNPROCESSABLE_ENTITY,
            "zip bomb",
        ),
        (
            "evil.zip",
            "application/zip",
            sheet::zip(&[("../page-12.xlsx", &good_edit)]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "'../page-12.xlsx' in 'evil.zip' has an unsafe path",
        ),
        (
            "empty.zip",
            "application/octet-stream",
            sheet::zip(&[("readme.txt", b"hi")]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "'empty.zip' holds no XLSX workbook",
        ),
        (
            "fake.zip",
            "application/zip",
            sheet::zip(&[("page-12.xlsx", &good_edit), ("post-7.xlsx", b"just text")]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "'post-7.xlsx' is not an XLSX workbook",
        ),
        (
            "twice.zip",
            "application/zip",
            sheet::zip(&[("page-12.xlsx", &good_edit), ("copy.xlsx", &good_edit)]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "'page-12.xlsx' and 'copy.xlsx' are both corrections of 'page-12.xliff'",
        ),
        (
            "stranger.zip",
            "application/zip",
            single("other.xlsx", &bare_workbook(&[("title", "x")])),
            StatusCode::UNPROCESSABLE_ENTITY,
            "No workbook in 'stranger.zip' belongs to this project's files: other.xlsx",
        ),
        (
            "page-12.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            good_edit.clone(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "'page-12.xlsx'",
        ),
    ];
    for (name, mime, bytes, expected, text) in cases {
        let response = upload(&app, &token, project.id, name, mime, bytes).await;
        let message = error_message(response, expected).await;
        assert!(message.contains(text), "{name}: {message}");
        assert_eq!(
            segments(&app, project.id).await,
            before,
            "{name} changed segments"
        );
        assert_eq!(
            status(&app, project.id).await,
            status_before,
            "{name} changed the status"
        );
    }
    let form = reqwest::multipart::Form::new().text("other", "x");
    let response = app.translation(project.id).upload_xlsx(&token, form).await;
    let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(message, "The field xlsx_files is required.");
}

#[tokio::test]
async fn pseudo_targets_are_flagged_and_names_keep_their_accents() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = fixture_project(&app, &token, "Café Zürich").await;
    pretranslate(&app, project.id, SegmentOrigin::Pseudo).await;
    let (disposition, archive) = download(&app, &token, project.id, "download-xlsx").await;
    assert_eq!(
        disposition,
        "attachment; filename=\"Caf_ Z_rich-xlsx.zip\"; filename*=UTF-8''Caf%C3%A9%20Z%C3%BCrich-xlsx.zip"
    );
    let xlsx = sheet::unzip(&archive).remove("post-7.xlsx").unwrap();
    let header: Vec<String> = sheet::table(&xlsx)
        .rows()
        .take(8)
        .filter_map(|r| r.first().map(|c| c.to_string()))
        .collect();
    assert!(
        header.iter().any(|h| h.starts_with("Pseudo-translation")),
        "{header:?}"
    );
    let (disposition, _) = download(&app, &token, project.id, "download-xliff").await;
    assert!(disposition.ends_with("filename*=UTF-8''Caf%C3%A9%20Z%C3%BCrich-xliff.zip"));
    assert_eq!(status(&app, project.id).await, ProjectStatus::Created);
}

#[tokio::test]
async fn unknown_projects_and_callers_without_a_token_are_refused() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    for action in ["download-xlsx", "download-xliff", "upload-xlsx"] {
        // By hand, on purpose: each action asked the same way, with a form and without a
        // session, whatever it takes.
        let path = format!("/api/translation/999/{action}");

        let response = app.request(Method::POST, &path, None).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let response = app
            .request(Method::POST, &path, Some(&token))
            .multipart(reqwest::multipart::Form::new().text("x", "y"))
            .send()
            .await
            .unwrap();
        assert_eq!(
            error_message(response, StatusCode::NOT_FOUND).await,
            "Project not found"
        );
    }
}

#[tokio::test]
async fn accepted_corrections_teach_the_translation_memory() {
    use crate::mt_support::{DEEPL_KEY, deepl};
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = crate::common::spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let files: Vec<(String, Vec<u8>)> =
        crate::mt_support::files(1, &["Hello world", "Plain words"])
            .into_iter()
            .map(|(name, content)| (name, content.into_bytes()))
            .collect();
    let first = create_project(&app, &token, "First", &files).await;
    pretranslate(&app, first.id, SegmentOrigin::Mt).await;
    let xlsx = export_workbook(&app, &token, &first, "page-1.xliff").await;
    let edited = sheet::translate(&xlsx, "field-0", "Hallo Welt");
    let answer = upload_ok(
        &app,
        &token,
        first.id,
        single(&workbook_file_name("page-1.xliff"), &edited),
    )
    .await;
    assert_eq!(
        answer["import_report"]["files"][0]["updated"], 1,
        "{answer}"
    );

    // The next project with the same sentences takes the correction from memory.
    let second = create_project(&app, &token, "Second", &files).await;
    let status = crate::mt_support::pretranslate(&app, &token, second.id).await;
    assert_eq!(status["from_memory"], 1, "{status}");
    assert_eq!(status["from_mt"], 1);
    assert_eq!(
        fake.text_count(),
        1,
        "only the uncorrected sentence went to MT"
    );
    let targets = exported_targets(&app, &token, &second, "page-1.xliff").await;
    assert_eq!(targets["field-0"].as_deref(), Some("Hallo Welt"));
}

/// Sets the project's status through the edit form, as the app's follow-up `PUT` does.
async fn put_status(app: &TestApp, token: &str, project_id: i32, status: &str) -> Value {
    let response = app
        .translation(project_id)
        .update(token, serde_json::json!({ "project_status": status }))
        .await;
    crate::common::json_body(response, StatusCode::OK).await
}

#[tokio::test]
async fn downloads_move_the_workflow_on_and_the_apps_put_after_them_changes_nothing() {
    use sea_orm::QueryOrder;
    use wordmark_server::db::entities::translation_status_change::{
        self as change, StatusChangeKind,
    };

    let app = spawn_app().await;
    let token = app.editor_token().await;
    let project = fixture_project(&app, &token, "Flow").await;
    pretranslate(&app, project.id, SegmentOrigin::Mt).await;
    // A download never skips a step: a project not pre-translated keeps its status.
    download(&app, &token, project.id, "download-xlsx").await;
    assert_eq!(status(&app, project.id).await, ProjectStatus::Created);
    put_status(&app, &token, project.id, "Pretranslated").await;

    let xlsx = export_workbook(&app, &token, &project, "page-12.xliff").await;
    assert_eq!(
        status(&app, project.id).await,
        ProjectStatus::TranslationsInCorrection
    );
    let answer = put_status(&app, &token, project.id, "Translations_In_Correction").await;
    assert_eq!(answer["status"], "Translations_In_Correction");
    download(&app, &token, project.id, "download-xliff").await;
    assert_eq!(
        status(&app, project.id).await,
        ProjectStatus::TranslationsInCorrection,
        "not corrected yet"
    );

    let edited = sheet::translate(&xlsx, "title", "Über <em>Acme</em>");
    upload_ok(&app, &token, project.id, single("page-12.xlsx", &edited)).await;
    download(&app, &token, project.id, "download-xliff").await;
    assert_eq!(status(&app, project.id).await, ProjectStatus::Completed);
    let answer = put_status(&app, &token, project.id, "Completed").await;
    assert_eq!(answer["status"], "Completed");

    let history: Vec<_> = change::Entity::find()
        .order_by_asc(change::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            (
                c.project_id,
                c.from_status,
                c.to_status,
                c.kind,
                c.user_id.is_some(),
            )
        })
        .collect();
    use ProjectStatus as S;
    use StatusChangeKind::{Manual, Workflow};
    assert_eq!(
        history,
        [
            (project.id, S::Created, S::Pretranslated, Manual, true),
            (
                project.id,
                S::Pretranslated,
                S::TranslationsInCorrection,
                Workflow,
                true
            ),
            (
                project.id,
                S::TranslationsInCorrection,
                S::TranslationsCorrected,
                Workflow,
                true
            ),
            (
                project.id,
                S::TranslationsCorrected,
                S::Completed,
                Workflow,
                true
            ),
        ]
    );
}
