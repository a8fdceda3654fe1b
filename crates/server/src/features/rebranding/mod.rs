//! Rebranding projects (`/api/rebranding...`): brand names, colours in HEX/RGB/CMYK, fonts and
//! locations of a client, and the brand package built from them (`wordmark_core::brand`).

mod handlers;
pub mod queries;
pub mod types;

use axum::{
    Router,
    routing::{get, post},
};
use utoipa::OpenApi;
use wordmark_core::brand::model::{
    Address, Banking, CmykValue, ColorScheme, Colour, ContactDetails, FontScheme, LegalInfo,
    Location, RebrandingData, RgbValue,
};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::list,
        handlers::get,
        handlers::create,
        handlers::update,
        handlers::delete,
        handlers::download_package
    ),
    components(schemas(
        types::RebrandingRequest,
        types::RebrandingResponse,
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
    ))
)]
pub struct ApiDoc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/rebranding",
            get(handlers::list).post(handlers::create),
        )
        .route(
            "/api/rebranding/{id}",
            get(handlers::get)
                .put(handlers::update)
                .delete(handlers::delete),
        )
        .route(
            "/api/rebranding/{id}/download-package",
            post(handlers::download_package),
        )
}
