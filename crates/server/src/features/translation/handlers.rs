use axum::{extract::State, http::StatusCode};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::{
    form,
    types::{CreatedProject, ProjectUpdate, ProjectUpload, StatusChange},
};
use crate::{
    db::listing::{Listing, Order},
    http::{
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given, given_lang},
        multipart::ApiMultipart,
        views::translation::ProjectResponse,
    },
    services::{
        audit::{AuditAction, TargetKind},
        clients, sites,
        translation::{
            self, ProjectStatus, TranslationError,
            create::{self, NewProject},
            projects::{ProjectQuery, ProjectSort},
            status,
        },
    },
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectFilter {
    /// Only this client's projects.
    pub client_id: Option<i32>,
    /// Only projects in this status, written as the API writes it (`Translations_In_Correction`).
    #[param(value_type = Option<ProjectStatus>)]
    pub status: Option<String>,
    /// Only projects with a job from this source language (WPML's code, e.g. `en`).
    pub source_lang: Option<String>,
    /// Only projects with a job into this target language (e.g. `pt-br`).
    pub target_lang: Option<String>,
    /// Only projects whose name contains this text, ignoring case.
    pub q: Option<String>,
    /// The order: `created` (the default, newest first unless `order=asc`), `name`, `status`
    /// (workflow order) or `client`; the id breaks ties.
    pub sort: Option<ProjectSort>,
}

