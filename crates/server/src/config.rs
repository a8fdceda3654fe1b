//! Configuration from `WORDMARK_*` environment variables.
//!
//! Every variable is declared once in [`vars`] (name, default, description); parsing reads the
//! defaults from there, so the README table and the code cannot drift apart unnoticed.

use std::{
    fmt,
    net::{IpAddr, SocketAddr},
    path::PathBuf,
    time::Duration,
};

use ipnet::IpNet;

/// One documented environment variable: `(name, default, description)`.
pub type VarDoc = (&'static str, &'static str, &'static str);

const ADDR: VarDoc = (
    "WORDMARK_ADDR",
    "127.0.0.1:8080",
    "Address and port the server listens on.",
);
const DATABASE_URL: VarDoc = (
    "WORDMARK_DATABASE_URL",
    "sqlite://data/wordmark.db?mode=rwc",
    "Database: `sqlite://<file>?mode=rwc` (embedded, the folder is created) or `postgres://user:password@host/db`.",
);
const ADMIN_USERNAME: VarDoc = (
    "WORDMARK_ADMIN_USERNAME",
    "admin",
    "Username of the first administrator, created on the first start when there are no users.",
);
const ADMIN_PASSWORD: VarDoc = (
    "WORDMARK_ADMIN_PASSWORD",
    "",
    "Password of the first administrator (at least 8 characters). Empty: a strong password is generated and printed once.",
);
const MAX_UPLOAD_BYTES: VarDoc = (
    "WORDMARK_MAX_UPLOAD_BYTES",
    "209715200",
    "Largest accepted request body in bytes (default 200 MiB); bigger requests get 413.",
);
const MAX_ZIP_ENTRIES: VarDoc = (
    "WORDMARK_MAX_ZIP_ENTRIES",
    "10000",
    "Most entries (files, folders and junk) one uploaded zip may hold; a larger archive is refused with 413 before anything is read.",
);
const TOKEN_TTL: VarDoc = (
    "WORDMARK_TOKEN_TTL",
    "12h",
    "How long a sign-in token stays valid after its last use: `12h`, `30m`, `45s` or plain seconds.",
);
const RUN_CLAIM_TIMEOUT: VarDoc = (
    "WORDMARK_RUN_CLAIM_TIMEOUT",
    "30s",
    "How long a server's claim on a pre-translation run holds without renewal: after a crash, another server (or this one restarted) resumes the run within one and a half times this. `30s`, `2m` or plain seconds.",
);
const MAIL_LEASE: VarDoc = (
    "WORDMARK_MAIL_LEASE",
    "2m",
    "How long a server's claim on a mail it is sending holds: after a crash mid-send, another server (or this one restarted) sends the mail once it is over. Each SMTP exchange is given half of it. `2m`, `90s` or plain seconds.",
);
const SHUTDOWN_TIMEOUT: VarDoc = (
    "WORDMARK_SHUTDOWN_TIMEOUT",
    "30s",
    "On Ctrl-C or SIGTERM, how long requests in progress may take to finish before the server stops anyway: `30s`, `2m` or plain seconds.",
);
const SITE_TIMEOUT: VarDoc = (
    "WORDMARK_SITE_TIMEOUT",
    "30s",
    "How long one call to a client's WordPress site may take, its whole answer included (the content listing hashes each page's text on the site): `30s`, `2m` or plain seconds.",
);
const LOG: VarDoc = (
    "WORDMARK_LOG",
    "info",
    "Log filter (`error`, `warn`, `info`, `debug`, or tracing directives such as `wordmark_server=debug`). `RUST_LOG` is used when this is unset.",
);
const LOG_FORMAT: VarDoc = (
    "WORDMARK_LOG_FORMAT",
    "text",
    "Log format: `text` or `json`.",
);
const WEB_DIR: VarDoc = (
    "WORDMARK_WEB_DIR",
    "",
    "Serve the web app from this folder instead of the copy embedded in the binary.",
);

const SECRET_KEY: VarDoc = (
    "WORDMARK_SECRET_KEY",
    "",
    "Key that seals secrets stored in the database (the MT provider's API key): 64 hex characters. Several keys comma-separated: the first seals, all open (for rotation). Empty: the key file below is used.",
);
const SECRET_KEY_FILE: VarDoc = (
    "WORDMARK_SECRET_KEY_FILE",
    "data/secret.key",
    "Key file used when WORDMARK_SECRET_KEY is empty; created with a new random key and owner-only permissions (0600) on the first start. Back it up apart from the database: without it the stored API key cannot be read.",
);

const METRICS_TOKEN: VarDoc = (
    "WORDMARK_METRICS_TOKEN",
    "",
    "Bearer token for `GET /metrics` (Prometheus text format: requests by route and status with latencies, MT requests and characters, runs, database pool, upload sizes). Empty: `/metrics` answers 404.",
);

const OTLP_ENDPOINT: VarDoc = (
    "WORDMARK_OTLP_ENDPOINT",
    "",
    "OpenTelemetry collector's OTLP/HTTP address (e.g. `http://127.0.0.1:4318`): request spans are sent to `{address}/v1/traces` in batches. Empty: no traces.",
);
const TRUSTED_PROXIES: VarDoc = (
    "WORDMARK_TRUSTED_PROXIES",
    "",
    "Reverse proxies in front of Wordmark: addresses or networks, comma-separated (e.g. `127.0.0.1, 10.0.0.0/8`). A request from one of them is taken to come from the nearest address in its `X-Forwarded-For` that is not a trusted proxy; sign-in throttling and the audit log use that address. Empty: the connection's address, and `X-Forwarded-For` is ignored.",
);
const AGENCY_NAME: VarDoc = (
    "WORDMARK_AGENCY_NAME",
    "Wordmark",
    "The agency's name, shown to the customer on the review page of a review link.",
);
const SMTP_URL: VarDoc = (
    "WORDMARK_SMTP_URL",
    "",
    "SMTP server Wordmark's mails (review links, invitations, password resets) go through: `smtp://host:port` (plain), `smtp://host:587?tls=required` (STARTTLS) or `smtps://user:password@host` (TLS). Empty: no mail is ever sent.",
);
const SMTP_FROM: VarDoc = (
    "WORDMARK_SMTP_FROM",
    "",
    "Sender of those mails (`Agency <review@example.com>`); required with `WORDMARK_SMTP_URL`.",
);
const PUBLIC_URL: VarDoc = (
    "WORDMARK_PUBLIC_URL",
    "",
    "Wordmark's address as customers reach it (`https://wordmark.example.com`): the base of the links in its mails. Required with `WORDMARK_SMTP_URL`.",
);
const AUDIT_RETENTION_DAYS: VarDoc = (
    "WORDMARK_AUDIT_RETENTION_DAYS",
    "365",
    "Days the audit log keeps an event; older events are deleted at start and once a day.",
);

/// Every environment variable the server reads, in the order the README lists them.
pub fn vars() -> &'static [VarDoc] {
    &[
        ADDR,
        DATABASE_URL,
        ADMIN_USERNAME,
        ADMIN_PASSWORD,
        MAX_UPLOAD_BYTES,
        MAX_ZIP_ENTRIES,
        TOKEN_TTL,
        RUN_CLAIM_TIMEOUT,
        MAIL_LEASE,
        SHUTDOWN_TIMEOUT,
        SITE_TIMEOUT,
        LOG,
        LOG_FORMAT,
        WEB_DIR,
        SECRET_KEY,
        SECRET_KEY_FILE,
        METRICS_TOKEN,
        OTLP_ENDPOINT,
        TRUSTED_PROXIES,
        AUDIT_RETENTION_DAYS,
        AGENCY_NAME,
        SMTP_URL,
        SMTP_FROM,
        PUBLIC_URL,
    ]
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// A secret that never appears in `Debug` output or logs.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"[redacted]\"")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: DatabaseUrl,
    pub admin_username: String,
    pub admin_password: Option<Secret>,
    pub max_upload_bytes: usize,
    /// Most entries one uploaded zip may hold (projects, added files and workbooks alike).
    pub max_zip_entries: usize,
    pub token_ttl: Duration,
    /// How long a claim on a pre-translation run holds without a heartbeat.
    pub run_claim_timeout: Duration,
    /// How long a claim on a mail of the outbox holds; SMTP exchanges get half of it.
    pub mail_lease: Duration,
    /// How long requests in progress may take once shutdown starts.
    pub shutdown_timeout: Duration,
    /// How long one call to a WordPress site may take, its answer read.
    pub site_timeout: Duration,
    pub log: String,
    pub log_format: LogFormat,
    pub web_dir: Option<PathBuf>,
    /// How long the audit log keeps an event.
    pub audit_retention: Duration,
    /// Machine translation from `WORDMARK_MT_*` and the provider variables (`wordmark_mt`
    /// documents them); Administration → Settings overrides the provider part at run time.
    pub mt: wordmark_mt::ProviderConfig,
    /// Where the key that seals stored secrets comes from.
    pub secret_key: SecretKeySource,
    /// The bearer token `/metrics` asks for; `None`: no metrics served.
    pub metrics_token: Option<Secret>,
    /// The OTLP/HTTP collector traces go to; `None`: no traces.
    pub otlp_endpoint: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed (`http::client_address`).
    pub trusted_proxies: Vec<IpNet>,
    /// Shown on the customer's review page.
    pub agency_name: String,
    /// Mailing review links: `None` sends nothing.
    pub smtp: Option<SmtpConfig>,
}

