use std::collections::BTreeMap;

use axum::{extract::State, response::Response};
use sea_orm::TransactionTrait;

use super::{
    export::{self, ExportError, ProjectHeader},
    import, queries,
    types::ImportAnswer,
    upload,
};
use crate::{
    db::entities::translation_project::{self, ProjectStatus},
    features::{
        memory,
        translation::{self, queries as projects, types::ProjectResponse},
    },
    http::{
        auth::CurrentUser,
        download::zip_response,
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
        multipart::ApiMultipart,
    },
    state::AppState,
};

/// The project and its client's name.
async fn find_project(
    state: &AppState,
    id: i32,
) -> ApiResult<(translation_project::Model, Option<String>)> {
    let found = projects::find(&state.db, id)
        .await?
        .ok_or_else(translation::project_not_found)?;
    Ok((found.project, found.client.map(|c| c.client_name)))
}

fn no_jobs(project: &translation_project::Model) -> ApiError {
    ApiError::Unprocessable(format!(
        "The project '{}' has no files to export yet.",
        project.name
    ))
}

fn export_failed(error: ExportError) -> ApiError {
    match error {
        // A stored target that cannot go into its file (QA lets none through; older data might).
        ExportError::Xliff(e) => ApiError::Unprocessable(format!("The XLIFF export failed: {e}.")),
        other => ApiError::Internal(other.into()),
    }
}

/// Download one review workbook per job (`{project name}-xlsx.zip`). The status is not changed:
/// the app moves it after the download.
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
    _user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let (project, client) = find_project(&state, id).await?;
    let jobs = queries::job_heads(&state.db, id).await?;
    if jobs.is_empty() {
        return Err(no_jobs(&project));
    }
    let segments = queries::export_segments(&state.db, id).await?;
    let header = ProjectHeader {
        project: project.name.clone(),
        client,
        export_date: crate::db::now().date().to_string(),
    };
    let zip = tokio::task::spawn_blocking(move || export::xlsx_archive(&header, &jobs, segments))
        .await?
        .map_err(export_failed)?;
    Ok(zip_response(zip, &format!("{}-xlsx.zip", project.name)))
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
    find_project(&state, id).await?;
    let upload = upload::read_form(multipart, state.config.max_upload_bytes).await?;
    let archive = upload.file_name.clone();
    let contents = tokio::task::spawn_blocking(move || upload::read_archive(&upload)).await??;

    let txn = state.db.begin().await?;
    let jobs = queries::job_heads(&txn, id).await?;
    let segments = queries::segments(&txn, id).await?;
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
    queries::apply(&txn, &plan.updates).await?;
    // The customer's corrections are confirmed translations: the memory learns them with them.
    let mut by_job: BTreeMap<i32, Vec<memory::Confirmed>> = BTreeMap::new();
    for correction in plan.accepted_corrections() {
        by_job
            .entry(correction.job_id)
            .or_default()
            .push(correction.confirmed.clone());
    }
    for (job_id, confirmed) in by_job {
        memory::remember_job(&txn, job_id, &confirmed).await?;
    }
    queries::set_status(&txn, id, ProjectStatus::TranslationsCorrected).await?;
    let found = projects::find(&txn, id)
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
    Ok(ApiJson(ImportAnswer {
        project,
        import_report: plan.report,
    }))
}

/// Download the jobs' XLIFF files with the current targets (`{project name}-xliff.zip`, flat,
/// each under its original name), ready for WPML. The status is not changed.
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
    _user: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let (project, _) = find_project(&state, id).await?;
    let jobs = queries::job_files(&state.db, id).await?;
    if jobs.is_empty() {
        return Err(no_jobs(&project));
    }
    let targets = queries::stored_targets(&state.db, id).await?;
    let zip = tokio::task::spawn_blocking(move || export::xliff_archive(&jobs, targets))
        .await?
        .map_err(export_failed)?;
    Ok(zip_response(zip, &format!("{}-xliff.zip", project.name)))
}
