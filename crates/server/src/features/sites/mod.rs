//! A client's WordPress sites (`/api/client/{id}/sites`, `/api/sites/{id}`): the form, the
//! connection check, and the content read from the site with each item's state per target
//! language; a project from a site's pages and publishing its translations back
//! (`/api/translation/{id}/publish`); what the checks found changed and the update project made
//! of it (`changes`); a customer's request for pages of their site, and its project (`requests`). The sites themselves are `services::sites`.

mod changes;
mod handlers;
mod projects;
mod requests;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{services::sites, state::AppState};

#[derive(OpenApi)]
#[openapi(components(schemas(
    sites::Site,
    sites::plugin::BundledPlugin,
    sites::Connection,
    sites::SiteInput,
    sites::Checked,
    sites::Refreshed,
    sites::Item,
    sites::ItemTranslation,
    sites::ItemSort,
    sites::TranslationState,
    sites::projects::NewSiteProject,
    projects::CreatedSiteProject,
    sites::projects::SiteProjectJob,
    sites::publish::PublishRequest,
    sites::publish::Publishing,
    sites::publish::PublishSite,
    sites::publish::PublishRun,
    sites::publish::PublishJob,
    sites::publish::PublishStatus,
    sites::publish::PublishJobState,
    sites::checks::SiteChanges,
    sites::checks::ChangedSite,
    sites::checks::NewUpdateProject,
    sites::requests::NewSiteRequest,
    sites::requests::SiteRequest,
    sites::requests::RequestedPage,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::plugin_zip))
        .routes(routes!(handlers::plugin_info))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::check))
        .routes(routes!(handlers::refresh))
        .routes(routes!(handlers::content))
        .routes(routes!(projects::create_project))
        .routes(routes!(projects::start_publish, projects::publishing))
        .routes(routes!(changes::changes))
        .routes(routes!(changes::update_project))
        .routes(routes!(changes::changed_sites))
        .routes(routes!(requests::list, requests::create))
        .routes(routes!(requests::waiting))
        .routes(routes!(requests::make_project))
}
