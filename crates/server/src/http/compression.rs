//! Compresses answers on the fly (brotli or gzip, whichever the client accepts) when that pays:
//! text such as JSON lists and the OpenAPI document, above a size where the saving outweighs the
//! work. Downloads that are compressed already (zip archives, workbooks, images) and the web
//! app's files, which are sent precompressed (`web_assets`), pass through untouched.

use axum::http::{Extensions, HeaderMap, StatusCode, Version, header};
use tower_http::compression::{
    CompressionLayer,
    predicate::{Predicate, SizeAbove},
};

/// Below this, the headers and the compressor's framing eat most of the saving.
const MIN_BYTES: u64 = 1024;

pub fn layer() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .compress_when(SizeAbove::new(MIN_BYTES).and(is_text))
}

/// JSON, XML (XLIFF, SVG), HTML, CSS, JavaScript and other text: the content that shrinks.
fn is_text(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json" | "application/xml" | "application/javascript"
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn text(content_type: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(content_type).unwrap(),
        );
        is_text(
            StatusCode::OK,
            Version::HTTP_11,
            &headers,
            &Extensions::new(),
        )
    }

    #[test]
    fn json_xml_and_text_are_compressed() {
        for content_type in [
            "application/json",
            "application/problem+json",
            "application/json; charset=utf-8",
            "text/html; charset=utf-8",
            "text/csv",
            "image/svg+xml",
            "application/x-xliff+xml",
            "application/javascript",
        ] {
            assert!(text(content_type), "{content_type}");
        }
    }

    #[test]
    fn archives_workbooks_and_binaries_are_not() {
        for content_type in [
            "application/zip",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/octet-stream",
            "image/png",
            "font/woff2",
            "application/pdf",
        ] {
            assert!(!text(content_type), "{content_type}");
        }
        assert!(!is_text(
            StatusCode::OK,
            Version::HTTP_11,
            &HeaderMap::new(),
            &Extensions::new()
        ));
    }
}
