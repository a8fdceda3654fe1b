use axum::{extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::IntoParams;
use wordmark_core::lang;
use wordmark_core::segment::{Markup, Segment, Shortcodes};
use wordmark_core::terms::{self, TermIndex};

use std::collections::HashSet;

use super::{
    job_form,
    types::{
        EditConflict, JobDetail, JobTerm, JobUpdate, JobUpload, QaAcknowledge, SegmentResponse,
        SegmentSave,
    },
};
use crate::{
    db::listing::{Listing, Order},
    http::{
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given, given_lang},
        multipart::ApiMultipart,
        views::translation::{JobResponse, shortcode_names},
    },
    services::{
        reviews,
        translation::{
            self, TranslationError, create,
            edits::{Outcome, SegmentEdit},
            jobs::{JobChanges, JobQuery, JobSort},
            projects::ProjectHead,
            qa_flags,
        },
    },
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

/// The longest file name the jobs table holds.
const FILE_NAME_MAX_CHARS: usize = 255;

fn not_found() -> ApiError {
    ApiError::NotFound("Job not found".into())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JobFilter {
    /// Only this project's jobs.
    pub project_id: Option<i32>,
    /// Only jobs from this source language (WPML's code, e.g. `en`).
    pub source_lang: Option<String>,
    /// Only jobs into this target language.
    pub target_lang: Option<String>,
    /// Only jobs whose file name contains this text, ignoring case.
    pub q: Option<String>,
    /// `created` (upload order, the default, oldest first unless `order=desc`) or `name` (the
    /// file name); the id breaks ties.
    pub sort: Option<JobSort>,
}

/// Jobs, every project's or one's: one page (`limit`, `offset`) with their counts, in upload
/// order by default; the number of matching jobs is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/job",
    security(("bearer_token" = ["projects.read"])),
    tag = "jobs",
    params(JobFilter, PageQuery),
    responses(
        (status = 200, body = Vec<JobResponse>, headers(
            ("X-Total-Count" = u64, description = "How many jobs match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200, or an unknown sort column or order (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiQuery(filter): ApiQuery<JobFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<JobResponse>> {
    let query = JobQuery {
        project_id: filter.project_id,
        source_lang: given_lang(filter.source_lang),
        target_lang: given_lang(filter.target_lang),
        q: given(filter.q),
        sort: filter.sort.unwrap_or_default(),
        order: page.order_or(Order::Asc),
        window: page.window()?,
        scope: caller.scope.clone(),
    };
    Ok(translation::jobs::list(&state.db, &query)
        .await?
        .map(JobResponse::from))
}

/// One job with its project and its segments in file order.
#[utoipa::path(
    get,
    path = "/api/job/{id}",
    security(("bearer_token" = ["projects.read"])),
    tag = "jobs",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = JobDetail),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<JobDetail>> {
    Ok(ApiJson(detail(&state, id, &[]).await?))
}

/// The job with its segments; `edited`: the segments a `PUT` changed, reported in
/// `review_conflicts` when an open review link has a draft of them.
async fn detail(state: &AppState, id: i32, edited: &[i64]) -> ApiResult<JobDetail> {
    let job = translation::jobs::find_summary(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    let project = translation::projects::find_row(&state.db, job.job.project_id)
        .await?
        .ok_or_else(not_found)?;
    let shortcodes = translation::jobs::shortcodes(&state.db, &[id]).await?;
    let segments = translation::segments::of_job(&state.db, id).await?;
    let terms = match translation::job_terms(&state.db, id).await? {
        Some(index) => found_terms(&index, &segments, shortcodes.of(id)),
        None => Vec::new(),
    };
    let ids: HashSet<i64> = segments.iter().map(|s| s.id).collect();
    let drafts = reviews::open_drafts(&state.db, project.id, &ids, state.clock.now()).await?;
    let flagged: Vec<i64> = segments
        .iter()
        .filter(|s| s.qa_flags != qa_flags::NONE)
        .map(|s| s.id)
        .collect();
    let mut acks = translation::qa_acks::of_segments(&state.db, &flagged).await?;
    let review_conflicts = edited
        .iter()
        .copied()
        .filter(|id| drafts.contains_key(id))
        .collect();
    let segments = segments
        .into_iter()
        .map(|segment| {
            let draft = drafts
                .get(&segment.id)
                .filter(|d| Some(d.as_str()) != segment.target.as_deref())
                .cloned();
            let acknowledged = translation::qa_acks::of_current(
                &segment.qa_flags,
                acks.remove(&segment.id).unwrap_or_default(),
            );
            SegmentResponse {
                review_draft: draft,
                qa_acknowledged: acknowledged.into_iter().map(Into::into).collect(),
                ..segment.into()
            }
        })
        .collect();
    Ok(JobDetail {
        job: job.into(),
        project: project.into(),
        shortcodes: shortcode_names(shortcodes.of(id)),
        segments,
        terms,
        review_conflicts,
    })
}

/// The entries of `index` found in the segments' sources (in their text, never inside a tag),
/// in the termbase's order.
fn found_terms(
    index: &TermIndex,
    segments: &[translation::Segment],
    shortcodes: &Shortcodes,
) -> Vec<JobTerm> {
    let texts = segments.iter().map(|segment| {
        let markup: Markup = segment.markup.into();
        terms::term_text(
            &Segment::parse_with(&segment.source, markup, shortcodes),
            markup,
        )
    });
    index
        .found_in_sources(texts)
        .into_iter()
        .map(|at| {
            let entry = &index.entries()[at];
            JobTerm {
                source: entry.source.clone(),
                targets: entry.targets.clone(),
                kind: entry.kind.as_str().to_owned(),
                case_sensitive: entry.case_sensitive,
            }
        })
        .collect()
}

/// Add a job to the project `project_id` from one XLIFF file (`job_files`).
#[utoipa::path(
    post,
    path = "/api/job",
    security(("bearer_token" = ["projects.write"])),
    tag = "jobs",
    request_body(content = JobUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new job", body = JobResponse),
        (status = 401, body = ErrorBody),
        (status = 409, description = "The project has a job from a file of that name", body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody),
        (status = 422, description = "No or unknown project, no file, or not a readable XLIFF file (the message names file, line and column)", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsWrite>,
    multipart: ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<JobResponse>)> {
    let form = job_form::read(multipart).await?;
    let project_id = crate::http::error::required("project_id", form.project_id.clone())?;
    let unknown =
        || ApiError::Unprocessable(format!("There is no translation project {project_id}."));
    let id: i32 = project_id.parse().map_err(|_| unknown())?;
    let project = translation::projects::head(&state.db, id)
        .await?
        .ok_or_else(unknown)?;
    add_file(&state, &caller, project, form).await
}

/// Add a job to the project from one XLIFF file (`job_files`).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/job",
    security(("bearer_token" = ["projects.write"])),
    tag = "translation",
    params(("id" = i32, Path)),
    request_body(content = JobUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new job", body = JobResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The project has a job from a file of that name", body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody),
        (status = 422, description = "No file, or not a readable XLIFF file (named with line and column)", body = ErrorBody),
    )
)]
pub async fn add_job(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
    multipart: ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<JobResponse>)> {
    let project = translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let form = job_form::read(multipart).await?;
    add_file(&state, &caller, project, form).await
}

/// What both routes that add a job do once they know the project: the one service call that
/// adds the file, and its audit event.
async fn add_file(
    state: &AppState,
    caller: &Authorized<perm::ProjectsWrite>,
    project: ProjectHead,
    form: job_form::JobForm,
) -> ApiResult<(StatusCode, ApiJson<JobResponse>)> {
    let upload = form.audit_event(&project);
    let job = create::add_file(
        &state.db,
        project.id,
        form.file_name,
        form.bytes,
        state.clock.now(),
    )
    .await?;
    caller.audit(state, upload).await;
    Ok((StatusCode::CREATED, ApiJson(job.into())))
}

/// Change a job's file name, post type or languages, and/or save edited targets.
#[utoipa::path(
    put,
    path = "/api/job/{id}",
    security(("bearer_token" = ["segments.write"])),
    tag = "jobs",
    params(("id" = i32, Path)),
    request_body = JobUpdate,
    responses(
        (status = 200, description = "The job with its segments", body = JobDetail),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Another job of the project has that file name (`message` only), or edited segments were saved by someone else since their `base_revision` (`conflicts` lists each with both texts); nothing is saved", body = EditConflict),
        (status = 422, description = "An empty file name, a segment of another job, or a target whose markup does not match its source (named by unit); nothing is saved", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::SegmentsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<JobUpdate>,
) -> ApiResult<ApiJson<JobDetail>> {
    let job = translation::jobs::find(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    let file_name = body
        .file_name
        .map(|name| check_file_name(&name))
        .transpose()?;
    let changes = JobChanges {
        post_type: body.post_type.map(optional_text),
        source_lang: body
            .source_lang
            .map(|code| optional_text(lang::normalize(&code))),
        target_lang: body
            .target_lang
            .map(|code| optional_text(lang::normalize(&code))),
        file_name,
    };
    let edited: Vec<i64> = body.segments.iter().map(|s| s.id).collect();
    let accepted = translation::jobs::update(
        &state.db,
        &job,
        caller.user.id,
        changes,
        body.segments,
        state.clock.now(),
    )
    .await?;
    tracing::info!(job_id = id, edits = accepted, by = %caller.user.username, "job updated");
    Ok(ApiJson(detail(&state, id, &edited).await?))
}

/// Save one segment's target from the editor, as a draft or confirmed; answers that segment
/// alone (the editor holds the rest of the job).
#[utoipa::path(
    put,
    path = "/api/job/{id}/segments/{segment_id}",
    security(("bearer_token" = ["segments.write"])),
    tag = "jobs",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    request_body = SegmentSave,
    responses(
        (status = 200, description = "The segment as saved", body = SegmentResponse),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such job, or the segment is not of it", body = ErrorBody),
        (status = 409, description = "The segment was saved by someone else since `base_revision` (`conflicts` holds both texts), or a translator's assignment is not open for work; nothing is saved", body = EditConflict),
        (status = 422, description = "A target whose markup does not match its source's (the message says what); nothing is saved", body = ErrorBody),
    )
)]
pub async fn save_segment(
    State(state): State<AppState>,
    caller: Authorized<perm::SegmentsWrite>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
    ApiJson(body): ApiJson<SegmentSave>,
) -> ApiResult<ApiJson<SegmentResponse>> {
    let edit = SegmentEdit {
        id: segment_id,
        target: body.target,
        base_revision: body.base_revision,
    };
    let outcome = if body.confirm {
        Outcome::Confirmed
    } else {
        Outcome::Draft
    };
    let saved = translation::jobs::save_segment(
        &state.db,
        id,
        caller.user.id,
        edit,
        outcome,
        state.clock.now(),
    )
    .await?;
    Ok(ApiJson(segment_view(&state, saved).await?))
}

/// Acknowledge one QA warning of the segment (its target is kept as it is): delivery waits
/// for every warning to be fixed or acknowledged. Answers the segment.
#[utoipa::path(
    post,
    path = "/api/job/{id}/segments/{segment_id}/qa/acknowledge",
    security(("bearer_token" = ["segments.write"])),
    tag = "jobs",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    request_body = QaAcknowledge,
    responses(
        (status = 200, description = "The segment with its acknowledgements", body = SegmentResponse),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such job, or the segment is not of it", body = ErrorBody),
        (status = 409, description = "A translator's assignment is not open for work", body = ErrorBody),
        (status = 422, description = "The segment has no such warning (fixed meanwhile)", body = ErrorBody),
    )
)]
pub async fn acknowledge(
    State(state): State<AppState>,
    caller: Authorized<perm::SegmentsWrite>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
    ApiJson(body): ApiJson<QaAcknowledge>,
) -> ApiResult<ApiJson<SegmentResponse>> {
    let segment = translation::qa_acks::acknowledge(
        &state.db,
        id,
        segment_id,
        &body.kind,
        &body.message,
        caller.user.id,
        state.clock.now(),
    )
    .await?;
    Ok(ApiJson(segment_view(&state, segment).await?))
}

/// One segment as the editor is answered it, with its acknowledgements.
async fn segment_view(
    state: &AppState,
    segment: translation::Segment,
) -> ApiResult<SegmentResponse> {
    let mut acks = translation::qa_acks::of_segments(&state.db, &[segment.id]).await?;
    let acknowledged = translation::qa_acks::of_current(
        &segment.qa_flags,
        acks.remove(&segment.id).unwrap_or_default(),
    );
    Ok(SegmentResponse {
        qa_acknowledged: acknowledged.into_iter().map(Into::into).collect(),
        ..segment.into()
    })
}

/// Trimmed, non-empty, a plain name that fits the column.
fn check_file_name(name: &str) -> ApiResult<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::Unprocessable("The file name is required.".into()));
    }
    if name.contains(['/', '\\']) || name.chars().any(char::is_control) {
        return Err(ApiError::Unprocessable(format!(
            "The file name \"{name}\" must not contain a path."
        )));
    }
    if name.chars().count() > FILE_NAME_MAX_CHARS {
        return Err(ApiError::Unprocessable(format!(
            "The file name must have at most {FILE_NAME_MAX_CHARS} characters."
        )));
    }
    Ok(name.to_owned())
}

/// `""` (after trimming) means "none".
fn optional_text(value: String) -> Option<String> {
    let trimmed = value.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// Delete a job with its segments.
#[utoipa::path(
    delete,
    path = "/api/job/{id}",
    security(("bearer_token" = ["projects.delete"])),
    tag = "jobs",
    params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsDelete>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let job = translation::jobs::find(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    if !translation::jobs::delete(&state.db, &job).await? {
        return Err(not_found());
    }
    tracing::info!(job_id = id, by = %caller.user.username, "job deleted");
    Ok(StatusCode::NO_CONTENT)
}
