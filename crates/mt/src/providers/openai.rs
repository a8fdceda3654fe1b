//! OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp server).

use std::sync::atomic::{AtomicBool, Ordering};

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use super::{expect_count, required};
use crate::config::{ProviderConfig, ProviderKind, VAR_OPENAI_KEY, VAR_OPENAI_MODEL};
use crate::error::MtError;
use crate::http::{HttpClient, default_error, error_message, join};
use crate::provider::{Batch, BatchLimits, Provider, Usage, json_string_len};

const DEFAULT_URL: &str = "https://api.openai.com";

/// Small batches: models lose count and markup on long lists, and the answer must fit the
/// model's output budget.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 20,
    max_request_bytes: 32 * 1024,
};

const SYSTEM_PROMPT: &str = "You are a professional translator. The user sends JSON with \
source_language, target_language (language codes) and items, an array of texts. Translate each \
item independently from the source into the target language. The texts are XML fragments: keep \
every <g id=\"N\">…</g> and <x id=\"N\"/> tag exactly once, with the same id, properly nested; \
you may move tags to where the grammar of the target language needs them, but never translate, \
rename, add or drop a tag. Keep XML escapes (&amp; &lt; &gt;) escaped. Answer only with JSON \
{\"translations\": [...]}: one translated string per item, in the same order and the same \
count as items, and no comments.";

/// Added when the request carries the termbase's pairs found in its items.
const TERMS_NOTE: &str = " The JSON's terms are the client's terminology: where an item \
contains a term's source, translate it with that term's target.";

/// Added for the strict retry after an answer whose tags did not match.
const STRICT_NOTE: &str = " A previous answer damaged the tags: copy every tag character for \
character, and keep the text between a <g> and its </g> inside that pair.";

pub struct OpenAi {
    http: HttpClient,
    base: String,
    model: String,
    bearer: Option<String>,
    /// Cleared when the server rejects `response_format` (older local servers), so later
    /// requests stop sending it.
    json_mode: AtomicBool,
}

impl OpenAi {
    pub fn new(config: &ProviderConfig) -> Result<Self, MtError> {
        Ok(Self {
            http: HttpClient::new(config, "OpenAI-compatible server", classify)?,
            base: config
                .base_url
                .clone()
                .unwrap_or_else(|| DEFAULT_URL.to_owned()),
            model: required(&config.model, VAR_OPENAI_MODEL)?,
            bearer: config.api_key.as_ref().map(|key| format!("Bearer {key}")),
            json_mode: AtomicBool::new(true),
        })
    }

    fn body<'a>(&'a self, batch: &'a Batch, json_mode: bool) -> ChatBody<'a> {
        let user = UserMessage {
            source_language: &batch.source_lang,
            target_language: &batch.target_lang,
            items: &batch.texts,
            terms: batch
                .terms
                .iter()
                .map(|(source, target)| Term { source, target })
                .collect(),
        };
        let mut system = SYSTEM_PROMPT.to_owned();
        if !batch.terms.is_empty() {
            system.push_str(TERMS_NOTE);
        }
        if batch.strict {
            system.push_str(STRICT_NOTE);
        }
        ChatBody {
            model: &self.model,
            temperature: 0.0,
            messages: [
                Message {
                    role: "system",
                    content: system,
                },
                Message {
                    role: "user",
                    content: serde_json::to_string(&user).unwrap_or_default(),
                },
            ],
            response_format: json_mode.then_some(ResponseFormat {
                kind: "json_object",
            }),
        }
    }

    /// Local servers often run without a key; send the header only when one is configured.
    fn authorize(&self, builder: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.bearer {
            Some(bearer) => builder.header("Authorization", bearer),
            None => builder,
        }
    }

    async fn translate_batch(&self, batch: &Batch) -> Result<Vec<String>, MtError> {
        let json_mode = self.json_mode.load(Ordering::Relaxed);
        match self.complete(batch, json_mode).await {
            Err(MtError::BadRequest { message })
                if json_mode && message.contains("response_format") =>
            {
                tracing::info!(
                    "the server does not support response_format; asking for JSON in the prompt only"
                );
                self.json_mode.store(false, Ordering::Relaxed);
                self.complete(batch, false).await
            }
            other => other,
        }
    }

    async fn complete(&self, batch: &Batch, json_mode: bool) -> Result<Vec<String>, MtError> {
        let body = self.body(batch, json_mode);
        let url = join(&self.base, "/v1/chat/completions");
        let answer: ChatAnswer = self
            .http
            .send_json(|client| self.authorize(client.post(&url)).json(&body))
            .await?;
        let choice = answer
            .choices
            .into_iter()
            .next()
            .ok_or_else(|| MtError::BadAnswer("the model answered without a choice".into()))?;
        // Cut off by the output budget: a smaller batch fits.
        if choice.finish_reason.as_deref() == Some("length") {
            return Err(MtError::PayloadTooLarge);
        }
        let content = strip_code_fence(&choice.message.content);
        let parsed: Translations = serde_json::from_str(content).map_err(|e| {
            MtError::BadAnswer(format!(
                "the model did not answer with the requested JSON: {e}"
            ))
        })?;
        expect_count("The model", batch.texts.len(), parsed.translations)
    }

