//! `GET /api/translation/{id}/earnings`: what a project earns, for the agency's staff only (the
//! permission of the agency's own numbers, `rates.read`): the accepted quote, the translators'
//! orders, the machine translation cost and the margin (`services::earnings`).

use axum::extract::State;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    },
    policy::perm,
    services::earnings::{self, Earnings},
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(ProjectEarnings, QuoteFigure, CurrencyOrders)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).routes(routes!(get))
}

/// The accepted quote version's total.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteFigure {
    pub version: i32,
    pub total: f64,
    pub currency: String,
}

/// The translators' orders of a project in one currency.
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrencyOrders {
    pub currency: String,
    /// The sum of their amounts.
    pub total: f64,
    pub orders: u32,
    /// How many of them have no amount (the total leaves them out).
    pub without_amount: u32,
}

/// What a project earns: the accepted quote less the translators' orders and the machine
/// translation cost.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectEarnings {
    /// `null` until the customer accepts a version.
    pub quote: Option<QuoteFigure>,
    /// The project's assignments accepted by their translators (accepted, delivered, returned
    /// or closed), summed per currency (translators are paid in theirs), by currency code.
    pub orders_by_currency: Vec<CurrencyOrders>,
    /// How many such assignments there are, and how many of them have no amount (the margin
    /// leaves them out).
    pub orders: u32,
    pub orders_without_amount: u32,
    /// Machine translation of what is still untranslated, as the analysis prices it.
    pub mt_cost: f64,
    pub mt_currency: String,
    /// The quote's total less the orders and the machine translation cost; `null` without an
    /// accepted quote or when an order or the machine translation cost is in another currency
    /// than the quote (nothing is converted).
    pub margin: Option<f64>,
}

impl From<Earnings> for ProjectEarnings {
    fn from(e: Earnings) -> Self {
        ProjectEarnings {
            quote: e.quote.map(|q| QuoteFigure {
                version: q.version,
                total: q.total,
                currency: q.currency,
            }),
            orders: e.orders.iter().map(|o| o.count).sum(),
            orders_without_amount: e.orders.iter().map(|o| o.without_amount).sum(),
            orders_by_currency: e
                .orders
                .into_iter()
                .map(|o| CurrencyOrders {
                    currency: o.currency,
                    total: o.amount_cents as f64 / 100.0,
                    orders: o.count,
                    without_amount: o.without_amount,
                })
                .collect(),
            mt_cost: e.mt_cost,
            mt_currency: e.mt_currency,
            margin: e.margin,
        }
    }
}

/// What the project earns (the agency's staff only).
#[utoipa::path(
    get,
    path = "/api/translation/{id}/earnings",
    security(("bearer_token" = ["rates.read"])),
    tag = "analysis",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = ProjectEarnings),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::RatesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<ProjectEarnings>> {
    let found = earnings::of_project(&state.db, id).await?;
    Ok(ApiJson(found.into()))
}
