use axum::{extract::State, response::Response};
use serde_json::json;
use tokio::sync::mpsc;

use super::{types::ImportAnswer, upload};
use crate::{
    http::auth::{Authorized, CurrentUser},
    policy::perm,
};
use crate::{
    http::{
        download::spooled_zip_response,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
        multipart::ApiMultipart,
        views::translation::ProjectResponse,
    },
    services::{
        audit::{AuditAction, TargetKind},
        translation::{self, export},
        workbook_import::{self, Import},
    },
    state::AppState,
};

/// Workbooks read ahead of the one being applied: the reader parses the next batch while the
/// database writes, without piling up workbooks when the database is the slower side.
const WORKBOOKS_IN_FLIGHT: usize = 16;

/// Download one review workbook per job (`{project name}-xlsx.zip`). A `Pretranslated` project
/// moves to `Translations_In_Correction` (a later `PUT` of that status changes nothing).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/download-xlsx",
    security(("bearer_token" = ["projects.write"])),
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
    caller: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let mut archive = export::workbooks(&state.db, id, caller.user.id, state.clock.now()).await?;
    audit_download(
        &state,
        &caller,
        id,
        AuditAction::XlsxDownloaded,
        &mut archive,
    )
    .await?;
    Ok(spooled_zip_response(archive.file, &archive.file_name)?)
}

/// Import the customer's corrected workbooks (one zip in `xlsx_files`): rows are QA-checked,
/// taken or refused one by one, all in one transaction; the project becomes
/// `Translations_Corrected`.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/upload-xlsx",
    security(("bearer_token" = ["projects.write"])),
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
    caller: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
    multipart: ApiMultipart,
) -> ApiResult<ApiJson<ImportAnswer>> {
    workbook_import::ensure_project(&state.db, id).await?;
    let upload = upload::read_form(multipart, state.config.max_upload_bytes).await?;
    let archive = upload.file_name.clone();
    let limits = state.config.archive_limits();

    // The workbooks are read (a blocking thread) and applied (the import, in its one
    // transaction) one at a time, so neither the archive nor the project is ever held whole;
    // a refusal (a bad archive or workbook, two workbooks for one file, none for this project)
    // drops the import, so it lands whole or not at all.
    let (sender, mut workbooks) = mpsc::channel(WORKBOOKS_IN_FLIGHT);
    let reader = tokio::task::spawn_blocking(move || {
        upload::read_archive(upload, &limits, |workbook| {
            sender.blocking_send(workbook).is_ok()
        })
    });
    let mut import = Import::begin(&state.db, id, caller.user.id, state.clock.now()).await?;
    while let Some(workbook) = workbooks.recv().await {
        import.add(workbook).await?;
    }
    let skipped = reader.await??;
    let imported = import.finish(&archive, skipped).await?;
    let found = imported.project;
    let project = ProjectResponse::new(found.project, found.client, found.author, found.jobs);
    tracing::info!(
        project_id = id,
        by = %caller.user.username,
        updated = imported.updated,
        corrections = imported.corrections,
        "corrected workbooks imported"
    );
    let report = imported.report;
    let event = AuditAction::CorrectionsImported.on(
        TargetKind::TranslationProject,
        id,
        project.name.clone(),
    );
    caller
        .audit(&state, event.with(report.audit_detail()))
        .await;
    Ok(ApiJson(ImportAnswer {
        project,
        import_report: report,
    }))
}

/// Download the jobs' XLIFF files with the current targets (`{project name}-xliff.zip`, flat,
/// each under its original name), ready for WPML. A `Translations_Corrected` project moves to
/// `Completed` (a later `PUT` of that status changes nothing).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/download-xliff",
    security(("bearer_token" = ["projects.write"])),
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
    caller: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let before = crate::services::translation::projects::head(&state.db, id).await?;
    let mut archive = export::xliff(&state.db, id, caller.user.id, state.clock.now()).await?;
    if before.is_some_and(|p| p.status == translation::ProjectStatus::TranslationsCorrected) {
        crate::services::notifications::events::project_completed(
            &state.db,
            id,
            Some(caller.user.id),
            state.mail_site(),
            state.clock.now(),
        )
        .await?;
    }
    audit_download(
        &state,
        &caller,
        id,
        AuditAction::XliffDownloaded,
        &mut archive,
    )
    .await?;
    Ok(spooled_zip_response(archive.file, &archive.file_name)?)
}

/// Download the delivery of a `Completed` project: its XLIFF files as the XLIFF export writes
/// them (`{project name}-xliff.zip`), for its customer and the staff who export it. Moves no
/// status; before `Completed` a 409 says so.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/delivery",
    security(("bearer_token" = ["deliveries.download"])),
    tag = "review",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "A flat zip of the jobs' XLIFF files", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The project is not Completed yet (its status is named)", body = ErrorBody),
        (status = 422, description = "The project has no jobs, or a stored target cannot be written", body = ErrorBody),
    )
)]
pub async fn delivery(
    State(state): State<AppState>,
    caller: Authorized<perm::DeliveriesDownload>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let mut archive = export::delivery(&state.db, id).await?;
    audit_download(
        &state,
        &caller,
        id,
        AuditAction::DeliveryDownloaded,
        &mut archive,
    )
    .await?;
    Ok(spooled_zip_response(archive.file, &archive.file_name)?)
}

/// Records the download of `archive` from the project `id`: its file name and size.
async fn audit_download(
    state: &AppState,
    caller: &CurrentUser,
    id: i32,
    action: AuditAction,
    archive: &mut export::Archive,
) -> ApiResult<()> {
    use std::io::Seek;
    let name = translation::projects::head(&state.db, id)
        .await?
        .map(|p| p.name);
    let bytes = archive.file.seek(std::io::SeekFrom::End(0))?;
    let detail = json!({ "file": archive.file_name, "bytes": bytes });
    let event = action.on(TargetKind::TranslationProject, id, name.unwrap_or_default());
    caller.audit(state, event.with(detail)).await;
    Ok(())
}
