//! Security headers on every answer. A handler that needs a different policy (the SVG logo
//! endpoint) sets its own header, which is kept.

use axum::{
    extract::Request,
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; \
     style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; \
     base-uri 'none'; form-action 'self'";

const DEFAULTS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

pub async fn headers(request: Request, next: Next) -> Response {
    // API answers carry tokens and private data: no cache may keep them.
    let path = request.uri().path();
    let is_api = path.starts_with("/api/") || path.starts_with("/auth/");
    // A review link's page and API: the token in the address must not reach a search engine
    // (nor another site: `Referrer-Policy: no-referrer` is on every answer).
    let is_review = path.starts_with("/review/") || path.starts_with("/api/review/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in DEFAULTS {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    if is_review {
        headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    }
    if is_api {
        headers
            .entry(header::CACHE_CONTROL)
            .or_insert(HeaderValue::from_static("no-store"));
    }
    response
}
