//! The plugin the server bundles (`GET /api/sites/plugin`, `/info`): the zip is the plugin's
//! folder, file for file, under one top folder, and its PHP parses; a site is told when its
//! plugin is older than the bundled one, and refused below the oldest Wordmark works with.

use std::{collections::BTreeMap, io::Cursor, path::Path, process::Command, time::Duration};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::Value;
use wordmark_server::db::entities::user::Role;

use super::{add_site, customer_with_client, fake_site::FakeSite, post, site_form};
use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app};

fn plugin_dir() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../connectors/wordpress/wordmark-connector"
    ))
}

/// The `Version:` header of the plugin's main file, read here on its own.
fn header_version() -> String {
    let main = std::fs::read_to_string(plugin_dir().join("wordmark-connector.php")).unwrap();
    main.lines()
        .find_map(|line| line.split_once("* Version:"))
        .map(|(_, version)| version.trim().to_owned())
        .expect("the plugin's main file has a Version header")
}

/// Every file under `dir` as `wordmark-connector/<path>` with its bytes.
fn files_of(dir: &Path, prefix: &str, files: &mut BTreeMap<String, Vec<u8>>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = format!("{prefix}/{}", path.file_name().unwrap().to_str().unwrap());
        if path.is_dir() {
            files_of(&path, &name, files);
        } else {
            files.insert(name, std::fs::read(&path).unwrap());
        }
    }
}

#[tokio::test]
async fn the_plugin_zip_is_the_plugin_folder_and_its_php_parses() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let version = header_version();
    let info = json_body(
        app.get("/api/sites/plugin/info", &editor).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(info["version"], version.as_str());
    let file_name = format!("wordmark-connector-{version}.zip");
    assert_eq!(info["file_name"], file_name.as_str());

    let answer = app.get("/api/sites/plugin", &editor).await;
    assert_eq!(answer.status(), StatusCode::OK);
    assert_eq!(answer.headers()["content-type"], "application/zip");
    let disposition = answer.headers()["content-disposition"].to_str().unwrap();
    assert!(disposition.contains(&file_name), "{disposition}");
    let bytes = answer.bytes().await.unwrap();

    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut unpacked = BTreeMap::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).unwrap();
        let mut data = Vec::new();
        std::io::copy(&mut entry, &mut data).unwrap();
        unpacked.insert(entry.name().unwrap().into_owned(), data);
    }
    let mut expected = BTreeMap::new();
    files_of(plugin_dir(), "wordmark-connector", &mut expected);
    assert_eq!(
        unpacked.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>()
    );
    assert!(unpacked == expected, "every file byte for byte");

    let dir = tempfile::tempdir().unwrap();
    zip.extract(dir.path()).unwrap();
    let php: Vec<&String> = unpacked.keys().filter(|n| n.ends_with(".php")).collect();
    assert!(php.len() > 5, "{php:?}");
    for name in php {
        let linted = Command::new("php")
            .arg("-l")
            .arg(dir.path().join(name))
            .output()
            .expect("php runs (make system-deps)");
        assert!(
            linted.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&linted.stdout)
        );
    }

    // Only staff who manage sites download it.
    let admin = app.admin_token().await;
    customer_with_client(&app, &admin, "shop").await;
    app.create_user("tina", Role::Translator).await;
    for user in ["shop", "tina"] {
        let token = app.token(user, PASSWORD).await;
        for path in ["/api/sites/plugin", "/api/sites/plugin/info"] {
            let refused = app.get(path, &token).await;
            error_message(refused, StatusCode::FORBIDDEN).await;
        }
    }
}

async fn check(app: &TestApp, token: &str, id: i64) -> Value {
    json_body(
        post(app, token, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await
}

#[tokio::test]
async fn a_site_is_told_when_its_plugin_is_older_and_refused_below_the_oldest_supported() {
    let version = header_version();
    let fake = FakeSite::start(&version, Duration::ZERO).await;
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = customer_with_client(&app, &token, "versions").await;
    let form = site_form(&fake.url, "editor", "abcd efgh ijkl mnop qrst uvwx");
    let id = add_site(&app, &token, client, form).await["id"]
        .as_i64()
        .unwrap();

    // The bundled version on the site: nothing to update.
    let checked = check(&app, &token, id).await;
    let connection = &checked["site"]["connection"];
    assert_eq!(checked["problem_kind"], Value::Null, "{checked}");
    assert_eq!(connection["plugin_version"], version.as_str());
    assert_eq!(connection["bundled_plugin_version"], version.as_str());
    assert_eq!(connection["plugin_update_available"], false);

    // A site last checked with an older plugin, still above the oldest Wordmark works with
    // (kept from a check before this server's plugin was bundled): told to update.
    app.db
        .execute_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("UPDATE sites SET plugin_version = '0.9.9' WHERE id = {id}"),
        ))
        .await
        .unwrap();
    let site = json_body(
        app.get(&format!("/api/sites/{id}"), &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        site["connection"]["plugin_update_available"], true,
        "{site}"
    );
    assert_eq!(
        site["connection"]["bundled_plugin_version"],
        version.as_str()
    );
    let listed = json_body(
        app.get(&format!("/api/client/{client}/sites"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["connection"]["plugin_update_available"], true);

    // Below the oldest supported: the check refuses it, naming both versions.
    fake.set_plugin_version("0.9.0");
    let checked = check(&app, &token, id).await;
    assert_eq!(checked["problem_kind"], "plugin_too_old", "{checked}");
    let problem = checked["site"]["connection"]["problem"].as_str().unwrap();
    assert!(
        problem.contains("version 0.9.0") && problem.contains("or later"),
        "{problem}"
    );
}
