//! File downloads: the `Content-Disposition` header (RFC 6266), bodies streamed chunk by chunk,
//! and ready answers for zips, from memory or from the spooled temporary file a large archive
//! was built in.

use std::io::{self, Seek, SeekFrom};

use axum::{
    BoxError,
    body::{Body, Bytes},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use futures::{Stream, StreamExt, TryStreamExt};
use tempfile::{SpooledData, SpooledTempFile};
use tokio_util::io::ReaderStream;

/// A body sent as `chunks` yields them, so a long export is never held in memory whole. Every
/// streamed answer is made here (clippy refuses `Body::from_stream` elsewhere):
/// - the stream is fused: the compression layer polls a body once more after its end, and a
///   stream such as `futures::stream::unfold` panics when polled after it ended, which cut the
///   download off;
/// - an error that ends the body early (the client sees a cut download) is logged, naming
///   `what` was being sent.
pub fn streamed_body<S, T, E>(what: &'static str, chunks: S) -> Body
where
    S: Stream<Item = Result<T, E>> + Send + 'static,
    T: Into<Bytes> + 'static,
    E: Into<BoxError> + std::fmt::Display + 'static,
{
    let chunks = chunks
        .fuse()
        .inspect_err(move |error| tracing::error!(%error, "{what} stopped before its end"));
    #[allow(clippy::disallowed_methods)]
    Body::from_stream(chunks)
}

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

/// `bytes` of `content_type` offered for download as `name`.
pub fn file_response(content_type: &'static str, name: &str, bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_DISPOSITION, attachment(name)),
        ],
        bytes,
    )
        .into_response()
}

/// A zip archive offered for download as `file_name`.
pub fn zip_response(bytes: Vec<u8>, file_name: &str) -> Response {
    let length = bytes.len() as u64;
    zip_body(Body::from(bytes), length, file_name)
}

/// A zip archive written into a spooled temporary file, offered for download as `file_name`:
/// sent from memory when it stayed small, otherwise streamed from the disk in chunks, so a large
/// archive is never held in memory whole. `Content-Length` is the file's length either way.
pub fn spooled_zip_response(mut file: SpooledTempFile, file_name: &str) -> io::Result<Response> {
    let length = file.seek(SeekFrom::End(0))?;
    file.rewind()?;
    let body = match file.into_inner() {
        SpooledData::InMemory(cursor) => Body::from(cursor.into_inner()),
        SpooledData::OnDisk(file) => streamed_body(
            "an archive",
            ReaderStream::new(tokio::fs::File::from_std(file)),
        ),
    };
    Ok(zip_body(body, length, file_name))
}

fn zip_body(body: Body, length: u64, file_name: &str) -> Response {
    Response::builder()
        .header(header::CONTENT_TYPE, "application/zip")
        .header(header::CONTENT_LENGTH, length)
        .header(header::CONTENT_DISPOSITION, attachment(file_name))
        .body(body)
        .expect("static headers are valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(response: Response) -> (Option<String>, Vec<u8>) {
        let length = response
            .headers()
            .get(header::CONTENT_LENGTH)
            .map(|v| v.to_str().unwrap().to_owned());
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        (length, body.to_vec())
    }

    #[tokio::test]
    async fn spooled_archives_are_sent_whole_from_memory_or_disk() {
        use std::io::Write;
        let bytes: Vec<u8> = (0..100_000u32).map(|n| (n % 251) as u8).collect();
        // Below the spooling size the file stays in memory; above it, it is on disk.
        for spool in [1_000_000, 1_000] {
            let mut file = tempfile::spooled_tempfile(spool);
            file.write_all(&bytes).unwrap();
            assert_eq!(file.is_rolled(), spool < bytes.len());
            let response = spooled_zip_response(file, "a.zip").unwrap();
            assert_eq!(
                body_of(response).await,
                (Some(bytes.len().to_string()), bytes.clone())
            );
        }
    }

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
