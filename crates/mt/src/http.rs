//! The HTTP side shared by the providers: one client with timeout and User-Agent, a retry loop
//! with backoff for transient failures, and error-body parsing.

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde::de::DeserializeOwned;

use crate::config::{Backoff, ProviderConfig};
use crate::error::MtError;

/// Turns a failed answer (status, body) into the provider's error.
pub(crate) type Classify = fn(u16, &str) -> MtError;

pub(crate) struct HttpClient {
    client: reqwest::Client,
    timeout: Duration,
    max_retries: u32,
    backoff: Backoff,
    provider: &'static str,
    classify: Classify,
}

impl HttpClient {
    pub(crate) fn new(
        config: &ProviderConfig,
        provider: &'static str,
        classify: Classify,
    ) -> Result<Self, MtError> {
        let client = reqwest::Client::builder()
            .user_agent(concat!("wordmark/", env!("CARGO_PKG_VERSION")))
            .timeout(config.request_timeout)
            .build()
            .map_err(|e| MtError::Network(e.without_url().to_string()))?;
        Ok(Self {
            client,
            timeout: config.request_timeout,
            max_retries: config.max_retries,
            backoff: config.backoff,
            provider,
            classify,
        })
    }

    /// Sends the request built by `request` and parses a JSON answer. Transient failures are
    /// retried with backoff (or after `Retry-After`, when the provider sends it) up to
    /// `max_retries` times; everything else is returned at once.
    pub(crate) async fn send_json<T: DeserializeOwned>(
        &self,
        request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<T, MtError> {
        let body = self.send(request).await?;
        serde_json::from_str(&body).map_err(|e| {
            MtError::BadAnswer(format!(
                "{} answered with unexpected JSON: {e}",
                self.provider
            ))
        })
    }

    /// Like [`HttpClient::send_json`], for answers whose body does not matter (`204 No
    /// Content`): the body as it came.
    pub(crate) async fn send(
        &self,
        request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<String, MtError> {
        let mut attempt = 0;
        loop {
            let (error, retry_after) = match self.attempt(&request).await {
                Ok(body) => return Ok(body),
                Err(failure) => failure,
            };
            if !error.is_transient() || attempt >= self.max_retries {
                return Err(error);
            }
            let pause = self.backoff.pause(attempt, retry_after);
            tracing::debug!(provider = self.provider, %error, attempt, ?pause, "retrying");
            tokio::time::sleep(pause).await;
            attempt += 1;
        }
    }

    /// One request: the body of a successful answer, or the error and any `Retry-After`.
    async fn attempt(
        &self,
        request: &impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
    ) -> Result<String, (MtError, Option<Duration>)> {
        let response = request(&self.client)
            .send()
            .await
            .map_err(|e| (self.transport_error(e), None))?;
        let status = response.status();
        let headers = response.headers().clone();
        let body = response
            .text()
            .await
            .map_err(|e| (self.transport_error(e), None))?;
        if status.is_success() {
            return Ok(body);
        }
        let error = (self.classify)(status.as_u16(), &body);
        // DeepL support asks for the trace id; other providers simply do not send one.
        let trace_id = headers
            .get("x-trace-id")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        tracing::warn!(provider = self.provider, status = status.as_u16(), trace_id, %error, "provider request failed");
        Err((error, retry_after(&headers)))
    }

    /// Maps a transport failure; the URL is dropped because it may carry a key (Google).
    fn transport_error(&self, error: reqwest::Error) -> MtError {
        if error.is_timeout() {
            MtError::Timeout(self.timeout)
        } else {
            MtError::Network(error.without_url().to_string())
        }
    }
}

/// `Retry-After` in seconds (the HTTP-date form is not used by these providers).
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?;
    value.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// The human message of an error body, whatever the provider's shape: `{"message"}` (DeepL),
/// `{"error":{"message"}}` (Google, OpenAI), `{"error":"…"}` (LibreTranslate) or plain text.
/// Empty bodies (DeepL's 403, many 5xx) give `HTTP <status>`.
pub(crate) fn error_message(status: u16, body: &str) -> String {
    let json: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let from_json = json.as_ref().and_then(|v| {
        v.get("message")
            .or_else(|| v.pointer("/error/message"))
            .or_else(|| v.get("error"))
            .and_then(|m| m.as_str())
            .map(str::to_owned)
    });
    let message = from_json.unwrap_or_else(|| body.trim().chars().take(300).collect());
    if message.is_empty() {
        format!("HTTP {status}")
    } else {
        message
    }
}

/// The meaning most providers give to a status; providers adjust the few that differ.
pub(crate) fn default_error(status: u16, message: String) -> MtError {
    match status {
        401 | 403 => MtError::Unauthorized { message },
        413 => MtError::PayloadTooLarge,
        429 | 529 => MtError::RateLimited,
        456 => MtError::QuotaExceeded { message },
        500..=599 => MtError::Server { status },
        _ => MtError::BadRequest { message },
    }
}

/// Joins a configured base address and a path without doubling the slash.
pub(crate) fn join(base: &str, path: &str) -> String {
    format!("{}{path}", base.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_messages_from_every_shape() {
        assert_eq!(
            error_message(456, r#"{"message":"Quota exceeded"}"#),
            "Quota exceeded"
        );
        assert_eq!(
            error_message(
                403,
                r#"{"error":{"code":403,"message":"Daily Limit Exceeded"}}"#
            ),
            "Daily Limit Exceeded"
        );
        assert_eq!(
            error_message(400, r#"{"error":"xx is not supported"}"#),
            "xx is not supported"
        );
        assert_eq!(error_message(500, "oops"), "oops");
        assert_eq!(error_message(403, ""), "HTTP 403");
    }

    #[test]
    fn statuses_map_to_errors() {
        assert!(matches!(
            default_error(429, String::new()),
            MtError::RateLimited
        ));
        assert!(matches!(
            default_error(529, String::new()),
            MtError::RateLimited
        ));
        assert!(matches!(
            default_error(503, String::new()),
            MtError::Server { status: 503 }
        ));
        assert!(matches!(
            default_error(456, "q".into()),
            MtError::QuotaExceeded { .. }
        ));
        assert!(matches!(
            default_error(413, String::new()),
            MtError::PayloadTooLarge
        ));
        assert!(matches!(
            default_error(404, "gone".into()),
            MtError::BadRequest { .. }
        ));
        assert!(!default_error(400, String::new()).is_transient());
        assert!(default_error(500, String::new()).is_transient());
    }

    #[test]
    fn retry_after_in_seconds() {
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers), None);
        headers.insert(RETRY_AFTER, "3".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(3)));
        headers.insert(
            RETRY_AFTER,
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers), None);
    }

    #[test]
    fn join_handles_trailing_slashes() {
        assert_eq!(
            join("http://h:1/", "/v2/translate"),
            "http://h:1/v2/translate"
        );
        assert_eq!(
            join("http://h:1", "/v2/translate"),
            "http://h:1/v2/translate"
        );
    }
}
