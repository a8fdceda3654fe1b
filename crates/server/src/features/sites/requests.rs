//! A customer's request for pages of their client's site (`/api/sites/{id}/requests`), and the
//! project the staff make of it (`…/requests/{request_id}/project`).

use axum::{extract::State, http::StatusCode};
use serde_json::json;

use super::projects::{CreatedSiteProject, created_answer};
use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        people,
        quotes::request::Requester,
        sites::{
            self,
            requests::{self, NewSiteRequest, SiteRequest},
        },
    },
    state::AppState,
};

/// Request a translation of pages of one of the caller's clients' sites, in target languages
/// of the site, instead of uploading a zip: the request waits for the agency's staff (who are
/// told), who make its project and quote.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/requests",
    security(("bearer_token" = ["projects.request"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The site")),
    request_body = NewSiteRequest,
    responses(
        (status = 201, description = "The request, waiting for the staff", body = SiteRequest),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The site is not one of the caller's clients'", body = ErrorBody),
        (status = 422, description = "No title, pages or languages; a page the site does not list, a language not the site's, a due date in the past, a note too long (named)", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRequest>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(new): ApiJson<NewSiteRequest>,
) -> ApiResult<(StatusCode, ApiJson<SiteRequest>)> {
    let name = people::signature(
        &caller.user.first_name,
        &caller.user.last_name,
        &caller.user.username,
    );
    let by = Requester {
        user_id: caller.user.id,
        name: &name,
    };
    let request = requests::create(
        &state.db,
        id,
        &new,
        by,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    let site = sites::find(&state.db, id).await?;
    let event = AuditAction::TranslationRequested
        .on(TargetKind::Site, id, &site.name)
        .with(json!({
            "request": request.id,
            "title": request.title,
            "items": new.items,
            "languages": new.target_langs,
        }));
    caller.audit(&state, event).await;
    Ok((StatusCode::CREATED, ApiJson(request)))
}

/// The site's requests for pages, newest first (at most 100), each with its pages and, once
/// made, its project.
#[utoipa::path(
    get,
    path = "/api/sites/{id}/requests",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The site")),
    responses(
        (status = 200, body = Vec<SiteRequest>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<SiteRequest>>> {
    Ok(ApiJson(requests::list(&state.db, id).await?))
}

/// The requests for pages still waiting for their project, on the sites of the caller's clients
/// (every site for the staff), newest first (at most 100): a customer sees what they asked for
/// until the agency makes its project and quote.
#[utoipa::path(
    get,
    path = "/api/site-requests",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    responses(
        (status = 200, body = Vec<SiteRequest>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn waiting(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesRead>,
) -> ApiResult<ApiJson<Vec<SiteRequest>>> {
    Ok(ApiJson(requests::waiting(&state.db, &caller.scope).await?))
}

/// Make the request's project: its pages in its languages read from the site (as
/// `POST /api/sites/{id}/projects` does), named after the request, marked as requested by the
/// customer with a draft quote, so the quote flow goes on. Nothing is written when anything
/// fails; a request is made once.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/requests/{request_id}/project",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(
        ("id" = i32, Path, description = "The site"),
        ("request_id" = i32, Path, description = "The site's request"),
    ),
    responses(
        (status = 201, description = "The project with its jobs, and each job's item of the site", body = CreatedSiteProject),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A project was made of the request already", body = ErrorBody),
        (status = 422, description = "A page the site no longer lists, a language no longer the site's, or XLIFF from the site that cannot be read (named)", body = ErrorBody),
        (status = 502, description = "The site could not be read (the message says why)", body = ErrorBody),
    )
)]
pub async fn make_project(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath((id, request_id)): ApiPath<(i32, i32)>,
) -> ApiResult<(StatusCode, ApiJson<CreatedSiteProject>)> {
    let made = requests::make_project(
        &state.db,
        &state.sites,
        id,
        request_id,
        caller.user.id,
        state.clock.now(),
    )
    .await?;
    let quote = made.quote.id;
    let created = created_answer(&state, made.project).await?;
    let event = AuditAction::SiteProjectCreated.on(
        TargetKind::TranslationProject,
        created.project.id,
        &created.project.name,
    );
    let detail = json!({ "site": id, "request": request_id, "quote_id": quote });
    caller.audit(&state, event.with(detail)).await;
    Ok((StatusCode::CREATED, ApiJson(created)))
}
