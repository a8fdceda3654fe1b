//! Helpers shared by the integration tests: configurations pointed at a fake, with backoff in
//! milliseconds so retry tests stay fast.
#![allow(dead_code)] // each test binary uses its own subset

use std::collections::HashMap;
use std::time::Duration;

use wordmark_mt::{
    Backoff, Item, ItemResult, MtError, ProviderConfig, ProviderKind, RunId, RunSpec, Translator,
};

pub fn config(kind: ProviderKind, base_url: &str, api_key: Option<&str>) -> ProviderConfig {
    let mut config = ProviderConfig::new(kind);
    config.base_url = Some(base_url.to_owned());
    config.api_key = api_key.map(str::to_owned);
    config.request_timeout = Duration::from_secs(5);
    config.max_retries = 3;
    config.backoff = Backoff {
        base: Duration::from_millis(5),
        factor: 2.0,
        cap: Duration::from_millis(50),
        jitter: 0.2,
    };
    config
}

pub fn translator(config: &ProviderConfig) -> Translator {
    Translator::new(wordmark_mt::build(config).expect("provider builds"), config)
}

pub fn spec(run: u64, source: &str, target: &str) -> RunSpec {
    RunSpec {
        run: RunId(run),
        source_lang: source.into(),
        target_lang: target.into(),
        strict: false,
        glossary_id: None,
        terms: None,
    }
}

/// `count` items with ids `first..` and texts with markup.
pub fn items(first: u64, count: usize) -> Vec<Item> {
    (0..count as u64)
        .map(|i| Item {
            id: first + i,
            text: format!(
                r#"Segment {} with <g id="1">bold</g> text<x id="2"/>"#,
                first + i
            ),
        })
        .collect()
}

/// Results by id; panics on duplicates (every item must come back exactly once).
pub fn by_id(results: Vec<ItemResult>) -> HashMap<u64, Result<String, MtError>> {
    let count = results.len();
    let map: HashMap<_, _> = results.into_iter().collect();
    assert_eq!(map.len(), count, "an item came back twice");
    map
}

pub async fn translate_all(
    translator: &Translator,
    spec: RunSpec,
    items: Vec<Item>,
) -> HashMap<u64, Result<String, MtError>> {
    by_id(translator.translate_all(spec, items, |_| {}).await)
}
