//! Multipart uploads with the API's error shape and bounded reads.

use axum::extract::{
    FromRequest, Request,
    multipart::{Field, Multipart, MultipartError, MultipartRejection},
};
use bytes::{Bytes, BytesMut};

use super::error::{ApiError, ApiResult};

/// `Multipart` whose rejection (not `multipart/form-data`, no boundary) is a 415 `{message}`.
pub struct ApiMultipart(pub Multipart);

impl<S: Send + Sync> FromRequest<S> for ApiMultipart {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> ApiResult<Self> {
        Multipart::from_request(request, state)
            .await
            .map(ApiMultipart)
            .map_err(|_: MultipartRejection| {
                ApiError::UnsupportedMediaType("Expected a multipart/form-data body.".into())
            })
    }
}

impl From<MultipartError> for ApiError {
    fn from(err: MultipartError) -> Self {
        ApiError::from_rejection(err.status(), err.body_text())
    }
}

/// Reads a field completely, but refuses it with 413 as soon as it passes `limit` bytes, so an
/// oversized upload is not buffered whole.
pub async fn read_capped(field: &mut Field<'_>, limit: usize) -> ApiResult<Bytes> {
    let mut buffer = BytesMut::new();
    while let Some(chunk) = field.chunk().await? {
        if buffer.len() + chunk.len() > limit {
            let name = field.file_name().or(field.name()).unwrap_or("upload");
            return Err(ApiError::PayloadTooLarge(format!(
                "{name} is larger than the limit of {limit} bytes."
            )));
        }
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer.freeze())
}

/// A text field, bounded like any other field.
pub async fn read_text(field: &mut Field<'_>, limit: usize) -> ApiResult<String> {
    let bytes = read_capped(field, limit).await?;
    String::from_utf8(bytes.to_vec()).map_err(|_| {
        ApiError::Unprocessable(format!(
            "The field {} is not valid UTF-8 text.",
            field.name().unwrap_or("?")
        ))
    })
}
