//! `/api/translation...`: projects from a zip of XLIFF files (every bad-input case refused with
//! a message naming the file, and nothing stored), reading, renaming, statuses, adding jobs,
//! deleting with everything the project holds, and the shared corpus.

use std::io::{Cursor, Write};

use reqwest::{
    Method, Response, StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use wordmark_server::db::entities::{
    translation_job::{self, OriginalEncoding},
    translation_project, translation_segment,
};

use crate::{
    common::{TestApp, error_message, json_body, spawn_app, spawn_app_with},
    mt_support,
};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/xliff");

/// The five readable fixtures: WPML 1.2 with CDATA HTML (de), today's one-line layout with
/// the `tool:` namespace (de), XLIFF 1.0 with a DOCTYPE (fr), BOM + CRLF (pt-BR), XLIFF 2.0 (de).
pub const GOOD_FIXTURES: [&str; 5] = [
    "wpml-page-cdata.xliff",
    "wpml-post-one-line-tool.xliff",
    "wpml-10-doctype.xliff",
    "wpml-bom-crlf.xliff",
    "tool-xliff20.xlf",
];

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap()
}

/// A zip holding `entries` (path, bytes) in order, deflated.
pub fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (path, bytes) in entries {
        if path.ends_with('/') {
            zip.add_directory(*path, options).unwrap();
        } else {
            zip.start_file(*path, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

/// A zip of the given fixtures at the top level.
pub fn zip_of_fixtures(names: &[&str]) -> Vec<u8> {
    let entries: Vec<(&str, Vec<u8>)> = names.iter().map(|n| (*n, fixture(n))).collect();
    zip_of(&entries)
}

pub fn project_form(name: Option<&str>, client_id: Option<&str>, archive: Vec<u8>) -> Form {
    let mut form = Form::new();
    if let Some(name) = name {
        form = form.text("project_name", name.to_owned());
    }
    if let Some(client_id) = client_id {
        form = form.text("client_id", client_id.to_owned());
    }
    let part = Part::bytes(archive)
        .file_name("upload.zip")
        .mime_str("application/zip")
        .unwrap();
    form.part("project_files", part)
}

pub async fn post_form(app: &TestApp, path: &str, token: &str, form: Form) -> Response {
    app.request(Method::POST, path, Some(token))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// Creates a project named `name` from `archive`, asserting 201.
pub async fn create_project(app: &TestApp, token: &str, name: &str, archive: Vec<u8>) -> Value {
    let form = project_form(Some(name), Some(""), archive);
    json_body(
        post_form(app, "/api/translation", token, form).await,
        StatusCode::CREATED,
    )
    .await
}

pub fn job_form(file_name: &str, bytes: Vec<u8>) -> Form {
    Form::new().part(
        "job_files",
        Part::bytes(bytes).file_name(file_name.to_owned()),
    )
}

/// Rows in the projects, jobs and segments tables.
pub async fn row_counts(app: &TestApp) -> (u64, u64, u64) {
    (
        translation_project::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_job::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_segment::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
    )
}

fn job<'a>(project: &'a Value, file_name: &str) -> &'a Value {
    project["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["file_name"] == file_name)
        .unwrap_or_else(|| panic!("no job {file_name} in {project}"))
}

async fn create_client(app: &TestApp, token: &str, name: &str) -> i64 {
    let form = Form::new().text("client_name", name.to_owned());
    let client = json_body(
        post_form(app, "/api/client", token, form).await,
        StatusCode::CREATED,
    )
    .await;
    client["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_zip_of_wpml_files_becomes_a_project_with_one_job_per_file() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client_id = create_client(&app, &token, "ACME").await;

    // Folders are fine when names are unique; Finder's metadata is ignored; other files are
    // listed back.
    let mut entries: Vec<(&str, Vec<u8>)> = vec![
        ("site/", Vec::new()),
        ("site/de/", Vec::new()),
        ("__MACOSX/site/._wpml-page-cdata.xliff", b"junk".to_vec()),
        ("site/.DS_Store", b"junk".to_vec()),
        ("site/readme.txt", b"notes".to_vec()),
    ];
    let paths = [
        "site/de/wpml-page-cdata.xliff",
        "site/de/wpml-post-one-line-tool.xliff",
        "site/wpml-10-doctype.xliff",
        "wpml-bom-crlf.xliff",
        "other/tool-xliff20.xlf",
    ];
    for (path, name) in paths.iter().zip(GOOD_FIXTURES) {
        entries.push((path, fixture(name)));
    }
    let form = project_form(
        Some("  Website DE  "),
        Some(&client_id.to_string()),
        zip_of(&entries),
    );
    let created = json_body(
        post_form(&app, "/api/translation", &token, form).await,
        StatusCode::CREATED,
    )
    .await;

    assert_eq!(created["name"], "Website DE");
    assert_eq!(created["project_name"], "Website DE");
    assert_eq!(created["status"], "Created");
    assert_eq!(created["project_status"], "Created");
    assert_eq!(
        created["client"],
        json!({ "id": client_id, "client_name": "ACME" })
    );
    assert_eq!(
        created["author"],
        json!({ "first_name": "admin-first", "last_name": "admin-last" })
    );
    // de ×3, fr, pt-br: the project's language is that of most jobs.
    assert_eq!(created["target_lang"], "de");
    assert_eq!(created["target_langs"], json!(["de", "fr", "pt-br"]));
    assert_eq!(created["source_lang"], "en");
    assert_eq!(created["skipped"], json!(["site/readme.txt"]));
    assert_eq!(created["job_count"], 5);
    assert_eq!(created["segment_count"], 3 + 2 + 1 + 2 + 2);
    assert_eq!(created["jobs"].as_array().unwrap().len(), 5);

    let page = job(&created, "wpml-page-cdata.xliff");
    assert_eq!(page["wpml_id"], "12");
    assert_eq!(page["post_type"], "page");
    assert_eq!(page["source_lang"], "en");
    assert_eq!(page["target_lang"], "de");
    assert_eq!(page["xliff_version"], "1.2");
    assert_eq!(page["segment_count"], 3);
    assert_eq!(page["translated_count"], 2);
    let one_line = job(&created, "wpml-post-one-line-tool.xliff");
    assert_eq!(one_line["wpml_id"], "34");
    assert_eq!(one_line["post_type"], "post_post");
    let v10 = job(&created, "wpml-10-doctype.xliff");
    assert_eq!(v10["xliff_version"], "1.0");
    assert_eq!(v10["target_lang"], "fr");
    assert_eq!(v10["translated_count"], 0);
    let bom = job(&created, "wpml-bom-crlf.xliff");
    assert_eq!(bom["target_lang"], "pt-br");
    assert_eq!(bom["wpml_id"], "78");
    let v20 = job(&created, "tool-xliff20.xlf");
    assert_eq!(v20["xliff_version"], "2.0");
    assert_eq!(v20["wpml_id"], Value::Null);
    assert_eq!(v20["source_lang"], "en-us");
    assert_eq!(v20["segment_count"], 2);

    // The stored file is the upload, byte for byte, kept as the zip's compressed stream.
    let stored = translation_job::Entity::find_by_id(bom["id"].as_i64().unwrap() as i32)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.original_encoding, OriginalEncoding::Deflate);
    assert!(stored.original.len() < fixture("wpml-bom-crlf.xliff").len());
    assert_eq!(
        stored.original_encoding.decode(&stored.original).unwrap(),
        fixture("wpml-bom-crlf.xliff")
    );

    // The page's segments: file order, origins and statuses as imported.
    let detail = json_body(
        app.get(&format!("/api/job/{}", page["id"]), &token).await,
        StatusCode::OK,
    )
    .await;
    let segments = detail["segments"].as_array().unwrap();
    let summary: Vec<(i64, &str, &str, &str, bool)> = segments
        .iter()
        .map(|s| {
            (
                s["position"].as_i64().unwrap(),
                s["unit_id"].as_str().unwrap(),
                s["origin"].as_str().unwrap(),
                s["status"].as_str().unwrap(),
                s["translatable"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (0, "title", "file", "translated", true),
            (1, "body", "none", "new", true),
            (2, "field-sku-0", "file", "new", false),
        ]
    );
    assert_eq!(segments[0]["target"], "Über uns");
    assert_eq!(segments[2]["target"], "WM-100");
    assert_eq!(
        segments[1]["source"],
        "<p>We are open <strong>24</strong> hours &amp; all week.</p>"
    );
    assert_eq!(segments[1]["markup"], "html");
    assert_eq!(segments[1]["resname"], "body");
    assert_eq!(segments[1]["qa_flags"], json!([]));
    assert_eq!(segments[1]["mt_target"], Value::Null);

    // List (no jobs), one client's list, one project with jobs.
    let list = json_body(app.get("/api/translation", &token).await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(list[0].get("jobs").is_none(), "{}", list[0]);
    assert_eq!(list[0]["job_count"], 5);
    assert_eq!(list[0]["target_langs"], json!(["de", "fr", "pt-br"]));
    let mine = json_body(
        app.get(&format!("/api/translation?client_id={client_id}"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    let theirs = json_body(
        app.get(
            &format!("/api/translation?client_id={}", client_id + 1),
            &token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(theirs, json!([]));
    let one = json_body(
        app.get(&format!("/api/translation/{}", created["id"]), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(one["jobs"].as_array().unwrap().len(), 5);
    assert!(one.get("skipped").is_none());

    let dashboard = json_body(app.get("/api/dashboard", &token).await, StatusCode::OK).await;
    assert_eq!(dashboard["translation_projects"], 1);
}

/// The writer shares multi-row `INSERT`s between files and writes job rows in groups: an upload
/// of several such statements keeps every segment with its own job, in file order.
#[tokio::test]
async fn segments_of_a_large_upload_stay_with_their_jobs_in_file_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let units: Vec<usize> = (0..24).map(|job| 150 + 17 * job).collect();
    let files: Vec<(String, Vec<u8>)> = units
        .iter()
        .enumerate()
        .map(|(job, &n)| {
            let sources: Vec<String> = (0..n)
                .map(|unit| format!("Job {job} unit {unit}"))
                .collect();
            let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
            let wpml_id = u32::try_from(job).unwrap();
            (
                format!("job-{job}.xliff"),
                mt_support::xliff(wpml_id, &sources).into_bytes(),
            )
        })
        .collect();
    let entries: Vec<(&str, Vec<u8>)> =
        files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let project = create_project(&app, &token, "Large", zip_of(&entries)).await;

    let total: usize = units.iter().sum();
    assert!(total > 8_000, "more than two full statements of segments");
    assert_eq!(row_counts(&app).await, (1, 24, total as u64));
    for (job_index, &n) in units.iter().enumerate() {
        let job = job(&project, &format!("job-{job_index}.xliff"));
        assert_eq!(job["segment_count"], n, "{job}");
        assert_eq!(job["wpml_id"], job_index.to_string(), "{job}");
    }
    for job_index in [0, 11, 23] {
        let id = &job(&project, &format!("job-{job_index}.xliff"))["id"];
        let detail = json_body(
            app.get(&format!("/api/job/{id}"), &token).await,
            StatusCode::OK,
        )
        .await;
        let segments = detail["segments"].as_array().unwrap();
        assert_eq!(segments.len(), units[job_index]);
        for (position, segment) in segments.iter().enumerate() {
            assert_eq!(segment["position"], position);
            assert_eq!(
                segment["source"],
                format!("Job {job_index} unit {position}")
            );
        }
    }
}

#[tokio::test]
async fn lists_are_newest_first_and_projects_without_client_show_null() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let first = create_project(
        &app,
        &token,
        "First",
        zip_of_fixtures(&["wpml-10-doctype.xliff"]),
    )
    .await;
    let second = create_project(
        &app,
        &token,
        "Second",
        zip_of_fixtures(&["tool-xliff20.xlf"]),
    )
    .await;
    assert_eq!(first["client"], Value::Null);
    let list = json_body(app.get("/api/translation", &token).await, StatusCode::OK).await;
    let ids: Vec<&Value> = list.as_array().unwrap().iter().map(|p| &p["id"]).collect();
    assert_eq!(ids, [&second["id"], &first["id"]]);
    let missing = app.get("/api/translation/999999", &token).await;
    assert_eq!(
        error_message(missing, StatusCode::NOT_FOUND).await,
        "Project not found"
    );
}

/// `WORDMARK_MAX_ZIP_ENTRIES` bounds the entries of an uploaded zip: one over is refused with
/// 413 naming the archive and the limit, and nothing is stored; at the limit it is accepted.
#[tokio::test]
async fn the_configured_entry_limit_bounds_every_upload() {
    let app = spawn_app_with(|config| config.max_zip_entries = 2).await;
    let token = app.admin_token().await;
    let three = zip_of_fixtures(&[
        "wpml-page-cdata.xliff",
        "wpml-post-one-line-tool.xliff",
        "wpml-bom-crlf.xliff",
    ]);
    let message = error_message(
        post_form(
            &app,
            "/api/translation",
            &token,
            project_form(Some("P"), None, three),
        )
        .await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert_eq!(
        message,
        "'upload.zip' holds 3 entries; at most 2 are accepted. Nothing was imported."
    );
    assert_eq!(row_counts(&app).await, (0, 0, 0));
    let two = zip_of_fixtures(&["wpml-page-cdata.xliff", "wpml-post-one-line-tool.xliff"]);
    let response = post_form(
        &app,
        "/api/translation",
        &token,
        project_form(Some("P"), None, two),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// Each bad upload answers its status with a message naming what is wrong, and stores nothing.
#[tokio::test]
async fn bad_uploads_are_refused_with_a_message_and_nothing_is_created() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let good = || fixture("wpml-page-cdata.xliff");
    let bomb = vec![0u8; 8 * 1024 * 1024];
    let many: Vec<(String, Vec<u8>)> = (0..10_001)
        .map(|i| (format!("f{i}.txt"), b"x".to_vec()))
        .collect();
    let many_refs: Vec<(&str, Vec<u8>)> =
        many.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();

    let cases: Vec<(&str, Form, StatusCode, Vec<&str>)> = vec![
        (
            "not a zip",
            project_form(Some("P"), None, b"this is not a zip".to_vec()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            vec!["upload.zip", "not a zip"],
        ),
        (
            "zip bomb",
            project_form(
                Some("P"),
                None,
                zip_of(&[("page.xliff", good()), ("bomb.xliff", bomb)]),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bomb.xliff", "zip bomb"],
        ),
        (
            "too many entries",
            project_form(Some("P"), None, zip_of(&many_refs)),
            StatusCode::PAYLOAD_TOO_LARGE,
            vec!["upload.zip", "10001 entries", "at most 10000"],
        ),
        (
            "parent path",
            project_form(
                Some("P"),
                None,
                zip_of(&[("page.xliff", good()), ("../evil.xliff", good())]),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["../evil.xliff", "unsafe path"],
        ),
        (
            "absolute path",
            project_form(Some("P"), None, zip_of(&[("/etc/evil.xliff", good())])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["/etc/evil.xliff", "absolute"],
        ),
        (
            "same name in two folders",
            project_form(
                Some("P"),
                None,
                zip_of(&[("de/page.xliff", good()), ("fr/PAGE.xliff", good())]),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["de/page.xliff", "fr/PAGE.xliff"],
        ),
        (
            "malformed XLIFF among good files",
            project_form(
                Some("P"),
                None,
                zip_of(&[
                    ("page.xliff", good()),
                    ("bad-unclosed.xliff", fixture("bad-unclosed.xliff")),
                ]),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bad-unclosed.xliff: line 6, column"],
        ),
        (
            "XML that is not XLIFF",
            project_form(Some("P"), None, zip_of_fixtures(&["bad-not-xliff.xml"])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bad-not-xliff.xml", "not an XLIFF file"],
        ),
        (
            "no units",
            project_form(Some("P"), None, zip_of_fixtures(&["bad-no-units.xliff"])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bad-no-units.xliff", "no translation units"],
        ),
        (
            "unknown version",
            project_form(Some("P"), None, zip_of_fixtures(&["bad-version-3.xliff"])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bad-version-3.xliff", "unknown XLIFF version \"3.0\""],
        ),
        (
            "no XLIFF in the zip",
            project_form(Some("P"), None, zip_of(&[("readme.txt", b"hi".to_vec())])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["upload.zip", "holds no XLIFF files"],
        ),
        (
            "missing name",
            project_form(None, None, zip_of(&[("page.xliff", good())])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["Project name is required."],
        ),
        (
            "blank name",
            project_form(Some("   "), None, zip_of(&[("page.xliff", good())])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["Project name is required."],
        ),
        (
            "unknown client",
            project_form(Some("P"), Some("4242"), zip_of(&[("page.xliff", good())])),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["no client", "4242"],
        ),
        (
            "no archive",
            Form::new().text("project_name", "P"),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["project_files"],
        ),
    ];
    for (case, form, status, needles) in cases {
        let message = error_message(
            post_form(&app, "/api/translation", &token, form).await,
            status,
        )
        .await;
        for needle in needles {
            assert!(
                message.contains(needle),
                "{case}: {message:?} lacks {needle:?}"
            );
        }
        assert_eq!(
            row_counts(&app).await,
            (0, 0, 0),
            "{case}: nothing is stored"
        );
    }
    let not_multipart = app
        .send_json(
            Method::POST,
            "/api/translation",
            &token,
            json!({ "project_name": "P" }),
        )
        .await;
    error_message(not_multipart, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn projects_are_renamed_and_take_any_status() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let project = create_project(
        &app,
        &token,
        "Site",
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    )
    .await;
    let path = format!("/api/translation/{}", project["id"]);

    let saved = json_body(
        app.send_json(
            Method::PUT,
            &path,
            &token,
            json!({ "project_id": project["id"], "project_name": " Site (DE) ", "project_status": "Completed" }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["name"], "Site (DE)");
    assert_eq!(saved["project_status"], "Completed");
    assert_eq!(saved["jobs"].as_array().unwrap().len(), 1);

    // Backwards, by the other field names, and the whole project object as the app holds it.
    let mut whole = saved.clone();
    whole["name"] = json!("Site");
    whole["project_name"] = json!("Site");
    whole["status"] = json!("Pretranslated");
    whole["project_status"] = json!("Pretranslated");
    let saved = json_body(
        app.send_json(Method::PUT, &path, &token, whole).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (&saved["name"], &saved["status"]),
        (&json!("Site"), &json!("Pretranslated"))
    );
    let saved = json_body(
        app.send_json(
            Method::PUT,
            &path,
            &token,
            json!({ "status": "Translations_In_Correction" }),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["status"], "Translations_In_Correction");
    assert_eq!(saved["name"], "Site", "a name left out is kept");

    for (body, needle) in [
        (json!({ "project_name": "  " }), "Project name is required."),
        (json!({ "name": "" }), "Project name is required."),
        (
            json!({ "project_status": "Done" }),
            "Unknown project status \"Done\"",
        ),
    ] {
        let message = error_message(
            app.send_json(Method::PUT, &path, &token, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(needle), "{message}");
    }
    let unchanged = json_body(app.get(&path, &token).await, StatusCode::OK).await;
    assert_eq!(unchanged["name"], "Site");
    let missing = app
        .send_json(
            Method::PUT,
            "/api/translation/999999",
            &token,
            json!({ "name": "X" }),
        )
        .await;
    error_message(missing, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn jobs_are_added_to_a_project_one_file_at_a_time() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let project = create_project(
        &app,
        &token,
        "Site",
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    )
    .await;
    let id = project["id"].as_i64().unwrap();
    let path = format!("/api/translation/{id}/job");

    let added = json_body(
        post_form(
            &app,
            &path,
            &token,
            job_form("wpml-10-doctype.xliff", fixture("wpml-10-doctype.xliff")),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(added["project_id"], id);
    assert_eq!(added["file_name"], "wpml-10-doctype.xliff");
    assert_eq!(added["target_lang"], "fr");
    assert_eq!(added["segment_count"], 1);

    // de once, fr twice: the project follows the majority.
    let renamed_copy = fixture("wpml-10-doctype.xliff");
    json_body(
        post_form(
            &app,
            &path,
            &token,
            job_form("contact-2.xliff", renamed_copy),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let project = json_body(
        app.get(&format!("/api/translation/{id}"), &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(project["target_lang"], "fr");
    assert_eq!(project["target_langs"], json!(["fr", "de"]));
    assert_eq!(project["job_count"], 3);

    let before = row_counts(&app).await;
    let duplicate = post_form(
        &app,
        &path,
        &token,
        job_form("WPML-10-doctype.xliff", fixture("wpml-10-doctype.xliff")),
    )
    .await;
    let message = error_message(duplicate, StatusCode::CONFLICT).await;
    assert!(message.contains("WPML-10-doctype.xliff"), "{message}");
    let malformed = post_form(
        &app,
        &path,
        &token,
        job_form("bad-unclosed.xliff", fixture("bad-unclosed.xliff")),
    )
    .await;
    let message = error_message(malformed, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("bad-unclosed.xliff: line 6"), "{message}");
    let no_file = post_form(&app, &path, &token, Form::new().text("other", "x")).await;
    let message = error_message(no_file, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("job_files"), "{message}");
    assert_eq!(row_counts(&app).await, before, "refused jobs store nothing");

    let unknown = post_form(
        &app,
        "/api/translation/999999/job",
        &token,
        job_form("a.xliff", fixture("wpml-10-doctype.xliff")),
    )
    .await;
    error_message(unknown, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn deleting_a_project_deletes_its_jobs_and_segments() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let keep = create_project(&app, &token, "Keep", zip_of_fixtures(&["tool-xliff20.xlf"])).await;
    let project = create_project(&app, &token, "Gone", zip_of_fixtures(&GOOD_FIXTURES)).await;
    assert_eq!(row_counts(&app).await, (2, 6, 2 + 10));

    let path = format!("/api/translation/{}", project["id"]);
    let deleted = app
        .request(Method::DELETE, &path, Some(&token))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(row_counts(&app).await, (1, 1, 2));
    error_message(app.get(&path, &token).await, StatusCode::NOT_FOUND).await;
    let again = app
        .request(Method::DELETE, &path, Some(&token))
        .send()
        .await
        .unwrap();
    error_message(again, StatusCode::NOT_FOUND).await;
    let kept = app
        .get(&format!("/api/translation/{}", keep["id"]), &token)
        .await;
    assert_eq!(kept.status(), StatusCode::OK);
}

/// Issue 3: deleting a client deletes its translation projects (and their jobs and segments).
#[tokio::test]
async fn deleting_a_client_deletes_its_translation_projects() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client_id = create_client(&app, &token, "ACME").await;
    let form = project_form(
        Some("ACME site"),
        Some(&client_id.to_string()),
        zip_of_fixtures(&GOOD_FIXTURES),
    );
    json_body(
        post_form(&app, "/api/translation", &token, form).await,
        StatusCode::CREATED,
    )
    .await;
    let other = create_project(
        &app,
        &token,
        "No client",
        zip_of_fixtures(&["tool-xliff20.xlf"]),
    )
    .await;

    let deleted = app
        .request(
            Method::DELETE,
            &format!("/api/client/{client_id}"),
            Some(&token),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(row_counts(&app).await, (1, 1, 2));
    let list = json_body(app.get("/api/translation", &token).await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], other["id"]);
}

/// Every file of the shared corpus becomes a job; the one known malformed file
/// is refused with its name.
#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn every_corpus_file_uploads_and_yields_a_job() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut good: Vec<(String, Vec<u8>)> = Vec::new();
    for path in crate::corpus::xliff_files() {
        let folder = path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        if name.contains("MALFORMED") {
            let form = project_form(Some("Malformed"), None, zip_of(&[(&name, bytes)]));
            let message = error_message(
                post_form(&app, "/api/translation", &token, form).await,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
            assert!(message.contains(&name), "{message}");
        } else {
            good.push((format!("{folder}/{name}"), bytes));
        }
    }
    assert!(good.len() >= 20, "the corpus has lost files");
    let entries: Vec<(&str, Vec<u8>)> = good.iter().map(|(p, b)| (p.as_str(), b.clone())).collect();
    let project = create_project(&app, &token, "Corpus", zip_of(&entries)).await;
    let jobs = project["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), good.len(), "{project}");
    assert_eq!(project["skipped"], json!([]));
    for job in jobs {
        assert!(job["segment_count"].as_u64().unwrap() > 0, "{job}");
    }
    let wpml: Vec<&Value> = jobs
        .iter()
        .filter(|j| j["file_name"].as_str().unwrap().contains("REDACTED"))
        .collect();
    assert_eq!(wpml.len(), 10);
    assert!(
        wpml.iter()
            .all(|j| j["wpml_id"].is_string() && j["target_lang"].is_string())
    );

    // The analysis reads every job: its bands add up, per job and in total.
    let id = project["id"].as_i64().unwrap();
    let analysis = json_body(
        app.get(&format!("/api/translation/{id}/analysis"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(analysis["jobs"].as_array().unwrap().len(), jobs.len());
    let sum = |bands: &Value, field: &str| -> u64 {
        bands
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b[field].as_u64().unwrap())
            .sum()
    };
    for field in ["segments", "words", "characters"] {
        assert_eq!(
            sum(&analysis["bands"], field),
            analysis["total"][field].as_u64().unwrap()
        );
        let per_job: u64 = analysis["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| j["total"][field].as_u64().unwrap())
            .sum();
        assert_eq!(
            per_job,
            analysis["total"][field].as_u64().unwrap(),
            "{field}"
        );
    }
    assert!(analysis["total"]["words"].as_u64().unwrap() > 0);
}
