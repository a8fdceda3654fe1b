//! Requests and quotes: `POST /api/requests` (a customer asks for a translation: a project
//! from their WPML zip, with a draft quote), the versions of a project's quote under
//! `/api/translation/{id}/quotes` (compose a draft, send it, the customer accepts or declines
//! it, each version's PDF) and the staff's list of every quote (`/api/quotes`). The quotes and
//! requests themselves are `services::quotes`.

mod handlers;
mod request;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    services::quotes::{
        Acceptance, DiscountKind, DraftInput, ExtraLine, Quote, QuoteBand, QuoteDiscount,
        QuoteListItem, QuoteNumbers, QuoteState, Refusal, StateTotal, request::RequestDetails,
    },
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(
    Quote,
    QuoteState,
    QuoteNumbers,
    QuoteBand,
    QuoteDiscount,
    DiscountKind,
    ExtraLine,
    DraftInput,
    Acceptance,
    Refusal,
    QuoteListItem,
    StateTotal,
    RequestDetails,
    handlers::QuoteOverview,
    request::RequestUpload,
    request::RequestedProject,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(request::create))
        .routes(routes!(handlers::overview, handlers::compose))
        .routes(routes!(handlers::get))
        .routes(routes!(handlers::send))
        .routes(routes!(handlers::accept))
        .routes(routes!(handlers::decline))
        .routes(routes!(handlers::pdf))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::totals))
}
