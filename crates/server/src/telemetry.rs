//! Logging setup (`WORDMARK_LOG` filter, text or JSON lines on stderr) and the process's
//! Prometheus recorder behind `/metrics`.

use std::{io::IsTerminal, sync::OnceLock};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
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

/// Seconds: from a cached page (a few ms) to a large export (tens of seconds).
const LATENCY_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
];
/// Bytes: a 10 KiB workbook to the 200 MiB upload limit, by powers of four.
const SIZE_BUCKETS: &[f64] = &[
    10_240.0,
    40_960.0,
    163_840.0,
    655_360.0,
    2_621_440.0,
    10_485_760.0,
    41_943_040.0,
    167_772_160.0,
    671_088_640.0,
];

/// The process-wide metrics recorder, installed on first use. One per process: every metric
/// macro of this crate and of `wordmark_mt` reports to it, and tests that start several
/// servers in one process share it.
pub fn metrics() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
            .and_then(|b| b.set_buckets_for_metric(Matcher::Suffix("_bytes".into()), SIZE_BUCKETS))
            .expect("the bucket lists are not empty");
        builder
            .install_recorder()
            .expect("no other metrics recorder is installed in this process")
    })
}
