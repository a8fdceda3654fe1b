//! The provider interface and the factory that builds one from a [`ProviderConfig`].

use std::sync::Arc;

use futures::future::BoxFuture;

use crate::config::{ProviderConfig, ProviderKind};
use crate::error::MtError;
use crate::providers::{
    deepl::Deepl, google::Google, libretranslate::LibreTranslate, openai::OpenAi, pseudo::Pseudo,
};

/// Texts for one request. Every text is a fragment (escaped text plus `<g>`/`<x/>`
/// placeholders); languages are WPML codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub source_lang: String,
    pub target_lang: String,
    pub texts: Vec<String>,
    /// Ask for the provider's strictest markup protection: the caller retries with this set
    /// when a first answer came back with damaged placeholders.
    pub strict: bool,
    /// The provider's glossary for the pair (made with [`Provider::glossaries`]); it wins over
    /// a glossary set in the configuration.
    pub glossary_id: Option<String>,
    /// The termbase's (source term, target term) pairs found in these texts, for providers
    /// that read instructions ([`Provider::uses_terms`]); empty for the others.
    pub terms: Vec<TermPair>,
}

/// Finds the (source term, target term) pairs that apply to a request's texts. The caller
/// owns the termbase and its index; this crate only asks, once per request, and only for
/// providers that use them.
#[derive(Clone)]
pub struct TermHints(Arc<FindTerms>);

/// A (source term, target term) pair.
pub type TermPair = (String, String);

type FindTerms = dyn Fn(&[String]) -> Vec<TermPair> + Send + Sync;

impl TermHints {
    pub fn new(find: impl Fn(&[String]) -> Vec<TermPair> + Send + Sync + 'static) -> Self {
        Self(Arc::new(find))
    }

    pub fn relevant(&self, texts: &[String]) -> Vec<TermPair> {
        (self.0)(texts)
    }
}

impl std::fmt::Debug for TermHints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TermHints")
    }
}

/// The same finder, not an equal one: specs compare equal when they share it.
impl PartialEq for TermHints {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for TermHints {}

/// The entries of a glossary for one language pair (WPML codes), source term to target term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlossaryDictionary {
    pub source_lang: String,
    pub target_lang: String,
    pub entries: Vec<(String, String)>,
}

/// The glossaries a provider keeps on its side (DeepL's). The caller owns the ids and decides
/// when to make or replace one; the provider only speaks the protocol.
pub trait Glossaries: Send + Sync {
    /// Creates a glossary named `name` holding `dictionary`; answers its id.
    fn create<'a>(
        &'a self,
        name: &'a str,
        dictionary: &'a GlossaryDictionary,
    ) -> BoxFuture<'a, Result<String, MtError>>;

    /// Replaces (or adds) the glossary's dictionary for the pair. [`MtError::NotFound`] when
    /// the glossary is gone.
    fn replace<'a>(
        &'a self,
        id: &'a str,
        dictionary: &'a GlossaryDictionary,
    ) -> BoxFuture<'a, Result<(), MtError>>;

    /// Deletes the glossary; one that is gone already counts as deleted.
    fn delete<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), MtError>>;

    /// Whether the glossary still exists and holds a dictionary for the pair.
    fn holds<'a>(
        &'a self,
        id: &'a str,
        source_lang: &'a str,
        target_lang: &'a str,
    ) -> BoxFuture<'a, Result<bool, MtError>>;
}

/// How much one request may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchLimits {
    pub max_texts: usize,
    /// Size of the serialized request body.
    pub max_request_bytes: usize,
}

/// Characters used and allowed in the current billing period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Usage {
    pub characters_used: u64,
    pub characters_limit: u64,
}

/// A machine-translation service. Object safe, so the server can hold an `Arc<dyn Provider>`
/// picked at run time.
pub trait Provider: Send + Sync {
    /// Which kind of provider this is.
    fn kind(&self) -> ProviderKind;

