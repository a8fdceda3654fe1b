//! Provider configuration, read from `WORDMARK_*` environment variables.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Which machine-translation service to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    Deepl,
    Google,
    LibreTranslate,
    OpenAi,
    /// Local pseudo-localisation, for dry runs without a real provider.
    Pseudo,
    /// Machine translation switched off.
    None,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 6] = [
        Self::Deepl,
        Self::Google,
        Self::LibreTranslate,
        Self::OpenAi,
        Self::Pseudo,
        Self::None,
    ];

    /// The name used in `WORDMARK_MT_PROVIDER` and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Deepl => "deepl",
            Self::Google => "google",
            Self::LibreTranslate => "libretranslate",
            Self::OpenAi => "openai",
            Self::Pseudo => "pseudo",
            Self::None => "none",
        }
    }
}

impl fmt::Display for ProviderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProviderKind {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|kind| kind.as_str() == wanted)
            .ok_or_else(|| {
                ConfigError::invalid(
                    VAR_PROVIDER,
                    s,
                    "deepl, google, libretranslate, openai, pseudo or none",
                )
            })
    }
}

/// Which English DeepL writes when the target is plain `en` (DeepL has no unspecified English).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EnglishVariant {
    #[default]
    British,
    American,
}

impl EnglishVariant {
    /// The name used in `WORDMARK_DEEPL_ENGLISH` and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::British => "en-gb",
            Self::American => "en-us",
        }
    }
}

impl FromStr for EnglishVariant {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "en-gb" => Ok(Self::British),
            "en-us" => Ok(Self::American),
            _ => Err(ConfigError::invalid(VAR_DEEPL_ENGLISH, s, "en-gb or en-us")),
        }
    }
}

/// Exponential backoff between retries: `base × factor^attempt`, at most `cap`, spread by
/// ±`jitter` (a fraction) so that parallel requests that failed together do not retry together.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Backoff {
    pub base: Duration,
    pub factor: f64,
    pub cap: Duration,
    pub jitter: f64,
}

impl Default for Backoff {
    /// DeepL's client libraries use 1 s × 1.6 with ±23 % jitter; the cap is lower than theirs
    /// (120 s) because a run waiting minutes on one batch looks stuck to the user.
    fn default() -> Self {
        Self {
            base: Duration::from_secs(1),
            factor: 1.6,
            cap: Duration::from_secs(30),
            jitter: 0.23,
        }
    }
}

impl Backoff {
    /// The pause before retry number `attempt` (0 for the first retry).
    pub fn delay(&self, attempt: u32) -> Duration {
        let exponent = i32::try_from(attempt).unwrap_or(i32::MAX);
        let nominal = self.base.as_secs_f64() * self.factor.powi(exponent);
        let spread = if self.jitter > 0.0 {
            rand::random_range(-self.jitter..=self.jitter)
        } else {
            0.0
        };
        let seconds = (nominal * (1.0 + spread)).clamp(0.0, self.cap.as_secs_f64());
        Duration::from_secs_f64(seconds)
    }

    /// The pause before retry number `attempt`: the provider's `Retry-After` when it sent one,
    /// otherwise [`Backoff::delay`]. A `Retry-After` beyond the cap is not waited out: a run
    /// parked for an hour on one header looks dead, and the next attempt will tell again.
    pub fn pause(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        retry_after.map_or_else(|| self.delay(attempt), |wanted| wanted.min(self.cap))
    }
}

/// Everything needed to build a provider client. `Debug` never prints the API key.
#[derive(Clone, PartialEq)]
pub struct ProviderConfig {
    pub kind: ProviderKind,
    pub api_key: Option<String>,
    /// Base address; the provider's path (e.g. `/v2/translate`) is appended.
    pub base_url: Option<String>,
    /// Model name (OpenAI-compatible servers).
    pub model: Option<String>,
    pub english_variant: EnglishVariant,
    /// DeepL `formality` (`default`, `more`, `less`, `prefer_more`, `prefer_less`).
    pub formality: Option<String>,
    pub glossary_id: Option<String>,
    /// Time allowed for one HTTP request, answer included.
    pub request_timeout: Duration,
    /// Retries after the first attempt for transient failures (429, 5xx, timeouts, network).
    pub max_retries: u32,
    /// Requests in flight at once, across all runs of the process.
    pub concurrency: usize,
    pub backoff: Backoff,
}

