//! A project from a site's pages (`POST /api/sites/{id}/projects`) and publishing its
//! translations back (`/api/translation/{id}/publish`).

use axum::{extract::State, http::StatusCode};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
        views::translation::ProjectResponse,
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        sites::{
            projects::{self, NewSiteProject, SiteProject, SiteProjectJob},
            publish::{self, PublishRequest, PublishRun, Publishing},
        },
        translation::{self, TranslationError},
    },
    state::AppState,
};

/// The project made from a site's pages, as `GET /api/translation/{id}` answers it, with the
/// site's item and the language of each job.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedSiteProject {
    #[serde(flatten)]
    pub project: ProjectResponse,
    /// One per job, in the order of `jobs`.
    pub site_jobs: Vec<SiteProjectJob>,
}

/// Create a translation project of the site's client from items of its content list in
/// target languages of the site: each item's XLIFF is read from the site, and the jobs are
/// those a WPML export of the same items would give. Nothing is written when anything fails.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/projects",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The site")),
    request_body = NewSiteProject,
    responses(
        (status = 201, description = "The project with its jobs, and each job's item of the site", body = CreatedSiteProject),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "An unknown item, a language not among the site's, or XLIFF from the site that cannot be read (named)", body = ErrorBody),
        (status = 502, description = "The site could not be read (the message says why)", body = ErrorBody),
    )
)]
pub async fn create_project(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(new): ApiJson<NewSiteProject>,
) -> ApiResult<(StatusCode, ApiJson<CreatedSiteProject>)> {
    let made = projects::create(
        &state.db,
        &state.sites,
        id,
        caller.user.id,
        &new,
        state.clock.now(),
    )
    .await?;
    let created = created_answer(&state, made).await?;
    let event = AuditAction::SiteProjectCreated.on(
        TargetKind::TranslationProject,
        created.project.id,
        &created.project.name,
    );
    let detail = json!({ "site": id, "items": new.items, "languages": new.target_langs });
    caller.audit(&state, event.with(detail)).await;
    Ok((StatusCode::CREATED, ApiJson(created)))
}

/// The answer to a project made from a site: the project as `GET /api/translation/{id}` shows
/// it, and each job's item of the site.
pub(super) async fn created_answer(
    state: &AppState,
    made: SiteProject,
) -> ApiResult<CreatedSiteProject> {
    let found = translation::projects::find(&state.db, made.id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let mut project = ProjectResponse::new(found.project, found.client, found.author, found.jobs);
    project.site = Some(made.site);
    Ok(CreatedSiteProject {
        project,
        site_jobs: made.jobs,
    })
}

/// Publish the project's translations to its WordPress site, as drafts (the default) or
/// published posts: a background run; `GET` shows its progress. A failed run with the same
/// status is resumed (the jobs published are not sent again).
#[utoipa::path(
    post,
    path = "/api/translation/{id}/publish",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The translation project")),
    request_body = PublishRequest,
    responses(
        (status = 202, description = "The run started", body = PublishRun),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A run of the project is going", body = ErrorBody),
        (status = 422, description = "The project was not made from a site's pages", body = ErrorBody),
    )
)]
pub async fn start_publish(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(request): ApiJson<PublishRequest>,
) -> ApiResult<(StatusCode, ApiJson<PublishRun>)> {
    let project = translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let run = publish::start(&state.publisher(), id, &request, state.clock.now()).await?;
    let started =
        AuditAction::SitePublishStarted.on(TargetKind::TranslationProject, id, project.name);
    let detail = json!({ "run": run.id, "status": run.status, "jobs": run.jobs.len() });
    caller.audit(&state, started.with(detail)).await;
    Ok((StatusCode::ACCEPTED, ApiJson(run)))
}

/// The project's site (`null` for a project not made from a site) and its latest publishing
/// run with each job's result.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/publish",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The translation project")),
    responses(
        (status = 200, body = Publishing),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn publishing(
    State(state): State<AppState>,
    _: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Publishing>> {
    translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    Ok(ApiJson(publish::latest(&state.db, id).await?))
}
