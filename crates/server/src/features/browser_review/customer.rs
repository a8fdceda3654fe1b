//! The customer's side (`/api/review/{token}/…`): no sign-in, the token in the path is the only
//! credential ([`Reviewer`]; a customer's personal link also needs their session), and every
//! call sees only the link's project.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::json;
use std::collections::HashMap;

use wordmark_core::{segment::Shortcodes, terms::TermIndex};

use super::{
    access::{LinkHolder, Reviewer},
    segments::{self, by_segment},
    types::{
        ApproveBody, CommentCreate, DraftConflict, DraftSave, DraftSaved, ReviewComment, ReviewJob,
        ReviewJobSummary, ReviewSegment, ReviewStart, ReviewSubmitted,
    },
};
use crate::{
    db,
    http::{
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
        views::{clients::logo_response, translation::shortcode_names},
    },
    services::{
        audit::{self, AuditAction, TargetKind},
        clients,
        reviews::{self, NewComment},
        translation::{self, qa_flags, store::jobs::JobRow},
    },
    state::AppState,
};

/// Longest comment.
pub const COMMENT_MAX_CHARS: usize = 4000;

fn job_not_found() -> ApiError {
    ApiError::NotFound("This page is not part of the review.".into())
}

fn segment_not_found() -> ApiError {
    ApiError::NotFound("This segment is not part of the review.".into())
}

/// A job of the link's project, or 404.
async fn job_of(state: &AppState, reviewer: &Reviewer, job_id: i32) -> ApiResult<JobRow> {
    translation::store::jobs::find(&state.db, job_id)
        .await?
        .filter(|job| job.project_id == reviewer.link.project_id)
        .ok_or_else(job_not_found)
}

/// A segment of the link's project with its job's shortcodes, or 404.
async fn segment_of(
    state: &AppState,
    reviewer: &Reviewer,
    segment_id: i64,
) -> ApiResult<(
    translation::Segment,
    std::sync::Arc<Shortcodes>,
    Option<TermIndex>,
)> {
    let segment = translation::store::segments::find(&state.db, segment_id)
        .await?
        .ok_or_else(segment_not_found)?;
    job_of(state, reviewer, segment.job_id)
        .await
        .map_err(|_| segment_not_found())?;
    let shortcodes = translation::store::jobs::shortcodes(&state.db, &[segment.job_id]).await?;
    let shortcodes = shortcodes.of(segment.job_id).clone();
    let terms = translation::job_terms(&state.db, segment.job_id).await?;
    Ok((segment, shortcodes, terms))
}

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
    let now = db::now();
    let mut link = reviewer.link.clone();
    link.first_opened_at.get_or_insert(now);
    link.last_opened_at = Some(now);
    let link = reviews::save_link(&state.db, link).await?;
    let project = translation::store::projects::head(&state.db, link.project_id)
        .await?
        .ok_or_else(job_not_found)?;
    let has_logo = match project.client_id {
        Some(id) => clients::find(&state.db, id)
            .await?
            .is_some_and(|(client, _)| client.client_logo.is_some()),
        None => false,
    };
    let drafts = drafts_by_segment(reviews::drafts_of_link(&state.db, link.id).await?);
    let comments = by_segment(reviews::comments_of_project(&state.db, link.project_id).await?);
    let resolved = reviews::resolved_threads(&state.db, comments.keys().copied()).await?;
    let jobs = translation::store::jobs::of_project(&state.db, link.project_id).await?;
    // The counts come from two grouped statements over the project's segments; only the
    // segments with a draft or a comment are loaded, to check the draft's text and to place
    // the comment on its page. Opening the link costs the same whatever the project's size.
    let counts = translation::store::jobs::review_counts(&state.db, link.project_id).await?;
    let mut touched: Vec<i64> = drafts.keys().chain(comments.keys()).copied().collect();
    touched.sort_unstable();
    touched.dedup();
    let touched = translation::store::segments::of_ids(&state.db, &touched).await?;
    let touched_jobs: Vec<i32> = touched.iter().map(|s| s.job_id).collect();
    let shortcodes = translation::store::jobs::shortcodes(&state.db, &touched_jobs).await?;
    let mut summaries: Vec<ReviewJobSummary> = jobs
        .into_iter()
        .map(|job| {
            let counts = counts.get(&job.id).copied().unwrap_or_default();
            ReviewJobSummary {
                id: job.id,
                file_name: job.file_name,
                source_lang: job.source_lang,
                target_lang: job.target_lang,
                segments: counts.segments,
                approved: 0,
                changed: 0,
                comments_open: 0,
                qa_warnings: counts.flagged,
            }
        })
        .collect();
    let index: HashMap<i32, usize> = summaries
        .iter()
        .enumerate()
        .map(|(i, job)| (job.id, i))
        .collect();
    // One termbase per language pair, not per page: a project's pages share a few pairs.
    let mut terms = HashMap::new();
    for segment in touched.iter().filter(|s| s.translatable) {
        let Some(summary) = index.get(&segment.job_id).map(|&i| &mut summaries[i]) else {
            continue;
        };
        if comments.contains_key(&segment.id) && !resolved.contains_key(&segment.id) {
            summary.comments_open += 1;
        }
        let Some(draft) = drafts.get(&segment.id) else {
            continue;
        };
        summary.approved += u64::from(draft.approved);
        let Some(text) = draft.text.as_deref() else {
            continue;
        };
        summary.changed += u64::from(Some(text) != segment.target.as_deref());
        let pair = (summary.source_lang.clone(), summary.target_lang.clone());
        if !terms.contains_key(&pair) {
            terms.insert(
                pair.clone(),
                translation::job_terms(&state.db, segment.job_id).await?,
            );
        }
        // The same test as the grouped count's, so the two always agree.
        let stored = segment.qa_flags != qa_flags::NONE;
        let drafted = !segments::qa_of_text(
            segment,
            text,
            shortcodes.of(segment.job_id),
            terms[&pair].as_ref(),
        )
        .is_empty();
        // The stored flags were counted above; the draft's own replace them.
        summary.qa_warnings = summary.qa_warnings + u64::from(drafted) - u64::from(stored);
    }
    Ok(ApiJson(ReviewStart {
        project_name: project.name,
        client_name: project.client_name,
        has_logo,
        agency_name: state.config.agency_name.clone(),
        note: link.note.clone(),
        expires_at: link.expires_at,
        submitted_at: link.submitted_at,
        read_only: link.submitted_at.is_some(),
        reviewer_name: link.reviewer_name.clone(),
        jobs: summaries,
    }))
}

