//! The DeepL client against the fake DeepL over real HTTP.

mod common;

use std::time::{Duration, Instant};

use common::{config, items, spec, translate_all, translator};
use serde_json::json;
use wordmark_mt::fake::{self, Damage};
use wordmark_mt::{Item, MtError, ProviderKind, RunSpec, Usage};

const KEY: &str = "0123456789abcdef:fx";

async fn fake_deepl() -> fake::FakeServer {
    fake::deepl(KEY).await.expect("fake DeepL starts")
}

fn deepl_config(server: &fake::FakeServer) -> wordmark_mt::ProviderConfig {
    config(ProviderKind::Deepl, server.url(), Some(KEY))
}

#[tokio::test]
async fn translates_with_markup_protection_and_mapped_languages() {
    let server = fake_deepl().await;
    let translator = translator(&deepl_config(&server));
    let text = r#"Click <g id="1">here</g> to <x id="2"/> continue"#;
    let results = translate_all(
        &translator,
        spec(1, "en-us", "pt-br"),
        vec![Item {
            id: 9,
            text: text.into(),
        }],
    )
    .await;
    assert_eq!(
        results[&9].as_ref().unwrap(),
        r#"PT-BR:Click <g id="1">PT-BR:here</g>PT-BR: to <x id="2"/>PT-BR: continue"#
    );

    let body = &server.requests()[0].body;
    assert_eq!(body["source_lang"], "EN");
    assert_eq!(body["target_lang"], "PT-BR");
    assert_eq!(body["text"], json!([text]));
    assert_eq!(body["tag_handling"], "xml");
    assert_eq!(body["tag_handling_version"], "v2");
    assert_eq!(body["non_splitting_tags"], json!(["g", "x"]));
    assert_eq!(body["outline_detection"], false);
    assert_eq!(body["split_sentences"], "nonewlines");
    assert_eq!(body["preserve_formatting"], true);
    assert!(body.get("formality").is_none() && body.get("glossary_id").is_none());
}

#[tokio::test]
async fn english_variant_formality_glossary_and_strict_mode() {
    let server = fake_deepl().await;
    let mut config = deepl_config(&server);
    config.english_variant = "en-us".parse().unwrap();
    config.formality = Some("prefer_less".into());
    // A glossary the account holds (the fake, like DeepL, refuses an unknown id).
    let glossary = wordmark_mt::build(&config)
        .unwrap()
        .glossaries()
        .unwrap()
        .create(
            "configured",
            &wordmark_mt::GlossaryDictionary {
                source_lang: "de".into(),
                target_lang: "en".into(),
                entries: vec![("Kasse".into(), "checkout".into())],
            },
        )
        .await
        .unwrap();
    config.glossary_id = Some(glossary.clone());
    let translator = translator(&config);
    let strict = RunSpec {
        strict: true,
        ..spec(1, "de", "en")
    };
    let results = translate_all(&translator, strict, items(0, 1)).await;
    assert!(results[&0].is_ok());
    let body = &server.requests()[0].body;
    assert_eq!(body["target_lang"], "EN-US");
    assert_eq!(body["formality"], "prefer_less");
    assert_eq!(body["glossary_id"], json!(glossary));
    // The strict retry uses the other tag-handling algorithm.
    assert_eq!(body["tag_handling_version"], "v1");
}

#[tokio::test]
async fn batches_stay_within_50_texts_and_128_kib() {
    let server = fake_deepl().await;
    let translator = translator(&deepl_config(&server));
    // 130 short segments, then 40 segments of 5 KiB (200 KiB in all: needs 2+ requests).
    let mut input = items(0, 130);
    input.extend((0..40).map(|i| Item {
        id: 1000 + i,
        text: format!("{}<x id=\"1\"/>", "Lorem ipsum \"dolor\" ".repeat(256)),
    }));
    let results = translate_all(&translator, spec(1, "en", "de"), input).await;
    assert_eq!(results.len(), 170);
    assert!(results.values().all(Result::is_ok), "{results:?}");

    let requests = server.requests();
    assert!(
        requests.iter().all(|r| r.texts <= 50),
        "a request had more than 50 texts"
    );
    assert!(
        requests.iter().all(|r| r.body_bytes <= 128 * 1024),
        "a request was over 128 KiB"
    );
    assert_eq!(
        requests.iter().map(|r| r.texts).sum::<usize>(),
        170,
        "texts sent more than once"
    );
    // Packed tightly: 130 short texts need 3 requests; 40 × ~5 KiB need 2.
    assert!(requests.len() <= 6, "{} requests", requests.len());
    assert!(
        requests.iter().any(|r| r.body_bytes > 100 * 1024),
        "large texts were not packed together"
    );
}

