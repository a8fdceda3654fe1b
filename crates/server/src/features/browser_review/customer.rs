//! The customer's side (`/api/review/{token}/…`): no sign-in, the token in the path is the only
//! credential ([`Reviewer`]; a customer's personal link also needs their session), and every
//! call sees only the link's project.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::{
    access::{LinkHolder, Reviewer},
    segments,
    types::{
        ApproveBody, CommentCreate, DraftConflict, DraftSave, DraftSaved, ReviewComment, ReviewJob,
        ReviewSegment, ReviewStart, ReviewSubmitted,
    },
};
use crate::{
    http::{
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
        views::{clients::logo_response, translation::shortcode_names},
    },
    services::{
        audit::{self, AuditAction, TargetKind},
        browser_review::{
            ReviewError,
            customer::{self, Touched},
        },
    },
    state::AppState,
};

/// The review's start page: the project, the agency, the staff's note and the pages (jobs)
/// with their progress. Records when the link was first and last opened.
#[utoipa::path(
    get,
    path = "/api/review/{token}",
    tag = "review-links",
    security(()),
    params(("token" = String, Path)),
    responses(
        (status = 200, body = ReviewStart),
        (status = 404, description = "Unknown link", body = ErrorBody),
        (status = 410, description = "Expired or revoked (the message says which and since when)", body = ErrorBody),
        (status = 429, description = "Too many unknown links tried from this address", body = ErrorBody),
    )
)]
pub async fn start(
    State(state): State<AppState>,
    reviewer: Reviewer,
) -> ApiResult<ApiJson<ReviewStart>> {
    let start = customer::start(&state.db, reviewer.link, state.clock.now()).await?;
    let link = start.link;
    Ok(ApiJson(ReviewStart {
        project_name: start.project.name,
        client_name: start.project.client_name,
        has_logo: start.has_logo,
        agency_name: state.config.agency_name.clone(),
        note: link.note,
        expires_at: link.expires_at,
        submitted_at: link.submitted_at,
        read_only: link.submitted_at.is_some(),
        reviewer_name: link.reviewer_name,
        jobs: start.jobs,
    }))
}

