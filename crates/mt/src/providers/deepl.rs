//! DeepL API v2 (`POST /v2/translate`, `GET /v2/usage`).

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use super::{expect_count, required};
use crate::config::{EnglishVariant, ProviderConfig, ProviderKind, VAR_DEEPL_KEY};
use crate::error::MtError;
use crate::http::{HttpClient, default_error, error_message, join};
use crate::lang;
use crate::provider::{Batch, BatchLimits, Provider, Usage};

const FREE_URL: &str = "https://api-free.deepl.com";
const PRO_URL: &str = "https://api.deepl.com";

/// DeepL's documented limits: 50 texts and 128 KiB of body per request.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 50,
    max_request_bytes: 128 * 1024,
};

pub struct Deepl {
    http: HttpClient,
    auth: String,
    base: String,
    english: EnglishVariant,
    formality: Option<String>,
    glossary_id: Option<String>,
}

impl Deepl {
    pub fn new(config: &ProviderConfig) -> Result<Self, MtError> {
        let key = required(&config.api_key, VAR_DEEPL_KEY)?;
        // Free keys end in ":fx" and only work on the Free host.
        let base = config.base_url.clone().unwrap_or_else(|| {
            if key.ends_with(":fx") {
                FREE_URL
            } else {
                PRO_URL
            }
            .to_owned()
        });
        Ok(Self {
            http: HttpClient::new(config, "DeepL", classify)?,
            auth: format!("DeepL-Auth-Key {key}"),
            base,
            english: config.english_variant,
            formality: config.formality.clone(),
            glossary_id: config.glossary_id.clone(),
        })
    }

    fn body<'a>(&'a self, batch: &'a Batch) -> TranslateBody<'a> {
        TranslateBody {
            text: &batch.texts,
            source_lang: lang::deepl_source(&batch.source_lang),
            target_lang: lang::deepl_target(&batch.target_lang, self.english),
            tag_handling: "xml",
            // Set explicitly: the default depends on the account's age. v2 keeps placeholders
            // where they belong; when its answer failed the markup check, v1 is the other try.
            tag_handling_version: if batch.strict { "v1" } else { "v2" },
            non_splitting_tags: ["g", "x"],
            // Segments are single units, not documents.
            outline_detection: false,
            split_sentences: "nonewlines",
            preserve_formatting: true,
            formality: self.formality.as_deref(),
            glossary_id: self.glossary_id.as_deref(),
        }
    }

    async fn fetch_usage(&self) -> Result<Usage, MtError> {
        let answer: UsageAnswer = self
            .http
            .send_json(|client| {
                client
                    .get(join(&self.base, "/v2/usage"))
                    .header("Authorization", &self.auth)
            })
            .await?;
        Ok(Usage {
            characters_used: answer.character_count,
            characters_limit: answer.character_limit,
        })
    }

    async fn translate_batch(&self, batch: &Batch) -> Result<Vec<String>, MtError> {
        let body = self.body(batch);
        let answer: TranslateAnswer = self
            .http
            .send_json(|client| {
                client
                    .post(join(&self.base, "/v2/translate"))
                    .header("Authorization", &self.auth)
                    .json(&body)
            })
            .await?;
        let texts = answer.translations.into_iter().map(|t| t.text).collect();
        expect_count("DeepL", batch.texts.len(), texts)
    }
}

/// DeepL's 403 has an empty body, so the message says what to fix instead of echoing it.
pub(crate) fn classify(status: u16, body: &str) -> MtError {
    match status {
        401 | 403 => MtError::Unauthorized {
            message: format!("the API key was refused by DeepL — check {VAR_DEEPL_KEY}"),
        },
        _ => default_error(status, error_message(status, body)),
    }
}

#[derive(Serialize)]
struct TranslateBody<'a> {
    text: &'a [String],
    source_lang: String,
    target_lang: String,
    tag_handling: &'static str,
    tag_handling_version: &'static str,
    non_splitting_tags: [&'static str; 2],
    outline_detection: bool,
    split_sentences: &'static str,
    preserve_formatting: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    formality: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    glossary_id: Option<&'a str>,
}

#[derive(Deserialize)]
struct TranslateAnswer {
    translations: Vec<Translation>,
}

#[derive(Deserialize)]
struct Translation {
    text: String,
}

#[derive(Deserialize)]
struct UsageAnswer {
    character_count: u64,
    character_limit: u64,
}

impl Provider for Deepl {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Deepl
    }

    fn label(&self) -> String {
        "DeepL".to_owned()
    }

    fn limits(&self) -> BatchLimits {
        LIMITS
    }

    fn empty_request_bytes(&self, batch: &Batch) -> usize {
        let empty = Batch {
            texts: Vec::new(),
            ..batch.clone()
        };
        serde_json::to_vec(&self.body(&empty)).map_or(0, |b| b.len())
    }

    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(self.translate_batch(batch))
    }

    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { self.fetch_usage().await.map(Some) })
    }

    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(async { self.fetch_usage().await.map(|_| ()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deepl(key: &str) -> Deepl {
        let mut config = ProviderConfig::new(ProviderKind::Deepl);
        config.api_key = Some(key.into());
        Deepl::new(&config).unwrap()
    }

    #[test]
    fn free_and_pro_addresses_follow_the_key() {
        assert_eq!(deepl("abc:fx").base, FREE_URL);
        assert_eq!(deepl("abc").base, PRO_URL);
    }

    #[test]
    fn size_estimate_is_exact() {
        let provider = deepl("k");
        let batch = Batch {
            source_lang: "en".into(),
            target_lang: "pt-br".into(),
            texts: vec![
                "a \"quoted\" é\n".into(),
                r#"<g id="1">x</g>"#.into(),
                String::new(),
            ],
            strict: false,
        };
        let estimate = provider.empty_request_bytes(&batch)
            + batch
                .texts
                .iter()
                .map(|t| provider.text_bytes(t))
                .sum::<usize>();
        let actual = serde_json::to_vec(&provider.body(&batch)).unwrap().len();
        // One comma fewer than texts.
        assert_eq!(estimate, actual + 1);
    }
}
