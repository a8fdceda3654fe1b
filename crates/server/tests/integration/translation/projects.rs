//! Projects after their upload: the list, renaming and statuses, jobs added one file at a
//! time, deleting a project or its client with everything it holds.

use super::{
    GOOD_FIXTURES, create_client, create_project, fixture, job_form, project_form, row_counts,
    zip_of_fixtures,
};
use crate::common::{error_message, json_body, spawn_app};
use reqwest::{StatusCode, multipart::Form};
use serde_json::{Value, json};

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
    let list = json_body(app.translations().list(&token, "").await, StatusCode::OK).await;
    let ids: Vec<&Value> = list.as_array().unwrap().iter().map(|p| &p["id"]).collect();
    assert_eq!(ids, [&second["id"], &first["id"]]);
    let missing = app.translation(999999).get(&token).await;
    assert_eq!(
        error_message(missing, StatusCode::NOT_FOUND).await,
        "Project not found"
    );
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
    let site = app.translation(&project["id"]);

    let saved = json_body(
        site.update(
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
    let saved = json_body(site.update(&token, whole).await, StatusCode::OK).await;
    assert_eq!(
        (&saved["name"], &saved["status"]),
        (&json!("Site"), &json!("Pretranslated"))
    );
    let saved = json_body(
        site.update(&token, json!({ "status": "Translations_In_Correction" }))
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
            site.update(&token, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(needle), "{message}");
    }
    let unchanged = json_body(site.get(&token).await, StatusCode::OK).await;
    assert_eq!(unchanged["name"], "Site");
    let missing = app
        .translation(999999)
        .update(&token, json!({ "name": "X" }))
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
    let site = app.translation(id);

    let added = json_body(
        site.add_job(
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
        site.add_job(&token, job_form("contact-2.xliff", renamed_copy))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let project = json_body(site.get(&token).await, StatusCode::OK).await;
    assert_eq!(project["target_lang"], "fr");
    assert_eq!(project["target_langs"], json!(["fr", "de"]));
    assert_eq!(project["job_count"], 3);

    let before = row_counts(&app).await;
    let duplicate = site
        .add_job(
            &token,
            job_form("WPML-10-doctype.xliff", fixture("wpml-10-doctype.xliff")),
        )
        .await;
    let message = error_message(duplicate, StatusCode::CONFLICT).await;
    assert!(message.contains("WPML-10-doctype.xliff"), "{message}");
    let malformed = site
        .add_job(
            &token,
            job_form("bad-unclosed.xliff", fixture("bad-unclosed.xliff")),
        )
        .await;
    let message = error_message(malformed, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("bad-unclosed.xliff: line 6"), "{message}");
    let no_file = site.add_job(&token, Form::new().text("other", "x")).await;
    let message = error_message(no_file, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("job_files"), "{message}");
    assert_eq!(row_counts(&app).await, before, "refused jobs store nothing");

    let unknown = app
        .translation(999999)
        .add_job(
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

    let gone = app.translation(&project["id"]);
    let deleted = gone.delete(&token).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(row_counts(&app).await, (1, 1, 2));
    error_message(gone.get(&token).await, StatusCode::NOT_FOUND).await;
    let again = gone.delete(&token).await;
    error_message(again, StatusCode::NOT_FOUND).await;
    let kept = app.translation(&keep["id"]).get(&token).await;
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
        app.translations().create(&token, form).await,
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

    let deleted = app.client(client_id).delete(&token).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(row_counts(&app).await, (1, 1, 2));
    let list = json_body(app.translations().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], other["id"]);
}
