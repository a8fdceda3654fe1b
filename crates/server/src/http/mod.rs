//! HTTP wiring: the feature routers, the token layer over `/api`, and the layers every request
//! goes through (request id, request log, security headers, body limit, compression).

pub mod auth;
pub mod client_address;
pub mod compression;
pub mod download;
pub mod error;
pub mod list;
mod metrics;
pub mod multipart;
pub mod security;
pub mod views;

use axum::{
    Router,
    body::Body,
    extract::{DefaultBodyLimit, Request, State},
    http::{Method, Uri, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::any,
};
use tower_http::{
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

use std::sync::Arc;

use ipnet::IpNet;

use crate::{openapi, state::AppState, telemetry, web_assets};
use error::ApiError;

pub fn router(state: AppState) -> Router {
    // Installed before the first request, so that nothing recorded is lost.
    telemetry::metrics();
    let limit = state.config.max_upload_bytes;
    let trusted_proxies: Arc<[IpNet]> = state.config.trusted_proxies.clone().into();
    let openapi::Routes { protected, public } = openapi::routes();
    // Unknown `/api` paths live under the token layer too: 401 without a token, 404 with one.
    let api = Router::from(protected)
        .route("/api", any(unknown_api_route))
        .route("/api/{*rest}", any(unknown_api_route))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ))
        .route_layer(middleware::from_fn(metrics::tag_route));
    let public = Router::from(public)
        .method_not_allowed_fallback(method_not_allowed)
        .route_layer(middleware::from_fn(metrics::tag_route));

    Router::new()
        .merge(public)
        .merge(api)
        .fallback(web_assets::serve)
        .layer(compression::layer())
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(limit, reject_oversized))
        .layer(middleware::from_fn(security::headers))
        .layer(middleware::from_fn(metrics::record))
        .layer(middleware::from_fn_with_state(
            trusted_proxies,
            client_address::record,
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<Body>| {
                    let id = request
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-");
                    // The path only: query strings may carry personal data.
                    tracing::info_span!(
                        "request",
                        id = %id,
                        method = %request.method(),
                        path = %request.uri().path(),
                    )
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

async fn unknown_api_route(method: Method, uri: Uri) -> ApiError {
    ApiError::NotFound(format!("There is no API endpoint {method} {}.", uri.path()))
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{} does not accept {method}.", uri.path()))
}

/// Refuses a declared body above the limit before reading it. Bodies without a length are
/// bounded by `DefaultBodyLimit` in the extractors.
async fn reject_oversized(State(limit): State<usize>, request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(length) if length > limit as u64 => ApiError::PayloadTooLarge(format!(
            "The request body is too large: {length} bytes, the limit is {limit} bytes."
        ))
        .into_response(),
        _ => next.run(request).await,
    }
}