fn drafts_by_segment(
    drafts: Vec<reviews::Draft>,
) -> std::collections::HashMap<i64, reviews::Draft> {
    drafts.into_iter().map(|d| (d.segment_id, d)).collect()
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
    let no_logo = || ApiError::NotFound("There is no logo.".into());
    let project = translation::store::projects::head(&state.db, reviewer.link.project_id)
        .await?
        .ok_or_else(no_logo)?;
    let client_id = project.client_id.ok_or_else(no_logo)?;
    let (client, _) = clients::find(&state.db, client_id)
        .await?
        .ok_or_else(no_logo)?;
    Ok(logo_response(client.client_logo.ok_or_else(no_logo)?))
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
    let job = job_of(&state, &reviewer, job_id).await?;
    let shortcodes = translation::store::jobs::shortcodes(&state.db, &[job.id]).await?;
    let shortcodes = shortcodes.of(job.id);
    let terms = translation::job_terms(&state.db, job.id).await?;
    let drafts = drafts_by_segment(reviews::drafts_of_link(&state.db, reviewer.link.id).await?);
    let mut comments =
        by_segment(reviews::comments_of_project(&state.db, reviewer.link.project_id).await?);
    let segments = translation::store::segments::of_job(&state.db, job.id)
        .await?
        .into_iter()
        .map(|segment| {
            let thread = comments.remove(&segment.id).unwrap_or_default();
            let draft = drafts.get(&segment.id);
            segments::view(segment, draft, thread, shortcodes, terms.as_ref())
        })
        .collect();
    Ok(ApiJson(ReviewJob {
        id: job.id,
        file_name: job.file_name,
        source_lang: job.source_lang,
        target_lang: job.target_lang,
        shortcodes: shortcode_names(shortcodes),
        segments,
    }))
}