    async fn list_models(&self) -> Result<(), MtError> {
        let url = join(&self.base, "/v1/models");
        let _: serde_json::Value = self
            .http
            .send_json(|client| self.authorize(client.get(&url)))
            .await?;
        Ok(())
    }
}

/// Models without JSON mode like to wrap their JSON in a Markdown code fence.
pub fn strip_code_fence(content: &str) -> &str {
    let trimmed = content.trim();
    let Some(inner) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    let inner = inner.strip_prefix("json").unwrap_or(inner);
    inner.strip_suffix("```").unwrap_or(inner).trim()
}

pub(crate) fn classify(status: u16, body: &str) -> MtError {
    let message = error_message(status, body);
    let code = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| {
            v.pointer("/error/code")
                .and_then(|c| c.as_str())
                .map(str::to_owned)
        });
    match status {
        401 | 403 => MtError::Unauthorized {
            message: format!(
                "the OpenAI-compatible server refused the key — check {VAR_OPENAI_KEY} ({message})"
            ),
        },
        // OpenAI answers 429 both for pacing and for an exhausted balance.
        429 if code.as_deref() == Some("insufficient_quota") => MtError::QuotaExceeded { message },
        _ => default_error(status, message),
    }
}

#[derive(Serialize)]
struct UserMessage<'a> {
    source_language: &'a str,
    target_language: &'a str,
    items: &'a [String],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    terms: Vec<Term<'a>>,
}

#[derive(Serialize)]
struct Term<'a> {
    source: &'a str,
    target: &'a str,
}

#[derive(Serialize)]
struct ChatBody<'a> {
    model: &'a str,
    temperature: f32,
    messages: [Message; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    response_format: Option<ResponseFormat>,
}

#[derive(Serialize)]
struct Message {
    role: &'static str,
    content: String,
}

#[derive(Serialize)]
struct ResponseFormat {
    #[serde(rename = "type")]
    kind: &'static str,
}

#[derive(Deserialize)]
struct ChatAnswer {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: AnswerMessage,
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct AnswerMessage {
    content: String,
}

#[derive(Deserialize)]
struct Translations {
    translations: Vec<String>,
}

impl Provider for OpenAi {
    fn kind(&self) -> ProviderKind {
        ProviderKind::OpenAi
    }

    fn label(&self) -> String {
        format!("OpenAI-compatible ({})", self.model)
    }

    fn limits(&self) -> BatchLimits {
        LIMITS
    }

    fn empty_request_bytes(&self, batch: &Batch) -> usize {
        let empty = Batch {
            texts: Vec::new(),
            ..batch.clone()
        };
        serde_json::to_vec(&self.body(&empty, true)).map_or(0, |b| b.len())
    }

    /// The texts travel as JSON inside a JSON string, so they are escaped twice.
    fn text_bytes(&self, text: &str) -> usize {
        let inner = serde_json::to_string(text).unwrap_or_default();
        json_string_len(&inner) - 2 + 1
    }

    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(self.translate_batch(batch))
    }

    /// The pairs go in the user message (a few per request: only those its items contain),
    /// beyond the packing's size estimate; the request limit is this provider's own choice,
    /// well below what chat servers take.
    fn uses_terms(&self) -> bool {
        true
    }

    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { Ok(None) })
    }

    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(self.list_models())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider() -> OpenAi {
        let mut config = ProviderConfig::new(ProviderKind::OpenAi);
        config.model = Some("m".into());
        OpenAi::new(&config).unwrap()
    }

    #[test]
    fn size_estimate_is_exact() {
        let provider = provider();
        let batch = Batch {
            source_lang: "en".into(),
            target_lang: "de".into(),
            texts: vec!["say \"hi\"\n".into(), r#"<g id="1">x</g> & y"#.into()],
            strict: true,
            glossary_id: None,
            terms: Vec::new(),
        };
        let estimate = provider.empty_request_bytes(&batch)
            + batch
                .texts
                .iter()
                .map(|t| provider.text_bytes(t))
                .sum::<usize>();
        let actual = serde_json::to_vec(&provider.body(&batch, true))
            .unwrap()
            .len();
        assert_eq!(estimate, actual + 1);
    }

    #[test]
    fn code_fences_are_removed() {
        assert_eq!(strip_code_fence("```json\n{\"a\":1}\n```"), "{\"a\":1}");
        assert_eq!(strip_code_fence(" {\"a\":1} "), "{\"a\":1}");
    }

    #[test]
    fn insufficient_quota_stops_but_pacing_retries() {
        let quota = r#"{"error":{"message":"You exceeded your current quota","code":"insufficient_quota"}}"#;
        assert!(matches!(
            classify(429, quota),
            MtError::QuotaExceeded { .. }
        ));
        assert!(matches!(
            classify(429, r#"{"error":{"message":"slow down"}}"#),
            MtError::RateLimited
        ));
    }
}
