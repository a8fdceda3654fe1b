//! LibreTranslate (`POST /translate` with an array `q`).

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use super::{expect_count, required};
use crate::config::{ProviderConfig, ProviderKind, VAR_LIBRE_KEY, VAR_LIBRE_URL};
use crate::error::MtError;
use crate::fragment::html_to_xml;
use crate::http::{HttpClient, default_error, error_message, join};
use crate::lang;
use crate::provider::{Batch, BatchLimits, Provider, Usage};

/// LibreTranslate's limits are per server (`--char-limit`, `--batch-limit`); these are modest
/// defaults, and a server's "exceeds text limit" answer makes the batch split.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 50,
    max_request_bytes: 64 * 1024,
};

pub struct LibreTranslate {
    http: HttpClient,
    base: String,
    api_key: Option<String>,
}

impl LibreTranslate {
    pub fn new(config: &ProviderConfig) -> Result<Self, MtError> {
        Ok(Self {
            http: HttpClient::new(config, "LibreTranslate", classify)?,
            base: required(&config.base_url, VAR_LIBRE_URL)?,
            api_key: config.api_key.clone(),
        })
    }

    fn body<'a>(&'a self, batch: &'a Batch) -> TranslateBody<'a> {
        TranslateBody {
            q: &batch.texts,
            source: lang::libretranslate(&batch.source_lang),
            target: lang::libretranslate(&batch.target_lang),
            format: "html",
            api_key: self.api_key.as_deref(),
        }
    }

    async fn translate_batch(&self, batch: &Batch) -> Result<Vec<String>, MtError> {
        let body = self.body(batch);
        let url = join(&self.base, "/translate");
        let answer: TranslateAnswer = self
            .http
            .send_json(|client| client.post(&url).json(&body))
            .await?;
        let texts = answer
            .translated_text
            .iter()
            .map(|t| html_to_xml(t))
            .collect();
        expect_count("LibreTranslate", batch.texts.len(), texts)
    }

    async fn list_languages(&self) -> Result<(), MtError> {
        let url = join(&self.base, "/languages");
        let _: serde_json::Value = self.http.send_json(|client| client.get(&url)).await?;
        Ok(())
    }
}

pub(crate) fn classify(status: u16, body: &str) -> MtError {
    let message = error_message(status, body);
    match status {
        // The server's --char-limit/--batch-limit: a smaller request goes through.
        400 if message.contains("exceeds text limit") => MtError::PayloadTooLarge,
        403 => MtError::Unauthorized {
            message: format!(
                "LibreTranslate refused the request — check {VAR_LIBRE_KEY} ({message})"
            ),
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
    #[serde(skip_serializing_if = "Option::is_none")]
    api_key: Option<&'a str>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TranslateAnswer {
    translated_text: Vec<String>,
}

impl Provider for LibreTranslate {
    fn kind(&self) -> ProviderKind {
        ProviderKind::LibreTranslate
    }

    fn label(&self) -> String {
        "LibreTranslate".to_owned()
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
        Box::pin(async { Ok(None) })
    }

    /// Proves the address answers; LibreTranslate checks keys only when translating.
    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(self.list_languages())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_limits_split_and_bans_stop() {
        assert!(matches!(
            classify(
                400,
                r#"{"error":"Invalid request: request (5000) exceeds text limit (2000)"}"#
            ),
            MtError::PayloadTooLarge
        ));
        assert!(matches!(
            classify(403, r#"{"error":"Invalid API key"}"#),
            MtError::Unauthorized { .. }
        ));
        assert!(matches!(
            classify(429, r#"{"error":"Slowdown: 10 per 1 minute"}"#),
            MtError::RateLimited
        ));
        assert!(
            matches!(classify(400, r#"{"error":"xx is not supported"}"#), MtError::BadRequest { message } if message == "xx is not supported")
        );
    }
}
