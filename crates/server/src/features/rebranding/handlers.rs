use std::collections::HashMap;

use axum::{extract::State, http::StatusCode, response::Response};
use serde_json::json;
use time::{OffsetDateTime, macros::format_description};
use wordmark_core::brand::{
    BrandError, PackageInput, build_package,
    model::{RebrandingData, complete_colours},
    package_file_name,
    validate::validate,
};

use super::types::{ListFilter, RebrandingRequest, RebrandingResponse};
use crate::{
    db::listing::{Listing, Order},
    http::{
        download::zip_response,
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given},
        views::clients::ClientResponse,
    },
    services::{
        accounts::{self, User},
        audit::{AuditAction, TargetKind},
        clients::{self, Client},
        people,
        rebranding::{self, Project, ProjectWithClient, RebrandingQuery, RebrandingSort},
    },
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

/// Column sizes of `m0004_rebranding` (PostgreSQL enforces them; SQLite would not).
const LEGAL_NAME_MAX_CHARS: usize = 500;
const DISPLAY_NAME_MAX_CHARS: usize = 200;

/// Builds the answers for `rows`, loading the authors of the projects and their clients at once.
async fn responses(
    state: &AppState,
    rows: Vec<ProjectWithClient>,
) -> ApiResult<Vec<RebrandingResponse>> {
    let author_ids: Vec<i32> = rows
        .iter()
        .flat_map(|(project, client)| [project.author_id, client.author_id])
        .flatten()
        .collect();
    let users = accounts::users_by_id(&state.db, author_ids).await?;
    rows.into_iter()
        .map(|(project, client)| response(project, client, &users))
        .collect()
}

fn response(
    project: Project,
    client: Client,
    users: &HashMap<i32, User>,
) -> ApiResult<RebrandingResponse> {
    let author_of = |id: Option<i32>| id.and_then(|id| users.get(&id)).map(User::name);
    let data = rebranding::data(&project)?;
    let client_author = author_of(client.author_id);
    Ok(RebrandingResponse {
        id: project.id,
        client_id: project.client_id,
        author: author_of(project.author_id).map(Into::into),
        client: ClientResponse::new(client, client_author),
        date_created: project.date_created,
        location_count: data.locations.len(),
        data,
    })
}

async fn one(state: &AppState, id: i32) -> ApiResult<RebrandingResponse> {
    let row = rebranding::require(&state.db, id).await?;
    Ok(responses(state, vec![row]).await?.remove(0))
}

/// The wizard's rules (a trimmed legal name of at least 6 characters, a display name of at
/// least 3, colour values within their ranges) plus what the server needs: a client that exists
/// and names that fit their columns. All problems are reported together in one 422. Returns the
/// client id and the data with names trimmed and colours completed.
async fn checked(
    state: &AppState,
    request: RebrandingRequest,
    current_client: Option<i32>,
) -> ApiResult<(i32, RebrandingData)> {
    let client_id = request.client_id().or(current_client);
    let mut data = request.data;
    data.legal_name = data.legal_name.trim().to_owned();
    data.display_name = data.display_name.trim().to_owned();

    let mut problems = Vec::new();
    if client_id.is_none() {
        problems.push("Please choose a client (the field client_id is required).".to_owned());
    }
    if let Err(errors) = validate(&data) {
        problems.extend(errors.into_iter().map(|e| e.message));
    }
    for (value, max, what) in [
        (&data.legal_name, LEGAL_NAME_MAX_CHARS, "legal name"),
        (&data.display_name, DISPLAY_NAME_MAX_CHARS, "display name"),
    ] {
        if value.chars().count() > max {
            problems.push(format!("The {what} can have at most {max} characters."));
        }
    }
    if !problems.is_empty() {
        return Err(ApiError::Unprocessable(problems.join(" ")));
    }
    let client_id = client_id.expect("checked above");
    if clients::find(&state.db, client_id).await?.is_none() {
        return Err(ApiError::Unprocessable(format!(
            "The client {client_id} does not exist."
        )));
    }
    complete_colours(&mut data);
    Ok((client_id, data))
}

