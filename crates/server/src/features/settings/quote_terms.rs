//! `/api/settings/quote-terms`: the agency's terms that every quote sent carries (as they are
//! when it is sent), read by the staff who compose quotes and changed by administrators.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{audit::AuditAction, mt_settings},
    state::AppState,
};

/// The agency's terms for quotes, as plain text (empty: none).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct QuoteTerms {
    pub terms: String,
}

/// The agency's quote terms.
#[utoipa::path(
    get,
    path = "/api/settings/quote-terms",
    security(("bearer_token" = ["quotes.manage"])),
    tag = "settings",
    responses(
        (status = 200, body = QuoteTerms),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::QuotesManage>,
) -> ApiResult<ApiJson<QuoteTerms>> {
    let terms = mt_settings::quote_terms(&state.db).await?;
    Ok(ApiJson(QuoteTerms { terms }))
}

/// Saves the agency's quote terms; quotes sent from now on carry them (sent ones keep theirs).
#[utoipa::path(
    put,
    path = "/api/settings/quote-terms",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    request_body = QuoteTerms,
    responses(
        (status = 200, body = QuoteTerms),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 422, description = "Longer than 4,000 characters", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::SettingsManage>,
    ApiJson(body): ApiJson<QuoteTerms>,
) -> ApiResult<ApiJson<QuoteTerms>> {
    let terms = mt_settings::save_quote_terms(&state.db, &body.terms, state.clock.now()).await?;
    let event = AuditAction::QuoteTermsChanged
        .event()
        .with(json!({ "characters": terms.chars().count() }));
    caller.audit(&state, event).await;
    Ok(ApiJson(QuoteTerms { terms }))
}
