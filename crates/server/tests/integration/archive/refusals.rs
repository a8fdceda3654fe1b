//! Archives refused (damaged, oversized, not an administrator's) with nothing written, and
//! optional sections a newer version adds skipped.

use super::{export, import, row_counts, wpml_files};
use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app, spawn_app_with};
use crate::mt_support::create_project;
use crate::rebranding;
use crate::review::sheet;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use wordmark_server::db::entities::user::Role;

async fn small_archive() -> (BTreeMap<String, Vec<u8>>, TestApp, String) {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    let client = rebranding::create_client(&source, &token, "Small").await;
    create_project(&source, &token, "One", Some(client as i32), &wpml_files()).await;
    let archive = export(&source, &token, client).await;
    let target = spawn_app().await;
    let admin = target.admin_token().await;
    (sheet::unzip(&archive), target, admin)
}

fn rezip(entries: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let list: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    sheet::zip(&list)
}

/// Replaces an entry and lists its new checksum in the manifest (as a careful forger would).
fn replace_listed(entries: &mut BTreeMap<String, Vec<u8>>, path: &str, bytes: Vec<u8>) {
    use sha2::Digest;
    let mut manifest: Value = serde_json::from_slice(&entries["manifest.json"]).unwrap();
    for entry in manifest["entries"].as_array_mut().unwrap() {
        if entry["path"] == path {
            entry["sha256"] = json!(hex::encode(sha2::Sha256::digest(&bytes)));
            entry["bytes"] = json!(bytes.len());
        }
    }
    entries.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );
    entries.insert(path.into(), bytes);
}

#[tokio::test]
async fn damaged_archives_are_refused_and_nothing_is_written() {
    let (entries, target, admin) = small_archive().await;
    let empty = row_counts(&target.db).await;
    let original = entries
        .keys()
        .find(|n| n.ends_with(".xliff"))
        .unwrap()
        .clone();
    let segments = entries
        .keys()
        .find(|n| n.ends_with(".segments.jsonl"))
        .unwrap()
        .clone();

    let whole = rezip(&entries);
    let truncated = whole[..whole.len() / 2].to_vec();

    let mut changed = entries.clone();
    let mut text = String::from_utf8(changed[&segments].clone()).unwrap();
    text = text.replacen("\"target\":null", "\"target\":\"forged\"", 1);
    changed.insert(segments.clone(), text.into_bytes());

    let mut newer = entries.clone();
    let mut manifest: Value = serde_json::from_slice(&newer["manifest.json"]).unwrap();
    manifest["version"] = json!("2.0");
    newer.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );

    let mut broken = entries.clone();
    replace_listed(
        &mut broken,
        &original,
        b"<xliff version=\"1.2\"><file>".to_vec(),
    );

    let mut unknown_required = entries.clone();
    let mut manifest: Value = serde_json::from_slice(&unknown_required["manifest.json"]).unwrap();
    manifest["sections"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "terms", "required": true}));
    unknown_required.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );

    let cases: Vec<(&str, Vec<u8>, StatusCode, Vec<String>)> = vec![
        (
            "truncated",
            truncated,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            vec!["'acme-archive.zip' is not a zip archive".into()],
        ),
        (
            "checksum",
            rezip(&changed),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec![
                format!("'{segments}' in 'acme-archive.zip'"),
                "does not match manifest.json".into(),
            ],
        ),
        (
            "newer version",
            rezip(&newer),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["format version 2.0".into(), "Update Wordmark".into()],
        ),
        (
            "unparsable XLIFF",
            rezip(&broken),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec![format!("'{original}' in 'acme-archive.zip'")],
        ),
        (
            "unknown required section",
            rezip(&unknown_required),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["section \"terms\"".into()],
        ),
    ];
    for (case, archive, status, expected) in cases {
        let message = error_message(import(&target, &admin, archive, None).await, status).await;
        for part in expected {
            assert!(message.contains(&part), "{case}: {message}");
        }
        assert!(
            message.ends_with("Nothing was imported."),
            "{case}: {message}"
        );
        assert_eq!(row_counts(&target.db).await, empty, "{case}");
    }
}

#[tokio::test]
async fn unknown_optional_sections_are_skipped() {
    let (mut entries, target, admin) = small_archive().await;
    let terms = b"{\"terms\": []}".to_vec();
    use sha2::Digest;
    let mut manifest: Value = serde_json::from_slice(&entries["manifest.json"]).unwrap();
    manifest["version"] = json!("1.7");
    manifest["sections"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "terms", "required": false}));
    manifest["entries"].as_array_mut().unwrap().push(json!({
        "path": "terms.json", "section": "terms", "bytes": terms.len(),
        "sha256": hex::encode(sha2::Sha256::digest(&terms)),
    }));
    entries.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );
    entries.insert("terms.json".into(), terms);
    let answer = json_body(
        import(&target, &admin, rezip(&entries), None).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(answer["counts"]["projects"], 1);
}

#[tokio::test]
async fn only_administrators_export_and_import() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let client = rebranding::create_client(&app, &admin, "Guarded").await;
    let archive = export(&app, &admin, client).await;
    for (name, role) in [
        ("ed", Role::Editor),
        ("tr", Role::Translator),
        ("cu", Role::Customer),
    ] {
        match role {
            // A customer of another client would not even learn that it exists (404).
            Role::Customer => app.create_customer(name, vec![client as i32]).await,
            _ => app.create_user(name, role).await,
        }
        let token = app.token(name, PASSWORD).await;
        let response = app.client(client).archive(&token).await;
        // A translator reaches no client: to them it does not exist.
        let refusal = match role {
            Role::Translator => StatusCode::NOT_FOUND,
            _ => StatusCode::FORBIDDEN,
        };
        assert_eq!(response.status(), refusal, "{name}");
        let response = import(&app, &token, archive.clone(), Some("Other")).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{name}");
    }
    let response = app.client(9999).archive(&admin).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // By hand, on purpose: a body that is no multipart form.
    let response = app
        .request(Method::POST, "/api/client/archive", Some(&admin))
        .body("not multipart")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn an_oversized_upload_is_refused() {
    let app = spawn_app_with(|c| c.max_upload_bytes = 10_000).await;
    let admin = app.admin_token().await;
    let message = error_message(
        import(&app, &admin, vec![0; 20_000], None).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    // The body limit answers before the archive is read.
    assert!(message.contains("too large"), "{message}");
}
