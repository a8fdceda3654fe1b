use axum::{extract::State, response::Response};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::listing::Listing,
    http::{
        auth::{Authorized, CurrentUser},
        download::file_response,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::PageQuery,
    },
    policy::{Permission, perm},
    services::{
        audit::{AuditAction, TargetKind},
        people,
        quotes::{
            self, Acceptance, Answerer, DraftInput, PdfContext, Quote, QuoteFilter, QuoteListItem,
            QuoteState, Refusal, StateTotal, request::RequestDetails,
        },
    },
    state::AppState,
};

/// A project's request (when a customer requested it) and its quote's versions, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteOverview {
    pub request: Option<RequestDetails>,
    /// Customers and translators see no drafts.
    pub quotes: Vec<Quote>,
}

/// Staff see drafts; nobody else does.
fn sees_drafts(user: &CurrentUser) -> bool {
    user.may(Permission::QuotesManage)
}

fn who(user: &CurrentUser) -> String {
    people::signature(
        &user.user.first_name,
        &user.user.last_name,
        &user.user.username,
    )
}

async fn audit(state: &AppState, caller: &CurrentUser, action: AuditAction, quote: &Quote) {
    let name = crate::services::translation::projects::head(&state.db, quote.project_id)
        .await
        .ok()
        .flatten()
        .map_or_else(|| format!("project {}", quote.project_id), |h| h.name);
    let event = action
        .on(TargetKind::TranslationProject, quote.project_id, name)
        .with(json!({
            "quote_id": quote.id,
            "version": quote.version,
            "total": quote.total,
            "currency": quote.currency,
            "reason": quote.decline_reason,
        }));
    caller.audit(state, event).await;
}

/// The project's request, if a customer requested it, and its quote's versions (drafts only
/// for staff), each in the state it shows today.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/quotes",
    security(("bearer_token" = ["projects.read"])),
    tag = "quotes",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = QuoteOverview),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn overview(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<QuoteOverview>> {
    let now = state.clock.now();
    let quotes = quotes::of_project(&state.db, id, sees_drafts(&caller), now).await?;
    let request = quotes::request::of_project(&state.db, id).await?;
    Ok(ApiJson(QuoteOverview { request, quotes }))
}

/// Compose the project's draft from its analysis now (bands and weighted words priced by the
/// client's rate scheme), with an optional discount, extra lines, a due date and the days it
/// stays valid once sent (30 by default): the project's draft is recomputed, or a new version
/// made when it has none.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/quotes",
    security(("bearer_token" = ["quotes.manage"])),
    tag = "quotes",
    params(("id" = i32, Path)),
    request_body = DraftInput,
    responses(
        (status = 200, description = "The draft", body = Quote),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A version was accepted: the quote is settled", body = ErrorBody),
        (status = 422, description = "A discount, line or validity out of bounds (named)", body = ErrorBody),
    )
)]
pub async fn compose(
    State(state): State<AppState>,
    caller: Authorized<perm::QuotesManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(input): ApiJson<DraftInput>,
) -> ApiResult<ApiJson<Quote>> {
    let quote = quotes::compose(&state.db, id, input, caller.user.id, state.clock.now()).await?;
    Ok(ApiJson(quote))
}

/// One version of the project's quote (drafts only for staff).
#[utoipa::path(
    get,
    path = "/api/translation/{id}/quotes/{quote_id}",
    security(("bearer_token" = ["projects.read"])),
    tag = "quotes",
    params(("id" = i32, Path), ("quote_id" = i32, Path)),
    responses(
        (status = 200, body = Quote),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiPath((id, quote_id)): ApiPath<(i32, i32)>,
) -> ApiResult<ApiJson<Quote>> {
    let now = state.clock.now();
    let quote = quotes::get(&state.db, id, quote_id, sees_drafts(&caller), now).await?;
    Ok(ApiJson(quote))
}

/// Send the draft to the customer: valid from today for its days, with the agency's quote
/// terms as they are now. A version that is sent and still valid is superseded (and kept).
/// The project's customers (the client's customer accounts and the requester) are told.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/quotes/{quote_id}/send",
    security(("bearer_token" = ["quotes.manage"])),
    tag = "quotes",
    params(("id" = i32, Path), ("quote_id" = i32, Path)),
    responses(
        (status = 200, description = "The sent version", body = Quote),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not a draft, or a version was accepted", body = ErrorBody),
    )
)]
pub async fn send(
    State(state): State<AppState>,
    caller: Authorized<perm::QuotesManage>,
    ApiPath((id, quote_id)): ApiPath<(i32, i32)>,
) -> ApiResult<ApiJson<Quote>> {
    let now = state.clock.now();
    let quote = quotes::send(
        &state.db,
        id,
        quote_id,
        caller.user.id,
        state.mail_site(),
        now,
    )
    .await?;
    audit(&state, &caller, AuditAction::QuoteSent, &quote).await;
    Ok(ApiJson(quote))
}