impl fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProviderConfig")
            .field("kind", &self.kind)
            .field("api_key", &self.api_key.as_deref().map(redact))
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("english_variant", &self.english_variant)
            .field("formality", &self.formality)
            .field("glossary_id", &self.glossary_id)
            .field("request_timeout", &self.request_timeout)
            .field("max_retries", &self.max_retries)
            .field("concurrency", &self.concurrency)
            .field("backoff", &self.backoff)
            .finish()
    }
}

/// Shows at most the last four characters of a secret (enough to tell two keys apart), or
/// none at all when the secret is short.
pub fn redact(secret: &str) -> String {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() < 12 {
        return "****".to_owned();
    }
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("****{tail}")
}

/// The values DeepL accepts for `formality`.
pub const FORMALITIES: [&str; 5] = ["default", "more", "less", "prefer_more", "prefer_less"];

pub const DEFAULT_CONCURRENCY: usize = 8;
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
pub const DEFAULT_MAX_RETRIES: u32 = 5;

impl ProviderConfig {
    /// A configuration for `kind` with every optional setting at its default.
    pub fn new(kind: ProviderKind) -> Self {
        Self {
            kind,
            api_key: None,
            base_url: None,
            model: None,
            english_variant: EnglishVariant::default(),
            formality: None,
            glossary_id: None,
            request_timeout: DEFAULT_TIMEOUT,
            max_retries: DEFAULT_MAX_RETRIES,
            concurrency: DEFAULT_CONCURRENCY,
            backoff: Backoff::default(),
        }
    }

