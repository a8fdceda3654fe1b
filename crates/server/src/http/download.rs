//! File downloads: the `Content-Disposition` header (RFC 6266) and a ready answer for zips.

use axum::{
    body::Body,
    http::{HeaderValue, header},
    response::Response,
};

/// `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback for old clients and the
/// exact UTF-8 name (RFC 5987 encoding) that every current browser uses, so "Müller" arrives as
/// "Müller" and not as "M_ller". Folder separators (a project named "A/B") become `-`, since
/// the name is one file's.
pub fn attachment(file_name: &str) -> HeaderValue {
    let file_name: String = file_name
        .chars()
        .map(|c| if c == '/' || c == '\\' { '-' } else { c })
        .collect();
    let fallback: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() && c != '"' && c != '\\' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let value = format!(
        "attachment; filename=\"{fallback}\"; filename*=UTF-8''{}",
        rfc5987_encode(&file_name)
    );
    HeaderValue::from_str(&value).expect("only visible ASCII is left in the header")
}

/// Percent-encodes everything outside RFC 5987's `attr-char`.
fn rfc5987_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A zip archive offered for download as `file_name`.
pub fn zip_response(bytes: Vec<u8>, file_name: &str) -> Response {
    Response::builder()
        .header(header::CONTENT_TYPE, "application/zip")
        .header(header::CONTENT_DISPOSITION, attachment(file_name))
        .body(Body::from(bytes))
        .expect("static headers are valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_are_kept_in_both_parameters() {
        assert_eq!(
            attachment("Acme-rebranding.zip"),
            "attachment; filename=\"Acme-rebranding.zip\"; \
             filename*=UTF-8''Acme-rebranding.zip"
        );
    }

    #[test]
    fn folder_separators_do_not_reach_the_file_name() {
        assert_eq!(
            attachment("a/b\\c-xlsx.zip"),
            "attachment; filename=\"a-b-c-xlsx.zip\"; filename*=UTF-8''a-b-c-xlsx.zip"
        );
    }

    #[test]
    fn non_ascii_names_get_a_fallback_and_the_encoded_original() {
        assert_eq!(
            attachment("Müller & Söhne \"ß\"-rebranding.zip"),
            "attachment; filename=\"M_ller & S_hne ___-rebranding.zip\"; \
             filename*=UTF-8''M%C3%BCller%20&%20S%C3%B6hne%20%22%C3%9F%22-rebranding.zip"
        );
    }
}
