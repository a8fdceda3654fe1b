//! The staff's side: a project's review links (create, list, revoke, extend), the customers'
//! comments (list, reply, resolve) and a segment's history. Any signed-in user, like the other
//! project writes.

use std::collections::HashSet;

use axum::{extract::State, http::StatusCode};
use serde_json::json;
use time::Duration;

use super::{
    access::display_name,
    customer::comment_body,
    mail,
    segments::{self, by_segment},
    types::{
        CommentThread, CommentsQuery, ReviewLink, ReviewLinkCreate, ReviewLinkCreated,
        ReviewLinkExtend, ReviewLinkState, SegmentChange, StaffCommentCreate, ThreadFilter,
        ThreadResolve,
    },
};
use crate::{
    db,
    http::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
    services::{
        accounts,
        audit::{AuditAction, TargetKind},
        notifications::events,
        outbox,
        reviews::{self, NewComment, NewLink},
        tokens,
        translation::{
            self, ActorKind, ProjectStatus, TranslationError,
            status::{self, Step},
        },
    },
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

const DEFAULT_DAYS: i64 = 14;
const MAX_DAYS: i64 = 90;
const NOTE_MAX_CHARS: usize = 4000;
const NAME_MAX_CHARS: usize = 200;

fn link_not_found() -> ApiError {
    ApiError::NotFound("Review link not found".into())
}

fn days(days: i64) -> ApiResult<Duration> {
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ApiError::Unprocessable(format!(
            "A review link lasts 1 to {MAX_DAYS} days, not {days}."
        )));
    }
    Ok(Duration::days(days))
}

/// Trimmed; `None` when blank; at most `max` characters (422 naming the field).
fn optional(field: &str, value: Option<String>, max: usize) -> ApiResult<Option<String>> {
    let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > max {
        return Err(ApiError::Unprocessable(format!(
            "The {field} must have at most {max} characters."
        )));
    }
    Ok(Some(value))
}

/// A plausible address: one `@` with text on both sides, a dot in the domain, no spaces.
fn email(value: Option<String>) -> ApiResult<Option<String>> {
    let Some(value) = optional("reviewer's e-mail address", value, 254)? else {
        return Ok(None);
    };
    let valid = match value.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains('@')
                && !value.chars().any(char::is_whitespace)
        }
        None => false,
    };
    if !valid {
        return Err(ApiError::Unprocessable(format!(
            "\"{value}\" is not an e-mail address."
        )));
    }
    Ok(Some(value))
}

