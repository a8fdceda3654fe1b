//! The OpenAI-compatible client against the fake.

mod common;

use common::{config, items, spec, translate_all, translator};
use wordmark_mt::fake::Damage;
use wordmark_mt::{MtError, ProviderConfig, ProviderKind, RunSpec};

const KEY: &str = "sk-test";
const MODEL: &str = "fake-model";

fn openai_config(url: &str, key: Option<&str>) -> ProviderConfig {
    let mut config = config(ProviderKind::OpenAi, url, key);
    config.model = Some(MODEL.into());
    config
}

#[tokio::test]
async fn translates_items_as_json() {
    let server = wordmark_mt::fake::openai(Some(KEY), MODEL).await.unwrap();
    let config = openai_config(server.url(), Some(KEY));
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 45)).await;
    assert_eq!(
        results[&44].as_ref().unwrap(),
        r#"de:Segment 44 with <g id="1">de:bold</g>de: text<x id="2"/>"#
    );
    let requests = server.requests();
    assert!(
        requests.iter().all(|r| r.texts <= 20),
        "batches over 20 items"
    );
    let body = &requests[0].body;
    assert_eq!(body["model"], MODEL);
    assert_eq!(body["response_format"]["type"], "json_object");
    let system = body["messages"][0]["content"].as_str().unwrap();
    assert!(
        system.contains(r#"<x id=\"N\"/>"#) || system.contains(r#"<x id="N"/>"#),
        "{system}"
    );
    assert!(system.contains("translations"));
    wordmark_mt::build(&config).unwrap().check().await.unwrap();
}

#[tokio::test]
async fn strict_mode_asks_harder() {
    let server = wordmark_mt::fake::openai(None, MODEL).await.unwrap();
    let config = openai_config(server.url(), None);
    translate_all(
        &translator(&config),
        RunSpec {
            strict: true,
            ..spec(1, "en", "de")
        },
        items(0, 1),
    )
    .await;
    let system = server.requests()[0].body["messages"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(system.contains("damaged the tags"), "{system}");
}

#[tokio::test]
async fn a_wrong_count_is_a_bad_answer() {
    let server = wordmark_mt::fake::openai(None, MODEL).await.unwrap();
    server.set_damage(Some(Damage::MissingItem));
    let results = translate_all(
        &translator(&openai_config(server.url(), None)),
        spec(1, "en", "de"),
        items(0, 4),
    )
    .await;
    assert!(
        results
            .values()
            .all(|r| matches!(r, Err(MtError::BadAnswer(_)))),
        "{results:?}"
    );
}

#[tokio::test]
async fn falls_back_when_json_mode_is_unsupported() {
    let server = wordmark_mt::fake::openai(None, MODEL).await.unwrap();
    server.set_reject_json_mode(true);
    let translator = translator(&openai_config(server.url(), None));
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 30)).await;
    assert!(results.values().all(Result::is_ok), "{results:?}");
    let with_format = server
        .requests()
        .iter()
        .filter(|r| r.body.get("response_format").is_some())
        .count();
    // Rejected requests are not recorded by the fake; what got through went without it.
    assert_eq!(with_format, 0);
    assert_eq!(server.requests().len(), 2);
}

#[tokio::test]
async fn errors_map_to_key_quota_and_retry() {
    let server = wordmark_mt::fake::openai(Some(KEY), MODEL).await.unwrap();
    let wrong = openai_config(server.url(), Some("sk-wrong"));
    let results = translate_all(&translator(&wrong), spec(1, "en", "de"), items(0, 1)).await;
    assert!(
        matches!(&results[&0], Err(MtError::Unauthorized { message }) if message.contains("WORDMARK_OPENAI_API_KEY"))
    );

    let right = openai_config(server.url(), Some(KEY));
    server.fail_next(429, 2);
    let results = translate_all(&translator(&right), spec(1, "en", "de"), items(0, 1)).await;
    assert!(results[&0].is_ok());

    server.set_character_limit(Some(1));
    let results = translate_all(&translator(&right), spec(1, "en", "de"), items(0, 1)).await;
    assert!(
        matches!(&results[&0], Err(MtError::QuotaExceeded { message }) if message.contains("quota"))
    );
}
