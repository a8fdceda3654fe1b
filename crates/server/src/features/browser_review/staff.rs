//! The staff's side: a project's review links (create, list, revoke, extend), the customers'
//! comments (list, reply, resolve) and a segment's history. Any signed-in user, like the other
//! project writes.

use axum::{extract::State, http::StatusCode};
use serde_json::json;

use super::{
    segments,
    types::{
        CommentThread, CommentsQuery, ReviewComment, ReviewLink, ReviewLinkCreate,
        ReviewLinkCreated, ReviewLinkExtend, SegmentChange, StaffCommentCreate, ThreadResolve,
    },
};
use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        browser_review::{
            links::{self, LinkRequest, LinkSummary},
            threads::{self, Staff, Thread},
        },
    },
    state::AppState,
};

/// The link as staff see it.
fn view(summary: LinkSummary) -> ReviewLink {
    let link = summary.link;
    ReviewLink {
        id: link.id,
        state: summary.state,
        created_at: link.created_at,
        created_by: summary.created_by,
        personal: link.personal,
        expires_at: link.expires_at,
        revoked_at: link.revoked_at,
        segments_reviewed: summary.segments_reviewed,
        comments_open: summary.comments_open,
        note: link.note,
        reviewer_name: link.reviewer_name,
        reviewer_email: link.reviewer_email,
        first_opened_at: link.first_opened_at,
        last_opened_at: link.last_opened_at,
        submitted_at: link.submitted_at,
    }
}

/// A thread as staff see it.
pub(super) fn thread(thread: Thread) -> CommentThread {
    let segment = thread.segment;
    CommentThread {
        segment_id: segment.id,
        job_id: segment.job_id,
        file_name: thread.file_name,
        unit_key: segment.unit_key,
        source: segment.source,
        target: segment.target,
        resolved_at: thread.resolved_at,
        comments: thread.comments.into_iter().map(segments::comment).collect(),
    }
}

/// Create a review link for the project (`Pretranslated` or later); a `Pretranslated` project
/// moves to `Translations_In_Correction`, as with the XLSX download. The token is in this
/// answer only.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/review-links",
    security(("bearer_token" = ["review_links.manage"])),
    tag = "review-links",
    params(("id" = i32, Path)),
    request_body = ReviewLinkCreate,
    responses(
        (status = 201, body = ReviewLinkCreated),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The project is not pre-translated yet (the status is named)", body = ErrorBody),
        (status = 422, description = "Days outside 1–90, a note over 4,000 characters, or not an e-mail address", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ReviewLinksManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ReviewLinkCreate>,
) -> ApiResult<(StatusCode, ApiJson<ReviewLinkCreated>)> {
    let request = LinkRequest {
        expires_in_days: body.expires_in_days,
        note: body.note,
        reviewer_name: body.reviewer_name,
        reviewer_email: body.reviewer_email,
    };
    let now = state.clock.now();
    let created = links::create(
        &state.db,
        id,
        caller.user.id,
        request,
        state.mail_site(),
        now,
    )
    .await?;
    let link = &created.summary.link;
    let mail = if created.mail_queued {
        "queued"
    } else {
        "none"
    };
    let event = AuditAction::ReviewLinkCreated
        .on(TargetKind::TranslationProject, id, created.project_name)
        .with(json!({ "link": link.id, "expires_at": link.expires_at.to_string(), "mail": mail }));
    caller.audit(&state, event).await;
    let created = ReviewLinkCreated {
        link: view(created.summary),
        path: created.path,
        token: created.token,
        mail_queued: created.mail_queued,
    };
    Ok((StatusCode::CREATED, ApiJson(created)))
}

/// The project's review links, newest first.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/review-links",
    security(("bearer_token" = ["review_links.read"])),
    tag = "review-links",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<ReviewLink>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::ReviewLinksRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<ReviewLink>>> {
    let found = links::list(&state.db, id, state.clock.now()).await?;
    Ok(ApiJson(found.into_iter().map(view).collect()))
}

/// Revoke a link: from now on it answers 410.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/review-links/{link_id}/revoke",
    security(("bearer_token" = ["review_links.manage"])),
    tag = "review-links",
    params(("id" = i32, Path), ("link_id" = i32, Path)),
    responses(
        (status = 200, body = ReviewLink),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn revoke(
    State(state): State<AppState>,
    caller: Authorized<perm::ReviewLinksManage>,
    ApiPath((id, link_id)): ApiPath<(i32, i32)>,
) -> ApiResult<ApiJson<ReviewLink>> {
    let (summary, project) = links::revoke(&state.db, id, link_id, state.clock.now()).await?;
    let event = AuditAction::ReviewLinkRevoked
        .on(TargetKind::TranslationProject, id, project)
        .with(json!({ "link": summary.link.id }));
    caller.audit(&state, event).await;
    Ok(ApiJson(view(summary)))
}

/// Extend a link: it expires `days` (1–90) from now.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/review-links/{link_id}/extend",
    security(("bearer_token" = ["review_links.manage"])),
    tag = "review-links",
    params(("id" = i32, Path), ("link_id" = i32, Path)),
    request_body = ReviewLinkExtend,
    responses(
        (status = 200, body = ReviewLink),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The link was revoked or submitted", body = ErrorBody),
        (status = 422, description = "Days outside 1–90", body = ErrorBody),
    )
)]
pub async fn extend(
    State(state): State<AppState>,
    caller: Authorized<perm::ReviewLinksManage>,
    ApiPath((id, link_id)): ApiPath<(i32, i32)>,
    ApiJson(body): ApiJson<ReviewLinkExtend>,
) -> ApiResult<ApiJson<ReviewLink>> {
    let now = state.clock.now();
    let (summary, project) = links::extend(&state.db, id, link_id, body.days, now).await?;
    let event = AuditAction::ReviewLinkExtended
        .on(TargetKind::TranslationProject, id, project)
        .with(json!({ "link": summary.link.id, "days": body.days }));
    caller.audit(&state, event).await;
    Ok(ApiJson(view(summary)))
}

