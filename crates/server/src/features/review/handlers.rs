use std::collections::BTreeMap;

use axum::{extract::State, response::Response};
use sea_orm::TransactionTrait;
use serde_json::json;

use super::{import, types::ImportAnswer, upload};
use crate::{
    features::translation::{
        self,
        service::{self, corrections, export},
        types::ProjectResponse,
    },
    http::{
        auth::CurrentUser,
        download::zip_response,
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
        multipart::ApiMultipart,
    },
    services::{
        audit::{Action, Kind},
        memory,
    },
    state::AppState,
};

/// Download one review workbook per job (`{project name}-xlsx.zip`). A `Pretranslated` project
/// moves to `Translations_In_Correction` (a later `PUT` of that status changes nothing).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/download-xlsx",
    tag = "review",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "A flat zip of `{job file}.xlsx` workbooks", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The project has no jobs", body = ErrorBody),
    )
)]
pub async fn download_xlsx(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let archive = export::workbooks(&state.db, id, caller.user.id).await?;
    audit_download(&state, &caller, id, Action::XlsxDownloaded, &archive).await?;
    Ok(zip_response(archive.bytes, &archive.file_name))
}

/// Import the customer's corrected workbooks (one zip in `xlsx_files`): rows are QA-checked,
/// taken or refused one by one, all in one transaction; the project becomes
/// `Translations_Corrected`.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/upload-xlsx",
    tag = "review",
    params(("id" = i32, Path)),
    request_body(content = super::types::XlsxUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The updated project with its jobs and the import report", body = ImportAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "The archive or a workbook is too large", body = ErrorBody),
        (status = 415, description = "The upload is not a zip", body = ErrorBody),
        (status = 422, description = "A bad archive or workbook (named), none matching the project, or two for one file", body = ErrorBody),
    )
)]
pub async fn upload_xlsx(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    multipart: ApiMultipart,
) -> ApiResult<ApiJson<ImportAnswer>> {
    let head = service::head(&state.db, id)
        .await?
        .ok_or_else(translation::project_not_found)?;
    let upload = upload::read_form(multipart, state.config.max_upload_bytes).await?;
    let archive = upload.file_name.clone();
    let limits = state.config.archive_limits();
    let contents =
        tokio::task::spawn_blocking(move || upload::read_archive(&upload, &limits)).await??;

    let txn = state.db.begin().await?;
    let jobs = service::project_jobs(&txn, id).await?;
    let segments = service::project_segments(&txn, id).await?;
    let plan = tokio::task::spawn_blocking(move || {
        import::plan(contents.workbooks, &jobs, &segments, contents.skipped)
    })
    .await?
    .map_err(|e| ApiError::Unprocessable(format!("{e}.")))?;
    if plan.report.files.iter().all(|f| f.job_id.is_none()) {
        return Err(ApiError::Unprocessable(format!(
            "No workbook in '{archive}' belongs to this project's files: {}.",
            plan.report.unmatched_files.join(", ")
        )));
    }
    // The customer's corrections are confirmed translations: the memory learns them with them.
    let mut by_job: BTreeMap<i32, Vec<memory::Confirmed>> = BTreeMap::new();
    for correction in plan.accepted_corrections() {
        by_job
            .entry(correction.job_id)
            .or_default()
            .push(correction.confirmed.clone());
    }
    corrections::apply(&txn, id, &plan.updates, by_job, caller.user.id).await?;
    let found = service::find(&txn, id)
        .await?
        .ok_or_else(translation::project_not_found)?;
    let project = ProjectResponse::new(found.project, found.client, found.author, found.jobs, true);
    txn.commit().await?;
    tracing::info!(
        project_id = id,
        by = %caller.user.username,
        updated = plan.updates.len(),
        corrections = plan.accepted_corrections().len(),
        "corrected workbooks imported"
    );
    let imported = Action::CorrectionsImported.on(Kind::TranslationProject, id, head.name);
    caller
        .audit(&state, imported.with(plan.report.audit_detail()))
        .await;
    Ok(ApiJson(ImportAnswer {
        project,
        import_report: plan.report,
    }))
}

/// Download the jobs' XLIFF files with the current targets (`{project name}-xliff.zip`, flat,
/// each under its original name), ready for WPML. A `Translations_Corrected` project moves to
/// `Completed` (a later `PUT` of that status changes nothing).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/download-xliff",
    tag = "review",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "A flat zip of the jobs' XLIFF files", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The project has no jobs, or a stored target cannot be written", body = ErrorBody),
    )
)]
pub async fn download_xliff(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let archive = export::xliff(&state.db, id, caller.user.id).await?;
    audit_download(&state, &caller, id, Action::XliffDownloaded, &archive).await?;
    Ok(zip_response(archive.bytes, &archive.file_name))
}

/// Records the download of `archive` from the project `id`: its file name and size.
async fn audit_download(
    state: &AppState,
    caller: &CurrentUser,
    id: i32,
    action: Action,
    archive: &export::Archive,
) -> ApiResult<()> {
    let name = service::head(&state.db, id).await?.map(|p| p.name);
    let detail = json!({ "file": archive.file_name, "bytes": archive.bytes.len() });
    let event = action.on(Kind::TranslationProject, id, name.unwrap_or_default());
    caller.audit(state, event.with(detail)).await;
    Ok(())
}