#[tokio::test]
async fn retries_429_and_503_then_succeeds() {
    let server = fake_deepl().await;
    server.fail_next(429, 2);
    server.fail_next(503, 1);
    let translator = translator(&deepl_config(&server));
    let started = Instant::now();
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 3)).await;
    assert!(results.values().all(Result::is_ok), "{results:?}");
    assert_eq!(server.request_count(), 4, "three failures then one success");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn gives_up_after_the_configured_retries() {
    let server = fake_deepl().await;
    server.fail_next(503, 10);
    let mut config = deepl_config(&server);
    config.max_retries = 2;
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 1)).await;
    assert_eq!(results[&0], Err(MtError::Server { status: 503 }));
    assert_eq!(server.request_count(), 3);
}

#[tokio::test]
async fn quota_exceeded_stops_the_run_with_the_message() {
    let server = fake_deepl().await;
    // Enough for the first request (50 texts × ~60 characters) only.
    server.set_character_limit(Some(4_000));
    let mut config = deepl_config(&server);
    config.concurrency = 1;
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 500)).await;
    let ok = results.values().filter(|r| r.is_ok()).count();
    assert_eq!(ok, 50);
    for result in results.values().filter(|r| r.is_err()) {
        match result {
            Err(MtError::QuotaExceeded { message }) => {
                assert!(message.contains("Quota exceeded"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
    // Stopped: no request after the 456, and 456 was not retried.
    assert_eq!(server.request_count(), 2);
}

#[tokio::test]
async fn wrong_key_is_unauthorized_and_not_retried() {
    let server = fake_deepl().await;
    let config = config(ProviderKind::Deepl, server.url(), Some("wrong-key"));
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 120)).await;
    let error = results[&0].as_ref().unwrap_err();
    assert!(matches!(error, MtError::Unauthorized { .. }));
    assert_eq!(
        error.to_string(),
        "the API key was refused by DeepL — check WORDMARK_DEEPL_API_KEY"
    );
    assert!(results.values().all(|r| r.as_ref().err() == Some(error)));
    let provider = wordmark_mt::build(&config).unwrap();
    assert!(matches!(
        provider.check().await,
        Err(MtError::Unauthorized { .. })
    ));
}

#[tokio::test]
async fn a_hanging_request_times_out() {
    let server = fake_deepl().await;
    server.set_hang(true);
    let mut config = deepl_config(&server);
    config.request_timeout = Duration::from_millis(200);
    config.max_retries = 1;
    let started = Instant::now();
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 2)).await;
    assert_eq!(
        results[&0],
        Err(MtError::Timeout(Duration::from_millis(200)))
    );
    let elapsed = started.elapsed();
    // Two attempts of 200 ms plus a short pause.
    assert!(
        elapsed >= Duration::from_millis(400) && elapsed < Duration::from_secs(2),
        "{elapsed:?}"
    );
    assert_eq!(server.request_count(), 2);
}

#[tokio::test]
async fn damaged_markup_is_returned_as_is() {
    let server = fake_deepl().await;
    let translator = translator(&deepl_config(&server));
    server.set_damage(Some(Damage::DropStandalone));
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 1)).await;
    assert_eq!(
        results[&0].as_ref().unwrap(),
        r#"DE:Segment 0 with <g id="1">DE:bold</g>DE: text"#
    );
    server.set_damage(Some(Damage::UnbalancePaired));
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 1)).await;
    assert_eq!(
        results[&0].as_ref().unwrap(),
        r#"DE:Segment 0 with <g id="1">DE:boldDE: text<x id="2"/>"#
    );
}

#[tokio::test]
async fn a_short_answer_is_a_bad_answer() {
    let server = fake_deepl().await;
    server.set_damage(Some(Damage::MissingItem));
    let results = translate_all(
        &translator(&deepl_config(&server)),
        spec(1, "en", "de"),
        items(0, 3),
    )
    .await;
    assert!(results.values().all(
        |r| matches!(r, Err(MtError::BadAnswer(m)) if m.contains("2 translations for 3 texts"))
    ));
}

#[tokio::test]
async fn a_413_splits_the_batch() {
    let server = fake_deepl().await;
    server.fail_next(413, 1);
    let results = translate_all(
        &translator(&deepl_config(&server)),
        spec(1, "en", "de"),
        items(0, 40),
    )
    .await;
    assert!(results.values().all(Result::is_ok));
    let sizes: Vec<usize> = server.requests().iter().map(|r| r.texts).collect();
    assert_eq!(sizes, vec![40, 20, 20]);
}

#[tokio::test]
async fn usage_and_check() {
    let server = fake_deepl().await;
    server.set_character_limit(Some(1_000));
    let provider = wordmark_mt::build(&deepl_config(&server)).unwrap();
    provider.check().await.unwrap();
    provider
        .translate(&wordmark_mt::Batch {
            source_lang: "en".into(),
            target_lang: "de".into(),
            texts: vec!["Hello".into()],
            strict: false,
            glossary_id: None,
            terms: Vec::new(),
        })
        .await
        .unwrap();
    assert_eq!(
        provider.usage().await.unwrap(),
        Some(Usage {
            characters_used: 5,
            characters_limit: 1_000
        })
    );
    assert_eq!(provider.label(), "DeepL");
}

