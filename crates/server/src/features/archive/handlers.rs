use axum::{extract::State, http::StatusCode, response::Response};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::{
        download::spooled_zip_response,
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
        multipart::{ApiMultipart, read_text, spool_capped},
        views::clients::ClientResponse,
    },
    services::{
        audit::{AuditAction, TargetKind},
        client_archive::{
            export,
            import::{self, ImportRequest},
        },
        client_archive_format::Counts,
        clients,
    },
    state::AppState,
};

/// Generous for a name, small enough that a text field cannot hold the server's memory.
const NAME_FIELD_MAX_BYTES: usize = 4096;

/// The answer to an import: the new client and what came with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportedClient {
    pub client: ClientResponse,
    pub counts: Counts,
}

/// The multipart form of `POST /api/client/archive`. Only the OpenAPI document uses this type
/// (the handler reads the fields one by one).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ArchiveUpload {
    /// A client archive (`{client}-archive.zip`) exported by Wordmark.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// Import the client under this name instead of the archive's (when that name is taken).
    pub client_name: Option<String>,
}

/// Export a client with everything of theirs as one zip (administrators only): the logo,
/// every translation project with its jobs (original files as uploaded, segments as stored,
/// status history), the client's translation memory and rebranding projects, and
/// `manifest.json` with counts and every entry's SHA-256. Users, MT settings and secrets are
/// not in it.
#[utoipa::path(
    get,
    path = "/api/client/{id}/archive",
    security(("bearer_token" = ["archive.manage"])),
    tag = "clients",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "`{client name}-archive.zip`", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn export(
    State(state): State<AppState>,
    caller: Authorized<perm::ArchiveManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let exported = export::export(&state.db, id, state.clock.now()).await?;
    let response = spooled_zip_response(exported.file, &exported.file_name)?;
    let event = AuditAction::ClientExported.on(TargetKind::Client, id, &exported.client_name);
    caller
        .audit(&state, event.with(json!(exported.counts)))
        .await;
    Ok(response)
}

/// Import a client archive (administrators only) as a new client: the whole archive is
/// checked first (manifest and format version, every entry's SHA-256, every XLIFF file
/// against its segments), then everything is stored in one transaction. The client, its
/// projects and the people's status changes are attributed to the importing administrator.
#[utoipa::path(
    post,
    path = "/api/client/archive",
    security(("bearer_token" = ["archive.manage"])),
    tag = "clients",
    request_body(content = ArchiveUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new client and what was imported", body = ImportedClient),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "A client of that name exists (import it under another `client_name`)", body = ErrorBody),
        (status = 413, description = "The upload, an entry or the whole archive is too large", body = ErrorBody),
        (status = 415, description = "Not multipart, or the file is not a zip archive", body = ErrorBody),
        (status = 422, description = "Not a client archive, a newer format version, or an entry that is missing, changed or unreadable (named)", body = ErrorBody),
    )
)]
pub async fn import(
    State(state): State<AppState>,
    caller: Authorized<perm::ArchiveManage>,
    ApiMultipart(mut multipart): ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<ImportedClient>)> {
    let mut archive = None;
    let mut client_name = None;
    while let Some(mut field) = multipart.next_field().await? {
        match field.name() {
            Some("file") => {
                if archive.is_some() {
                    return Err(ApiError::Unprocessable(
                        "Upload one client archive (the field file).".into(),
                    ));
                }
                let name = field
                    .file_name()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or("file")
                    .to_owned();
                archive = Some((
                    name,
                    spool_capped(&mut field, state.config.max_upload_bytes).await?,
                ));
            }
            Some("client_name") => {
                let name = read_text(&mut field, NAME_FIELD_MAX_BYTES).await?;
                client_name = Some(name).filter(|n| !n.trim().is_empty());
            }
            _ => {}
        }
    }
    let Some((archive_name, archive)) = archive else {
        return Err(ApiError::Unprocessable(
            "The field file is required: upload a client archive (zip).".into(),
        ));
    };
    let request = ImportRequest {
        archive_name: archive_name.clone(),
        archive,
        limits: import::limits(state.config.archive_limits()),
        client_name,
        author_id: Some(caller.user.id),
        now: state.clock.now(),
    };
    let imported = import::import(&state.db, request).await?;
    let event = AuditAction::ClientImported.on(
        TargetKind::Client,
        imported.client_id,
        &imported.client_name,
    );
    caller
        .audit(
            &state,
            event.with(json!({ "archive": archive_name, "counts": imported.counts })),
        )
        .await;
    let (client, author) = clients::find(&state.db, imported.client_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the imported client vanished")))?;
    Ok((
        StatusCode::CREATED,
        ApiJson(ImportedClient {
            client: ClientResponse::new(client, author),
            counts: imported.counts,
        }),
    ))
}
