//! The termbase's entries: writing them (and who may), listing with filters, import and export
//! in every format, refused files, suggestions from a rebranding project.

use super::{add, entries, export, import, list, term};
use crate::common::{error_message, json_body, spawn_app};
use crate::rebranding::{create_client, project};
use reqwest::{StatusCode, multipart::Form};
use serde_json::json;
use wordmark_server::db::entities::user::Role;

#[tokio::test]
async fn entries_are_created_listed_changed_and_deleted_by_writers_only() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let translator = app.token("tina", crate::common::PASSWORD).await;
    let client = create_client(&app, &token, "ACME").await;

    let created = add(
        &app,
        &editor,
        client,
        term("checkout", &["Kasse", "Bezahlung"], "preferred"),
    )
    .await;
    assert_eq!(created["targets"], json!(["Kasse", "Bezahlung"]));
    add(
        &app,
        &token,
        client,
        term("cart", &["Einkaufswagen"], "forbidden"),
    )
    .await;
    add(
        &app,
        &token,
        client,
        term("Wordmark", &["ignored"], "do_not_translate"),
    )
    .await;

    // Staff read; a translator reaches no client's termbase (their jobs' terms are in the job
    // view).
    let listed = app
        .get(&format!("/api/client/{client}/terms"), &translator)
        .await;
    assert_eq!(listed.status(), StatusCode::NOT_FOUND);
    let (rows, total) = list(&app, &token, client, "").await;
    assert_eq!(total, 3);
    assert_eq!(rows[0]["source"], "cart");
    assert_eq!(rows[2]["targets"], json!([]));
    let refused = app
        .client(client)
        .terms()
        .add(&translator, term("x", &["y"], "preferred"))
        .await;
    error_message(refused, StatusCode::NOT_FOUND).await;

    // Filters, search, sort and paging.
    let (rows, total) = list(&app, &token, client, "kind=forbidden").await;
    assert_eq!((rows.len(), total), (1, 1));
    let (rows, _) = list(&app, &token, client, "q=bezahl").await;
    assert_eq!(rows[0]["source"], "checkout");
    let (rows, total) = list(
        &app,
        &token,
        client,
        "sort=source&order=desc&limit=1&offset=1",
    )
    .await;
    assert_eq!((rows[0]["source"].as_str(), total), (Some("checkout"), 3));
    let (_, total) = list(&app, &token, client, "target_lang=fr").await;
    assert_eq!(total, 0);
    let bad = app
        .client(client)
        .terms()
        .list(&token, "kind=sometimes")
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);

    // Validation, duplicates, unknown ids and clients.
    let invalid = app
        .client(client)
        .terms()
        .add(&token, term("a", &[], "preferred"))
        .await;
    assert!(
        error_message(invalid, StatusCode::UNPROCESSABLE_ENTITY)
            .await
            .contains("at least one target")
    );
    let twice = app
        .client(client)
        .terms()
        .add(&token, term("Checkout", &["Kasse"], "preferred"))
        .await;
    assert!(
        error_message(twice, StatusCode::CONFLICT)
            .await
            .contains("Checkout")
    );
    let missing = app.client(9999).terms().list(&token, "").await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    let id = created["id"].as_i64().unwrap();
    let changed = app
        .client(client)
        .terms()
        .update(&editor, id, term("checkout", &["Zur Kasse"], "preferred"))
        .await;
    assert_eq!(
        json_body(changed, StatusCode::OK).await["targets"],
        json!(["Zur Kasse"])
    );
    let other = create_client(&app, &token, "Other").await;
    let foreign = app.client(other).terms().delete(&token, id).await;
    assert_eq!(foreign.status(), StatusCode::NOT_FOUND);
    let deleted = app.client(client).terms().delete(&editor, id).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(list(&app, &token, client, "").await.1, 2);
}