/// The link as staff see it, with its counts.
async fn view(state: &AppState, link: reviews::Link) -> ApiResult<ReviewLink> {
    let now = db::now();
    let state_now = if link.revoked_at.is_some() {
        ReviewLinkState::Revoked
    } else if link.submitted_at.is_some() {
        ReviewLinkState::Submitted
    } else if link.expires_at <= now {
        ReviewLinkState::Expired
    } else {
        ReviewLinkState::Active
    };
    let created_by = match link.created_by {
        Some(id) => accounts::usernames(&state.db, [id]).await?.remove(&id),
        None => None,
    };
    let comments = reviews::comments_of_project(&state.db, link.project_id).await?;
    let mine: Vec<_> = comments
        .into_iter()
        .filter(|c| c.link_id == Some(link.id))
        .collect();
    let resolved = reviews::resolved_threads(&state.db, mine.iter().map(|c| c.segment_id)).await?;
    let comments_open = mine
        .iter()
        .filter(|c| !resolved.contains_key(&c.segment_id))
        .count() as u64;
    Ok(ReviewLink {
        id: link.id,
        state: state_now,
        created_at: link.created_at,
        created_by,
        personal: link.personal,
        expires_at: link.expires_at,
        revoked_at: link.revoked_at,
        segments_reviewed: reviews::reviewed_count(&state.db, link.id).await?,
        comments_open,
        note: link.note,
        reviewer_name: link.reviewer_name,
        reviewer_email: link.reviewer_email,
        first_opened_at: link.first_opened_at,
        last_opened_at: link.last_opened_at,
        submitted_at: link.submitted_at,
    })
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
    let project = translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    if matches!(project.status, ProjectStatus::Created) {
        return Err(ApiError::Conflict(format!(
            "The project is {}: a review link can be sent once it is pre-translated.",
            project.status.stored_name()
        )));
    }
    let lasts = days(body.expires_in_days.unwrap_or(DEFAULT_DAYS))?;
    let note = optional("note", body.note, NOTE_MAX_CHARS)?;
    let reviewer_name = optional("reviewer's name", body.reviewer_name, NAME_MAX_CHARS)?;
    let reviewer_email = email(body.reviewer_email)?;
    let token = tokens::random::<16>();
    let now = db::now();
    let new = NewLink {
        project_id: id,
        token_hash: tokens::hash(&token),
        created_by: caller.user.id,
        created_at: now,
        expires_at: now + lasts,
        note,
        reviewer_name,
        reviewer_email,
    };
    let path = format!("/review/{token}");
    // The link, its reviewer's notification, the project's step and the link's mail: all or
    // nothing.
    let txn = db::begin_write(&state.db).await?;
    let link = reviews::insert_link(&txn, new).await?;
    events::review_link_created(&txn, &link, state.clock.now()).await?;
    status::advance(&txn, id, Step::WorkbooksDownloaded, Some(caller.user.id)).await?;
    let mail = state
        .mail_site()
        .and_then(|site| mail::of_link(site, &link, &project.name, &path));
    let mail_queued = mail.is_some();
    if let Some(mail) = mail {
        outbox::enqueue(&txn, mail, state.clock.now()).await?;
    }
    txn.commit().await?;
    let mail = if mail_queued { "queued" } else { "none" };
    let event = AuditAction::ReviewLinkCreated
        .on(TargetKind::TranslationProject, id, project.name)
        .with(json!({ "link": link.id, "expires_at": link.expires_at.to_string(), "mail": mail }));
    caller.audit(&state, event).await;
    let created = ReviewLinkCreated {
        link: view(&state, link).await?,
        path,
        token,
        mail_queued,
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
    translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let mut links = Vec::new();
    for link in reviews::links_of_project(&state.db, id).await? {
        links.push(view(&state, link).await?);
    }
    Ok(ApiJson(links))
}

/// The project's link `link_id`, and the project's name (for the audit log).
async fn link_of(state: &AppState, id: i32, link_id: i32) -> ApiResult<(reviews::Link, String)> {
    let project = translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let link = reviews::link_of_project(&state.db, id, link_id)
        .await?
        .ok_or_else(link_not_found)?;
    Ok((link, project.name))
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
    let (mut link, project) = link_of(&state, id, link_id).await?;
    link.revoked_at.get_or_insert(db::now());
    let link = reviews::save_link(&state.db, link).await?;
    let event = AuditAction::ReviewLinkRevoked
        .on(TargetKind::TranslationProject, id, project)
        .with(json!({ "link": link.id }));
    caller.audit(&state, event).await;
    Ok(ApiJson(view(&state, link).await?))
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
    let lasts = days(body.days)?;
    let (mut link, project) = link_of(&state, id, link_id).await?;
    if link.revoked_at.is_some() || link.submitted_at.is_some() {
        return Err(ApiError::Conflict(
            "A revoked or submitted review link cannot be extended; create a new one.".into(),
        ));
    }
    link.expires_at = db::now() + lasts;
    let link = reviews::save_link(&state.db, link).await?;
    let event = AuditAction::ReviewLinkExtended
        .on(TargetKind::TranslationProject, id, project)
        .with(json!({ "link": link.id, "days": body.days }));
    caller.audit(&state, event).await;
    Ok(ApiJson(view(&state, link).await?))
}

/// The threads of `segment_ids` (those with comments), oldest segment first.
async fn threads(
    state: &AppState,
    project_id: i32,
    filter: ThreadFilter,
    only: Option<i64>,
) -> ApiResult<Vec<CommentThread>> {
    let mut comments = by_segment(reviews::comments_of_project(&state.db, project_id).await?);
    if let Some(segment_id) = only {
        comments.retain(|id, _| *id == segment_id);
    }
    let resolved = reviews::resolved_threads(&state.db, comments.keys().copied()).await?;
    let ids: Vec<i64> = comments.keys().copied().collect();
    let files: std::collections::HashMap<i32, String> =
        translation::store::jobs::of_project(&state.db, project_id)
            .await?
            .into_iter()
            .map(|j| (j.id, j.file_name))
            .collect();
    let mut found = Vec::new();
    for segment in translation::store::segments::of_ids(&state.db, &ids).await? {
        let resolved_at = resolved.get(&segment.id).copied();
        let keep = match filter {
            ThreadFilter::Open => resolved_at.is_none(),
            ThreadFilter::Resolved => resolved_at.is_some(),
            ThreadFilter::All => true,
        };
        if !keep {
            continue;
        }
        found.push(CommentThread {
            segment_id: segment.id,
            job_id: segment.job_id,
            file_name: files.get(&segment.job_id).cloned().unwrap_or_default(),
            unit_key: segment.unit_key,
            source: segment.source,
            target: segment.target,
            resolved_at,
            comments: comments
                .remove(&segment.id)
                .unwrap_or_default()
                .into_iter()
                .map(segments::comment)
                .collect(),
        });
    }
    Ok(found)
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
    translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let filter = query.state.unwrap_or_default();
    Ok(ApiJson(threads(&state, id, filter, None).await?))
}

/// A segment of the project, or 404.
async fn project_segment(state: &AppState, id: i32, segment_id: i64) -> ApiResult<()> {
    let not_found = || ApiError::NotFound("Segment not found in this project".into());
    let segment = translation::store::segments::find(&state.db, segment_id)
        .await?
        .ok_or_else(not_found)?;
    translation::store::jobs::find(&state.db, segment.job_id)
        .await?
        .filter(|job| job.project_id == id)
        .ok_or_else(not_found)?;
    Ok(())
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
        (status = 201, body = super::types::ReviewComment),
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
) -> ApiResult<(StatusCode, ApiJson<super::types::ReviewComment>)> {
    let text = comment_body(&body.body)?;
    project_segment(&state, id, body.segment_id).await?;
    let new = NewComment {
        project_id: id,
        segment_id: body.segment_id,
        link_id: None,
        user_id: Some(caller.user.id),
        author_name: caller.user.username.clone(),
        body: text,
        created_at: db::now(),
    };
    // The comment exists exactly when its readers are told of it.
    let txn = db::begin_write(&state.db).await?;
    let comment = reviews::insert_comment(&txn, new).await?;
    events::comment_added(&txn, &comment, state.mail_site(), state.clock.now()).await?;
    txn.commit().await?;
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
    project_segment(&state, id, segment_id).await?;
    let resolved = body.resolved.then(|| (db::now(), caller.user.id));
    reviews::set_resolved(&state.db, segment_id, resolved).await?;
    threads(&state, id, ThreadFilter::All, Some(segment_id))
        .await?
        .pop()
        .map(ApiJson)
        .ok_or_else(|| ApiError::NotFound("This segment has no comments.".into()))
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
    translation::store::segments::find(&state.db, segment_id)
        .await?
        .filter(|s| s.job_id == id)
        .ok_or_else(|| ApiError::NotFound("Segment not found in this job".into()))?;
    let changes = translation::store::segments::history(&state.db, segment_id).await?;
    let users: HashSet<i32> = changes.iter().filter_map(|c| c.user_id).collect();
    let names = accounts::usernames(&state.db, users).await?;
    let mut links = std::collections::HashMap::new();
    let mut found = Vec::with_capacity(changes.len());
    for change in changes {
        let actor_name = match (change.actor_kind, change.user_id, change.link_id) {
            (ActorKind::User, Some(user), _) => names.get(&user).cloned(),
            (ActorKind::ReviewLink, _, Some(link_id)) => {
                if let std::collections::hash_map::Entry::Vacant(slot) = links.entry(link_id) {
                    let link = reviews::link_by_id(&state.db, link_id).await?;
                    slot.insert(link.map(|l| display_name(&l)));
                }
                links.get(&link_id).cloned().flatten()
            }
            _ => None,
        };
        found.push(SegmentChange {
            id: change.id,
            changed_at: change.changed_at,
            actor_kind: change.actor_kind,
            actor_name,
            source: change.source,
            previous_target: change.previous_target,
            new_target: change.new_target,
        });
    }
    Ok(ApiJson(found))
}
