//! A customer's own review, signed in: `POST /api/translation/{id}/my-review` gives the caller
//! their personal review link of the project (bound to their account, so that it opens only
//! with their session while they are a customer of its client; see
//! `services::browser_review::access`) and answers its token once. Asking again rotates the
//! token and keeps the link's drafts, approvals and comments: the old address stops working,
//! and the portal asks each time the review is opened.

use axum::extract::State;
use serde_json::json;

use super::types::PersonalReview;
use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        browser_review::links::{self, Customer},
    },
    state::AppState,
};

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
    let user = &caller.user;
    let customer = Customer {
        id: user.id,
        first_name: &user.first_name,
        last_name: &user.last_name,
        email: &user.email,
    };
    let personal = links::personal(&state.db, id, customer, state.clock.now()).await?;
    let link = personal.link;
    let event = AuditAction::ReviewLinkCreated
        .on(TargetKind::TranslationProject, id, personal.project_name)
        .with(json!({ "link": link.id, "personal": true }));
    caller.audit(&state, event).await;
    Ok(ApiJson(PersonalReview {
        path: format!("/review/{}", personal.token),
        token: personal.token,
        expires_at: link.expires_at,
        read_only: link.submitted_at.is_some(),
    }))
}
