//! `/api/settings/site-checks`: how often every WordPress site's content is checked for pages
//! that changed since their translation (`services::sites::checks`; daily when never saved).

use axum::extract::State;
use serde_json::json;

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiResult, ErrorBody},
    },
    policy::perm,
    services::{
        audit::AuditAction,
        sites::checks::{self, CheckSchedule},
    },
    state::AppState,
};

/// The schedule of site checks.
#[utoipa::path(
    get,
    path = "/api/settings/site-checks",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    responses(
        (status = 200, body = CheckSchedule),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::SettingsManage>,
) -> ApiResult<ApiJson<CheckSchedule>> {
    Ok(ApiJson(checks::schedule(&state.db).await?))
}

/// Saves the schedule of site checks: hours between two checks of a site, or `null` for none.
#[utoipa::path(
    put,
    path = "/api/settings/site-checks",
    security(("bearer_token" = ["settings.manage"])),
    tag = "settings",
    request_body = CheckSchedule,
    responses(
        (status = 200, body = CheckSchedule),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 422, description = "An interval out of 1 to 720 hours", body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::SettingsManage>,
    ApiJson(body): ApiJson<CheckSchedule>,
) -> ApiResult<ApiJson<CheckSchedule>> {
    let saved = checks::set_schedule(&state.db, body, state.clock.now()).await?;
    let event = AuditAction::SiteChecksChanged
        .event()
        .with(json!({ "every_hours": saved.every_hours }));
    caller.audit(&state, event).await;
    Ok(ApiJson(saved))
}
