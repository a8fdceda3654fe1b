//! Reading the client form (multipart `client_name`, `client_logo`) and sanitising the logo.

use wordmark_core::svg::{MAX_SVG_BYTES, SvgError, sanitize_svg};

use crate::{
    http::{
        error::{ApiError, ApiResult},
        multipart::{ApiMultipart, read_capped, read_text},
    },
    services::clients::NAME_MAX_CHARS,
};

/// Generous for a name, small enough that a text field cannot hold the server's memory.
const NAME_FIELD_MAX_BYTES: usize = 4096;

pub struct ClientForm {
    /// Trimmed, non-empty, at most [`NAME_MAX_CHARS`].
    pub client_name: String,
    /// The sanitised logo; `None` when no file (or an empty one) was sent.
    pub logo: Option<String>,
}

pub async fn read(ApiMultipart(mut multipart): ApiMultipart) -> ApiResult<ClientForm> {
    let mut name = None;
    let mut logo = None;
    while let Some(mut field) = multipart.next_field().await? {
        match field.name() {
            Some("client_name") => name = Some(read_text(&mut field, NAME_FIELD_MAX_BYTES).await?),
            Some("client_logo") => {
                let file_name = field.file_name().unwrap_or("client_logo").to_owned();
                let bytes = read_capped(&mut field, MAX_SVG_BYTES).await?;
                if !bytes.is_empty() {
                    logo = Some(sanitize(file_name, bytes).await?);
                }
            }
            // Other fields (e.g. an `id` the app sends along) carry nothing we store.
            _ => {}
        }
    }
    let client_name = crate::http::error::required("client_name", name)?;
    if client_name.chars().count() > NAME_MAX_CHARS {
        return Err(ApiError::Unprocessable(format!(
            "The client name must have at most {NAME_MAX_CHARS} characters."
        )));
    }
    Ok(ClientForm { client_name, logo })
}

/// Parsing and re-serialising SVG is CPU work: off the async workers.
async fn sanitize(file_name: String, bytes: bytes::Bytes) -> ApiResult<String> {
    let result = tokio::task::spawn_blocking(move || sanitize_svg(&bytes)).await?;
    result.map_err(|err| refused(&file_name, err))
}

/// Whatever the declared type, the content decides: not SVG → 415, too big → 413, an SVG we
/// cannot accept → 422. The message names the file.
fn refused(file_name: &str, err: SvgError) -> ApiError {
    let message = format!("The logo {file_name} was refused: {err}.");
    match err {
        SvgError::NotSvg(_) => ApiError::UnsupportedMediaType(message),
        SvgError::TooLarge { .. } => ApiError::PayloadTooLarge(message),
        _ => ApiError::Unprocessable(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn sanitiser_errors_map_to_statuses_and_name_the_file() {
        let not_svg = refused("logo.svg", SvgError::NotSvg("PNG data".into()));
        assert_eq!(not_svg.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(not_svg.to_string().contains("logo.svg"));
        let large = refused("big.svg", SvgError::TooLarge { size: 2, limit: 1 });
        assert_eq!(large.status(), StatusCode::PAYLOAD_TOO_LARGE);
        let entities = refused("x.svg", SvgError::EntityDeclarations);
        assert_eq!(entities.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
}