#[tokio::test]
async fn every_format_round_trips_through_export_and_import() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    let mut special = term("Checkout, \"now\"", &["Kasse", "Bezahlung"], "preferred");
    special["case_sensitive"] = json!(true);
    special["part_of_speech"] = json!("noun");
    special["note"] = json!("line one\nline two; <b>&</b> =1+1");
    add(&app, &token, client, special).await;
    add(
        &app,
        &token,
        client,
        term("cart", &["Einkaufswagen", "Wagen"], "forbidden"),
    )
    .await;
    add(
        &app,
        &token,
        client,
        term("Wordmark", &[], "do_not_translate"),
    )
    .await;
    let mut french = term("checkout", &["caisse"], "preferred");
    french["target_lang"] = json!("fr");
    add(&app, &token, client, french).await;
    let stored = entries(&app, &token, client).await;

    for format in ["csv", "xlsx", "tbx", "tbx2"] {
        let bytes = export(&app, &token, client, format).await;
        let target = create_client(&app, &token, &format!("Copy {format}")).await;
        let report = json_body(
            import(&app, &token, target, &format!("t.{format}"), bytes.clone()).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(report["format"], format);
        assert_eq!(
            (report["added"].as_u64(), report["updated"].as_u64()),
            (Some(4), Some(0))
        );
        assert_eq!(entries(&app, &token, target).await, stored, "{format}");
        // The same file again changes nothing.
        let again = json_body(
            import(&app, &token, target, "again", bytes).await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(again["unchanged"], 4);
    }
}

#[tokio::test]
async fn a_broken_file_is_refused_with_its_row_and_nothing_is_stored() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    add(
        &app,
        &token,
        client,
        term("checkout", &["Kasse"], "preferred"),
    )
    .await;

    let csv = "source_lang;target_lang;source;target;kind\nen;de;checkout;Bezahlung;preferred\nen;de;cart;Wagen;forbidden\nen;de;basket;;preferred\n";
    let message = error_message(
        import(&app, &token, client, "terms.csv", csv.as_bytes().to_vec()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        message.contains(
            "'terms.csv' was refused: row 4: a preferred term needs at least one target term"
        ),
        "{message}"
    );
    let stored = entries(&app, &token, client).await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0]["targets"], json!(["Kasse"]));

    let message = error_message(
        import(
            &app,
            &token,
            client,
            "t.tbx",
            b"<tbx xml:lang=\"en\"><text><body><termEntry>".to_vec(),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("TBX"), "{message}");
    let message = error_message(
        import(&app, &token, client, "t.xlsx", b"PK\x03\x04broken".to_vec()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("workbook"), "{message}");
    let no_field = app
        .client(client)
        .terms()
        .import(&token, Form::new().text("other", "x"))
        .await;
    assert_eq!(no_field.status(), StatusCode::BAD_REQUEST);
    assert_eq!(entries(&app, &token, client).await.len(), 1);
}

#[tokio::test]
async fn a_rebranding_project_suggests_its_company_names() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Süß & Söhne Holding").await;
    let response = app.rebrandings().create(&token, project(client)).await;
    json_body(response, StatusCode::CREATED).await;
    add(
        &app,
        &token,
        client,
        term("checkout", &["Kasse"], "preferred"),
    )
    .await;

    let terms = app.client(client).terms();
    let suggestions = json_body(terms.suggestions(&token).await, StatusCode::OK).await;
    let sources: Vec<&str> = suggestions
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["term"]["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, vec!["Café Süß", "Bäckerei Süß & Söhne GmbH"]);
    assert!(
        suggestions
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["term"]["kind"] == "do_not_translate")
    );
    // No font name is a term.
    assert!(!suggestions.to_string().contains("Montserrat"));

    // One click: post the suggestion; it is not suggested again.
    add(&app, &token, client, suggestions[0]["term"].clone()).await;
    let again = json_body(terms.suggestions(&token).await, StatusCode::OK).await;
    assert_eq!(again.as_array().unwrap().len(), 1);
}
