//! A job's comment threads, under the job's path: what the job page shows, and all of the
//! project's comments a translator reaches (their scope holds their jobs, never the project,
//! so `/api/translation/{id}/comments` answers them 404 and these answer only their jobs').

use axum::{extract::State, http::StatusCode};

use super::{
    segments, staff,
    types::{CommentThread, CommentsQuery, ReviewComment, StaffCommentCreate, ThreadResolve},
};
use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
    },
    policy::perm,
    services::browser_review::threads::{self, Staff},
    state::AppState,
};

/// The comments on the job's segments, a thread per segment.
#[utoipa::path(
    get,
    path = "/api/job/{id}/comments",
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
    let found = threads::of_job(&state.db, id, filter).await?;
    Ok(ApiJson(found.into_iter().map(staff::thread).collect()))
}

/// Comment on a segment of the job (reopens its thread when resolved). A translator writes
/// while their assignment is accepted or returned (409 otherwise), as for the segments.
#[utoipa::path(
    post,
    path = "/api/job/{id}/comments",
    security(("bearer_token" = ["comments.write"])),
    tag = "review-links",
    params(("id" = i32, Path)),
    request_body = StaffCommentCreate,
    responses(
        (status = 201, body = ReviewComment),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such job, or the segment is not of it", body = ErrorBody),
        (status = 409, description = "A translator's assignment is not open for work", body = ErrorBody),
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
    let comment =
        threads::reply_on_job(&state.db, id, body.segment_id, by, &body.body, site, now).await?;
    Ok((StatusCode::CREATED, ApiJson(segments::comment(comment))))
}

/// Resolve the thread of one of the job's segments, or reopen it. A translator may, on their
/// job, while their assignment is open for work (409 otherwise).
#[utoipa::path(
    post,
    path = "/api/job/{id}/comments/{segment_id}/resolve",
    security(("bearer_token" = ["comments.write"])),
    tag = "review-links",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    request_body = ThreadResolve,
    responses(
        (status = 200, body = CommentThread),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such job, the segment is not of it, or has no comments", body = ErrorBody),
        (status = 409, description = "A translator's assignment is not open for work", body = ErrorBody),
    )
)]
pub async fn resolve(
    State(state): State<AppState>,
    caller: Authorized<perm::CommentsWrite>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
    ApiJson(body): ApiJson<ThreadResolve>,
) -> ApiResult<ApiJson<CommentThread>> {
    let (by, now) = (caller.user.id, state.clock.now());
    let found = threads::resolve_on_job(&state.db, id, segment_id, body.resolved, by, now).await?;
    Ok(ApiJson(staff::thread(found)))
}
