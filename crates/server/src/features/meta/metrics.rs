//! `GET /metrics`: the process's metrics in Prometheus' text format, for a scraper holding the
//! configured bearer token. Counters and histograms are recorded where things happen (the HTTP
//! layer, the MT translator); the gauges below are read from the database at scrape time, so
//! they are right on every instance of a cluster and never drift.

use axum::{
    extract::State,
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};

use crate::{
    db,
    http::error::{ApiError, ErrorBody},
    services::{audit, pretranslate::running_counts},
    state::AppState,
    telemetry,
};

/// Prometheus text format, all metrics of this process.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "meta",
    security(()),
    description = "Needs `Authorization: Bearer <WORDMARK_METRICS_TOKEN>`; answers 404 when no token is configured.",
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", content_type = "text/plain", body = String),
        (status = 401, body = ErrorBody),
        (status = 404, description = "Metrics are not configured", body = ErrorBody),
    )
)]
pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = &state.config.metrics_token else {
        return ApiError::NotFound(
            "Metrics are off: set WORDMARK_METRICS_TOKEN to serve them.".into(),
        )
        .into_response();
    };
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    // Digests compared, not the tokens: the comparison's time says nothing about the token.
    if Sha256::digest(presented) != Sha256::digest(token.expose()) {
        return ApiError::Unauthorized("The metrics token is missing or wrong.".into())
            .into_response();
    }
    record_gauges(&state).await;
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        telemetry::metrics().render(),
    )
        .into_response()
}

async fn record_gauges(state: &AppState) {
    let (open, idle) = db::pool_use(&state.db);
    metrics::gauge!("wordmark_db_connections", "state" => "idle").set(idle as f64);
    metrics::gauge!("wordmark_db_connections", "state" => "busy")
        .set(f64::from(open) - idle as f64);

    // A running run with a live lease is being worked; one without waits for an instance.
    match running_counts(&state.db, state.clock.now()).await {
        Ok((working, all)) => {
            metrics::gauge!("wordmark_runs", "state" => "working").set(working as f64);
            metrics::gauge!("wordmark_runs", "state" => "queued")
                .set(all.saturating_sub(working) as f64);
        }
        Err(error) => tracing::warn!(%error, "metrics: cannot count the runs"),
    }
    // Events lost since start: the audit log's own health (its writes never fail an action).
    metrics::gauge!("wordmark_audit_write_failures").set(audit::failed_writes() as f64);
}
