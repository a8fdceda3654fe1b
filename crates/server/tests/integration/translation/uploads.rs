//! Projects made from a zip of XLIFF files: one job per file in order, the entry limit, bad
//! uploads refused with a message naming the file and nothing stored, the shared corpus.

use super::{
    GOOD_FIXTURES, create_client, create_project, fixture, job, project_form, row_counts, zip_of,
    zip_of_fixtures,
};
use crate::{
    common::{error_message, json_body, spawn_app, spawn_app_with},
    mt_support,
};
use reqwest::{Method, StatusCode, multipart::Form};
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use wordmark_server::db::entities::translation_job::{self, OriginalEncoding};

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
        app.translations().create(&token, form).await,
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
    // The file says `en-US`: WPML's form drops the region.
    assert_eq!(v20["source_lang"], "en");
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
    let detail = json_body(app.job(&page["id"]).get(&token).await, StatusCode::OK).await;
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
    let list = json_body(app.translations().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(list[0].get("jobs").is_none(), "{}", list[0]);
    assert_eq!(list[0]["job_count"], 5);
    assert_eq!(list[0]["target_langs"], json!(["de", "fr", "pt-br"]));
    let mine = json_body(
        app.translations()
            .list(&token, &format!("client_id={client_id}"))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    let theirs = json_body(
        app.translations()
            .list(&token, &format!("client_id={}", client_id + 1))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(theirs, json!([]));
    let one = json_body(
        app.translation(&created["id"]).get(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(one["jobs"].as_array().unwrap().len(), 5);
    assert!(one.get("skipped").is_none());

    let dashboard = json_body(app.dashboard(&token).await, StatusCode::OK).await;
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
        let detail = json_body(app.job(id).get(&token).await, StatusCode::OK).await;
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
        app.translations()
            .create(&token, project_form(Some("P"), None, three))
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
    let response = app
        .translations()
        .create(&token, project_form(Some("P"), None, two))
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
            "internal DTD",
            project_form(
                Some("P"),
                None,
                zip_of_fixtures(&["bad-internal-dtd.xliff"]),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["bad-internal-dtd.xliff: line 2, column 17", "internal DTD"],
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
        let message = error_message(app.translations().create(&token, form).await, status).await;
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
    // By hand: the typed request sends this endpoint a form, and the point is JSON.
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
                app.translations().create(&token, form).await,
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
    let analysis = json_body(app.translation(id).analysis(&token).await, StatusCode::OK).await;
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