    /// A name for people (settings screen, exports). Pseudo says it is not a translation.
    fn label(&self) -> String;

    fn limits(&self) -> BatchLimits;

    /// Bytes of the request body for `batch` when its `texts` are empty. With
    /// [`Provider::text_bytes`] this gives the exact body size without serializing every
    /// candidate batch while packing.
    fn empty_request_bytes(&self, batch: &Batch) -> usize;

    /// Bytes one more text adds to a request body. The default fits bodies that carry the
    /// texts as a JSON array of strings: the encoded string plus its comma.
    fn text_bytes(&self, text: &str) -> usize {
        json_string_len(text) + 1
    }

    /// Translates every text of the batch; the answer has one fragment per text, in order.
    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>>;

    /// Usage and quota, where the provider reports them.
    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>>;

    /// A cheap call that proves the address and the key work ('Test connection').
    fn check(&self) -> BoxFuture<'_, Result<(), MtError>>;

    /// Whether requests should carry the termbase's pairs ([`Batch::terms`]): providers that
    /// take instructions in a prompt.
    fn uses_terms(&self) -> bool {
        false
    }

    /// The provider's own glossaries, where it has an API for them (DeepL).
    fn glossaries(&self) -> Option<&dyn Glossaries> {
        None
    }
}

/// Length of `text` encoded as a JSON string, quotes included.
pub(crate) fn json_string_len(text: &str) -> usize {
    serde_json::to_string(text).map_or(text.len() * 6 + 2, |s| s.len())
}

/// Builds the configured provider. `none`, or a provider without the key or address it needs,
/// is [`MtError::NotConfigured`] naming what to set.
pub fn build(config: &ProviderConfig) -> Result<Arc<dyn Provider>, MtError> {
    #[cfg(feature = "fake")]
    if config.base_url.as_deref() == Some(crate::fake::PANICKING_URL) {
        return Ok(Arc::new(crate::fake::Panicking));
    }
    Ok(match config.kind {
        ProviderKind::Deepl => Arc::new(Deepl::new(config)?),
        ProviderKind::Google => Arc::new(Google::new(config)?),
        ProviderKind::LibreTranslate => Arc::new(LibreTranslate::new(config)?),
        ProviderKind::OpenAi => Arc::new(OpenAi::new(config)?),
        ProviderKind::Pseudo => Arc::new(Pseudo),
        ProviderKind::None => {
            return Err(MtError::NotConfigured {
                what: "set WORDMARK_MT_PROVIDER to deepl, google, libretranslate, openai or pseudo (and the provider's key and address)".into(),
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_and_missing_keys_say_what_to_set() {
        let err = build(&ProviderConfig::new(ProviderKind::None))
            .err()
            .unwrap();
        assert!(
            matches!(&err, MtError::NotConfigured { what } if what.contains("WORDMARK_MT_PROVIDER")),
            "{err}"
        );
        let err = build(&ProviderConfig::new(ProviderKind::Deepl))
            .err()
            .unwrap();
        assert!(err.to_string().contains("WORDMARK_DEEPL_API_KEY"), "{err}");
        let err = build(&ProviderConfig::new(ProviderKind::Google))
            .err()
            .unwrap();
        assert!(err.to_string().contains("WORDMARK_GOOGLE_API_KEY"), "{err}");
        let err = build(&ProviderConfig::new(ProviderKind::LibreTranslate))
            .err()
            .unwrap();
        assert!(
            err.to_string().contains("WORDMARK_LIBRETRANSLATE_URL"),
            "{err}"
        );
        let err = build(&ProviderConfig::new(ProviderKind::OpenAi))
            .err()
            .unwrap();
        assert!(err.to_string().contains("WORDMARK_OPENAI_MODEL"), "{err}");
    }

    #[test]
    fn json_string_len_counts_escapes() {
        assert_eq!(json_string_len("ab"), 4);
        assert_eq!(json_string_len("a\"b\n"), 8);
        assert_eq!(json_string_len("é"), 4);
    }
}
