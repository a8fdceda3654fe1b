//! Google Cloud Translation Basic (v2) with an API key.

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use super::{expect_count, required};
use crate::config::{ProviderConfig, ProviderKind, VAR_GOOGLE_KEY, VAR_GOOGLE_URL};
use crate::error::MtError;
use crate::fragment::html_to_xml;
use crate::http::{HttpClient, default_error, error_message, join};
use crate::lang;
use crate::provider::{Batch, BatchLimits, Provider, Usage};

const DEFAULT_URL: &str = "https://translation.googleapis.com";
const TRANSLATE_PATH: &str = "/language/translate/v2";

/// v2 accepts at most 128 `q` values and about 100 K bytes per request.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 128,
    max_request_bytes: 100_000,
};

pub struct Google {
    http: HttpClient,
    /// Addresses with the key as query parameter.
    translate_url: reqwest::Url,
    languages_url: reqwest::Url,
}

impl Google {
    pub fn new(config: &ProviderConfig) -> Result<Self, MtError> {
        let key = required(&config.api_key, VAR_GOOGLE_KEY)?;
        let base = config.base_url.as_deref().unwrap_or(DEFAULT_URL);
        let with_key = |path: &str| {
            reqwest::Url::parse_with_params(&join(base, path), [("key", &key)]).map_err(|e| {
                MtError::NotConfigured {
                    what: format!("set {VAR_GOOGLE_URL} to a valid address ({e})"),
                }
            })
        };
        Ok(Self {
            http: HttpClient::new(config, "Google", classify)?,
            translate_url: with_key(TRANSLATE_PATH)?,
            languages_url: with_key(&format!("{TRANSLATE_PATH}/languages"))?,
        })
    }

    fn body<'a>(batch: &'a Batch) -> TranslateBody<'a> {
        TranslateBody {
            q: &batch.texts,
            source: lang::google(&batch.source_lang),
            target: lang::google(&batch.target_lang),
            // HTML mode keeps the `<g>`/`<x/>` placeholders as tags and translates around them.
            format: "html",
        }
    }

    async fn translate_batch(&self, batch: &Batch) -> Result<Vec<String>, MtError> {
        let body = Self::body(batch);
        let answer: TranslateAnswer = self
            .http
            .send_json(|client| client.post(self.translate_url.clone()).json(&body))
            .await?;
        let texts = answer
            .data
            .translations
            .into_iter()
            .map(|t| html_to_xml(&t.translated_text))
            .collect();
        expect_count("Google", batch.texts.len(), texts)
    }

    async fn list_languages(&self) -> Result<(), MtError> {
        let _: serde_json::Value = self
            .http
            .send_json(|client| client.get(self.languages_url.clone()))
            .await?;
        Ok(())
    }
}

/// Google reports both bad keys and spent quotas as 403 (bad keys sometimes as 400); the
/// message tells them apart.
pub(crate) fn classify(status: u16, body: &str) -> MtError {
    let message = error_message(status, body);
    let lower = message.to_ascii_lowercase();
    match status {
        400 | 401 | 403 if lower.contains("api key") => MtError::Unauthorized {
            message: format!(
                "the API key was refused by Google — check {VAR_GOOGLE_KEY} ({message})"
            ),
        },
        // "User Rate Limit Exceeded" is a per-minute quota: waiting helps.
        403 if lower.contains("rate limit") => MtError::RateLimited,
        403 if lower.contains("limit exceeded") || lower.contains("quota") => {
            MtError::QuotaExceeded { message }
        }
        401 | 403 => MtError::Unauthorized {
            message: format!("Google refused the request — check {VAR_GOOGLE_KEY} ({message})"),
        },
        _ => default_error(status, message),
    }
}

#[derive(Serialize)]
struct TranslateBody<'a> {
    q: &'a [String],
    source: String,
    target: String,
    format: &'static str,
}

#[derive(Deserialize)]
struct TranslateAnswer {
    data: TranslationList,
}

#[derive(Deserialize)]
struct TranslationList {
    translations: Vec<Translation>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Translation {
    translated_text: String,
}

impl Provider for Google {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Google
    }

    fn label(&self) -> String {
        "Google Cloud Translation".to_owned()
    }

    fn limits(&self) -> BatchLimits {
        LIMITS
    }

    fn empty_request_bytes(&self, batch: &Batch) -> usize {
        let empty = Batch {
            texts: Vec::new(),
            ..batch.clone()
        };
        serde_json::to_vec(&Self::body(&empty)).map_or(0, |b| b.len())
    }

    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(self.translate_batch(batch))
    }

    /// Google Basic has no usage endpoint for API keys.
    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { Ok(None) })
    }

    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(self.list_languages())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_and_key_errors_are_told_apart() {
        let body = |m: &str| format!(r#"{{"error":{{"code":403,"message":"{m}"}}}}"#);
        assert!(
            matches!(classify(403, &body("Daily Limit Exceeded")), MtError::QuotaExceeded { message } if message == "Daily Limit Exceeded")
        );
        assert!(matches!(
            classify(403, &body("User Rate Limit Exceeded")),
            MtError::RateLimited
        ));
        assert!(matches!(
            classify(
                400,
                &body("API key not valid. Please pass a valid API key.")
            ),
            MtError::Unauthorized { .. }
        ));
        assert!(matches!(
            classify(403, &body("The request is missing a valid API key.")),
            MtError::Unauthorized { .. }
        ));
        assert!(matches!(
            classify(400, &body("Invalid Value")),
            MtError::BadRequest { .. }
        ));
    }
}