/// Rebranding projects: one page (`limit`, `offset`), newest first unless asked otherwise;
/// `?client_id=` keeps one client's projects, `q` searches the names; the number of matching
/// projects is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/rebranding",
    security(("bearer_token" = ["projects.read"])),
    tag = "rebranding",
    params(ListFilter, PageQuery),
    responses(
        (status = 200, body = Vec<RebrandingResponse>, headers(
            ("X-Total-Count" = u64, description = "How many projects match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200, or an unknown sort column or order (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiQuery(filter): ApiQuery<ListFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<RebrandingResponse>> {
    let sort = filter.sort.unwrap_or_default();
    let query = RebrandingQuery {
        client_id: filter.client_id,
        q: given(filter.q),
        sort,
        order: page.order_or(if sort == RebrandingSort::Created {
            Order::Desc
        } else {
            Order::Asc
        }),
        window: page.window()?,
        scope: caller.scope.clone(),
    };
    let listing = rebranding::list(&state.db, &query).await?;
    Ok(Listing {
        rows: responses(&state, listing.rows).await?,
        total: listing.total,
    })
}

/// One rebranding project.
#[utoipa::path(
    get,
    path = "/api/rebranding/{id}",
    security(("bearer_token" = ["projects.read"])),
    tag = "rebranding",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = RebrandingResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<RebrandingResponse>> {
    Ok(ApiJson(one(&state, id).await?))
}

/// Create a rebranding project. RGB is derived from each HEX; CMYK is kept when entered,
/// otherwise suggested and marked `cmyk_computed`.
#[utoipa::path(
    post,
    path = "/api/rebranding",
    security(("bearer_token" = ["projects.write"])),
    tag = "rebranding",
    request_body = RebrandingRequest,
    responses(
        (status = 201, description = "The saved project", body = RebrandingResponse),
        (status = 401, body = ErrorBody),
        (status = 422, description = "The wizard's validation messages, an unknown client, or a body that is not the project", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsWrite>,
    ApiJson(request): ApiJson<RebrandingRequest>,
) -> ApiResult<(StatusCode, ApiJson<RebrandingResponse>)> {
    let (client_id, data) = checked(&state, request, None).await?;
    let project = rebranding::insert(
        &state.db,
        client_id,
        caller.user.id,
        &data,
        state.clock.now(),
    )
    .await?;
    tracing::info!(rebranding_id = project.id, "rebranding project created");
    let created = AuditAction::RebrandingCreated.on(
        TargetKind::RebrandingProject,
        project.id,
        &project.display_name,
    );
    caller
        .audit(&state, created.with(json!({ "client_id": client_id })))
        .await;
    Ok((StatusCode::CREATED, ApiJson(one(&state, project.id).await?)))
}

/// Replace a rebranding project's names, client, colours, fonts and locations.
#[utoipa::path(
    put,
    path = "/api/rebranding/{id}",
    security(("bearer_token" = ["projects.write"])),
    tag = "rebranding",
    params(("id" = i32, Path)),
    request_body = RebrandingRequest,
    responses(
        (status = 200, description = "The saved project", body = RebrandingResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(request): ApiJson<RebrandingRequest>,
) -> ApiResult<ApiJson<RebrandingResponse>> {
    let (project, _) = rebranding::require(&state.db, id).await?;
    let (client_id, data) = checked(&state, request, Some(project.client_id)).await?;
    rebranding::update(&state.db, id, client_id, &data).await?;
    Ok(ApiJson(one(&state, id).await?))
}

/// Delete a rebranding project.
#[utoipa::path(
    delete,
    path = "/api/rebranding/{id}",
    security(("bearer_token" = ["projects.delete"])),
    tag = "rebranding",
    params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsDelete>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let (project, _) = rebranding::require(&state.db, id).await?;
    rebranding::delete(&state.db, id).await?;
    tracing::info!(rebranding_id = id, by = %caller.user.username, "rebranding project deleted");
    let deleted =
        AuditAction::RebrandingDeleted.on(TargetKind::RebrandingProject, id, project.display_name);
    caller.audit(&state, deleted).await;
    Ok(StatusCode::NO_CONTENT)
}

/// The brand package `{display name}-rebranding.zip`: brand.json, design tokens, CSS/SCSS,
/// ASE and GIMP palettes, logo SVG and PNGs, per location a vCard, imprint and e-mail
/// signature, the brand sheet PDF and a README.
#[utoipa::path(
    post,
    path = "/api/rebranding/{id}/download-package",
    security(("bearer_token" = ["projects.read"])),
    tag = "rebranding",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "The package", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The stored project or the client logo cannot be used", body = ErrorBody),
    )
)]
pub async fn download_package(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let project = one(&state, id).await?;
    let date = format_description!("[year]-[month]-[day]");
    let moment = format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    let format = |t: OffsetDateTime, f| t.format(f).map_err(anyhow::Error::from);
    let input = PackageInput {
        client_name: project.client.client_name,
        client_logo_svg: project.client.client_logo,
        author: project
            .author
            .map(|a| people::full_name(&a.first_name, &a.last_name))
            .unwrap_or_else(|| "n/a".into()),
        created: format(project.date_created, date)?,
        generated_at: format(state.clock.now(), moment)?,
        data: project.data,
    };
    let file_name = package_file_name(&input.data.display_name);
    let label = input.data.display_name.clone();
    // Rendering PNGs and the PDF takes CPU time: keep it off the async threads.
    let bytes = tokio::task::spawn_blocking(move || build_package(&input))
        .await?
        .map_err(|err| match err {
            BrandError::Invalid(errors) => ApiError::Unprocessable(
                errors
                    .into_iter()
                    .map(|e| e.message)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            BrandError::Logo(_) => ApiError::Unprocessable(err.to_string()),
            other => ApiError::Internal(other.into()),
        })?;
    let downloaded = json!({ "file": file_name, "bytes": bytes.len() });
    let event = AuditAction::PackageDownloaded.on(TargetKind::RebrandingProject, id, &label);
    caller.audit(&state, event.with(downloaded)).await;
    Ok(zip_response(bytes, &file_name))
}
