//! Logging setup: `WORDMARK_LOG` filter, text or JSON lines on stderr.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::config::{Config, LogFormat};

pub fn init(config: &Config) {
    let (filter, bad_filter) = match EnvFilter::try_new(&config.log) {
        Ok(filter) => (filter, None),
        Err(err) => (EnvFilter::new("info"), Some(err)),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only for people at a terminal, not in log files and collectors.
        .with_ansi(std::io::stderr().is_terminal());
    match config.log_format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
    if let Some(err) = bad_filter {
        tracing::warn!(filter = %config.log, error = %err, "invalid log filter, using info");
    }
}
