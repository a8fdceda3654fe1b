//! Multipart uploads with the API's error shape and bounded reads.

use axum::extract::{
    FromRequest, Request,
    multipart::{Field, Multipart, MultipartError, MultipartRejection},
};
use bytes::{Bytes, BytesMut};
use tokio::io::AsyncWriteExt;

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
        check_size(field, buffer.len() + chunk.len(), limit)?;
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer.freeze())
}

/// The one file of an upload that carries a single file in the field `name` (other fields are
/// read and dropped): its file name (the field's name when the client sent none) and bytes,
/// bounded by `limit`. 400 names the field when it is missing.
pub async fn one_file(
    mut multipart: Multipart,
    name: &str,
    limit: usize,
) -> ApiResult<(String, Bytes)> {
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await? {
        if field.name() == Some(name) {
            let file_name = field.file_name().unwrap_or(name).to_owned();
            file = Some((file_name, read_capped(&mut field, limit).await?));
        }
    }
    file.ok_or_else(|| ApiError::BadRequest(format!("Please send the file in the field '{name}'.")))
}

/// Writes a field into an anonymous temporary file (gone when the file is closed) and hands it
/// back at its start, refusing it with 413 as soon as it passes `limit` bytes: an uploaded
/// archive goes to the disk as it arrives, never into memory whole, and is read from there.
pub async fn spool_capped(field: &mut Field<'_>, limit: usize) -> ApiResult<std::fs::File> {
    let file = tokio::task::spawn_blocking(tempfile::tempfile).await??;
    let mut file = tokio::io::BufWriter::new(tokio::fs::File::from_std(file));
    let mut written = 0;
    while let Some(chunk) = field.chunk().await? {
        written += chunk.len();
        check_size(field, written, limit)?;
        file.write_all(&chunk).await?;
    }
    file.flush().await?;
    let mut file = file.into_inner().into_std().await;
    tokio::task::spawn_blocking(move || {
        std::io::Seek::rewind(&mut file)?;
        Ok(file)
    })
    .await?
}

fn check_size(field: &Field<'_>, size: usize, limit: usize) -> ApiResult<()> {
    if size > limit {
        let name = field.file_name().or(field.name()).unwrap_or("upload");
        return Err(ApiError::PayloadTooLarge(format!(
            "{name} is larger than the limit of {limit} bytes."
        )));
    }
    Ok(())
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