/// `WORDMARK_SMTP_URL` (it may hold a password), the sender and Wordmark's public address.
#[derive(Debug, Clone)]
pub struct SmtpConfig {
    pub url: Secret,
    pub from: String,
    /// Without a trailing slash.
    pub public_url: String,
}

/// `WORDMARK_SECRET_KEY` when set, else the key file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecretKeySource {
    Environment(Secret),
    File(PathBuf),
}

/// A database URL; `Debug` hides the password a PostgreSQL URL may carry.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    pub fn new(url: impl Into<String>) -> Self {
        Self(url.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `scheme://user:password@host/...` → `scheme://user:[redacted]@host/...`
        let url = &self.0;
        if let (Some(scheme_end), Some(at)) = (url.find("://"), url.rfind('@')) {
            let credentials = &url[scheme_end + 3..at];
            if let Some(colon) = credentials.find(':') {
                let user = &credentials[..colon];
                return write!(
                    f,
                    "\"{}://{user}:[redacted]{}\"",
                    &url[..scheme_end],
                    &url[at..]
                );
            }
        }
        write!(f, "{url:?}")
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{name}={value:?} is not valid: {reason}")]
    Invalid {
        name: &'static str,
        value: String,
        reason: &'static str,
    },
}

impl Config {
    /// The bounds of every uploaded archive: the core's, with the configured entry count.
    pub fn archive_limits(&self) -> wordmark_core::archive::Limits {
        wordmark_core::archive::Limits {
            max_entries: self.max_zip_entries,
            ..Default::default()
        }
    }

    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup` (the environment in production, a map in tests).
    /// Unset and empty variables take their documented default.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |(name, default, _): VarDoc| -> (&'static str, String) {
            let value = lookup(name).filter(|v| !v.trim().is_empty());
            (
                name,
                value
                    .unwrap_or_else(|| default.to_owned())
                    .trim()
                    .to_owned(),
            )
        };
        let invalid = |name, value: String, reason| ConfigError::Invalid {
            name,
            value,
            reason,
        };

        let (name, value) = get(ADDR);
        let addr = value
            .parse()
            .map_err(|_| invalid(name, value, "expected host:port, e.g. 127.0.0.1:8080"))?;

        let (_, database_url) = get(DATABASE_URL);

        let (_, admin_username) = get(ADMIN_USERNAME);
        let (_, admin_password) = get(ADMIN_PASSWORD);

        let (name, value) = get(MAX_UPLOAD_BYTES);
        let max_upload_bytes = value
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| invalid(name, value, "expected a positive number of bytes"))?;

        let (name, value) = get(MAX_ZIP_ENTRIES);
        let max_zip_entries = value
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| invalid(name, value, "expected a positive number of entries"))?;

        let (name, value) = get(TOKEN_TTL);
        let token_ttl = parse_duration(&value)
            .ok_or_else(|| invalid(name, value, "expected e.g. 12h, 30m, 45s or seconds"))?;

        let (name, value) = get(RUN_CLAIM_TIMEOUT);
        let run_claim_timeout = parse_duration(&value)
            .ok_or_else(|| invalid(name, value, "expected e.g. 30s, 2m or seconds"))?;

        let (name, value) = get(MAIL_LEASE);
        let mail_lease = parse_duration(&value)
            .ok_or_else(|| invalid(name, value, "expected e.g. 2m, 90s or seconds"))?;

        let (name, value) = get(SHUTDOWN_TIMEOUT);
        let shutdown_timeout = parse_duration(&value)
            .ok_or_else(|| invalid(name, value, "expected e.g. 30s, 2m or seconds"))?;

        let (name, value) = get(SITE_TIMEOUT);
        let site_timeout = parse_duration(&value)
            .ok_or_else(|| invalid(name, value, "expected e.g. 30s, 2m or seconds"))?;

        let log = match lookup(LOG.0).filter(|v| !v.trim().is_empty()) {
            Some(filter) => filter,
            None => lookup("RUST_LOG")
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| LOG.1.to_owned()),
        };

        let (name, value) = get(LOG_FORMAT);
        let log_format = match value.to_ascii_lowercase().as_str() {
            "text" => LogFormat::Text,
            "json" => LogFormat::Json,
            _ => return Err(invalid(name, value, "expected text or json")),
        };

        let (_, web_dir) = get(WEB_DIR);

        let (_, secret_key) = get(SECRET_KEY);
        let (_, secret_key_file) = get(SECRET_KEY_FILE);
        let secret_key = if secret_key.is_empty() {
            SecretKeySource::File(PathBuf::from(secret_key_file))
        } else {
            SecretKeySource::Environment(Secret::new(secret_key))
        };

        let (_, metrics_token) = get(METRICS_TOKEN);

        let (name, otlp_endpoint) = get(OTLP_ENDPOINT);
        let web_address = ["http://", "https://"]
            .iter()
            .any(|scheme| otlp_endpoint.starts_with(scheme));
        if !otlp_endpoint.is_empty() && !web_address {
            return Err(invalid(
                name,
                otlp_endpoint,
                "expected an http:// or https:// address, e.g. http://127.0.0.1:4318",
            ));
        }
        let (name, value) = get(TRUSTED_PROXIES);
        let trusted_proxies = parse_trusted_proxies(&value).ok_or_else(|| {
            invalid(
                name,
                value,
                "expected addresses or networks, comma-separated, such as 127.0.0.1, 10.0.0.0/8",
            )
        })?;
        let (name, value) = get(AUDIT_RETENTION_DAYS);
        let audit_retention = value
            .parse::<u64>()
            .ok()
            .filter(|days| (1..=36_500).contains(days))
            .map(|days| Duration::from_secs(days * 24 * 3600))
            .ok_or_else(|| invalid(name, value, "expected a number of days from 1 to 36500"))?;

        let (_, agency_name) = get(AGENCY_NAME);
        let smtp = smtp(get(SMTP_URL), get(SMTP_FROM), get(PUBLIC_URL))?;

        let mt = wordmark_mt::ProviderConfig::from_lookup(&lookup).map_err(|e| {
            ConfigError::Invalid {
                name: e.var,
                value: e.value,
                reason: e.expected,
            }
        })?;

        Ok(Self {
            addr,
            database_url: DatabaseUrl::new(database_url),
            admin_username,
            admin_password: (!admin_password.is_empty()).then(|| Secret::new(admin_password)),
            max_upload_bytes,
            max_zip_entries,
            token_ttl,
            run_claim_timeout,
            mail_lease,
            shutdown_timeout,
            site_timeout,
            log,
            log_format,
            web_dir: (!web_dir.is_empty()).then(|| PathBuf::from(web_dir)),
            audit_retention,
            mt,
            secret_key,
            metrics_token: (!metrics_token.is_empty()).then(|| Secret::new(metrics_token)),
            otlp_endpoint: (!otlp_endpoint.is_empty()).then_some(otlp_endpoint),
            trusted_proxies,
            agency_name: if agency_name.trim().is_empty() {
                AGENCY_NAME.1.to_owned()
            } else {
                agency_name.trim().to_owned()
            },
            smtp,
        })
    }
}

/// The SMTP settings: none without a URL; with one, a sender and an absolute public address.
fn smtp(
    (url_name, url): (&'static str, String),
    (from_name, from): (&'static str, String),
    (public_name, public_url): (&'static str, String),
) -> Result<Option<SmtpConfig>, ConfigError> {
    let invalid = |name, value: String, reason| ConfigError::Invalid {
        name,
        value,
        reason,
    };
    let url = url.trim().to_owned();
    if url.is_empty() {
        return Ok(None);
    }
    if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
        return Err(invalid(
            url_name,
            "(hidden)".into(),
            "expected smtp://… or smtps://…",
        ));
    }
    if from.trim().is_empty() {
        return Err(invalid(
            from_name,
            from,
            "a sender is required with WORDMARK_SMTP_URL",
        ));
    }
    let public_url = public_url.trim().trim_end_matches('/').to_owned();
    if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
        return Err(invalid(
            public_name,
            public_url,
            "an absolute http:// or https:// address is required with WORDMARK_SMTP_URL",
        ));
    }
    Ok(Some(SmtpConfig {
        url: Secret::new(url),
        from: from.trim().to_owned(),
        public_url,
    }))
}

/// Parses `WORDMARK_TRUSTED_PROXIES`: addresses or networks, comma-separated; `None` when an
/// item is neither (a host name is refused: proxies are matched by address).
pub fn parse_trusted_proxies(value: &str) -> Option<Vec<IpNet>> {
    value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse::<IpNet>()
                .ok()
                .or_else(|| item.parse::<IpAddr>().ok().map(IpNet::from))
        })
        .collect()
}

/// Parses `12h`, `30m`, `45s` or a plain number of seconds; zero is refused because a token
/// that expires at once would lock everybody out.
fn parse_duration(value: &str) -> Option<Duration> {
    let value = value.trim();
    let (number, unit_secs) = match value.char_indices().last()? {
        (i, 'h') => (&value[..i], 3600),
        (i, 'm') => (&value[..i], 60),
        (i, 's') => (&value[..i], 1),
        _ => (value, 1),
    };
    let seconds = number.trim().parse::<u64>().ok()?.checked_mul(unit_secs)?;
    (seconds > 0).then(|| Duration::from_secs(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_come_from_the_documented_table() {
        let c = config(&[]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(
            c.database_url.expose(),
            "sqlite://data/wordmark.db?mode=rwc"
        );
        assert_eq!(c.admin_username, "admin");
        assert_eq!(c.admin_password, None);
        assert_eq!(c.max_upload_bytes, 200 * 1024 * 1024);
        assert_eq!(c.max_zip_entries, 10_000);
        assert_eq!(c.archive_limits().max_entries, 10_000);
        assert_eq!(c.token_ttl, Duration::from_secs(12 * 3600));
        assert_eq!(c.run_claim_timeout, Duration::from_secs(30));
        assert_eq!(c.mail_lease, Duration::from_secs(120));
        assert_eq!(c.shutdown_timeout, Duration::from_secs(30));
        assert_eq!(c.site_timeout, Duration::from_secs(30));
        assert_eq!(c.log, "info");
        assert_eq!(c.log_format, LogFormat::Text);
        assert_eq!(c.web_dir, None);
        assert_eq!(
            c.secret_key,
            SecretKeySource::File(PathBuf::from("data/secret.key"))
        );
        assert_eq!(c.audit_retention, Duration::from_secs(365 * 24 * 3600));
    }

    #[test]
    fn durations_accept_units_and_plain_seconds() {
        assert_eq!(parse_duration("12h"), Some(Duration::from_secs(43200)));
        assert_eq!(parse_duration("30m"), Some(Duration::from_secs(1800)));
        assert_eq!(parse_duration("45s"), Some(Duration::from_secs(45)));
        assert_eq!(parse_duration("90"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("0"), None);
        assert_eq!(parse_duration("h"), None);
        assert_eq!(parse_duration("12d"), None);
    }

    #[test]
    fn bad_values_name_the_variable() {
        let err = config(&[("WORDMARK_TOKEN_TTL", "soon")]).unwrap_err();
        assert!(
            err.to_string().starts_with("WORDMARK_TOKEN_TTL=\"soon\""),
            "{err}"
        );
        assert!(config(&[("WORDMARK_LOG_FORMAT", "xml")]).is_err());
        assert!(config(&[("WORDMARK_RUN_CLAIM_TIMEOUT", "0")]).is_err());
        assert!(config(&[("WORDMARK_SHUTDOWN_TIMEOUT", "soon")]).is_err());
        let short = config(&[("WORDMARK_RUN_CLAIM_TIMEOUT", "3")]).unwrap();
        assert_eq!(short.run_claim_timeout, Duration::from_secs(3));
        assert!(config(&[("WORDMARK_MAIL_LEASE", "soon")]).is_err());
        let lease = config(&[("WORDMARK_MAIL_LEASE", "10s")]).unwrap();
        assert_eq!(lease.mail_lease, Duration::from_secs(10));
        assert!(config(&[("WORDMARK_ADDR", "nowhere")]).is_err());
        assert!(config(&[("WORDMARK_MAX_UPLOAD_BYTES", "0")]).is_err());
        assert!(config(&[("WORDMARK_MAX_ZIP_ENTRIES", "0")]).is_err());
        assert!(config(&[("WORDMARK_MAX_ZIP_ENTRIES", "many")]).is_err());
        assert!(config(&[("WORDMARK_OTLP_ENDPOINT", "collector:4318")]).is_err());
        assert!(config(&[("WORDMARK_TRUSTED_PROXIES", "10.0.0.0/8, proxy.local")]).is_err());
        let proxies = config(&[("WORDMARK_TRUSTED_PROXIES", " 127.0.0.1 , 10.0.0.0/8,::1")]);
        assert_eq!(proxies.unwrap().trusted_proxies.len(), 3);
        assert!(config(&[]).unwrap().trusted_proxies.is_empty());
        assert!(config(&[("WORDMARK_AUDIT_RETENTION_DAYS", "0")]).is_err());
        assert!(config(&[("WORDMARK_AUDIT_RETENTION_DAYS", "a year")]).is_err());
        let week = config(&[("WORDMARK_AUDIT_RETENTION_DAYS", "7")]).unwrap();
        assert_eq!(week.audit_retention, Duration::from_secs(7 * 24 * 3600));
        let err = config(&[("WORDMARK_MT_PROVIDER", "babelfish")]).unwrap_err();
        assert!(
            err.to_string().starts_with("WORDMARK_MT_PROVIDER="),
            "{err}"
        );
    }

    #[test]
    fn wordmark_log_wins_over_rust_log() {
        assert_eq!(config(&[("RUST_LOG", "debug")]).unwrap().log, "debug");
        let both = config(&[("RUST_LOG", "debug"), ("WORDMARK_LOG", "warn")]).unwrap();
        assert_eq!(both.log, "warn");
    }

    #[test]
    fn debug_output_hides_secrets() {
        let c = config(&[
            ("WORDMARK_ADMIN_PASSWORD", "hunter2hunter2"),
            ("WORDMARK_SECRET_KEY", "00112233"),
            ("WORDMARK_METRICS_TOKEN", "scrape-me-token"),
            (
                "WORDMARK_DATABASE_URL",
                "postgres://app:s3cret@db.example/wordmark",
            ),
        ])
        .unwrap();
        let debug = format!("{c:?}");
        assert!(!debug.contains("hunter2"), "{debug}");
        assert!(!debug.contains("s3cret"), "{debug}");
        assert!(!debug.contains("00112233"), "{debug}");
        assert!(!debug.contains("scrape-me"), "{debug}");
        assert!(
            debug.contains("postgres://app:[redacted]@db.example/wordmark"),
            "{debug}"
        );
    }

    #[test]
    fn every_variable_is_documented_with_a_description() {
        for (name, _, description) in vars() {
            assert!(name.starts_with("WORDMARK_"), "{name}");
            assert!(!description.is_empty(), "{name}");
        }
    }

    #[test]
    fn the_readme_lists_every_variable_the_server_and_the_mt_providers_read() {
        let readme = include_str!("../../../README.md");
        let names = vars()
            .iter()
            .map(|(name, _, _)| *name)
            .chain(wordmark_mt::config_vars().iter().map(|var| var.name));
        for name in names {
            assert!(
                readme.contains(&format!("| `{name}` |")),
                "README's configuration table lacks {name}"
            );
        }
    }
}
