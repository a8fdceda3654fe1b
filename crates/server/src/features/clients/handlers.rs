use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::{
    form,
    types::{ClientUpload, PersonResponse},
};
use crate::{
    db::listing::{Listing, Order},
    http::{
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given},
        multipart::ApiMultipart,
        views::clients::{ClientResponse, logo_response},
    },
    services::{
        accounts,
        audit::{self, AuditAction, TargetKind},
        clients::{self, ClientQuery, ClientSort},
    },
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ClientFilter {
    /// Only clients whose name contains this text, ignoring case.
    pub q: Option<String>,
    /// `name` (the default) or `created`; the id breaks ties.
    pub sort: Option<ClientSort>,
}

/// Clients: one page (`limit`, `offset`), by name unless asked otherwise; the number of
/// matching clients is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/client",
    security(("bearer_token" = ["clients.read"])),
    tag = "clients",
    params(ClientFilter, PageQuery),
    responses(
        (status = 200, body = Vec<ClientResponse>, headers(
            ("X-Total-Count" = u64, description = "How many clients match the filter in all")
        )),
        (status = 400, description = "A limit outside 1–200, or an unknown sort column or order (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::ClientsRead>,
    ApiQuery(filter): ApiQuery<ClientFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<ClientResponse>> {
    let query = ClientQuery {
        q: given(filter.q),
        sort: filter.sort.unwrap_or_default(),
        order: page.order_or(Order::Asc),
        window: page.window()?,
        scope: caller.scope.clone(),
    };
    Ok(clients::list(&state.db, &query)
        .await?
        .map(|(client, author)| ClientResponse::new(client, author)))
}

/// One client.
#[utoipa::path(
    get,
    path = "/api/client/{id}",
    security(("bearer_token" = ["clients.read"])),
    tag = "clients",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = ClientResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::ClientsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<ClientResponse>> {
    let (client, author) = clients::require(&state.db, id).await?;
    Ok(ApiJson(ClientResponse::new(client, author)))
}

/// Create a client from the form `client_name` and `client_logo` (SVG).
#[utoipa::path(
    post,
    path = "/api/client",
    security(("bearer_token" = ["clients.write"])),
    tag = "clients",
    request_body(content = ClientUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The saved client", body = ClientResponse),
        (status = 401, body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
        (status = 413, description = "The logo is larger than 1 MiB", body = ErrorBody),
        (status = 415, description = "Not multipart, or the logo is not SVG", body = ErrorBody),
        (status = 422, description = "No name, or an SVG that cannot be accepted", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::ClientsWrite>,
    multipart: ApiMultipart,
) -> ApiResult<(StatusCode, ApiJson<ClientResponse>)> {
    let form = form::read(multipart).await?;
    let name = form.client_name;
    let client = clients::insert(
        &state.db,
        name,
        form.logo,
        caller.user.id,
        state.clock.now(),
    )
    .await?;
    tracing::info!(client_id = client.id, "client created");
    let created = AuditAction::ClientCreated.on(TargetKind::Client, client.id, &client.client_name);
    caller
        .audit(
            &state,
            created.with(json!({ "logo": client.client_logo.is_some() })),
        )
        .await;
    Ok((
        StatusCode::CREATED,
        ApiJson(ClientResponse::new(client, Some(caller.user.name()))),
    ))
}

/// Rename a client and, when a file is sent, replace its logo (an empty file keeps it).
#[utoipa::path(
    put,
    path = "/api/client/{id}",
    security(("bearer_token" = ["clients.write"])),
    tag = "clients",
    params(("id" = i32, Path)),
    request_body(content = ClientUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The saved client", body = ClientResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody),
        (status = 422, body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::ClientsWrite>,
    ApiPath(id): ApiPath<i32>,
    multipart: ApiMultipart,
) -> ApiResult<ApiJson<ClientResponse>> {
    let (client, author) = clients::require(&state.db, id).await?;
    let form = form::read(multipart).await?;
    let name = form.client_name;
    let fields: Vec<&str> = [
        ("name", client.client_name != name),
        ("logo", form.logo.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect();
    let client = clients::update(&state.db, id, name, form.logo).await?;
    let changed = AuditAction::ClientChanged.on(TargetKind::Client, id, &client.client_name);
    caller
        .audit(&state, changed.with(json!({ "fields": fields })))
        .await;
    Ok(ApiJson(ClientResponse::new(client, author)))
}

/// Delete a client together with its translation and rebranding projects.
#[utoipa::path(
    delete,
    path = "/api/client/{id}",
    security(("bearer_token" = ["clients.delete"])),
    tag = "clients",
    params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Deleted, with its projects"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::ClientsDelete>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let (client, _) = clients::require(&state.db, id).await?;
    clients::delete(&state.db, id).await?;
    tracing::info!(client_id = id, by = %caller.user.username, "client deleted");
    caller
        .audit(
            &state,
            AuditAction::ClientDeleted.on(TargetKind::Client, id, client.client_name),
        )
        .await;
    Ok(StatusCode::NO_CONTENT)
}

/// The client's logo as an SVG image.
#[utoipa::path(
    get,
    path = "/api/client/{id}/logo",
    security(("bearer_token" = ["clients.read"])),
    tag = "clients",
    params(("id" = i32, Path)),
    responses(
        (status = 200, description = "The sanitised logo", content_type = "image/svg+xml", body = String),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such client, or it has no logo", body = ErrorBody),
    )
)]
pub async fn logo(
    State(state): State<AppState>,
    _: Authorized<perm::ClientsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let (client, _) = clients::require(&state.db, id).await?;
    let svg = client
        .client_logo
        .ok_or_else(|| ApiError::NotFound("This client has no logo.".into()))?;
    Ok(logo_response(svg))
}

/// A client's customer accounts, by username, with their last sign-in.
#[utoipa::path(
    get,
    path = "/api/client/{id}/people",
    security(("bearer_token" = ["people.read"])),
    tag = "clients",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<PersonResponse>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn people(
    State(state): State<AppState>,
    _: Authorized<perm::PeopleRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<PersonResponse>>> {
    clients::require(&state.db, id).await?;
    let customers = accounts::customers_of(&state.db, id).await?;
    let mut signed_in = audit::last_sign_ins(&state.db, customers.iter().map(|u| u.id)).await?;
    Ok(ApiJson(
        customers
            .into_iter()
            .map(|user| {
                let last = signed_in.remove(&user.id);
                PersonResponse::new(user, last)
            })
            .collect(),
    ))
}
