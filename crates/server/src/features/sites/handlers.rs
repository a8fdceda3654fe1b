use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use crate::{
    db::listing::{Listing, Order},
    http::{
        auth::{Authorized, CurrentUser},
        download::zip_response,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given},
    },
    policy::{Permission, perm},
    services::{
        audit::{AuditAction, TargetKind},
        clients,
        sites::{
            self, Checked, Item, ItemQuery, ItemSort, Refreshed, Site, SiteInput, TranslationState,
            plugin::{self, BundledPlugin},
        },
    },
    state::AppState,
};

/// A client's sites, oldest first.
#[utoipa::path(
    get,
    path = "/api/client/{id}/sites",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The client")),
    responses(
        (status = 200, body = Vec<Site>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<Site>>> {
    clients::require(&state.db, id).await?;
    let sites = sites::list(&state.db, id).await?;
    Ok(ApiJson(
        sites.into_iter().map(|s| shown_to(&caller, s)).collect(),
    ))
}

/// The site as the caller may see it: how Wordmark signs in to it only to who manages sites.
fn shown_to(caller: &CurrentUser, site: Site) -> Site {
    if caller.may(Permission::SitesManage) {
        site
    } else {
        site.without_credentials()
    }
}

/// Add a WordPress site to a client. Its connection is checked by `POST /api/sites/{id}/check`.
#[utoipa::path(
    post,
    path = "/api/client/{id}/sites",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path, description = "The client")),
    request_body = SiteInput,
    responses(
        (status = 201, description = "The saved site", body = Site),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The client has this address already, or 20 sites", body = ErrorBody),
        (status = 422, description = "A field is missing or of the wrong form (named)", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(input): ApiJson<SiteInput>,
) -> ApiResult<(StatusCode, ApiJson<Site>)> {
    clients::require(&state.db, id).await?;
    let site = sites::create(&state.db, &state.sites, id, &input, state.clock.now()).await?;
    let added = AuditAction::SiteAdded.on(TargetKind::Site, site.id, &site.name);
    caller
        .audit(&state, added.with(json!({ "client": id, "url": site.url })))
        .await;
    Ok((StatusCode::CREATED, ApiJson(site)))
}

/// The Wordmark Connector plugin this server bundles, as a zip to upload under WordPress's
/// Plugins → Add New Plugin → Upload Plugin (`wordmark-connector-<version>.zip`, one top
/// folder `wordmark-connector/`).
#[utoipa::path(
    get,
    path = "/api/sites/plugin",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    responses(
        (status = 200, description = "The plugin's zip", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn plugin_zip(_: Authorized<perm::SitesManage>) -> Response {
    zip_response(plugin::ZIP.to_vec(), &plugin::bundled().file_name)
}

/// The version of the bundled plugin, the oldest Wordmark works with, and the zip's name.
#[utoipa::path(
    get,
    path = "/api/sites/plugin/info",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    responses(
        (status = 200, body = BundledPlugin),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn plugin_info(_: Authorized<perm::SitesManage>) -> ApiJson<BundledPlugin> {
    ApiJson(plugin::bundled())
}

/// One site.
#[utoipa::path(
    get,
    path = "/api/sites/{id}",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Site),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Site>> {
    Ok(ApiJson(shown_to(
        &caller,
        sites::find(&state.db, id).await?,
    )))
}

/// Change a site; a blank or absent `application_password` keeps the stored one.
#[utoipa::path(
    put,
    path = "/api/sites/{id}",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path)),
    request_body = SiteInput,
    responses(
        (status = 200, description = "The saved site", body = Site),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Another site of the client has this address", body = ErrorBody),
        (status = 422, description = "A field is missing or of the wrong form (named)", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(input): ApiJson<SiteInput>,
) -> ApiResult<ApiJson<Site>> {
    let site = sites::update(&state.db, &state.sites, id, &input, state.clock.now()).await?;
    let password = input
        .application_password
        .as_deref()
        .is_some_and(|p| !p.trim().is_empty());
    let changed = AuditAction::SiteChanged.on(TargetKind::Site, id, &site.name);
    caller
        .audit(
            &state,
            changed.with(json!({ "url": site.url, "new_credential": password })),
        )
        .await;
    Ok(ApiJson(site))
}

/// Remove a site and what was read of its content (nothing on the site changes).
#[utoipa::path(
    delete,
    path = "/api/sites/{id}",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let site = sites::delete(&state.db, id).await?;
    let removed = AuditAction::SiteRemoved.on(TargetKind::Site, id, &site.name);
    caller
        .audit(&state, removed.with(json!({ "url": site.url })))
        .await;
    Ok(StatusCode::NO_CONTENT)
}

/// Test the connection: call the site's plugin and keep what it says (WordPress and plugin
/// versions, the multilingual plugin and its languages) or what is wrong. A site that cannot
/// be reached is an answer here (`problem_kind`), not an error.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/check",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Checked),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The stored password cannot be opened with the server's keys", body = ErrorBody),
    )
)]
pub async fn check(
    State(state): State<AppState>,
    _: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Checked>> {
    Ok(ApiJson(
        sites::check(&state.db, &state.sites, id, state.clock.now()).await?,
    ))
}

/// Read the site's content list again (every page and post in its source language, with its
/// state in each target language). The stored list changes only when the whole list was read.
#[utoipa::path(
    post,
    path = "/api/sites/{id}/refresh",
    security(("bearer_token" = ["sites.manage"])),
    tag = "sites",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Refreshed),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "More content than Wordmark keeps, or an unreadable stored password", body = ErrorBody),
        (status = 502, description = "The site could not be read (the message says why)", body = ErrorBody),
    )
)]
pub async fn refresh(
    State(state): State<AppState>,
    _: Authorized<perm::SitesManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Refreshed>> {
    Ok(ApiJson(
        sites::refresh(
            &state.db,
            &state.sites,
            id,
            state.mail_site(),
            state.clock.now(),
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentFilter {
    /// Only items whose title contains this text, ignoring case.
    pub q: Option<String>,
    /// Only items of this post type (`page`, `post`, …).
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub post_type: Option<String>,
    /// With `state`: the target language the state is of (any language when absent).
    pub lang: Option<String>,
    /// Only items in this state.
    pub state: Option<TranslationState>,
    /// `modified` (the default, newest first) or `title`; the id breaks ties.
    pub sort: Option<ItemSort>,
}

/// The site's content as last read: one page (`limit`, `offset`); the number of matching
/// items is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/sites/{id}/content",
    security(("bearer_token" = ["sites.read"])),
    tag = "sites",
    params(("id" = i32, Path), ContentFilter, PageQuery),
    responses(
        (status = 200, body = Vec<Item>, headers(
            ("X-Total-Count" = u64, description = "How many items match the filter in all")
        )),
        (status = 400, description = "A limit, sort, order or state of the wrong form (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn content(
    State(state): State<AppState>,
    _: Authorized<perm::SitesRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(filter): ApiQuery<ContentFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<Item>> {
    let sort = filter.sort.unwrap_or_default();
    let query = ItemQuery {
        q: given(filter.q),
        post_type: given(filter.post_type),
        lang: given(filter.lang),
        state: filter.state,
        sort,
        order: page.order_or(match sort {
            ItemSort::Modified => Order::Desc,
            ItemSort::Title => Order::Asc,
        }),
        window: page.window()?,
    };
    Ok(sites::items(&state.db, id, &query).await?)
}
