use axum::extract::State;
use serde_json::json;

use super::types::{MtSettings, MtTestResult, MtUsage};
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiJson, ApiResult, ErrorBody},
    services::{
        audit::{AuditAction, TargetKind},
        mt_settings::MtSettingsUpdate,
    },
    state::AppState,
};

/// The machine translation settings (administrators only; the key is never returned).
#[utoipa::path(
    get,
    path = "/api/settings/mt",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    responses(
        (status = 200, body = MtSettings),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::SettingsManage>,
) -> ApiResult<ApiJson<MtSettings>> {
    let active = state.mt.active(&state.db).await?;
    Ok(ApiJson(MtSettings::from(&active)))
}

/// Saves the machine translation settings; they override the environment from now on, for
/// new runs and single-job translations.
#[utoipa::path(
    put,
    path = "/api/settings/mt",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    request_body = MtSettingsUpdate,
    responses(
        (status = 200, body = MtSettings),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 422, description = "A field is invalid or the provider lacks what it needs", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::SettingsManage>,
    ApiJson(body): ApiJson<MtSettingsUpdate>,
) -> ApiResult<ApiJson<MtSettings>> {
    let saved = state.mt.update(&state.db, body, state.clock.now()).await?;
    let provider = saved.active.config.kind.as_str();
    caller
        .audit(
            &state,
            AuditAction::MtSettingsChanged
                .on(TargetKind::MtSettings, None, provider)
                .with(json!({ "provider": provider, "fields": saved.changed })),
        )
        .await;
    Ok(ApiJson(MtSettings::from(&saved.active)))
}

/// 'Test connection': a cheap call with the active settings, and the usage where the provider
/// reports it (DeepL `/v2/usage`). A failing provider is `ok: false` with its message.
#[utoipa::path(
    post,
    path = "/api/settings/mt/test",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    responses(
        (status = 200, body = MtTestResult),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn test(
    State(state): State<AppState>,
    _: Authorized<perm::SettingsManage>,
) -> ApiResult<ApiJson<MtTestResult>> {
    let tested = state.mt.test_connection(&state.db).await?;
    Ok(ApiJson(MtTestResult {
        ok: tested.ok,
        message: tested.message,
        usage: tested.usage.map(|u| MtUsage {
            characters_used: u.characters_used,
            characters_limit: u.characters_limit,
        }),
    }))
}
