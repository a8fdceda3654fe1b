//! Logging setup (`WORDMARK_LOG` filter, text or JSON lines on stderr), traces to an
//! OpenTelemetry collector when `WORDMARK_OTLP_ENDPOINT` is set, and the process's Prometheus
//! recorder behind `/metrics`.

use std::{io::IsTerminal, sync::OnceLock};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, SpanExporter, WithExportConfig};
use opentelemetry_sdk::{Resource, trace::SdkTracerProvider};
use tracing_subscriber::{EnvFilter, fmt, layer::SubscriberExt, util::SubscriberInitExt};

use crate::config::{Config, LogFormat};

/// What has to be flushed before the process exits: the spans not yet sent.
pub struct Telemetry {
    traces: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Sends the spans still queued. Call it outside the async runtime: the exporter's HTTP
    /// client blocks.
    pub fn shutdown(self) {
        if let Some(traces) = self.traces
            && let Err(error) = traces.shutdown()
        {
            eprintln!("warning: traces not all sent to the OTLP collector: {error}");
        }
    }
}

pub fn init(config: &Config) -> Telemetry {
    let (filter, bad_filter) = match EnvFilter::try_new(&config.log) {
        Ok(filter) => (filter, None),
        Err(err) => (EnvFilter::new("info"), Some(err)),
    };
    // Colour codes only for people at a terminal, not in log files and collectors.
    let ansi = std::io::stderr().is_terminal();
    let json = config.log_format == LogFormat::Json;
    let text_lines = (!json).then(|| fmt::layer().with_writer(std::io::stderr).with_ansi(ansi));
    let json_lines = json.then(|| fmt::layer().json().with_writer(std::io::stderr));
    let (traces, bad_endpoint) = match config.otlp_endpoint.as_deref().map(otlp) {
        None => (None, None),
        Some(Ok(provider)) => (Some(provider), None),
        Some(Err(error)) => (None, Some(error)),
    };
    let spans = traces
        .as_ref()
        .map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer("wordmark")));
    tracing_subscriber::registry()
        .with(filter)
        .with(text_lines)
        .with(json_lines)
        .with(spans)
        .init();
    if let Some(err) = bad_filter {
        tracing::warn!(filter = %config.log, error = %err, "invalid log filter, using info");
    }
    if let Some(error) = bad_endpoint {
        tracing::warn!(%error, "traces are off: the OTLP exporter cannot be set up");
    }
    Telemetry { traces }
}

/// Spans in batches to `{endpoint}/v1/traces` (OTLP over HTTP, protobuf), from a thread of
/// their own: a slow or absent collector never holds up a request.
fn otlp(endpoint: &str) -> Result<SdkTracerProvider, opentelemetry_otlp::ExporterBuildError> {
    let exporter = SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(format!("{}/v1/traces", endpoint.trim_end_matches('/')))
        .build()?;
    Ok(SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(Resource::builder().with_service_name("wordmark").build())
        .build())
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
