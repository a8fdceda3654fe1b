//! The one error type of the crate: every provider maps its failures onto it so callers can
//! decide (retry, stop the run, flag one segment) without knowing which provider answered.

use std::time::Duration;

/// A machine-translation failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MtError {
    /// No provider (or no key/address) is configured; `what` names the setting to fix.
    #[error("machine translation is not configured: {what}")]
    NotConfigured { what: String },
    /// The provider refused the credentials (HTTP 401/403).
    #[error("{message}")]
    Unauthorized { message: String },
    /// The account's character quota is spent (DeepL 456, Google 403 quota errors).
    #[error("the translation quota is exhausted: {message}")]
    QuotaExceeded { message: String },
    /// The provider rejected the request as invalid; retrying the same request cannot help.
    #[error("the provider rejected the request: {message}")]
    BadRequest { message: String },
    /// The provider does not know what the request names (HTTP 404: a glossary that was
    /// deleted on the provider's side).
    #[error("the provider does not know it: {message}")]
    NotFound { message: String },
    /// The request body was over the provider's size limit (HTTP 413).
    #[error("the request was too large for the provider")]
    PayloadTooLarge,
    /// A single text is larger than the provider accepts in one request.
    #[error("the text is too long for one request ({bytes} bytes, the limit is {limit})")]
    TextTooLong { bytes: usize, limit: usize },
    /// Still rate limited (429/529) after every retry.
    #[error("the provider is rate limiting requests; try again later")]
    RateLimited,
    /// The provider failed with a server error after every retry.
    #[error("the provider failed with HTTP status {status}")]
    Server { status: u16 },
    /// No answer within the request timeout.
    #[error("the provider did not answer within {0:?}")]
    Timeout(Duration),
    /// The connection failed (refused, reset, DNS).
    #[error("could not reach the provider: {0}")]
    Network(String),
    /// The provider answered, but not with what was asked for (wrong shape, wrong count).
    #[error("the provider's answer was unusable: {0}")]
    BadAnswer(String),
}

impl MtError {
    /// A short stable name for metrics and logs (`quota`, `rate_limited`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NotConfigured { .. } => "not_configured",
            Self::Unauthorized { .. } => "unauthorized",
            Self::QuotaExceeded { .. } => "quota",
            Self::BadRequest { .. } => "bad_request",
            Self::NotFound { .. } => "not_found",
            Self::PayloadTooLarge => "payload_too_large",
            Self::TextTooLong { .. } => "text_too_long",
            Self::RateLimited => "rate_limited",
            Self::Server { .. } => "server_error",
            Self::Timeout(_) => "timeout",
            Self::Network(_) => "network",
            Self::BadAnswer(_) => "bad_answer",
        }
    }

    /// Errors after which every further request of the same run would fail the same way, so
    /// the run stops instead of burning through the remaining batches. A network error counts
    /// once its retries are spent: the provider is unreachable, and each further batch would
    /// wait through its own retries for nothing.
    pub fn stops_run(&self) -> bool {
        matches!(
            self,
            Self::NotConfigured { .. }
                | Self::Unauthorized { .. }
                | Self::QuotaExceeded { .. }
                | Self::Network(_)
        )
    }

    /// Errors worth another attempt after a pause.
    pub(crate) fn is_transient(&self) -> bool {
        matches!(
            self,
            Self::RateLimited | Self::Server { .. } | Self::Timeout(_) | Self::Network(_)
        )
    }
}
