//! Suggested entries from the client's brand (see [`crate::services::term_suggestions`]).

use axum::extract::State;

use super::types::TermSuggestion;
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    services::term_suggestions,
    state::AppState,
};

/// Suggestions for the client's termbase, each accepted by posting its `term`.
#[utoipa::path(
    get,
    path = "/api/client/{id}/terms/suggestions",
    security(("bearer_token" = ["terms.read"])),
    tag = "terminology",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<TermSuggestion>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::TermsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<TermSuggestion>>> {
    crate::services::clients::require(&state.db, id).await?;
    let suggestions = term_suggestions::of_client(&state.db, id)
        .await?
        .into_iter()
        .map(|s| TermSuggestion {
            term: s.term.into(),
            reason: s.reason,
        })
        .collect();
    Ok(ApiJson(suggestions))
}
