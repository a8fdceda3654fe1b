//! The LibreTranslate client against the fake.

mod common;

use common::{config, items, spec, translate_all, translator};
use serde_json::json;
use wordmark_mt::{Item, MtError, ProviderKind};

const KEY: &str = "libre-test-key";

#[tokio::test]
async fn translates_an_array_in_html_mode_with_the_key() {
    let server = wordmark_mt::fake::libretranslate(Some(KEY)).await.unwrap();
    let config = config(ProviderKind::LibreTranslate, server.url(), Some(KEY));
    let results = translate_all(&translator(&config), spec(1, "en", "zh-hant"), items(0, 2)).await;
    assert_eq!(
        results[&1].as_ref().unwrap(),
        r#"zh-Hant:Segment 1 with <g id="1">zh-Hant:bold</g>zh-Hant: text<x id="2"/>"#
    );
    let body = &server.requests()[0].body;
    assert_eq!(body["format"], "html");
    assert_eq!(body["api_key"], KEY);
    assert_eq!(body["source"], "en");
    assert_eq!(body["q"].as_array().map(Vec::len), Some(2));
    wordmark_mt::build(&config).unwrap().check().await.unwrap();
}

#[tokio::test]
async fn a_server_text_limit_splits_the_request() {
    let server = wordmark_mt::fake::libretranslate(None).await.unwrap();
    let config = config(ProviderKind::LibreTranslate, server.url(), None);
    // 8 × 3000 characters: one request by the client's byte limit, over the server's 10,000.
    let input: Vec<Item> = (0..8)
        .map(|id| Item {
            id,
            text: "w".repeat(3000),
        })
        .collect();
    let results = translate_all(&translator(&config), spec(1, "en", "de"), input).await;
    assert!(results.values().all(Result::is_ok), "{results:?}");
    let sizes: Vec<usize> = server.requests().iter().map(|r| r.texts).collect();
    assert_eq!(sizes, vec![8, 4, 2, 2, 4, 2, 2]);
}

#[tokio::test]
async fn wrong_key_and_rate_limits() {
    let server = wordmark_mt::fake::libretranslate(Some(KEY)).await.unwrap();
    let wrong = config(ProviderKind::LibreTranslate, server.url(), Some("nope"));
    let results = translate_all(&translator(&wrong), spec(1, "en", "de"), items(0, 1)).await;
    assert!(
        matches!(&results[&0], Err(MtError::Unauthorized { message }) if message.contains("Invalid API key"))
    );

    server.fail_next(429, 1);
    let right = config(ProviderKind::LibreTranslate, server.url(), Some(KEY));
    let results = translate_all(&translator(&right), spec(1, "en", "de"), items(0, 1)).await;
    assert!(results[&0].is_ok());
    assert_eq!(
        server.requests().last().unwrap().body["target"],
        json!("de")
    );
}