/// Accept a sent quote: the name of who accepts, an optional purchase order number, and the
/// agency's terms accepted. Once only, and one version per project; the version's numbers and
/// its PDF as accepted are kept. The agency's staff are told.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/quotes/{quote_id}/accept",
    security(("bearer_token" = ["quotes.answer"])),
    tag = "quotes",
    params(("id" = i32, Path), ("quote_id" = i32, Path)),
    request_body = Acceptance,
    responses(
        (status = 200, description = "The accepted version", body = Quote),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Accepted already, declined or superseded", body = ErrorBody),
        (status = 410, description = "Expired: past its validity", body = ErrorBody),
        (status = 422, description = "Terms not accepted, no name, or a name or PO number too long", body = ErrorBody),
    )
)]
pub async fn accept(
    State(state): State<AppState>,
    caller: Authorized<perm::QuotesAnswer>,
    ApiPath((id, quote_id)): ApiPath<(i32, i32)>,
    ApiJson(acceptance): ApiJson<Acceptance>,
) -> ApiResult<ApiJson<Quote>> {
    let name = who(&caller);
    let by = Answerer {
        user_id: caller.user.id,
        name: &name,
    };
    let context = PdfContext {
        agency: &state.config.agency_name,
        mail: state.mail_site(),
    };
    let now = state.clock.now();
    let quote = quotes::accept(&state.db, id, quote_id, acceptance, by, context, now).await?;
    audit(&state, &caller, AuditAction::QuoteAccepted, &quote).await;
    Ok(ApiJson(quote))
}

/// Decline a sent quote, with the reason. The agency's staff are told.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/quotes/{quote_id}/decline",
    security(("bearer_token" = ["quotes.answer"])),
    tag = "quotes",
    params(("id" = i32, Path), ("quote_id" = i32, Path)),
    request_body = Refusal,
    responses(
        (status = 200, description = "The declined version", body = Quote),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Accepted, declined or superseded", body = ErrorBody),
        (status = 410, description = "Expired: past its validity", body = ErrorBody),
        (status = 422, description = "No reason, or one too long", body = ErrorBody),
    )
)]
pub async fn decline(
    State(state): State<AppState>,
    caller: Authorized<perm::QuotesAnswer>,
    ApiPath((id, quote_id)): ApiPath<(i32, i32)>,
    ApiJson(refusal): ApiJson<Refusal>,
) -> ApiResult<ApiJson<Quote>> {
    let name = who(&caller);
    let by = Answerer {
        user_id: caller.user.id,
        name: &name,
    };
    let now = state.clock.now();
    let quote =
        quotes::decline(&state.db, id, quote_id, refusal, by, state.mail_site(), now).await?;
    audit(&state, &caller, AuditAction::QuoteDeclined, &quote).await;
    Ok(ApiJson(quote))
}

/// A version as a PDF: as it was accepted (stored) for the accepted one, else drawn from its
/// stored numbers (drafts only for staff).
#[utoipa::path(
    get,
    path = "/api/translation/{id}/quotes/{quote_id}/quote.pdf",
    security(("bearer_token" = ["projects.read"])),
    tag = "quotes",
    params(("id" = i32, Path), ("quote_id" = i32, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "the client logo cannot be drawn"),
    )
)]
pub async fn pdf(
    State(state): State<AppState>,
    caller: Authorized<perm::ProjectsRead>,
    ApiPath((id, quote_id)): ApiPath<(i32, i32)>,
) -> ApiResult<Response> {
    let context = PdfContext {
        agency: &state.config.agency_name,
        mail: None,
    };
    let (version, bytes) =
        quotes::pdf(&state.db, id, quote_id, sees_drafts(&caller), context).await?;
    let name = format!("quote-{id}-v{version}.pdf");
    Ok(file_response("application/pdf", &name, bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListFilter {
    /// Only quotes in this state as shown today (`expired`: sent and past its validity).
    pub state: Option<QuoteState>,
    /// Only this client's projects' quotes.
    pub client_id: Option<i32>,
}

/// Every project's quotes for the staff, drafts included: one page (`limit`, `offset`), newest
/// first, filtered by state and client; the number of matching quotes is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/quotes",
    security(("bearer_token" = ["quotes.manage"])),
    tag = "quotes",
    params(ListFilter, PageQuery),
    responses(
        (status = 200, body = Vec<QuoteListItem>, headers(
            ("X-Total-Count" = u64, description = "How many quotes match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200 or an unknown state", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::QuotesManage>,
    ApiQuery(filter): ApiQuery<ListFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<QuoteListItem>> {
    let filter = QuoteFilter {
        state: filter.state,
        client_id: filter.client_id,
    };
    let now = state.clock.now();
    Ok(quotes::list(&state.db, &filter, page.window()?, now).await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TotalsFilter {
    /// Only this client's projects' quotes.
    pub client_id: Option<i32>,
}

/// How many quotes show each state today and what they come to, per currency (of one client
/// when given).
#[utoipa::path(
    get,
    path = "/api/quotes/totals",
    security(("bearer_token" = ["quotes.manage"])),
    tag = "quotes",
    params(TotalsFilter),
    responses(
        (status = 200, body = Vec<StateTotal>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn totals(
    State(state): State<AppState>,
    _: Authorized<perm::QuotesManage>,
    ApiQuery(filter): ApiQuery<TotalsFilter>,
) -> ApiResult<ApiJson<Vec<StateTotal>>> {
    let now = state.clock.now();
    Ok(ApiJson(
        quotes::totals(&state.db, filter.client_id, now).await?,
    ))
}
