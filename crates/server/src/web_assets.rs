//! Serves the built web app: embedded in the binary (`web/dist` at build time) or read from
//! `WORDMARK_WEB_DIR`. Paths that are not files get `index.html`, so the app's own routes
//! (`/clients/3`, `/admin/user/jane.doe`) load the app.

use std::{borrow::Cow, path::Path};

use axum::{
    extract::State,
    http::{HeaderValue, Method, StatusCode, Uri, header},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;

use crate::{http::error::ApiError, state::AppState};

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
// The server builds (and its tests run) before the app has ever been built.
#[allow_missing = true]
struct Embedded;

/// Vite names the files under `assets/` by content hash: they never change, cache them forever.
const HASHED_DIR: &str = "assets/";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub async fn serve(State(state): State<AppState>, method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/auth/") {
        return ApiError::NotFound(format!("There is no endpoint {method} {path}."))
            .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let web_dir = state.config.web_dir.as_deref();
    let relative = path.trim_start_matches('/');
    if !relative.is_empty()
        && let Some(bytes) = load(web_dir, relative).await
    {
        let cache = if relative.starts_with(HASHED_DIR) {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        return respond(relative, bytes, cache);
    }
    if relative.starts_with(HASHED_DIR) {
        // A missing script must fail as a 404, not load index.html as JavaScript.
        return StatusCode::NOT_FOUND.into_response();
    }
    match load(web_dir, "index.html").await {
        Some(bytes) => respond("index.html", bytes, REVALIDATE),
        None => (
            StatusCode::NOT_FOUND,
            "The web app is not built. Build it (make build) or set WORDMARK_WEB_DIR.",
        )
            .into_response(),
    }
}

async fn load(web_dir: Option<&Path>, relative: &str) -> Option<Cow<'static, [u8]>> {
    match web_dir {
        Some(dir) => {
            // Only plain names: no `..`, no absolute or empty segments that could leave `dir`.
            let safe = relative
                .split('/')
                .all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains('\\'));
            if !safe {
                return None;
            }
            tokio::fs::read(dir.join(relative))
                .await
                .ok()
                .map(Cow::Owned)
        }
        None => Embedded::get(relative).map(|file| file.data),
    }
}

fn respond(name: &str, bytes: Cow<'static, [u8]>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = bytes.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}
