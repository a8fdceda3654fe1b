//! The Google Cloud Translation v2 client against the fake.

mod common;

use common::{config, items, spec, translate_all, translator};
use serde_json::json;
use wordmark_mt::{Item, MtError, ProviderKind};

const KEY: &str = "google-test-key";

#[tokio::test]
async fn translates_in_html_mode_and_unescapes_entities() {
    let server = wordmark_mt::fake::google(KEY).await.unwrap();
    let translator = translator(&config(ProviderKind::Google, server.url(), Some(KEY)));
    let text = r#"It's <g id="1">"quoted"</g> &amp; more<x id="2"/>"#;
    let results = translate_all(
        &translator,
        spec(1, "en", "zh-hans"),
        vec![Item {
            id: 1,
            text: text.into(),
        }],
    )
    .await;
    assert_eq!(
        results[&1].as_ref().unwrap(),
        r#"zh-CN:It's <g id="1">zh-CN:"quoted"</g>zh-CN: &amp; more<x id="2"/>"#
    );
    let body = &server.requests()[0].body;
    assert_eq!(body["q"], json!([text]));
    assert_eq!(body["format"], "html");
    assert_eq!(body["source"], "en");
    assert_eq!(body["target"], "zh-CN");
}

#[tokio::test]
async fn batches_up_to_128_texts() {
    let server = wordmark_mt::fake::google(KEY).await.unwrap();
    let translator = translator(&config(ProviderKind::Google, server.url(), Some(KEY)));
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 300)).await;
    assert!(results.values().all(Result::is_ok));
    let sizes: Vec<usize> = server.requests().iter().map(|r| r.texts).collect();
    assert!(
        sizes.iter().all(|&n| n <= 128) && sizes.iter().sum::<usize>() == 300,
        "{sizes:?}"
    );
    assert!(server.requests().iter().all(|r| r.body_bytes <= 100_000));
}

#[tokio::test]
async fn wrong_key_and_quota_errors() {
    let server = wordmark_mt::fake::google(KEY).await.unwrap();
    let wrong = config(ProviderKind::Google, server.url(), Some("nope"));
    let results = translate_all(&translator(&wrong), spec(1, "en", "de"), items(0, 1)).await;
    assert!(
        matches!(&results[&0], Err(MtError::Unauthorized { message }) if message.contains("WORDMARK_GOOGLE_API_KEY"))
    );
    assert!(matches!(
        wordmark_mt::build(&wrong).unwrap().check().await,
        Err(MtError::Unauthorized { .. })
    ));

    server.set_character_limit(Some(10));
    let results = translate_all(
        &translator(&config(ProviderKind::Google, server.url(), Some(KEY))),
        spec(1, "en", "de"),
        items(0, 1),
    )
    .await;
    assert_eq!(
        results[&0],
        Err(MtError::QuotaExceeded {
            message: "Daily Limit Exceeded".into()
        })
    );
}

#[tokio::test]
async fn retries_unavailable() {
    let server = wordmark_mt::fake::google(KEY).await.unwrap();
    server.fail_next(503, 2);
    let config = config(ProviderKind::Google, server.url(), Some(KEY));
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 2)).await;
    assert!(results.values().all(Result::is_ok));
    assert_eq!(server.request_count(), 3);
    wordmark_mt::build(&config).unwrap().check().await.unwrap();
}
