//! Rebranding projects (`/api/rebranding...`): brand names, colours in HEX/RGB/CMYK, fonts and
//! locations of a client, and the brand package built from them (`wordmark_core::brand`).

mod handlers;
mod types;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};
use wordmark_core::brand::model::{
    Address, Banking, CmykValue, ColorScheme, Colour, ContactDetails, FontScheme, LegalInfo,
    Location, RebrandingData, RgbValue,
};

use crate::{services::rebranding::RebrandingSort, state::AppState};

#[derive(OpenApi)]
#[openapi(components(schemas(
    types::RebrandingRequest,
    types::RebrandingResponse,
    RebrandingSort,
    types::ClientRef,
    RebrandingData,
    ColorScheme,
    Colour,
    RgbValue,
    CmykValue,
    FontScheme,
    Location,
    Address,
    LegalInfo,
    Banking,
    ContactDetails
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::list, handlers::create))
        .routes(routes!(handlers::get, handlers::update, handlers::delete))
        .routes(routes!(handlers::download_package))
}
