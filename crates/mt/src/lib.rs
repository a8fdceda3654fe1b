//! Machine translation for Wordmark: provider clients (DeepL, Google Cloud Translation v2,
//! LibreTranslate, OpenAI-compatible chat completions, a local pseudo-translator), and the
//! engine that batches segments within each provider's limits, sends requests concurrently
//! with retries, and shares the concurrency fairly between runs.
//!
//! Texts are XML fragments: escaped text with `<g id="N">…</g>` and `<x id="N"/>`
//! placeholders. Providers return fragments with the same placeholders as far as the service
//! manages; checking them and restoring the original markup is the caller's job.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use wordmark_mt::{Item, ProviderConfig, RunId, RunSpec, Translator};
//! let config = ProviderConfig::from_env()?;
//! let translator = Translator::new(wordmark_mt::build(&config)?, &config);
//! let spec = RunSpec { run: RunId(1), source_lang: "en".into(), target_lang: "de".into(), strict: false, glossary_id: None, terms: None };
//! let items = vec![Item { id: 7, text: r#"Click <g id="1">here</g>"#.into() }];
//! let results = translator.translate_all(spec, items, |p| println!("{}/{}", p.done, p.total)).await;
//! # Ok(()) }
//! ```

mod batching;
mod config;
mod error;
mod fragment;
mod http;
pub mod lang;
mod limiter;
mod provider;
mod providers;
mod translator;

#[cfg(feature = "fake")]
pub mod fake;

/// The answer handling that runs without a network, for the fuzz targets in `fuzz/`; not an API.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::fragment::{Piece, html_to_xml, pieces};
    pub use crate::providers::openai::strip_code_fence;

    /// How the provider of `kind` reads an error answer (`status`, `body`); `None` for the
    /// providers that never answer over HTTP.
    pub fn classify_error(
        kind: crate::ProviderKind,
        status: u16,
        body: &str,
    ) -> Option<crate::MtError> {
        use crate::providers::{deepl, google, libretranslate, openai};
        Some(match kind {
            crate::ProviderKind::Deepl => deepl::classify(status, body),
            crate::ProviderKind::Google => google::classify(status, body),
            crate::ProviderKind::LibreTranslate => libretranslate::classify(status, body),
            crate::ProviderKind::OpenAi => openai::classify(status, body),
            crate::ProviderKind::Pseudo | crate::ProviderKind::None => return None,
        })
    }
}

pub use batching::Item;
pub use config::{
    Backoff, ConfigError, ConfigVar, DEFAULT_CONCURRENCY, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT,
    EnglishVariant, FORMALITIES, ProviderConfig, ProviderKind, config_vars, redact,
};
pub use error::MtError;
pub use limiter::{FairLimiter, Permit, RunId};
pub use provider::{
    Batch, BatchLimits, Glossaries, GlossaryDictionary, Provider, TermHints, Usage, build,
};
pub use providers::pseudo::pseudo_translate;
pub use translator::{ItemResult, Progress, RunSpec, Translator};
