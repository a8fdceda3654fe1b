use axum::{extract::State, http::StatusCode};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use wordmark_core::tm::rates::RateScheme;

use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    services::clients,
    services::{
        audit::{AuditAction, TargetKind},
        rates::{self, SchemeSource},
    },
    state::AppState,
};

/// The scheme that applies, and where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SchemeAnswer {
    pub scheme: RateScheme,
    pub source: SchemeSource,
}

async fn answer(state: &AppState, client_id: Option<i32>) -> ApiResult<ApiJson<SchemeAnswer>> {
    let (scheme, source) = rates::applying(&state.db, client_id).await?;
    Ok(ApiJson(SchemeAnswer { scheme, source }))
}

/// The scheme that prices the client's projects: their own, else the agency's default.
#[utoipa::path(
    get,
    path = "/api/client/{id}/rate-scheme",
    security(("bearer_token" = ["rates.read"])),
    tag = "rates",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = SchemeAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "a customer: the agency's rates are not theirs"),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get_client(
    State(state): State<AppState>,
    _: Authorized<perm::RatesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<SchemeAnswer>> {
    clients::require(&state.db, id).await?;
    answer(&state, Some(id)).await
}

/// Gives the client a scheme of their own (administrators and editors).
#[utoipa::path(
    put,
    path = "/api/client/{id}/rate-scheme",
    security(("bearer_token" = ["rates.write"])),
    tag = "rates",
    params(("id" = i32, Path)),
    request_body = RateScheme,
    responses(
        (status = 200, body = SchemeAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "a negative or too large amount or percentage, or an unknown currency (the field is named)"),
    )
)]
pub async fn set_client(
    State(state): State<AppState>,
    caller: Authorized<perm::RatesWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<RateScheme>,
) -> ApiResult<ApiJson<SchemeAnswer>> {
    let client = clients::require(&state.db, id).await?;
    let scheme = rates::save(&state.db, Some(id), body, state.clock.now()).await?;
    caller
        .audit(
            &state,
            AuditAction::RateSchemeChanged
                .on(TargetKind::Client, id, client.0.client_name)
                .with(json!({ "currency": scheme.currency })),
        )
        .await;
    answer(&state, Some(id)).await
}

/// Removes the client's own scheme: the agency's default prices their projects again.
#[utoipa::path(
    delete,
    path = "/api/client/{id}/rate-scheme",
    security(("bearer_token" = ["rates.write"])),
    tag = "rates",
    params(("id" = i32, Path)),
    responses(
        (status = 204),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such client, or no scheme of their own"),
    )
)]
pub async fn delete_client(
    State(state): State<AppState>,
    caller: Authorized<perm::RatesWrite>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<StatusCode> {
    let client = clients::require(&state.db, id).await?;
    if !rates::remove(&state.db, id).await? {
        return Err(ApiError::NotFound(
            "This client has no rate scheme of their own.".into(),
        ));
    }
    caller
        .audit(
            &state,
            AuditAction::RateSchemeChanged
                .on(TargetKind::Client, id, client.0.client_name)
                .with(json!({ "removed": true })),
        )
        .await;
    Ok(StatusCode::NO_CONTENT)
}

/// The agency's default scheme (Administration → Settings).
#[utoipa::path(
    get,
    path = "/api/settings/rate-scheme",
    security(("bearer_token" = ["rates.read"])),
    tag = "rates",
    responses(
        (status = 200, body = SchemeAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "a customer: the agency's rates are not theirs"),
    )
)]
pub async fn get_default(
    State(state): State<AppState>,
    _: Authorized<perm::RatesRead>,
) -> ApiResult<ApiJson<SchemeAnswer>> {
    answer(&state, None).await
}

/// Saves the agency's default scheme (administrators and editors).
#[utoipa::path(
    put,
    path = "/api/settings/rate-scheme",
    security(("bearer_token" = ["rates.write"])),
    tag = "rates",
    request_body = RateScheme,
    responses(
        (status = 200, body = SchemeAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "a negative or too large amount or percentage, or an unknown currency (the field is named)"),
    )
)]
pub async fn set_default(
    State(state): State<AppState>,
    caller: Authorized<perm::RatesWrite>,
    ApiJson(body): ApiJson<RateScheme>,
) -> ApiResult<ApiJson<SchemeAnswer>> {
    let scheme = rates::save(&state.db, None, body, state.clock.now()).await?;
    caller
        .audit(
            &state,
            AuditAction::RateSchemeChanged
                .event()
                .with(json!({ "scheme": "default", "currency": scheme.currency })),
        )
        .await;
    answer(&state, None).await
}
