//! `/api/job...`: listing, reading with segments, adding, editing targets (QA: broken markup
//! refused by unit, nothing saved), changing languages, deleting.

use reqwest::{StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{
    common::{TestApp, error_message, json_body, spawn_app},
    translation::{GOOD_FIXTURES, create_project, fixture, job_form, row_counts, zip_of_fixtures},
};

async fn job_detail(app: &TestApp, token: &str, id: &Value) -> Value {
    json_body(app.job(id).get(token).await, StatusCode::OK).await
}

fn job_id(project: &Value, file_name: &str) -> Value {
    project["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["file_name"] == file_name)
        .unwrap()["id"]
        .clone()
}

#[tokio::test]
async fn jobs_are_listed_read_with_segments_and_added() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let first = create_project(&app, &token, "One", zip_of_fixtures(&GOOD_FIXTURES)).await;
    let second = create_project(&app, &token, "Two", zip_of_fixtures(&["tool-xliff20.xlf"])).await;

    let all = json_body(app.jobs().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(all.as_array().unwrap().len(), 6);
    let of_second = json_body(
        app.jobs()
            .list(&token, &format!("project_id={}", second["id"]))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(of_second.as_array().unwrap().len(), 1);
    assert_eq!(of_second[0]["file_name"], "tool-xliff20.xlf");
    assert_eq!(of_second[0]["translated_count"], 1);
    let bad_filter = app.jobs().list(&token, "project_id=abc").await;
    error_message(bad_filter, StatusCode::BAD_REQUEST).await;

    let detail = job_detail(&app, &token, &job_id(&first, "tool-xliff20.xlf")).await;
    assert_eq!(
        detail["project"],
        json!({ "id": first["id"], "name": "One" })
    );
    assert_eq!(detail["xliff_version"], "2.0");
    let segments = detail["segments"].as_array().unwrap();
    assert_eq!(segments.len(), 2);
    assert_eq!(segments[0]["position"], 0);
    assert_eq!(segments[0]["unit_id"], "u1");
    assert_eq!(segments[0]["markup"], "xliff");
    assert_eq!(segments[0]["source"], "Hello <pc id=\"1\">world</pc>.");
    assert_eq!(segments[0]["target"], "Hallo <pc id=\"1\">Welt</pc>.");
    assert_eq!(segments[1]["position"], 1);
    assert_eq!(segments[1]["target"], Value::Null);
    assert_eq!(segments[1]["origin"], "none");
    assert_ne!(segments[0]["unit_key"], segments[1]["unit_key"]);
    error_message(app.job(999999).get(&token).await, StatusCode::NOT_FOUND).await;

    // POST /api/job: the project in the form.
    let form = job_form("extra.xliff", fixture("wpml-10-doctype.xliff"))
        .text("project_id", second["id"].to_string());
    let added = json_body(app.jobs().create(&token, form).await, StatusCode::CREATED).await;
    assert_eq!(added["project_id"], second["id"]);
    assert_eq!(added["file_name"], "extra.xliff");
    assert_eq!(added["wpml_id"], "56");

    let before = row_counts(&app).await;
    for (form, needle) in [
        (
            job_form("x.xliff", fixture("wpml-10-doctype.xliff")),
            "project_id",
        ),
        (
            job_form("x.xliff", fixture("wpml-10-doctype.xliff")).text("project_id", "999999"),
            "999999",
        ),
        (
            job_form("x.xliff", fixture("bad-no-units.xliff"))
                .text("project_id", second["id"].to_string()),
            "x.xliff",
        ),
        (
            Form::new().text("project_id", second["id"].to_string()),
            "job_files",
        ),
    ] {
        let message = error_message(
            app.jobs().create(&token, form).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(needle), "{message}");
    }
    assert_eq!(row_counts(&app).await, before);
}

#[tokio::test]
async fn edited_targets_are_checked_and_saved_as_reviewed() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let project = create_project(&app, &token, "P", zip_of_fixtures(&GOOD_FIXTURES)).await;
    let id = job_id(&project, "wpml-page-cdata.xliff");
    let segments = job_detail(&app, &token, &id).await["segments"].clone();
    let (title, body) = (&segments[0]["id"], &segments[1]["id"]);
    let (title_rev, body_rev) = (&segments[0]["revision"], &segments[1]["revision"]);

    // A broken tag in one edit refuses the whole request, naming the unit; nothing is saved.
    let refused = app
        .job(&id)
        .update(
            &token,
            json!({ "segments": [
                { "id": title, "target": "Wir über uns", "base_revision": title_rev },
                { "id": body, "target": "<p>Rund um die Uhr geöffnet.", "base_revision": body_rev },
            ]}),
        )
        .await;
    let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("\"body\""), "{message}");
    let unchanged = job_detail(&app, &token, &id).await;
    assert_eq!(unchanged["segments"], segments);

    // A segment of another job is refused too.
    let other = job_detail(&app, &token, &job_id(&project, "tool-xliff20.xlf")).await;
    let foreign = json!({ "segments": [
        { "id": other["segments"][0]["id"], "target": "x", "base_revision": 0 },
    ]});
    let foreign = app.job(&id).update(&token, foreign).await;
    let message = error_message(foreign, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains(&format!("job {id}")), "{message}");

    // Matching markup is saved; QA warnings become flags.
    let saved = json_body(
        app.job(&id)
            .update(
                &token,
                json!({ "id": id, "file_name": "wpml-page-cdata.xliff", "segments": [
                    { "id": body, "target": "<p>Rund um die Uhr <strong>geöffnet</strong>.</p>", "base_revision": body_rev },
                ]}),
            )
            .await,

        StatusCode::OK,
    )
    .await;
    let edited = &saved["segments"][1];
    assert_eq!(
        edited["target"],
        "<p>Rund um die Uhr <strong>geöffnet</strong>.</p>"
    );
    assert_eq!(edited["origin"], "editor");
    assert_eq!(edited["status"], "reviewed");
    assert_eq!(edited["qa_flags"][0]["kind"], "missing_numbers");
    assert!(
        edited["qa_flags"][0]["message"]
            .as_str()
            .unwrap()
            .contains("24")
    );
    assert_eq!(
        saved["segments"][0], segments[0],
        "other segments are untouched"
    );
    assert_eq!(saved["translated_count"], 3);

    // Emptying a target removes it.
    let cleared = json_body(
        app.job(&id)
            .update(
                &token,
                json!({ "segments": [{ "id": title, "target": "", "base_revision": title_rev }] }),
            )
            .await,
        StatusCode::OK,
    )
    .await;
    let title = &cleared["segments"][0];
    assert_eq!(title["target"], Value::Null);
    assert_eq!(
        (&title["origin"], &title["status"]),
        (&json!("none"), &json!("new"))
    );
    assert_eq!(cleared["translated_count"], 2);
}

/// Two staff members open the same segment: the later save, made on the revision both began
/// from, is refused with both texts and changes nothing; saved again on the current revision,
/// it goes through.
#[tokio::test]
async fn a_save_made_on_an_older_revision_is_refused_with_both_texts() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    let project = create_project(&app, &admin, "P", zip_of_fixtures(&GOOD_FIXTURES)).await;
    let id = job_id(&project, "wpml-page-cdata.xliff");
    let opened = job_detail(&app, &editor, &id).await["segments"][0].clone();
    let edit = |target: &str, revision: &Value| json!({ "segments": [{ "id": opened["id"], "target": target, "base_revision": revision }] });

    let first = json_body(
        app.job(&id)
            .update(&admin, edit("Über uns", &opened["revision"]))
            .await,
        StatusCode::OK,
    )
    .await;
    let saved = first["segments"][0].clone();
    assert_ne!(saved["revision"], opened["revision"]);

    let late = app
        .job(&id)
        .update(&editor, edit("Wir über uns", &opened["revision"]))
        .await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    let body: Value = late.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains(opened["unit_key"].as_str().unwrap()),
        "{body}"
    );
    assert_eq!(
        body["conflicts"],
        json!([{
            "id": opened["id"],
            "unit_key": opened["unit_key"],
            "your_target": "Wir über uns",
            "current_target": "Über uns",
            "current_revision": saved["revision"],
        }])
    );
    let now = job_detail(&app, &admin, &id).await["segments"][0].clone();
    assert_eq!(now, saved, "the refused save changed nothing");

    let again = json_body(
        app.job(&id)
            .update(
                &editor,
                edit("Wir über uns", &body["conflicts"][0]["current_revision"]),
            )
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again["segments"][0]["target"], "Wir über uns");
}

