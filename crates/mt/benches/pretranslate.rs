//! Throughput of the engine against the fake DeepL (not a test): 300 jobs of 121 segments in
//! one run, the fake answering every request after 40 ms, 8 requests in flight.
//!
//! Baseline: the floor is 36,300 segments ÷ 50 per request × 40 ms ÷ 8 in flight ≈ 3.6 s.
//! Run with `cargo bench -p wordmark-mt --bench pretranslate`.

use std::time::{Duration, Instant};

use wordmark_mt::{Item, ProviderConfig, ProviderKind, RunId, RunSpec, Translator};

const JOBS: u64 = 300;
const SEGMENTS_PER_JOB: u64 = 121;
const LATENCY: Duration = Duration::from_millis(40);
const KEY: &str = "bench-key";

/// Peak resident memory of this process (Linux), in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::main]
async fn main() {
    let server = wordmark_mt::fake::deepl(KEY)
        .await
        .expect("fake DeepL starts");
    server.set_latency(LATENCY);
    server.set_recording(false);
    let mut config = ProviderConfig::new(ProviderKind::Deepl);
    config.api_key = Some(KEY.into());
    config.base_url = Some(server.url().into());
    let translator = Translator::new(wordmark_mt::build(&config).expect("provider"), &config);

    let items: Vec<Item> = (0..JOBS * SEGMENTS_PER_JOB)
        .map(|id| Item {
            id,
            text: format!(
                r#"Job {} unit {}: the <g id="1">quick</g> brown fox jumps over the lazy dog.<x id="2"/>"#,
                id / SEGMENTS_PER_JOB,
                id % SEGMENTS_PER_JOB
            ),
        })
        .collect();
    let total = items.len();
    let spec = RunSpec {
        run: RunId(1),
        source_lang: "en".into(),
        target_lang: "de".into(),
        strict: false,
        glossary_id: None,
        terms: None,
    };
    let started = Instant::now();
    let results = translator.translate_all(spec, items, |_| {}).await;
    let elapsed = started.elapsed();
    let failed = results.iter().filter(|(_, r)| r.is_err()).count();
    assert_eq!(results.len(), total);
    assert_eq!(failed, 0);
    let floor = LATENCY.as_secs_f64() * (total as f64 / 50.0).ceil() / config.concurrency as f64;
    println!("segments:        {total}");
    println!("requests sent:   {}", server.request_count());
    println!("peak in flight:  {}", server.peak_in_flight());
    println!(
        "wall time:       {:.2} s (floor {floor:.2} s)",
        elapsed.as_secs_f64()
    );
    match peak_rss_kib() {
        Some(kib) => println!(
            "peak memory:     {:.1} MiB (whole process, fake server included)",
            kib as f64 / 1024.0
        ),
        None => println!("peak memory:     unavailable on this platform"),
    }
}
