use std::collections::HashMap;

use axum::{extract::State, http::StatusCode};
use serde_json::json;
use wordmark_core::segment::Segment;

use super::types::{RunLine, RunStateView, RunStatus, TranslatedJob};
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    services::{
        audit::{AuditAction, TargetKind},
        pretranslate::{self, NewRunJob, RunJob, RunJobState, RunState, single, worker},
        translation::{self, TranslationError, jobs::JobRow, projects::ProjectHead},
    },
    state::AppState,
};

async fn find_project(state: &AppState, id: i32) -> ApiResult<ProjectHead> {
    translation::projects::head(&state.db, id)
        .await?
        .ok_or_else(|| TranslationError::ProjectNotFound.into())
}

/// Jobs whose untranslated segments are counted at a time: what is held of a large project.
const COUNT_JOBS: usize = 32;

/// The project's untranslated segments and their characters (without markup), per job, read
/// a few jobs at a time. Parsing every segment is CPU work: off the async threads.
async fn untranslated(state: &AppState, project_id: i32) -> ApiResult<HashMap<i32, (i32, i64)>> {
    let ids: Vec<i32> = translation::jobs::of_project(&state.db, project_id)
        .await?
        .into_iter()
        .map(|job| job.id)
        .collect();
    let mut per_job: HashMap<i32, (i32, i64)> = HashMap::new();
    for chunk in ids.chunks(COUNT_JOBS) {
        let rows = translation::segments::untranslated_of_jobs(&state.db, chunk).await?;
        // Only the lists of jobs with work left: a finished project's status reads none.
        let mut with_work: Vec<i32> = rows.iter().map(|row| row.job_id).collect();
        with_work.sort_unstable();
        with_work.dedup();
        let shortcodes = translation::jobs::shortcodes(&state.db, &with_work).await?;
        let counted = tokio::task::spawn_blocking(move || {
            let mut per_job: HashMap<i32, (i32, i64)> = HashMap::new();
            for row in rows {
                let markup = row.markup.into();
                let text = Segment::parse_with(&row.source, markup, shortcodes.of(row.job_id))
                    .plain_text(markup);
                let entry = per_job.entry(row.job_id).or_default();
                entry.0 += 1;
                entry.1 += text.chars().count() as i64;
            }
            per_job
        })
        .await?;
        per_job.extend(counted);
    }
    Ok(per_job)
}

fn characters(per_job: &HashMap<i32, (i32, i64)>) -> i64 {
    per_job.values().map(|&(_, characters)| characters).sum()
}

async fn status(state: &AppState, project_id: i32) -> ApiResult<RunStatus> {
    let Some(run) = pretranslate::find_run(&state.db, project_id).await? else {
        let per_job = untranslated(state, project_id).await?;
        let active = state.mt.active(&state.db).await?;
        return Ok(RunStatus {
            state: RunStateView::Idle,
            provider: active.config.kind.as_str().to_owned(),
            pseudo: active.is_pseudo(),
            jobs_total: per_job.len() as i64,
            jobs_done: 0,
            segments_total: per_job.values().map(|&(n, _)| i64::from(n)).sum(),
            segments_done: 0,
            from_memory: 0,
            from_mt: 0,
            flagged: 0,
            term_warnings: 0,
            characters_pending: characters(&per_job),
            lines: Vec::new(),
            error: None,
            notices: Vec::new(),
        });
    };
    let jobs = pretranslate::run_jobs(&state.db, run.id).await?;
    let (done, pending): (Vec<_>, Vec<_>) = jobs.iter().partition(|j| j.state == RunJobState::Done);
    // While the run works, the estimate comes from its pending jobs (counted when it
    // started), so frequent polls do not re-read every segment; afterwards it is exact.
    let characters_pending = if run.state == RunState::Running {
        pending.iter().map(|j| j.characters).sum()
    } else {
        characters(&untranslated(state, project_id).await?)
    };
    // A pending job's counts grow with every request written, so progress shows within a
    // large job too; a finished job counts all its segments (failed ones included).
    let sum = |f: fn(&RunJob) -> i32| jobs.iter().map(|j| i64::from(f(j))).sum::<i64>();
    let written = |j: &RunJob| i64::from(j.from_memory + j.from_mt + j.flagged);
    Ok(RunStatus {
        state: match run.state {
            RunState::Running => RunStateView::Running,
            RunState::Done => RunStateView::Done,
            RunState::Failed => RunStateView::Failed,
        },
        provider: run.provider.clone(),
        pseudo: run.pseudo,
        jobs_total: jobs.len() as i64,
        jobs_done: done.len() as i64,
        segments_total: jobs.iter().map(|j| i64::from(j.segments)).sum(),
        segments_done: done.iter().map(|j| i64::from(j.segments)).sum::<i64>()
            + pending.iter().map(|j| written(j)).sum::<i64>(),
        from_memory: sum(|j| j.from_memory),
        from_mt: sum(|j| j.from_mt),
        flagged: sum(|j| j.flagged),
        term_warnings: sum(|j| j.term_warnings),
        characters_pending,
        lines: done
            .iter()
            .filter_map(|j| {
                Some(RunLine {
                    job_id: j.job_id,
                    file_name: j.file_name.clone(),
                    kind: j.kind?,
                    message: j.message.clone()?,
                })
            })
            .collect(),
        notices: pretranslate::notices(&run),
        error: run.error,
    })
}

/// Where the project's pre-translation stands, with a line per finished job.
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
    Ok(ApiJson(status(&state, id).await?))
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
    if let Some(run) = pretranslate::find_run(&state.db, id).await?
        && run.state == RunState::Running
    {
        // Resume: a no-op when a live instance holds the run.
        worker::spawn(state.runner(), run.id);
        return Ok((StatusCode::ACCEPTED, ApiJson(status(&state, id).await?)));
    }
    let active = state.mt.active(&state.db).await?;
    active.translator().map_err(ApiError::Conflict)?;
    let per_job = untranslated(&state, id).await?;
    let jobs: Vec<NewRunJob> = translation::jobs::of_project(&state.db, id)
        .await?
        .into_iter()
        .filter_map(|job: JobRow| {
            let &(segments, characters) = per_job.get(&job.id)?;
            Some(NewRunJob {
                job_id: job.id,
                file_name: job.file_name,
                segments,
                characters,
            })
        })
        .collect();
    let runner = state.runner();
    let created = pretranslate::create_run(
        &state.db,
        id,
        active.config.kind.as_str(),
        active.is_pseudo(),
        worker::claim(&runner),
        &jobs,
        state.clock.now(),
    )
    .await;
    if created.is_ok() {
        let run = json!({ "provider": active.config.kind.as_str(), "jobs": jobs.len() });
        let started =
            AuditAction::PretranslationStarted.on(TargetKind::TranslationProject, id, project.name);
        caller.audit(&state, started.with(run)).await;
    }
    match created {
        Ok(run) if run.state == RunState::Running => worker::spawn(runner, run.id),
        Ok(_) => {}
        // Another request started the run a moment ago: report that one.
        Err(error) if pretranslate::lost_race(&error) => {}
        Err(error) => return Err(error.into()),
    }
    Ok((StatusCode::ACCEPTED, ApiJson(status(&state, id).await?)))
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
