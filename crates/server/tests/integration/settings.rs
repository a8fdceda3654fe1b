//! Administration → Settings for machine translation: administrators only, the key never
//! returned, stored settings overriding the environment, 'Test connection' with usage.

use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};

use crate::common::{error_message, is_postgres, json_body, spawn_app, spawn_app_with};
use crate::mt_support::{DEEPL_KEY, create_project, files, pretranslate};

const SECRET: &str = "secret-key-abcdefgh-9876";

#[tokio::test]
async fn only_administrators_see_or_change_the_settings() {
    let app = spawn_app().await;
    app.admin_token().await;
    let editor = app.editor_token().await;
    assert_eq!(
        app.settings().mt(&editor).await.status(),
        StatusCode::FORBIDDEN
    );
    let put = app
        .settings()
        .set_mt(&editor, json!({ "provider": "pseudo" }))
        .await;
    assert_eq!(put.status(), StatusCode::FORBIDDEN);
    let test = app.settings().test_mt(&editor).await;
    assert_eq!(test.status(), StatusCode::FORBIDDEN);
    // By hand, on purpose: anonymous, no token at all.
    let anonymous = app
        .request(Method::GET, "/api/settings/mt", None)
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_key_is_stored_but_never_returned() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::None)).await;
    let admin = app.admin_token().await;
    let initial = json_body(app.settings().mt(&admin).await, StatusCode::OK).await;
    assert_eq!(initial["provider"], "none");
    assert_eq!(initial["source"], "environment");
    assert_eq!(initial["api_key_set"], false);

    let saved = app.settings().set_mt(&admin, json!({ "provider": "deepl", "api_key": SECRET, "formality": "more", "english_variant": "en-us" }),
        )
        .await;
    let saved_text = saved.text().await.unwrap();
    assert!(!saved_text.contains(SECRET), "{saved_text}");
    let saved: Value = serde_json::from_str(&saved_text).unwrap();
    assert_eq!(saved["provider"], "deepl");
    assert_eq!(saved["source"], "settings");
    assert_eq!(saved["api_key_set"], true);
    assert_eq!(saved["api_key_hint"], "9876");
    assert_eq!(saved["formality"], "more");
    assert_eq!(saved["english_variant"], "en-us");

    // Absent key: kept. Other fields change.
    let kept = app
        .settings()
        .set_mt(&admin, json!({ "provider": "deepl", "glossary_id": "g-1" }))
        .await;
    let kept = json_body(kept, StatusCode::OK).await;
    assert_eq!(kept["api_key_hint"], "9876");
    assert_eq!(kept["glossary_id"], "g-1");
    let read = app.settings().mt(&admin).await.text().await.unwrap();
    assert!(!read.contains(SECRET), "{read}");

    // An empty key clears it, which DeepL cannot work without.
    let cleared = app
        .settings()
        .set_mt(&admin, json!({ "provider": "deepl", "api_key": "" }))
        .await;
    let message = error_message(cleared, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("key"), "{message}");

    for bad in [
        json!({ "provider": "babelfish" }),
        json!({ "provider": "deepl", "formality": "very" }),
        json!({ "provider": "deepl", "english_variant": "en-au" }),
        json!({ "provider": "libretranslate", "base_url": "ftp://x" }),
        json!({}),
    ] {
        let response = app.settings().set_mt(&admin, bad.clone()).await;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }

    // Build Info names the provider in use.
    let info = json_body(app.build_info(&admin).await, StatusCode::OK).await;
    assert!(
        info["mt_provider"].as_str().unwrap().contains("DeepL"),
        "{info}"
    );
}

#[tokio::test]
async fn saved_settings_override_the_environment_and_test_the_connection() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    // The environment says nothing is configured; the settings bring DeepL.
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::None)).await;
    let admin = app.admin_token().await;
    let test = app.settings().test_mt(&admin).await;
    let result = json_body(test, StatusCode::OK).await;
    assert_eq!(result["ok"], false);
    assert!(
        result["message"]
            .as_str()
            .unwrap()
            .contains("Administration → Settings")
    );

    let saved = app
        .settings()
        .set_mt(
            &admin,
            json!({ "provider": "deepl", "api_key": DEEPL_KEY, "base_url": fake.url() }),
        )
        .await;
    json_body(saved, StatusCode::OK).await;
    let test = app.settings().test_mt(&admin).await;
    let result = json_body(test, StatusCode::OK).await;
    assert_eq!(result["ok"], true, "{result}");
    assert_eq!(result["usage"]["characters_limit"], 500_000);

    let project = create_project(&app, &admin, "Configured", None, &files(1, &["Hello"])).await;
    let status = pretranslate(&app, &admin, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(fake.text_count(), 1);

    // A wrong key: the test says so.
    let saved = app.settings().set_mt(&admin, json!({ "provider": "deepl", "api_key": "wrong-key-000000000", "base_url": fake.url() }))
        .await;
    json_body(saved, StatusCode::OK).await;
    let test = app.settings().test_mt(&admin).await;
    let result = json_body(test, StatusCode::OK).await;
    assert_eq!(result["ok"], false);
    assert!(
        result["message"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("key"),
        "{result}"
    );
}

/// The stored row (and, on SQLite, every byte of the database file and its log) holds the key
/// sealed, never in plain text; a server with the same key reads it back.
#[tokio::test]
async fn the_key_is_sealed_at_rest() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::None)).await;
    let admin = app.admin_token().await;
    let saved = app
        .settings()
        .set_mt(&admin, json!({ "provider": "deepl", "api_key": SECRET }))
        .await;
    json_body(saved, StatusCode::OK).await;

    let stored = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT value FROM settings WHERE key = 'mt'",
        ))
        .await
        .unwrap()
        .expect("the settings row");
    let value: String = stored.try_get("", "value").unwrap();
    assert!(!value.contains(SECRET), "{value}");
    assert!(value.contains("sealed:v1:"), "{value}");

    if !is_postgres() {
        let file = app
            .database_url
            .trim_start_matches("sqlite://")
            .split('?')
            .next()
            .unwrap()
            .to_owned();
        for path in [file.clone(), format!("{file}-wal")] {
            let bytes = std::fs::read(&path).unwrap_or_default();
            let needle = SECRET.as_bytes();
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "{path} holds the API key in plain text"
            );
        }
    }

    // Another instance with the same key opens it (the hint is its last four characters).
    let sibling = app.spawn_sibling(|_| {}).await;
    let read = json_body(sibling.settings().mt(&admin).await, StatusCode::OK).await;
    assert_eq!(read["api_key_hint"], "9876");
}
