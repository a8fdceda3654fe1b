//! Serves the built web app: embedded in the binary (`web/dist` at build time) or read from
//! `WORDMARK_WEB_DIR`. Paths that are not files get `index.html`, so the app's own routes
//! (`/clients/3`, `/admin/user/jane.doe`) load the app. The build writes a brotli (`x.js.br`) and
//! a gzip (`x.js.gz`) copy next to each text file (web/vite.config.ts); a browser that accepts one
//! gets it, with `Content-Encoding`, instead of the plain file.

use std::{borrow::Cow, path::Path};

use axum::{
    extract::State,
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
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

/// The precompressed copies the build writes, smallest first: (`Content-Encoding`, file suffix).
const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

pub async fn serve(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    request_headers: HeaderMap,
) -> Response {
    let path = uri.path();
    if path.starts_with("/auth/") {
        return ApiError::NotFound(format!("There is no endpoint {method} {path}."))
            .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let files = Files {
        web_dir: state.config.web_dir.as_deref(),
        accepted: accepted_encodings(&request_headers),
    };
    let relative = path.trim_start_matches('/');
    if !relative.is_empty()
        && let Some(file) = files.load(relative).await
    {
        let cache = if relative.starts_with(HASHED_DIR) {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        return respond(relative, file, cache);
    }
    if relative.starts_with(HASHED_DIR) {
        // A missing script must fail as a 404, not load index.html as JavaScript.
        return StatusCode::NOT_FOUND.into_response();
    }
    match files.load("index.html").await {
        Some(file) => respond("index.html", file, REVALIDATE),
        None => (
            StatusCode::NOT_FOUND,
            "The web app is not built. Build it (make build) or set WORDMARK_WEB_DIR.",
        )
            .into_response(),
    }
}

/// The encodings the request's `Accept-Encoding` allows, of those the build writes. A `q=0`
/// refuses one; `*` stands for any not named.
fn accepted_encodings(headers: &HeaderMap) -> Vec<(&'static str, &'static str)> {
    let offers: Vec<(String, bool)> = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|offer| {
            let mut parts = offer.split(';');
            let name = parts.next()?.trim().to_ascii_lowercase();
            let refused = parts.any(|param| {
                param
                    .trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            (!name.is_empty()).then_some((name, !refused))
        })
        .collect();
    let wildcard = offers
        .iter()
        .find(|(name, _)| name == "*")
        .map(|&(_, accepted)| accepted);
    ENCODINGS
        .into_iter()
        .filter(|(encoding, _)| {
            offers
                .iter()
                .find(|(name, _)| name == encoding)
                .map(|&(_, accepted)| accepted)
                .or(wildcard)
                .unwrap_or(false)
        })
        .collect()
}

/// A file to send, and the encoding its bytes are in (`None`: as built).
struct File {
    bytes: Cow<'static, [u8]>,
    encoding: Option<&'static str>,
}

/// Where the app's files are, and which precompressed copies this request may get.
struct Files<'a> {
    web_dir: Option<&'a Path>,
    accepted: Vec<(&'static str, &'static str)>,
}

impl Files<'_> {
    /// The smallest accepted copy of `relative` that the build wrote, else the plain file.
    async fn load(&self, relative: &str) -> Option<File> {
        for &(encoding, suffix) in &self.accepted {
            if let Some(bytes) = load(self.web_dir, &format!("{relative}{suffix}")).await {
                return Some(File {
                    bytes,
                    encoding: Some(encoding),
                });
            }
        }
        let bytes = load(self.web_dir, relative).await?;
        Some(File {
            bytes,
            encoding: None,
        })
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

fn respond(name: &str, file: File, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = file.bytes.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    if let Some(encoding) = file.encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    // Any file may have a compressed copy: caches must key every answer on Accept-Encoding.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepted(value: &str) -> Vec<&'static str> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        accepted_encodings(&headers)
            .into_iter()
            .map(|(encoding, _)| encoding)
            .collect()
    }

    #[test]
    fn brotli_is_preferred_to_gzip_whatever_the_order() {
        assert_eq!(accepted("gzip, deflate, br, zstd"), ["br", "gzip"]);
        assert_eq!(accepted("gzip"), ["gzip"]);
        assert_eq!(accepted("BR;q=0.5"), ["br"]);
    }

    #[test]
    fn a_zero_quality_or_no_header_refuses_an_encoding() {
        assert_eq!(accepted("br;q=0, gzip"), ["gzip"]);
        assert_eq!(accepted("identity"), Vec::<&str>::new());
        assert!(accepted_encodings(&HeaderMap::new()).is_empty());
    }

    #[test]
    fn a_wildcard_stands_for_the_encodings_not_named() {
        assert_eq!(accepted("*"), ["br", "gzip"]);
        assert_eq!(accepted("gzip;q=0, *"), ["br"]);
        assert_eq!(accepted("br, *;q=0"), ["br"]);
    }
}