#[tokio::test]
async fn job_fields_change_and_the_project_follows_their_languages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let project = create_project(&app, &token, "P", zip_of_fixtures(&GOOD_FIXTURES)).await;
    assert_eq!(project["target_lang"], "de");
    let page = job_id(&project, "wpml-page-cdata.xliff");
    let tool = job_id(&project, "tool-xliff20.xlf");

    for job in [&page, &tool] {
        let saved = json_body(
            app.job(job)
                .update(&token, json!({ "target_lang": "FR" }))
                .await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(saved["target_lang"], "fr");
    }
    let reread = json_body(
        app.translation(&project["id"]).get(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(reread["target_lang"], "fr");
    assert_eq!(reread["target_langs"], json!(["fr", "de", "pt-br"]));

    let renamed = json_body(
        app.job(&page)
            .update(
                &token,
                json!({ "file_name": "about.xliff", "post_type": "" }),
            )
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(renamed["file_name"], "about.xliff");
    assert_eq!(renamed["post_type"], Value::Null);
    let taken = app
        .job(&tool)
        .update(&token, json!({ "file_name": "ABOUT.xliff" }))
        .await;
    error_message(taken, StatusCode::CONFLICT).await;
    let blank = app
        .job(&tool)
        .update(&token, json!({ "file_name": " " }))
        .await;
    error_message(blank, StatusCode::UNPROCESSABLE_ENTITY).await;
    let missing = app.job(999999).update(&token, json!({})).await;
    error_message(missing, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn deleting_a_job_deletes_its_segments_and_updates_the_project() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let project = create_project(
        &app,
        &token,
        "P",
        zip_of_fixtures(&[
            "wpml-10-doctype.xliff",
            "wpml-page-cdata.xliff",
            "tool-xliff20.xlf",
        ]),
    )
    .await;
    assert_eq!(project["target_lang"], "de");
    assert_eq!(row_counts(&app).await, (1, 3, 6));

    for file in ["wpml-page-cdata.xliff", "tool-xliff20.xlf"] {
        let deleted = app.job(job_id(&project, file)).delete(&token).await;
        assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
        error_message(
            app.job(job_id(&project, file)).get(&token).await,
            StatusCode::NOT_FOUND,
        )
        .await;
    }
    assert_eq!(row_counts(&app).await, (1, 1, 1));
    let reread = json_body(
        app.translation(&project["id"]).get(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(reread["target_lang"], "fr");
    assert_eq!(reread["job_count"], 1);
    let again = app.job(999999).delete(&token).await;
    error_message(again, StatusCode::NOT_FOUND).await;
}
