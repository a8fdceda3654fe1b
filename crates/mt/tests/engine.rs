//! The batching and concurrency engine, with the fake DeepL as provider.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{config, items, spec, translate_all, translator};
use wordmark_mt::{Item, MtError, ProviderConfig, ProviderKind};

const KEY: &str = "engine-test-key";

#[tokio::test]
async fn concurrency_is_capped_and_used() {
    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    server.set_latency(Duration::from_millis(20));
    let mut config = config(ProviderKind::Deepl, server.url(), Some(KEY));
    config.concurrency = 4;
    let translator = translator(&config);
    let results = translate_all(&translator, spec(1, "en", "de"), items(0, 50 * 12)).await;
    assert_eq!(results.len(), 600);
    assert!(results.values().all(Result::is_ok));
    assert_eq!(server.request_count(), 12);
    assert_eq!(server.peak_in_flight(), 4);
}

#[tokio::test]
async fn runs_share_the_limit_fairly() {
    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    server.set_latency(Duration::from_millis(5));
    let mut config = config(ProviderKind::Deepl, server.url(), Some(KEY));
    config.concurrency = 2;
    let translator = translator(&config);

    let big = tokio::spawn({
        let translator = translator.clone();
        // 200 batches of 50.
        async move {
            translator
                .translate_all(spec(1, "en", "de"), items(0, 200 * 50), |_| {})
                .await
        }
    });
    // Run 2 shows up once run 1 holds both permits and queues the rest.
    while server.request_count() < 2 {
        tokio::task::yield_now().await;
    }
    let small = translator
        .translate_all(spec(2, "en", "fr"), items(1_000_000, 5 * 50), |_| {})
        .await;
    assert!(small.iter().all(|(_, r)| r.is_ok()));
    assert!(big.await.unwrap().iter().all(|(_, r)| r.is_ok()));
    // The order the provider was asked in is the order permits were granted (two at a time).
    let order: Vec<String> = server
        .requests()
        .iter()
        .map(|r| r.body["target_lang"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(order.len(), 205);
    let first_small = order.iter().position(|lang| lang == "FR").unwrap();
    let last_small = order.iter().rposition(|lang| lang == "FR").unwrap();
    // Alternating with run 1, run 2's 5 batches are granted within about 10 grants (plus the
    // two already in flight), while run 1 still has most of its 200 to go. (Checked: with a
    // first-come limiter and deep per-run queues, run 2 comes after all of run 1.)
    assert!(
        last_small - first_small <= 12,
        "run 2's batches were granted at {first_small}..={last_small} of {order:?}"
    );
    assert!(last_small < 100, "run 2 finished at grant {last_small}");
}

#[tokio::test]
async fn an_oversized_text_fails_alone() {
    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    let translator = translator(&config(ProviderKind::Deepl, server.url(), Some(KEY)));
    let mut input = items(0, 3);
    input.push(Item {
        id: 99,
        text: "x".repeat(140 * 1024),
    });
    let results = translate_all(&translator, spec(1, "en", "de"), input).await;
    assert!(matches!(results[&99], Err(MtError::TextTooLong { bytes, .. }) if bytes > 140 * 1024));
    assert!((0..3).all(|id| results[&id].is_ok()));
    assert_eq!(server.text_count(), 3);
}

#[tokio::test]
async fn progress_reports_every_request() {
    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    let translator = translator(&config(ProviderKind::Deepl, server.url(), Some(KEY)));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let results = translator
        .translate_all(spec(1, "en", "de"), items(0, 120), |progress| {
            seen.lock()
                .unwrap()
                .push((progress.done, progress.total, progress.results.len()));
        })
        .await;
    assert_eq!(results.len(), 120);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 3);
    assert!(seen.iter().all(|&(_, total, _)| total == 120));
    assert_eq!(seen.last().unwrap().0, 120);
    assert_eq!(seen.iter().map(|s| s.2).sum::<usize>(), 120);
}

#[tokio::test]
async fn pseudo_needs_no_server() {
    let config = ProviderConfig::new(ProviderKind::Pseudo);
    let translator = translator(&config);
    assert!(
        translator
            .provider()
            .label()
            .contains("not a real translation")
    );
    let results = translate_all(
        &translator,
        spec(1, "en", "de"),
        vec![Item {
            id: 1,
            text: r#"Hi <x id="1"/>"#.into(),
        }],
    )
    .await;
    assert_eq!(results[&1].as_ref().unwrap(), r#"[!! Híí !!] <x id="1"/>"#);
}

#[tokio::test]
async fn an_unreachable_provider_stops_the_run() {
    // Bind and drop a listener: its port then refuses connections.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut config = config(
        ProviderKind::Deepl,
        &format!("http://127.0.0.1:{port}"),
        Some(KEY),
    );
    config.concurrency = 1;
    config.backoff.base = Duration::from_millis(30);
    config.backoff.factor = 1.0;
    config.backoff.jitter = 0.0;
    let started = Instant::now();
    let results = translate_all(&translator(&config), spec(1, "en", "de"), items(0, 500)).await;
    assert!(
        results
            .values()
            .all(|r| matches!(r, Err(MtError::Network(_)))),
        "{results:?}"
    );
    // One batch waits through its 3 retries (90 ms); the other 9 would need 810 ms more.
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_millis(450),
        "the run went on for {elapsed:?}"
    );
}