    /// Reads the process environment; see [`config_vars`].
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup` (tests pass a map instead of the environment).
    /// Empty values count as unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let kind = match get(VAR_PROVIDER) {
            Some(name) => name.parse()?,
            // Having a DeepL key but forgetting the provider variable should still translate.
            None if get(VAR_DEEPL_KEY).is_some() => ProviderKind::Deepl,
            None => ProviderKind::None,
        };
        let (key_var, url_var) = match kind {
            ProviderKind::Deepl => (Some(VAR_DEEPL_KEY), Some(VAR_DEEPL_URL)),
            ProviderKind::Google => (Some(VAR_GOOGLE_KEY), Some(VAR_GOOGLE_URL)),
            ProviderKind::LibreTranslate => (Some(VAR_LIBRE_KEY), Some(VAR_LIBRE_URL)),
            ProviderKind::OpenAi => (Some(VAR_OPENAI_KEY), Some(VAR_OPENAI_URL)),
            ProviderKind::Pseudo | ProviderKind::None => (None, None),
        };
        let mut config = Self::new(kind);
        config.api_key = key_var.and_then(get);
        config.base_url = url_var.and_then(get);
        if kind == ProviderKind::OpenAi {
            config.model = get(VAR_OPENAI_MODEL);
        }
        if let Some(value) = get(VAR_DEEPL_ENGLISH) {
            config.english_variant = value.parse()?;
        }
        if let Some(value) = get(VAR_DEEPL_FORMALITY) {
            // DeepL answers 400 to anything else, on every request of every run.
            if !FORMALITIES.contains(&value.as_str()) {
                return Err(ConfigError::invalid(
                    VAR_DEEPL_FORMALITY,
                    &value,
                    "default, more, less, prefer_more or prefer_less",
                ));
            }
            config.formality = Some(value);
        }
        config.glossary_id = get(VAR_DEEPL_GLOSSARY);
        if let Some(value) = get(VAR_CONCURRENCY) {
            config.concurrency = parse_positive(VAR_CONCURRENCY, &value)?;
        }
        if let Some(value) = get(VAR_TIMEOUT) {
            config.request_timeout =
                Duration::from_secs(parse_positive(VAR_TIMEOUT, &value)? as u64);
        }
        if let Some(value) = get(VAR_MAX_RETRIES) {
            config.max_retries = value
                .parse()
                .map_err(|_| ConfigError::invalid(VAR_MAX_RETRIES, &value, "a whole number"))?;
        }
        Ok(config)
    }
}

fn parse_positive(var: &'static str, value: &str) -> Result<usize, ConfigError> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| ConfigError::invalid(var, value, "a whole number above 0"))
}

/// An environment variable with a value that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{var}={value:?} is not valid: expected {expected}")]
pub struct ConfigError {
    pub var: &'static str,
    pub value: String,
    pub expected: &'static str,
}

impl ConfigError {
    fn invalid(var: &'static str, value: &str, expected: &'static str) -> Self {
        Self {
            var,
            value: value.to_owned(),
            expected,
        }
    }
}

pub const VAR_PROVIDER: &str = "WORDMARK_MT_PROVIDER";
pub const VAR_DEEPL_KEY: &str = "WORDMARK_DEEPL_API_KEY";
pub const VAR_DEEPL_URL: &str = "WORDMARK_DEEPL_URL";
pub const VAR_DEEPL_ENGLISH: &str = "WORDMARK_DEEPL_ENGLISH";
pub const VAR_DEEPL_FORMALITY: &str = "WORDMARK_DEEPL_FORMALITY";
pub const VAR_DEEPL_GLOSSARY: &str = "WORDMARK_DEEPL_GLOSSARY_ID";
pub const VAR_GOOGLE_KEY: &str = "WORDMARK_GOOGLE_API_KEY";
pub const VAR_GOOGLE_URL: &str = "WORDMARK_GOOGLE_URL";
pub const VAR_LIBRE_URL: &str = "WORDMARK_LIBRETRANSLATE_URL";
pub const VAR_LIBRE_KEY: &str = "WORDMARK_LIBRETRANSLATE_API_KEY";
pub const VAR_OPENAI_URL: &str = "WORDMARK_OPENAI_URL";
pub const VAR_OPENAI_KEY: &str = "WORDMARK_OPENAI_API_KEY";
pub const VAR_OPENAI_MODEL: &str = "WORDMARK_OPENAI_MODEL";
pub const VAR_CONCURRENCY: &str = "WORDMARK_MT_CONCURRENCY";
pub const VAR_TIMEOUT: &str = "WORDMARK_MT_TIMEOUT_SECS";
pub const VAR_MAX_RETRIES: &str = "WORDMARK_MT_MAX_RETRIES";

/// One configuration variable, for documentation (README, settings screen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfigVar {
    pub name: &'static str,
    pub default: &'static str,
    pub description: &'static str,
}

/// Every variable [`ProviderConfig::from_env`] reads.
pub fn config_vars() -> &'static [ConfigVar] {
    const VARS: &[ConfigVar] = &[
        ConfigVar {
            name: VAR_PROVIDER,
            default: "deepl when WORDMARK_DEEPL_API_KEY is set, otherwise none",
            description: "Machine translation provider: deepl, google, libretranslate, openai, pseudo (accented, expanded dry-run text, not a translation) or none.",
        },
        ConfigVar {
            name: VAR_DEEPL_KEY,
            default: "",
            description: "DeepL API key. Keys ending in :fx use the Free API address, others the Pro address.",
        },
        ConfigVar {
            name: VAR_DEEPL_URL,
            default: "from the key: https://api-free.deepl.com or https://api.deepl.com",
            description: "DeepL base address; /v2/translate and /v2/usage are appended.",
        },
        ConfigVar {
            name: VAR_DEEPL_ENGLISH,
            default: "en-gb",
            description: "English variant DeepL writes for the target language en: en-gb or en-us.",
        },
        ConfigVar {
            name: VAR_DEEPL_FORMALITY,
            default: "",
            description: "DeepL formality: default, more, less, prefer_more or prefer_less.",
        },
        ConfigVar {
            name: VAR_DEEPL_GLOSSARY,
            default: "",
            description: "DeepL glossary id applied to every request (its language pair must match).",
        },
        ConfigVar {
            name: VAR_GOOGLE_KEY,
            default: "",
            description: "Google Cloud Translation (Basic, v2) API key.",
        },
        ConfigVar {
            name: VAR_GOOGLE_URL,
            default: "https://translation.googleapis.com",
            description: "Google base address; /language/translate/v2 is appended.",
        },
        ConfigVar {
            name: VAR_LIBRE_URL,
            default: "",
            description: "LibreTranslate server address (required for libretranslate); /translate is appended.",
        },
        ConfigVar {
            name: VAR_LIBRE_KEY,
            default: "",
            description: "LibreTranslate API key, when the server requires one.",
        },
        ConfigVar {
            name: VAR_OPENAI_URL,
            default: "https://api.openai.com",
            description: "OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp); /v1/chat/completions is appended.",
        },
        ConfigVar {
            name: VAR_OPENAI_KEY,
            default: "",
            description: "Bearer key for the OpenAI-compatible server (optional for local servers).",
        },
        ConfigVar {
            name: VAR_OPENAI_MODEL,
            default: "",
            description: "Model name for the OpenAI-compatible server (required for openai).",
        },
        ConfigVar {
            name: VAR_CONCURRENCY,
            default: "8",
            description: "Machine translation requests in flight at once, shared by all runs.",
        },
        ConfigVar {
            name: VAR_TIMEOUT,
            default: "60",
            description: "Seconds allowed for one machine translation request.",
        },
        ConfigVar {
            name: VAR_MAX_RETRIES,
            default: "5",
            description: "Retries of a request after 429, 5xx, timeouts or connection errors (exponential backoff with jitter).",
        },
    ];
    VARS
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<ProviderConfig, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        ProviderConfig::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn provider_defaults_to_none_without_a_deepl_key() {
        assert_eq!(config(&[]).unwrap().kind, ProviderKind::None);
        let deepl = config(&[(VAR_DEEPL_KEY, "abc:fx")]).unwrap();
        assert_eq!(deepl.kind, ProviderKind::Deepl);
        assert_eq!(deepl.api_key.as_deref(), Some("abc:fx"));
    }

    #[test]
    fn explicit_provider_picks_its_own_key_and_address() {
        let google = config(&[
            (VAR_PROVIDER, "Google"),
            (VAR_DEEPL_KEY, "deepl-key"),
            (VAR_GOOGLE_KEY, "g-key"),
            (VAR_GOOGLE_URL, "http://127.0.0.1:9"),
            (VAR_CONCURRENCY, "3"),
            (VAR_TIMEOUT, "5"),
        ])
        .unwrap();
        assert_eq!(google.kind, ProviderKind::Google);
        assert_eq!(google.api_key.as_deref(), Some("g-key"));
        assert_eq!(google.base_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(google.concurrency, 3);
        assert_eq!(google.request_timeout, Duration::from_secs(5));
    }

    #[test]
    fn kinds_parse_and_serialize_by_the_same_name() {
        for kind in ProviderKind::ALL {
            assert_eq!(kind.as_str().parse::<ProviderKind>().unwrap(), kind);
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
    }

    #[test]
    fn bad_values_name_the_variable() {
        let err = config(&[(VAR_PROVIDER, "bing")]).unwrap_err();
        assert_eq!(err.var, VAR_PROVIDER);
        let err = config(&[(VAR_CONCURRENCY, "0")]).unwrap_err();
        assert_eq!(err.var, VAR_CONCURRENCY);
        let err = config(&[(VAR_DEEPL_FORMALITY, "formal")]).unwrap_err();
        assert_eq!(err.var, VAR_DEEPL_FORMALITY);
        assert_eq!(
            config(&[(VAR_DEEPL_FORMALITY, "prefer_less")])
                .unwrap()
                .formality
                .as_deref(),
            Some("prefer_less")
        );
        let err = config(&[(VAR_DEEPL_ENGLISH, "en-au")]).unwrap_err();
        assert_eq!(err.var, VAR_DEEPL_ENGLISH);
    }

    #[test]
    fn debug_never_shows_the_key() {
        let mut config = ProviderConfig::new(ProviderKind::Deepl);
        config.api_key = Some("0123456789-secret-key:fx".into());
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret"), "{shown}");
        assert!(shown.contains("****y:fx"), "{shown}");
    }

    #[test]
    fn every_read_variable_is_documented() {
        let documented: Vec<&str> = config_vars().iter().map(|v| v.name).collect();
        for var in [
            VAR_PROVIDER,
            VAR_DEEPL_KEY,
            VAR_DEEPL_URL,
            VAR_DEEPL_ENGLISH,
            VAR_DEEPL_FORMALITY,
            VAR_DEEPL_GLOSSARY,
            VAR_GOOGLE_KEY,
            VAR_GOOGLE_URL,
            VAR_LIBRE_URL,
            VAR_LIBRE_KEY,
            VAR_OPENAI_URL,
            VAR_OPENAI_KEY,
            VAR_OPENAI_MODEL,
            VAR_CONCURRENCY,
            VAR_TIMEOUT,
            VAR_MAX_RETRIES,
        ] {
            assert!(documented.contains(&var), "{var} is not in config_vars()");
        }
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        let backoff = Backoff {
            base: Duration::from_millis(10),
            factor: 2.0,
            cap: Duration::from_millis(50),
            jitter: 0.0,
        };
        assert_eq!(backoff.delay(0), Duration::from_millis(10));
        assert_eq!(backoff.delay(2), Duration::from_millis(40));
        assert_eq!(backoff.delay(10), Duration::from_millis(50));
        assert_eq!(
            backoff.pause(0, Some(Duration::from_millis(30))),
            Duration::from_millis(30)
        );
        assert_eq!(
            backoff.pause(0, Some(Duration::from_secs(3600))),
            Duration::from_millis(50)
        );
        assert_eq!(backoff.pause(1, None), Duration::from_millis(20));
        let jittered = Backoff {
            jitter: 0.2,
            ..backoff
        };
        for _ in 0..50 {
            let d = jittered.delay(1).as_secs_f64();
            assert!((0.016..=0.024).contains(&d), "{d}");
        }
    }
}