/// The client's logo (sanitised SVG, the same headers as the staff's logo endpoint). The
/// review shows it as an image, which sends no session: a personal link's token alone opens it.
#[utoipa::path(
    get,
    path = "/api/review/{token}/logo",
    tag = "review-links",
    security(()),
    params(("token" = String, Path)),
    responses(
        (status = 200, description = "The sanitised logo", content_type = "image/svg+xml", body = String),
        (status = 404, description = "Unknown link, or the client has no logo", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn logo(
    State(state): State<AppState>,
    LinkHolder(reviewer): LinkHolder,
) -> ApiResult<Response> {
    let svg = customer::logo(&state.db, &reviewer.link)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no logo.".into()))?;
    Ok(logo_response(svg))
}

/// One page (job) of the project with its segments, this link's drafts and approvals, QA and
/// comments.
#[utoipa::path(
    get,
    path = "/api/review/{token}/jobs/{job_id}",
    tag = "review-links",
    security(()),
    params(("token" = String, Path), ("job_id" = i32, Path)),
    responses(
        (status = 200, body = ReviewJob),
        (status = 404, description = "Unknown link, or the job is not of its project", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn job(
    State(state): State<AppState>,
    reviewer: Reviewer,
    ApiPath(path): ApiPath<(String, i32)>,
) -> ApiResult<ApiJson<ReviewJob>> {
    let (_, job_id) = path;
    let page = customer::page(&state.db, &reviewer.link, job_id).await?;
    let segments = page
        .segments
        .into_iter()
        .map(|(segment, draft, thread)| {
            segments::view(
                segment,
                draft.as_ref(),
                thread,
                &page.shortcodes,
                page.terms.as_ref(),
            )
        })
        .collect();
    Ok(ApiJson(ReviewJob {
        id: page.job.id,
        file_name: page.job.file_name,
        source_lang: page.job.source_lang,
        target_lang: page.job.target_lang,
        shortcodes: shortcode_names(&page.shortcodes),
        segments,
    }))
}

/// Save a draft of a segment (the target is not touched). Refused (409, with what the segment
/// holds now) when `base_revision` is not its current revision: another tab or the agency
/// changed it since. A draft whose markup does not match the source is saved, with an `error`
/// QA flag.
#[utoipa::path(
    put,
    path = "/api/review/{token}/segments/{segment_id}",
    tag = "review-links",
    security(()),
    params(("token" = String, Path), ("segment_id" = i64, Path)),
    request_body = DraftSave,
    responses(
        (status = 200, body = DraftSaved),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Changed since `base_revision` (the body also carries `current_text` and `current_revision`), or the review was submitted", body = DraftConflict),
        (status = 410, body = ErrorBody),
        (status = 422, description = "The segment is not to be translated", body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn save(
    State(state): State<AppState>,
    reviewer: Reviewer,
    ApiPath(path): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<DraftSave>,
) -> ApiResult<Response> {
    let (_, segment_id) = path;
    let now = state.clock.now();
    let saved = customer::save(
        &state.db,
        &reviewer.link,
        segment_id,
        body.text,
        body.base_revision,
        now,
    )
    .await;
    let err = match saved {
        Ok(saved) => {
            let saved = DraftSaved {
                draft: saved.text,
                revision: saved.revision,
                qa_warnings: saved.qa_warnings,
            };
            return Ok(ApiJson(saved).into_response());
        }
        Err(err) => err,
    };
    // The only refusal whose body carries more than a message: what the segment holds now.
    if let ReviewError::StaleRevision {
        current_text,
        current_revision,
    } = &err
    {
        let conflict = DraftConflict {
            message: err.to_string(),
            current_text: current_text.clone(),
            current_revision: *current_revision,
        };
        return Ok((StatusCode::CONFLICT, ApiJson(conflict)).into_response());
    }
    Err(err.into())
}

/// Approve a segment (or take the approval back).
#[utoipa::path(
    post,
    path = "/api/review/{token}/segments/{segment_id}/approve",
    tag = "review-links",
    security(()),
    params(("token" = String, Path), ("segment_id" = i64, Path)),
    request_body = ApproveBody,
    responses(
        (status = 200, body = ReviewSegment),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The review was submitted", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn approve(
    State(state): State<AppState>,
    reviewer: Reviewer,
    ApiPath(path): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<ApproveBody>,
) -> ApiResult<ApiJson<ReviewSegment>> {
    let (_, segment_id) = path;
    let now = state.clock.now();
    let touched =
        customer::approve(&state.db, &reviewer.link, segment_id, body.approved, now).await?;
    Ok(ApiJson(view(touched)))
}

/// The segment as the page shows it after a change.
fn view(touched: Touched) -> ReviewSegment {
    segments::view(
        touched.segment,
        Some(&touched.draft),
        touched.comments,
        &touched.shortcodes,
        touched.terms.as_ref(),
    )
}

/// Take the machine translation back as the draft (the history says `revert` once submitted).
#[utoipa::path(
    post,
    path = "/api/review/{token}/segments/{segment_id}/revert",
    tag = "review-links",
    security(()),
    params(("token" = String, Path), ("segment_id" = i64, Path)),
    responses(
        (status = 200, body = ReviewSegment),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The review was submitted", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 422, description = "The segment has no machine translation, or is not to be translated", body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn revert(
    State(state): State<AppState>,
    reviewer: Reviewer,
    ApiPath(path): ApiPath<(String, i64)>,
) -> ApiResult<ApiJson<ReviewSegment>> {
    let (_, segment_id) = path;
    let now = state.clock.now();
    let touched = customer::revert(&state.db, &reviewer.link, segment_id, now).await?;
    Ok(ApiJson(view(touched)))
}

/// Comment on a segment (reopens its thread when the agency had resolved it).
#[utoipa::path(
    post,
    path = "/api/review/{token}/segments/{segment_id}/comments",
    tag = "review-links",
    security(()),
    params(("token" = String, Path), ("segment_id" = i64, Path)),
    request_body = CommentCreate,
    responses(
        (status = 201, body = ReviewComment),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The review was submitted", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 422, description = "An empty or too long comment", body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn comment(
    State(state): State<AppState>,
    reviewer: Reviewer,
    ApiPath(path): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<CommentCreate>,
) -> ApiResult<(StatusCode, ApiJson<ReviewComment>)> {
    let (_, segment_id) = path;
    let comment = customer::comment(
        &state.db,
        &reviewer.link,
        segment_id,
        &body.body,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    Ok((StatusCode::CREATED, ApiJson(segments::comment(comment))))
}

/// Submit the review: every draft goes through the XLSX import's QA and apply path (refused
/// drafts are reported and stay drafts), the memory learns the corrections, and the project
/// moves to `Translations_Corrected`. Without refusals the link becomes read-only.
#[utoipa::path(
    post,
    path = "/api/review/{token}/submit",
    tag = "review-links",
    security(()),
    params(("token" = String, Path)),
    responses(
        (status = 200, body = ReviewSubmitted),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already submitted", body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
pub async fn submit(
    State(state): State<AppState>,
    reviewer: Reviewer,
) -> ApiResult<ApiJson<ReviewSubmitted>> {
    let link = &reviewer.link;
    let (submitted, project) =
        customer::submit(&state.db, link, state.mail_site(), state.clock.now()).await?;
    let event = AuditAction::ReviewSubmitted
        .on(TargetKind::TranslationProject, link.project_id, project)
        .with(json!({
            "link": link.id,
            "applied": submitted.applied,
            "refused": submitted.refused.len(),
            "comments": submitted.comments,
        }));
    audit::record(&state.db, &reviewer.actor(), event, state.clock.now()).await;
    Ok(ApiJson(submitted))
}