/// A halted run sends nothing more, and what was in flight still returns: a server shutting
/// down keeps the answers it pays for. The fake holds the third request until the halt.
#[tokio::test]
async fn a_halted_stream_finishes_what_is_in_flight_and_sends_nothing_more() {
    use futures::StreamExt;
    use std::sync::OnceLock;

    let server = Arc::new(wordmark_mt::fake::deepl(KEY).await.unwrap());
    server.hold_after(2);
    let mut config = config(ProviderKind::Deepl, server.url(), Some(KEY));
    config.concurrency = 1;
    let translator = translator(&config);
    let halt = Arc::new(OnceLock::new());
    let mut stream = std::pin::pin!(translator.translate_stream_until(
        spec(1, "en", "de"),
        items(0, 50 * 6),
        Arc::clone(&halt)
    ));
    // Once the third request has reached the fake (it waits there), halt, then let it answer.
    let halting = {
        let halt = Arc::clone(&halt);
        let server = Arc::clone(&server);
        tokio::spawn(async move {
            while server.request_count() < 3 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            halt.set(MtError::Network("halted".into())).unwrap();
            server.release();
        })
    };
    let (mut ok, mut failed) = (0, 0);
    while let Some(batch) = stream.next().await {
        ok += batch.iter().filter(|(_, r)| r.is_ok()).count();
        failed += batch.iter().filter(|(_, r)| r.is_err()).count();
    }
    halting.await.unwrap();
    assert_eq!(
        (ok, failed),
        (150, 150),
        "three requests answered, three never sent"
    );
    assert_eq!(server.request_count(), 3);
    let counts = server.text_counts();
    assert_eq!(counts.len(), 150);
    assert!(counts.values().all(|c| c.received == 1 && c.billed == 1));
}

/// Windows are taken only as the requests go out: while the first requests are answered, the
/// rest of the windows are still where the caller reads them from. Every item comes back once,
/// and each window is packed on its own (a window of 120 is three requests).
#[tokio::test]
async fn windows_are_taken_as_the_requests_go_out() {
    use futures::StreamExt;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let server = wordmark_mt::fake::deepl(KEY).await.unwrap();
    server.set_latency(Duration::from_millis(5));
    let mut config = config(ProviderKind::Deepl, server.url(), Some(KEY));
    config.concurrency = 2;
    let translator = translator(&config);
    let taken = Arc::new(AtomicUsize::new(0));
    let windows = futures::stream::iter(0..10_u64).map({
        let taken = Arc::clone(&taken);
        move |window| {
            taken.fetch_add(1, Ordering::SeqCst);
            items(window * 120, 120)
        }
    });
    let mut answers =
        std::pin::pin!(translator.translate_windows(spec(1, "en", "de"), windows, Arc::default()));
    let first = answers.next().await.expect("a first request returns");
    assert!(
        taken.load(Ordering::SeqCst) <= 2,
        "{} windows taken for the first answer",
        taken.load(Ordering::SeqCst)
    );
    let mut results = first;
    while let Some(batch) = answers.next().await {
        results.extend(batch);
    }
    let results = common::by_id(results);
    assert_eq!(results.len(), 1_200);
    assert!(results.values().all(Result::is_ok));
    assert_eq!(server.request_count(), 30);
}
