use axum::{extract::State, http::StatusCode};
use serde_json::json;

use super::types::TranslatedJob;
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    services::{
        audit::{AuditAction, TargetKind},
        pretranslate::{self, RunStatus, Started, single},
        translation::{self, TranslationError, projects::ProjectHead},
    },
    state::AppState,
};

async fn find_project(state: &AppState, id: i32) -> ApiResult<ProjectHead> {
    translation::projects::head(&state.db, id)
        .await?
        .ok_or_else(|| TranslationError::ProjectNotFound.into())
}

#[utoipa::path(
    get,
    path = "/api/translation/{id}/pretranslate",
    security(("bearer_token" = ["projects.read"])),
    tag = "pretranslate",
    params(("id" = i32, Path, description = "Project id")),
    responses(
        (status = 200, body = RunStatus),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<RunStatus>> {
    find_project(&state, id).await?;
    Ok(ApiJson(
        pretranslate::status(&state.db, &state.mt, id).await?,
    ))
}

/// Starts pre-translating every job not yet translated on the server (or resumes the running
/// run). The run goes on when the window is closed; poll the GET for its progress.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/pretranslate",
    security(("bearer_token" = ["pretranslation.run"])),
    tag = "pretranslate",
    params(("id" = i32, Path, description = "Project id")),
    responses(
        (status = 202, body = RunStatus),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No machine translation provider is configured", body = ErrorBody),
    )
)]
pub async fn start(
    State(state): State<AppState>,
    caller: Authorized<perm::PretranslationRun>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<(StatusCode, ApiJson<RunStatus>)> {
    let project = find_project(&state, id).await?;
    let started = pretranslate::start(&state.runner(), id, state.clock.now()).await?;
    if let Started::New { provider, jobs } = started {
        let run = json!({ "provider": provider, "jobs": jobs });
        let started =
            AuditAction::PretranslationStarted.on(TargetKind::TranslationProject, id, project.name);
        caller.audit(&state, started.with(run)).await;
    }
    let status = pretranslate::status(&state.db, &state.mt, id).await?;
    Ok((StatusCode::ACCEPTED, ApiJson(status)))
}

/// Translates one job now (memory first, then the provider) and answers when it is done.
#[utoipa::path(
    post,
    path = "/api/job/{id}/translate",
    security(("bearer_token" = ["segments.write"])),
    tag = "pretranslate",
    params(("id" = i32, Path, description = "Job id")),
    responses(
        (status = 200, body = TranslatedJob),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No machine translation provider is configured", body = ErrorBody),
        (status = 502, description = "The provider failed (quota spent, key refused, unreachable…)", body = ErrorBody),
    )
)]
pub async fn translate_job(
    State(state): State<AppState>,
    _: Authorized<perm::SegmentsWrite>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<TranslatedJob>> {
    let job = translation::jobs::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Job not found".into()))?;
    let client_id = find_project(&state, job.project_id).await?.client_id;
    let active = state.mt.active(&state.db).await?;
    let translator = active.translator().map_err(ApiError::Conflict)?.clone();
    let filled = single::translate_job(
        &state.db,
        &translator,
        active.is_pseudo(),
        client_id,
        job,
        state.clock.now(),
    )
    .await?;
    let job = translation::jobs::find_summary(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Job not found".into()))?;
    Ok(ApiJson(TranslatedJob {
        job: job.into(),
        from_memory: filled.from_memory,
        from_mt: filled.from_mt,
        flagged: filled.flagged,
    }))
}
