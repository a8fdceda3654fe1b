//! A customer's own review, signed in: `POST /api/translation/{id}/my-review` gives the caller
//! their personal review link of the project (bound to their account, so that it opens only
//! with their session; see [`super::access`]) and answers its token once. Asking again rotates
//! the token and keeps the link's drafts, approvals and comments: the old address stops
//! working, and the portal asks each time the review is opened.

use axum::extract::State;
use serde_json::json;
use time::Duration;

use super::types::PersonalReview;
use crate::{
    db,
    http::{
        auth::Authorized,
        error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        reviews::{self, NewLink, PersonalLink},
        tokens,
        translation::{
            self, ProjectStatus, TranslationError,
            status::{self, Step},
        },
    },
    state::AppState,
};

/// How long a personal link's token lasts after it was last asked for.
const LASTS_DAYS: i64 = 14;

/// Open the project's review as oneself: the caller's personal review link (made at the first
/// call, its token rotated at every other), from `Pretranslated` until the corrections are in.
/// A `Pretranslated` project moves to `Translations_In_Correction`, as when staff send a link.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/my-review",
    security(("bearer_token" = ["reviews.own"])),
    tag = "review-links",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = PersonalReview),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The project is not in review (the status is named), or the agency closed this review", body = ErrorBody),
    )
)]
pub async fn open(
    State(state): State<AppState>,
    caller: Authorized<perm::ReviewsOwn>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<PersonalReview>> {
    let project = translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    if !matches!(
        project.status,
        ProjectStatus::Pretranslated
            | ProjectStatus::TranslationsInCorrection
            | ProjectStatus::TranslationsCorrected
    ) {
        return Err(ApiError::Conflict(format!(
            "The project is {}: it can be reviewed once it is pre-translated and until it is completed.",
            project.status.stored_name()
        )));
    }
    let user = &caller.user;
    let token = tokens::random::<16>();
    let now = db::now();
    let name = format!("{} {}", user.first_name, user.last_name);
    let new = NewLink {
        project_id: id,
        token_hash: tokens::hash(&token),
        created_by: user.id,
        created_at: now,
        expires_at: now + Duration::days(LASTS_DAYS),
        note: None,
        reviewer_name: Some(name.trim().to_owned()).filter(|n| !n.is_empty()),
        reviewer_email: Some(user.email.clone()).filter(|e| !e.is_empty()),
    };
    let link = match reviews::issue_personal_link(&state.db, user.id, new).await? {
        PersonalLink::Issued(link) => link,
        PersonalLink::Revoked(_) => {
            return Err(ApiError::Conflict(
                "The agency closed your review of this project. Please ask them to reopen it."
                    .into(),
            ));
        }
    };
    status::advance(&state.db, id, Step::WorkbooksDownloaded, Some(user.id)).await?;
    let event = AuditAction::ReviewLinkCreated
        .on(TargetKind::TranslationProject, id, project.name)
        .with(json!({ "link": link.id, "personal": true }));
    caller.audit(&state, event).await;
    Ok(ApiJson(PersonalReview {
        path: format!("/review/{token}"),
        token,
        expires_at: link.expires_at,
        read_only: link.submitted_at.is_some(),
    }))
}