/// The fake itself enforces what DeepL enforces, so other crates' tests can rely on it.
#[tokio::test]
async fn the_fake_enforces_deepls_contract() {
    let server = fake_deepl().await;
    let url = format!("{}/v2/translate", server.url());
    let client = reqwest::Client::builder()
        .user_agent("test/1")
        .build()
        .unwrap();
    let send = |body: serde_json::Value, auth: &str| {
        client
            .post(&url)
            .header("Authorization", auth)
            .json(&body)
            .send()
    };
    let auth = format!("DeepL-Auth-Key {KEY}");

    let ok = send(json!({ "text": ["a"], "target_lang": "DE" }), &auth)
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    assert!(ok.headers().contains_key("x-trace-id"));

    let bare = send(json!({ "text": "a", "target_lang": "DE" }), &auth)
        .await
        .unwrap();
    assert_eq!(bare.status(), 400);

    let many = send(json!({ "text": vec!["a"; 51], "target_lang": "DE" }), &auth)
        .await
        .unwrap();
    assert_eq!(many.status(), 413);

    let large = send(
        json!({ "text": ["a".repeat(129 * 1024)], "target_lang": "DE" }),
        &auth,
    )
    .await
    .unwrap();
    assert_eq!(large.status(), 413);

    let bearer = send(
        json!({ "text": ["a"], "target_lang": "DE" }),
        &format!("Bearer {KEY}"),
    )
    .await
    .unwrap();
    assert_eq!(bearer.status(), 403);
    assert!(
        bearer.bytes().await.unwrap().is_empty(),
        "DeepL's 403 has no body"
    );

    let anonymous = reqwest::Client::new()
        .post(&url)
        .header("Authorization", &auth)
        .json(&json!({ "text": ["a"], "target_lang": "DE" }))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 400, "a missing User-Agent is refused");
}

fn dictionary(entries: &[(&str, &str)]) -> wordmark_mt::GlossaryDictionary {
    wordmark_mt::GlossaryDictionary {
        source_lang: "en-us".into(),
        target_lang: "pt-br".into(),
        entries: entries
            .iter()
            .map(|(s, t)| ((*s).to_owned(), (*t).to_owned()))
            .collect(),
    }
}

/// A v3 glossary is created with one dictionary in DeepL's root codes, replaced in place,
/// applied by `glossary_id` on translate requests, and known to be gone after a deletion.
#[tokio::test]
async fn glossaries_are_created_replaced_and_applied() {
    let server = fake_deepl().await;
    let provider = wordmark_mt::build(&deepl_config(&server)).unwrap();
    let glossaries = provider.glossaries().expect("DeepL has glossaries");
    let id = glossaries
        .create(
            "Acme en→pt",
            &dictionary(&[("checkout", "finalizar compra")]),
        )
        .await
        .unwrap();
    assert!(glossaries.holds(&id, "en", "pt-br").await.unwrap());
    assert!(!glossaries.holds(&id, "en", "de").await.unwrap());

    let translator = translator(&deepl_config(&server));
    let with_glossary = RunSpec {
        glossary_id: Some(id.clone()),
        ..spec(1, "en-us", "pt-br")
    };
    let results = translate_all(
        &translator,
        with_glossary.clone(),
        vec![Item {
            id: 1,
            text: "Go to checkout".into(),
        }],
    )
    .await;
    assert_eq!(
        results[&1].as_ref().unwrap(),
        "PT-BR:Go to finalizar compra"
    );
    assert_eq!(server.requests()[0].body["glossary_id"], json!(id));

    glossaries
        .replace(&id, &dictionary(&[("checkout", "pagamento")]))
        .await
        .unwrap();
    let results = translate_all(
        &translator,
        with_glossary,
        vec![Item {
            id: 2,
            text: "Go to checkout".into(),
        }],
    )
    .await;
    assert_eq!(results[&2].as_ref().unwrap(), "PT-BR:Go to pagamento");
    assert_eq!(
        server.glossary_counts(),
        fake::GlossaryCounts {
            created: 1,
            replaced: 1,
            read: 2,
            deleted: 0
        }
    );

    server.forget_glossaries();
    assert!(!glossaries.holds(&id, "en", "pt").await.unwrap());
    // Deleting one that is gone already is no error.
    glossaries.delete(&id).await.unwrap();
    assert!(matches!(
        glossaries.replace(&id, &dictionary(&[("a", "b")])).await,
        Err(MtError::NotFound { .. })
    ));
}

/// The fake refuses what DeepL refuses: a source term twice, an empty term.
#[tokio::test]
async fn glossary_entries_are_checked_like_deepl() {
    let server = fake_deepl().await;
    let provider = wordmark_mt::build(&deepl_config(&server)).unwrap();
    let glossaries = provider.glossaries().unwrap();
    let twice = glossaries
        .create("g", &dictionary(&[("a", "b"), ("a", "c")]))
        .await;
    assert!(
        matches!(&twice, Err(MtError::BadRequest { message }) if message.contains("Invalid glossary entries")),
        "{twice:?}"
    );
    assert!(glossaries.create("g", &dictionary(&[])).await.is_err());
    assert!(server.glossary_ids().is_empty());
}