/// The link's draft of a segment, or a new one made on its current revision.
async fn draft_or_new(
    state: &AppState,
    reviewer: &Reviewer,
    segment: &translation::Segment,
) -> ApiResult<reviews::Draft> {
    Ok(reviews::draft(&state.db, reviewer.link.id, segment.id)
        .await?
        .unwrap_or(reviews::Draft {
            id: 0,
            link_id: reviewer.link.id,
            segment_id: segment.id,
            text: None,
            base_revision: segment.revision,
            version: 0,
            approved: false,
            updated_at: db::now(),
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
    reviewer.ensure_writable()?;
    let (segment, shortcodes, terms) = segment_of(&state, &reviewer, segment_id).await?;
    if !segment.translatable {
        return Err(ApiError::Unprocessable(
            "This segment is not to be translated; it cannot be changed.".into(),
        ));
    }
    let mut draft = draft_or_new(&state, &reviewer, &segment).await?;
    let current = segments::revision(&segment, (draft.id != 0).then_some(&draft));
    if body.base_revision != current {
        let current_text = match &draft.text {
            Some(text) if draft.base_revision == segment.revision => Some(text.clone()),
            _ => segment.target.clone(),
        };
        let conflict = DraftConflict {
            message: "This segment was changed since you opened it (in another tab, or by the agency). Your text was not saved; please check the current text and edit it again.".into(),
            current_text,
            current_revision: current,
        };
        return Ok((StatusCode::CONFLICT, ApiJson(conflict)).into_response());
    }
    draft.text = Some(body.text);
    draft.base_revision = segment.revision;
    draft.version += 1;
    draft.updated_at = db::now();
    let draft = reviews::save_draft(&state.db, draft).await?;
    let text = draft.text.clone().unwrap_or_default();
    Ok(ApiJson(DraftSaved {
        qa_warnings: segments::qa_of_text(&segment, &text, &shortcodes, terms.as_ref()),
        revision: segments::revision(&segment, Some(&draft)),
        draft: text,
    })
    .into_response())
}

/// The segment as the page shows it after a change.
async fn segment_view(
    state: &AppState,
    segment: translation::Segment,
    draft: &reviews::Draft,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> ApiResult<ReviewSegment> {
    let comments = reviews::comments_of_segment(&state.db, segment.id).await?;
    Ok(segments::view(
        segment,
        Some(draft),
        comments,
        shortcodes,
        terms,
    ))
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
    reviewer.ensure_writable()?;
    let (segment, shortcodes, terms) = segment_of(&state, &reviewer, segment_id).await?;
    let mut draft = draft_or_new(&state, &reviewer, &segment).await?;
    draft.approved = body.approved;
    draft.updated_at = db::now();
    let draft = reviews::save_draft(&state.db, draft).await?;
    Ok(ApiJson(
        segment_view(&state, segment, &draft, &shortcodes, terms.as_ref()).await?,
    ))
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
    reviewer.ensure_writable()?;
    let (segment, shortcodes, terms) = segment_of(&state, &reviewer, segment_id).await?;
    let mt = segment
        .mt_target
        .clone()
        .filter(|_| segment.translatable)
        .ok_or_else(|| {
            ApiError::Unprocessable("This segment has no machine translation to go back to.".into())
        })?;
    let mut draft = draft_or_new(&state, &reviewer, &segment).await?;
    draft.text = Some(mt);
    draft.base_revision = segment.revision;
    draft.version += 1;
    draft.updated_at = db::now();
    let draft = reviews::save_draft(&state.db, draft).await?;
    Ok(ApiJson(
        segment_view(&state, segment, &draft, &shortcodes, terms.as_ref()).await?,
    ))
}

/// Checks a comment's text: 1–4,000 characters after trimming.
pub fn comment_body(body: &str) -> ApiResult<String> {
    let body = body.trim();
    if body.is_empty() || body.chars().count() > COMMENT_MAX_CHARS {
        return Err(ApiError::Unprocessable(format!(
            "A comment must have 1 to {COMMENT_MAX_CHARS} characters."
        )));
    }
    Ok(body.to_owned())
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
    reviewer.ensure_writable()?;
    let body = comment_body(&body.body)?;
    let (segment, _, _) = segment_of(&state, &reviewer, segment_id).await?;
    let new = NewComment {
        project_id: reviewer.link.project_id,
        segment_id: segment.id,
        link_id: Some(reviewer.link.id),
        user_id: reviewer.user_id(),
        author_name: reviewer.name(),
        body,
        created_at: db::now(),
    };
    // The comment exists exactly when its readers are told of it.
    let txn = db::begin_write(&state.db).await?;
    let comment = reviews::insert_comment(&txn, new).await?;
    crate::services::notifications::events::comment_added(
        &txn,
        &comment,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    txn.commit().await?;
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
    if reviewer.read_only() {
        return Err(ApiError::Conflict(
            "This review was submitted already.".into(),
        ));
    }
    // The corrections and the staff's notification: both or neither. A submission with
    // refused drafts is not one yet (the reviewer fixes them): nobody is told.
    let txn = db::begin_write(&state.db).await?;
    let submitted = reviews::submit::run(&txn, &reviewer.link).await?;
    if submitted.refused.is_empty() {
        crate::services::notifications::events::review_submitted(
            &txn,
            &reviewer.link,
            state.mail_site(),
            state.clock.now(),
        )
        .await?;
    }
    txn.commit().await?;
    let project = translation::store::projects::head(&state.db, reviewer.link.project_id).await?;
    let event = AuditAction::ReviewSubmitted
        .on(
            TargetKind::TranslationProject,
            reviewer.link.project_id,
            project.map(|p| p.name).unwrap_or_default(),
        )
        .with(json!({
            "link": reviewer.link.id,
            "applied": submitted.applied,
            "refused": submitted.refused.len(),
            "comments": submitted.comments,
        }));
    audit::record(&state.db, &reviewer.actor(), event).await;
    Ok(ApiJson(submitted))
}
