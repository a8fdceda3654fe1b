//! What changed on the sites (`services::sites::checks`): a site's pending changes, the update
//! project made of them, and the sites with changed pages for the staff's dashboard.

use axum::{extract::State, http::StatusCode};
use serde_json::json;

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        sites::checks::{self, ChangedSite, NewUpdateProject, SiteChanges},
    },
    state::AppState,
};

use super::projects::{CreatedSiteProject, created_answer};

/// The site's pages whose source changed since their translation (as last read), counted, and
/// when the schedule checks the site next. The pages themselves are the content list's
/// `state=changed`.
#[utoipa::path(
    get,
    path = "/api/sites/{id}/changes",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The site")),
    responses(
        (status = 200, body = SiteChanges),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn changes(
    State(state): State<AppState>,
    _: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<SiteChanges>> {
    Ok(ApiJson(
        checks::changes(&state.db, id, state.clock.now()).await?,
    ))
}

/// Create the site's update project: the pages whose source changed since their translation,
/// each in the languages where it did. Pre-translation fills what did not change from the
/// translation memory.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/update-project",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The site")),
    request_body = NewUpdateProject,
    responses(
        (status = 201, description = "The project with its jobs, and each job's item of the site", body = CreatedSiteProject),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No page changed since its translation", body = ErrorBody),
        (status = 422, description = "A name that is too long, or XLIFF from the site that cannot be read (named)", body = ErrorBody),
        (status = 502, description = "The site could not be read (the message says why)", body = ErrorBody),
    )
)]
pub async fn update_project(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(new): ApiJson<NewUpdateProject>,
) -> ApiResult<(StatusCode, ApiJson<CreatedSiteProject>)> {
    let (db, now) = (&state.db, state.clock.now());
    let (made, _) = checks::update_project(db, &state.sites, id, caller.user.id, &new, now).await?;
    let jobs = made.jobs.len();
    let created = created_answer(&state, made).await?;
    let event = AuditAction::SiteProjectCreated.on(
        TargetKind::TranslationProject,
        created.project.id,
        &created.project.name,
    );
    let detail = json!({ "site": id, "update": true, "jobs": jobs });
    caller.audit(&state, event.with(detail)).await;
    Ok((StatusCode::CREATED, ApiJson(created)))
}

/// The sites with pages whose source changed since their translation, most first, for the
/// staff's dashboard.
#[utoipa::path(
    get,
    path = "/api/sites/changed",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    responses(
        (status = 200, body = Vec<ChangedSite>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn changed_sites(
    State(state): State<AppState>,
    _: Authorized<perm::SitesManage>,
) -> ApiResult<ApiJson<Vec<ChangedSite>>> {
    Ok(ApiJson(checks::changed_sites(&state.db).await?))
}