/// Translation projects without their jobs: one page (`limit`, `offset`) in the order asked
/// for (newest first by default), filtered by client, status, language and name; the number
/// of matching projects is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/translation",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(ProjectFilter, PageQuery),
    responses(
        (status = 200, body = Vec<ProjectResponse>, headers(
            ("X-Total-Count" = u64, description = "How many projects match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200, an unknown sort column, order or status (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiQuery(filter): ApiQuery<ProjectFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<ProjectResponse>> {
    let sort = filter.sort.unwrap_or_default();
    let query = ProjectQuery {
        client_id: filter.client_id,
        status: given(filter.status)
            .map(|status| status::parse(&status).map_err(ApiError::BadRequest))
            .transpose()?,
        source_lang: given_lang(filter.source_lang),
        target_lang: given_lang(filter.target_lang),
        q: given(filter.q),
        sort,
        order: page.order_or(if sort == ProjectSort::Created {
            Order::Desc
        } else {
            Order::Asc
        }),
        window: page.window()?,
        scope: caller.scope.clone(),
    };
    let listing = translation::projects::list(&state.db, &query).await?;
    // Only projects made from a site have one to name: a page of uploads asks nothing more.
    let ids: Vec<i32> = listing
        .rows
        .iter()
        .filter(|row| row.project.made_from_site)
        .map(|row| row.project.id)
        .collect();
    let mut made_from = sites::of_projects(&state.db, &ids).await?;
    let mut listing = listing.map(ProjectResponse::listed);
    for project in &mut listing.rows {
        project.site = made_from.remove(&project.id);
    }
    Ok(listing)
}

/// One project with its jobs.
#[utoipa::path(
    get,
    path = "/api/translation/{id}",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = ProjectResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<ProjectResponse>> {
    Ok(ApiJson(with_jobs(&state, id).await?))
}

/// The project's status changes, oldest first: from which status to which, when, and whether
/// a person set it in the edit form (else the workflow moved it). The project's creation is
/// its `date_created`.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/status-history",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<StatusChange>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn status_history(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<StatusChange>>> {
    translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let history = status::history(&state.db, id).await?;
    Ok(ApiJson(
        history.into_iter().map(StatusChange::from).collect(),
    ))
}

async fn with_jobs(state: &AppState, id: i32) -> ApiResult<ProjectResponse> {
    let p = translation::projects::find(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let made_from_site = p.project.made_from_site;
    let mut project = ProjectResponse::new(p.project, p.client, p.author, p.jobs);
    if made_from_site {
        project.site = sites::of_projects(&state.db, &[id]).await?.remove(&id);
    }
    Ok(project)
}

/// Create a project from a zip of XLIFF files: one job per `.xliff`/`.xlf`/`.sdlxliff`/`.xml` entry (in
/// folders too, when the file names are unique). All or nothing: any unreadable file, unsafe
/// entry or exceeded limit refuses the whole upload with a message naming it.
#[utoipa::path(
    post,
    path = "/api/translation",
    security(("bearer_token" = ["projects.write"])),
    tag = "translation",
    request_body(content = ProjectUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new project with its jobs, and the entries skipped", body = CreatedProject),
        (status = 401, body = ErrorBody),
        (status = 413, description = "Too many entries, or an entry or the whole archive unpacks too large", body = ErrorBody),
        (status = 415, description = "Not multipart, or the upload is not a zip archive", body = ErrorBody),
        (status = 422, description = "No name, unknown client, no XLIFF file, an unsafe or duplicate entry, or an unreadable XLIFF file (named with line and column)", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsWrite>,
    multipart: ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<CreatedProject>)> {
    let form = form::read(multipart, state.config.max_upload_bytes).await?;
    if let Some(client_id) = form.client_id
        && clients::find(&state.db, client_id).await?.is_none()
    {
        return Err(ApiError::Unprocessable(format!(
            "There is no client with id \"{client_id}\"."
        )));
    }
    let bytes = form.archive.metadata()?.len();
    let new = NewProject {
        name: form.project_name,
        client_id: form.client_id,
        author_id: caller.user.id,
        archive_name: form.archive_name,
        archive: form.archive,
        limits: state.config.archive_limits(),
        now: state.clock.now(),
    };
    let (project_id, skipped) = create::from_zip(&state.db, new).await?;
    let project = with_jobs(&state, project_id).await?;
    let upload = json!({ "files": project.jobs.as_ref().map_or(0, Vec::len), "bytes": bytes, "skipped": skipped.len() });
    let created = AuditAction::TranslationCreated.on(
        TargetKind::TranslationProject,
        project_id,
        &project.name,
    );
    caller.audit(&state, created.with(upload)).await;
    Ok((
        StatusCode::CREATED,
        ApiJson(CreatedProject { project, skipped }),
    ))
}

/// Rename a project and/or set its status (any status, in any order; recorded as set by hand).
#[utoipa::path(
    put,
    path = "/api/translation/{id}",
    security(("bearer_token" = ["projects.write"])),
    tag = "translation",
    params(("id" = i32, Path)),
    request_body = ProjectUpdate,
    responses(
        (status = 200, description = "The saved project with its jobs", body = ProjectResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "A blank name or an unknown status", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ProjectUpdate>,
) -> ApiResult<ApiJson<ProjectResponse>> {
    let name = body
        .project_name
        .or(body.name)
        .map(|name| form::check_name(Some(name)))
        .transpose()?;
    let status = body
        .project_status
        .or(body.status)
        .map(|status| status::parse(&status).map_err(ApiError::Unprocessable))
        .transpose()?;
    let head = translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    status::edit(
        &state.db,
        id,
        name,
        status,
        caller.user.id,
        state.clock.now(),
    )
    .await?;
    if status == Some(ProjectStatus::Completed) && head.status != ProjectStatus::Completed {
        crate::services::notifications::events::project_completed(
            &state.db,
            id,
            Some(caller.user.id),
            state.mail_site(),
            state.clock.now(),
        )
        .await?;
    }
    let project = with_jobs(&state, id).await?;
    if let Some(to) = status.filter(|to| *to != head.status) {
        let change =
            AuditAction::StatusChanged.on(TargetKind::TranslationProject, id, &project.name);
        caller
            .audit(
                &state,
                change.with(json!({ "from": head.status, "to": to })),
            )
            .await;
    }
    Ok(ApiJson(project))
}

/// Delete a project with its jobs and their segments.
#[utoipa::path(
    delete,
    path = "/api/translation/{id}",
    security(("bearer_token" = ["projects.delete"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Deleted, with its jobs"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsDelete>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let head = translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    if !translation::projects::delete(&state.db, id).await? {
        return Err(TranslationError::ProjectNotFound.into());
    }
    tracing::info!(project_id = id, by = %caller.user.username, "translation project deleted");
    let deleted = AuditAction::TranslationDeleted.on(TargetKind::TranslationProject, id, head.name);
    caller.audit(&state, deleted).await;
    Ok(StatusCode::NO_CONTENT)
}
