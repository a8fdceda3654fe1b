//! `/api/client/{id}/memory…`: TMX import (refused whole with its line, or stored whole),
//! search, edit, delete and the export that imports back to the same entries.

use reqwest::{
    Method, StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::common::{TestApp, error_message, json_body, spawn_app};

const TMX: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en-US" creationtool="Okapi" segtype="sentence" datatype="html" adminlang="en" o-tmf="x"/>
<body>
<tu><prop type="x-Origin">TM</prop>
  <tuv xml:lang="en-US"><seg>Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept></seg></tuv>
  <tuv xml:lang="de-DE"><seg>Klicken Sie auf <bpt i="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept></seg></tuv>
</tu>
<tu><tuv xml:lang="en-US"><seg>About us</seg></tuv><tuv xml:lang="de-DE"><seg>Über uns</seg></tuv></tu>
</body></tmx>"#;

async fn client(app: &TestApp, token: &str, name: &str) -> i64 {
    let form = Form::new().text("client_name", name.to_owned());
    let response = app.clients().create(token, form).await;
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

async fn import(app: &TestApp, token: &str, client: i64, tmx: &str) -> reqwest::Response {
    let part = Part::bytes(tmx.as_bytes().to_vec()).file_name("memory.tmx");
    let form = Form::new().part("file", part);
    app.client(client).memory().import(token, form).await
}

async fn entries(app: &TestApp, token: &str, client: i64, query: &str) -> Vec<Value> {
    let response = app.client(client).memory().list(token, query).await;
    json_body(response, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn tmx_in_and_out_search_edit_and_delete() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let from = client(&app, &token, "From").await;
    let to = client(&app, &token, "To").await;

    // A broken file: refused with its line, nothing stored.
    let broken = TMX.replace("Über uns</seg>", "Über uns");
    let message = error_message(
        import(&app, &token, from, &broken).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        message.contains("memory.tmx") && message.contains("line 8"),
        "{message}"
    );
    assert!(entries(&app, &token, from, "").await.is_empty());

    let report = json_body(import(&app, &token, from, TMX).await, StatusCode::OK).await;
    assert_eq!(
        report,
        json!({
            "units": 2, "entries": 2, "added": 2, "updated": 0, "merged": 0,
            "merged_examples": [], "skipped": 0, "empty_targets": 0
        })
    );
    let found = entries(&app, &token, from, "q=speichern").await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["source"], "Click <b>Save</b>");
    assert_eq!(found[0]["source_lang"], "en");
    assert_eq!(found[0]["target_lang"], "de");
    assert_eq!(
        found[0]["props"],
        json!([{ "type": "x-Origin", "value": "TM" }])
    );

    let id = found[0]["id"].as_i64().unwrap();
    let edited = app
        .client(from)
        .memory()
        .update(
            &token,
            id,
            json!({ "target": "Klicken Sie <b>Sichern</b>" }),
        )
        .await;
    assert_eq!(json_body(edited, StatusCode::OK).await["origin"], "editor");
    let blank = app
        .client(from)
        .memory()
        .update(&token, id, json!({ "target": " " }))
        .await;
    assert_eq!(blank.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Another client's entry is not this client's.
    let elsewhere = app.client(to).memory().delete(&token, id).await;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);

    // Export, import into the other client: the same entries.
    let exported = app.client(from).memory().export(&token).await;
    assert_eq!(exported.status(), StatusCode::OK);
    let tmx = exported.text().await.unwrap();
    // Compressed (as browsers ask for it), the streamed export still ends cleanly.
    // By hand, on purpose: the point is the `Accept-Encoding` header, which typed requests
    // do not send.
    let compressed = app
        .request(
            Method::GET,
            &format!("/api/client/{from}/memory/export"),
            Some(&token),
        )
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&compressed.bytes().await.unwrap()[..]),
        &mut text,
    )
    .unwrap();
    // The two exports were written a moment apart: only the header's creation date may differ.
    let undated = |tmx: &str| {
        let (before, after) = tmx
            .split_once("creationdate=\"")
            .expect("the header is dated");
        let (_, rest) = after.split_once('"').expect("the date is closed");
        format!("{before}{rest}")
    };
    assert_eq!(undated(&text), undated(&tmx));
    json_body(import(&app, &token, to, &tmx).await, StatusCode::OK).await;
    let key = |entries: Vec<Value>| {
        let mut keys: Vec<String> = entries
            .iter()
            .map(|e| {
                format!(
                    "{}|{}|{}|{}|{}",
                    e["source_lang"], e["target_lang"], e["source"], e["target"], e["props"]
                )
            })
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(
        key(entries(&app, &token, to, "").await),
        key(entries(&app, &token, from, "").await)
    );

    let deleted = app.client(from).memory().delete(&token, id).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(entries(&app, &token, from, "").await.len(), 1);

    // The audit log holds the two imports (not the refused one), the edit (not the blank one)
    // and the deletion, each on its client.
    let admin = app.admin_token().await;
    for (action, count, client) in [
        ("memory_imported", 2, to),
        ("memory_entry_changed", 1, from),
        ("memory_entry_deleted", 1, from),
    ] {
        let events = json_body(
            app.audit().list(&admin, &format!("action={action}")).await,
            StatusCode::OK,
        )
        .await;
        let events = events.as_array().unwrap();
        assert_eq!(events.len(), count, "{action}: {events:?}");
        assert_eq!(events[0]["target_id"], client, "{action}");
    }
}