/// The customers' comments on the project's segments, a thread per segment.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/comments",
    security(("bearer_token" = ["projects.read"])),
    tag = "review-links",
    params(("id" = i32, Path), CommentsQuery),
    responses(
        (status = 200, body = Vec<CommentThread>),
        (status = 400, description = "An unknown state", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn comments(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<CommentsQuery>,
) -> ApiResult<ApiJson<Vec<CommentThread>>> {
    let filter = query.state.unwrap_or_default();
    let found = threads::list(&state.db, id, filter).await?;
    Ok(ApiJson(found.into_iter().map(thread).collect()))
}

/// Reply to a segment's thread (reopens it when resolved).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/comments",
    security(("bearer_token" = ["comments.write"])),
    tag = "review-links",
    params(("id" = i32, Path)),
    request_body = StaffCommentCreate,
    responses(
        (status = 201, body = ReviewComment),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such project, or the segment is not of it", body = ErrorBody),
        (status = 422, description = "An empty or too long comment", body = ErrorBody),
    )
)]
pub async fn reply(
    State(state): State<AppState>,
    caller: Authorized<perm::CommentsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<StaffCommentCreate>,
) -> ApiResult<(StatusCode, ApiJson<ReviewComment>)> {
    let by = Staff {
        id: caller.user.id,
        username: &caller.user.username,
    };
    let (site, now) = (state.mail_site(), state.clock.now());
    let comment = threads::reply(&state.db, id, body.segment_id, by, &body.body, site, now).await?;
    Ok((StatusCode::CREATED, ApiJson(segments::comment(comment))))
}

/// Resolve a segment's thread, or reopen it.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/comments/{segment_id}/resolve",
    security(("bearer_token" = ["comments.write"])),
    tag = "review-links",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    request_body = ThreadResolve,
    responses(
        (status = 200, body = CommentThread),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such project, or the segment has no comments in it", body = ErrorBody),
    )
)]
pub async fn resolve(
    State(state): State<AppState>,
    caller: Authorized<perm::CommentsWrite>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
    ApiJson(body): ApiJson<ThreadResolve>,
) -> ApiResult<ApiJson<CommentThread>> {
    let (by, now) = (caller.user.id, state.clock.now());
    let found = threads::resolve(&state.db, id, segment_id, body.resolved, by, now).await?;
    Ok(ApiJson(thread(found)))
}

/// Every change of a segment's target, oldest first: when, who (a user, a review link or the
/// system), from what, and the text before and after.
#[utoipa::path(
    get,
    path = "/api/job/{id}/segments/{segment_id}/history",
    security(("bearer_token" = ["projects.read"])),
    tag = "review-links",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    responses(
        (status = 200, body = Vec<SegmentChange>),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such job, or the segment is not of it", body = ErrorBody),
    )
)]
pub async fn history(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
) -> ApiResult<ApiJson<Vec<SegmentChange>>> {
    let changes = threads::history(&state.db, id, segment_id).await?;
    let found = changes
        .into_iter()
        .map(|found| {
            let change = found.change;
            SegmentChange {
                id: change.id,
                changed_at: change.changed_at,
                actor_kind: change.actor_kind,
                actor_name: found.actor_name,
                source: change.source,
                previous_target: change.previous_target,
                new_target: change.new_target,
            }
        })
        .collect();
    Ok(ApiJson(found))
}
