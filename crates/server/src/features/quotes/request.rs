//! `POST /api/requests`: a customer's request for a translation, read from a multipart form
//! (`title`, `client_id`, `due_date`, `note`, `project_files`) under the same upload limits as
//! a project the staff create.

use axum::{extract::State, http::StatusCode};
use serde::Serialize;
use serde_json::json;
use time::Date;
use utoipa::ToSchema;

use crate::{
    http::{
        auth::Authorized,
        error::{ApiError, ApiJson, ApiResult, ErrorBody},
        multipart::{ApiMultipart, read_text, spool_capped},
        views::translation::ProjectResponse,
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        clients, people,
        quotes::{
            Quote,
            request::{self, NewRequest, Requester},
        },
        translation::{self, TranslationError},
    },
    state::AppState,
};

/// Enough for a title, a date, an id; a note of a few pages.
const TEXT_FIELD_MAX_BYTES: usize = 16 * 1024;

/// The form of `POST /api/requests`. Only the OpenAPI document uses this type (the handler
/// reads the fields one by one).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct RequestUpload {
    /// Required, at most 200 characters: the project's name.
    pub title: String,
    /// One of the caller's clients.
    pub client_id: String,
    /// When the translation is needed (`YYYY-MM-DD`, today or later); optional.
    pub due_date: Option<String>,
    /// Optional, at most 4,000 characters.
    pub note: Option<String>,
    /// One zip of XLIFF files exported by WPML.
    #[schema(value_type = String, format = Binary)]
    pub project_files: Vec<u8>,
}

/// The requested project with its jobs, the archive's entries that were not XLIFF, and the
/// draft quote computed from its analysis.
#[derive(Debug, Serialize, ToSchema)]
pub struct RequestedProject {
    pub project: ProjectResponse,
    pub skipped: Vec<String>,
    pub quote: Quote,
}

struct RequestForm {
    title: String,
    client_id: Option<String>,
    due_date: Option<String>,
    note: Option<String>,
    archive: Option<(String, std::fs::File)>,
}

async fn read(ApiMultipart(mut multipart): ApiMultipart, limit: usize) -> ApiResult<RequestForm> {
    let mut form = RequestForm {
        title: String::new(),
        client_id: None,
        due_date: None,
        note: None,
        archive: None,
    };
    while let Some(mut field) = multipart.next_field().await? {
        match field.name() {
            Some("title") => form.title = read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?,
            Some("client_id") => {
                form.client_id = Some(read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?);
            }
            Some("due_date") => {
                form.due_date = Some(read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?);
            }
            Some("note") => form.note = Some(read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?),
            Some("project_files") => {
                if form.archive.is_some() {
                    return Err(ApiError::Unprocessable(
                        "Upload one zip archive (project_files) with all the files.".into(),
                    ));
                }
                let name = field
                    .file_name()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or("project_files")
                    .to_owned();
                form.archive = Some((name, spool_capped(&mut field, limit).await?));
            }
            _ => {}
        }
    }
    Ok(form)
}

fn parse_day(text: &str) -> ApiResult<Option<Date>> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Date::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .map(Some)
    .map_err(|_| {
        ApiError::Unprocessable(format!(
            "The due date \"{text}\" is not a date (YYYY-MM-DD)."
        ))
    })
}

/// Request a translation for one of the caller's clients: the zip becomes a project in
/// `Created` exactly as for `POST /api/translation` (its limits, checks and answers), marked as
/// requested (who, due date, note), with a draft quote from its analysis under the client's
/// rate scheme. The agency's staff are told. All or nothing.
#[utoipa::path(
    post,
    path = "/api/requests",
    security(("bearer_token" = ["projects.request"])),
    tag = "quotes",
    request_body(content = RequestUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = RequestedProject),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The client is not one of the caller's", body = ErrorBody),
        (status = 413, description = "Too many entries, or an entry or the whole archive unpacks too large", body = ErrorBody),
        (status = 415, description = "Not multipart, or the upload is not a zip archive", body = ErrorBody),
        (status = 422, description = "No title or client, a due date in the past or not a date, a note too long, no XLIFF file, an unsafe entry or an unreadable file (named)", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRequest>,
    multipart: ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<RequestedProject>)> {
    let form = read(multipart, state.config.max_upload_bytes).await?;
    request::check_title(&form.title)?;
    let client_text = form.client_id.unwrap_or_default();
    let client_text = client_text.trim();
    if client_text.is_empty() {
        return Err(ApiError::Unprocessable(
            "Choose the client the translation is for.".into(),
        ));
    }
    // Another client's id, or none at all: not found, as for every record out of scope.
    let client_id = client_text
        .parse::<i32>()
        .ok()
        .filter(|id| caller.scope.includes(Some(*id)));
    let Some(client_id) = client_id else {
        return Err(ApiError::NotFound(format!(
            "There is no client with id \"{client_text}\"."
        )));
    };
    if clients::find(&state.db, client_id).await?.is_none() {
        return Err(ApiError::NotFound(format!(
            "There is no client with id \"{client_id}\"."
        )));
    }
    let due_date = parse_day(form.due_date.as_deref().unwrap_or(""))?;
    let Some((archive_name, archive)) = form.archive else {
        return Err(ApiError::Unprocessable(
            "The field project_files is required: upload one zip archive of XLIFF files.".into(),
        ));
    };
    let bytes = archive.metadata()?.len();
    let name = people::signature(
        &caller.user.first_name,
        &caller.user.last_name,
        &caller.user.username,
    );
    let new = NewRequest {
        title: form.title,
        client_id,
        due_date,
        note: form.note,
        archive_name,
        archive,
        limits: state.config.archive_limits(),
    };
    let by = Requester {
        user_id: caller.user.id,
        name: &name,
    };
    let requested =
        request::create(&state.db, new, by, state.mail_site(), state.clock.now()).await?;
    let found = translation::projects::find(&state.db, requested.project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let project = ProjectResponse::new(found.project, found.client, found.author, found.jobs);
    let detail = json!({
        "files": project.jobs.as_ref().map_or(0, Vec::len),
        "bytes": bytes,
        "skipped": requested.skipped.len(),
        "quote_id": requested.quote.id,
    });
    let event = AuditAction::TranslationRequested
        .on(
            TargetKind::TranslationProject,
            requested.project_id,
            &project.name,
        )
        .with(detail);
    caller.audit(&state, event).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(RequestedProject {
            project,
            skipped: requested.skipped,
            quote: requested.quote,
        }),
    ))
}
