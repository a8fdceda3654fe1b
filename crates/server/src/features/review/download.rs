//! Zip downloads: `Content-Disposition` with the file name, RFC 6266 style.

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};

/// `bytes` as an `application/zip` attachment named `file_name`.
pub fn zip_attachment(file_name: &str, bytes: Vec<u8>) -> Response {
    let disposition = HeaderValue::from_str(&content_disposition(file_name))
        .expect("the disposition is built from visible ASCII");
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/zip"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response()
}

/// `attachment; filename="…"`, plus `filename*=UTF-8''…` (RFC 6266 / 5987) when the name is
/// not plain ASCII: old clients read the first, every current browser the second. Folder
/// separators become `-`, since the name is one file's.
fn content_disposition(file_name: &str) -> String {
    let name: String = file_name
        .chars()
        .map(|c| match c {
            '/' | '\\' => '-',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    let plain = name.chars().all(|c| c.is_ascii() && c != '"');
    let fallback: String = name
        .chars()
        .map(|c| if c.is_ascii() && c != '"' { c } else { '_' })
        .collect();
    if plain {
        return format!("attachment; filename=\"{fallback}\"");
    }
    let mut encoded = String::with_capacity(name.len() * 3);
    for byte in name.bytes() {
        // RFC 5987 `attr-char`: everything else is percent-encoded.
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_are_quoted_and_others_encoded_too() {
        assert_eq!(
            content_disposition("Acme relaunch-xlsx.zip"),
            "attachment; filename=\"Acme relaunch-xlsx.zip\""
        );
        assert_eq!(
            content_disposition("Café \"Zürich\"-xliff.zip"),
            "attachment; filename=\"Caf_ _Z_rich_-xliff.zip\"; \
             filename*=UTF-8''Caf%C3%A9%20%22Z%C3%BCrich%22-xliff.zip"
        );
        assert_eq!(
            content_disposition("a/b\\c-xlsx.zip"),
            "attachment; filename=\"a-b-c-xlsx.zip\""
        );
    }
}
