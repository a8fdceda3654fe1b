//! Request metrics: every answer counted by method, route template (`/api/translation/{id}`,
//! never the concrete path: ids would make a series per project) and status, with its latency;
//! uploads measured by their declared size.
//!
//! Two parts, because only the routers know the template: [`tag_route`] runs inside each
//! matched route and hands the template to the response; [`record`] wraps everything, so its
//! latency includes compression and the other layers, and answers no route matched (the web
//! app's files, unknown paths) count under `other`.

use std::time::Instant;

use axum::{
    extract::{MatchedPath, Request},
    http::{Method, header},
    middleware::Next,
    response::Response,
};

/// Copies the matched route's template to the response for [`record`].
pub async fn tag_route(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(route);
    }
    response
}

pub async fn record(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let upload = upload_size(&request);
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "other".to_owned(), |p| p.as_str().to_owned());
    let method = method_label(&method);
    let status = response.status().as_u16().to_string();
    metrics::counter!(
        "wordmark_http_requests_total",
        "method" => method,
        "route" => route.clone(),
        "status" => status,
    )
    .increment(1);
    metrics::histogram!(
        "wordmark_http_request_duration_seconds",
        "method" => method,
        "route" => route.clone(),
    )
    .record(started.elapsed().as_secs_f64());
    if let Some(bytes) = upload {
        metrics::histogram!("wordmark_upload_bytes", "route" => route).record(bytes as f64);
    }
    response
}

/// The declared size of a multipart upload.
fn upload_size(request: &Request) -> Option<u64> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if !multipart {
        return None;
    }
    request
        .headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// A fixed set of labels: a client sending made-up methods cannot create new series.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
