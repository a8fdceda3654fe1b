use axum::extract::State;
use serde_json::json;
use wordmark_mt::{EnglishVariant, FORMALITIES, ProviderKind};

use super::types::{MtSettings, MtSettingsUpdate, MtTestResult, MtUsage};
use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiError, ApiJson, ApiResult, ErrorBody},
    services::{
        audit::{AuditAction, TargetKind},
        mt_settings::StoredMt,
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
    let current = state.mt.active(&state.db).await?;
    let before = StoredMt::from_config(&current.config);
    let stored = validate(body, current.config.api_key)?;
    if stored.provider != ProviderKind::None {
        // Refuse settings that cannot translate (e.g. DeepL without a key) now, not at the
        // next run.
        wordmark_mt::build(&stored.apply(state.mt.environment()))
            .map_err(|e| {
                ApiError::Unprocessable(format!(
                    "These settings cannot translate ({e}): enter the provider's API key, address or model."
                ))
            })?;
    }
    state.mt.save(&state.db, &stored, state.clock.now()).await?;
    let changes =
        json!({ "provider": stored.provider.as_str(), "fields": changed_fields(&before, &stored) });
    caller
        .audit(
            &state,
            AuditAction::MtSettingsChanged
                .on(TargetKind::MtSettings, None, stored.provider.as_str())
                .with(changes),
        )
        .await;
    let active = state.mt.active(&state.db).await?;
    Ok(ApiJson(MtSettings::from(&active)))
}

/// The names of the settings that differ (the key's name, never its value).
fn changed_fields(before: &StoredMt, after: &StoredMt) -> Vec<&'static str> {
    [
        ("provider", before.provider != after.provider),
        ("api_key", before.api_key != after.api_key),
        ("base_url", before.base_url != after.base_url),
        ("model", before.model != after.model),
        ("formality", before.formality != after.formality),
        ("glossary_id", before.glossary_id != after.glossary_id),
        (
            "english_variant",
            before.english_variant != after.english_variant,
        ),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

fn validate(body: MtSettingsUpdate, current_key: Option<String>) -> ApiResult<StoredMt> {
    let invalid = |field: &str, expected: &str| {
        ApiError::Unprocessable(format!("The field {field} must be {expected}."))
    };
    let provider: ProviderKind = body
        .provider
        .as_deref()
        .ok_or_else(|| ApiError::Unprocessable("The field provider is required.".into()))?
        .parse()
        .map_err(|_| {
            invalid(
                "provider",
                "deepl, google, libretranslate, openai, pseudo or none",
            )
        })?;
    let text = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let api_key = match body.api_key {
        None => current_key,
        Some(key) => text(key),
    };
    let base_url = text(body.base_url);
    if let Some(url) = &base_url
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        return Err(invalid("base_url", "an http:// or https:// address"));
    }
    let formality = text(body.formality);
    if let Some(value) = &formality
        && !FORMALITIES.contains(&value.as_str())
    {
        return Err(invalid(
            "formality",
            "default, more, less, prefer_more or prefer_less",
        ));
    }
    let english_variant = match text(body.english_variant) {
        None => EnglishVariant::default(),
        Some(value) => value
            .parse::<EnglishVariant>()
            .map_err(|_| invalid("english_variant", "en-gb or en-us"))?,
    };
    Ok(StoredMt {
        provider,
        api_key,
        base_url,
        model: text(body.model),
        formality,
        glossary_id: text(body.glossary_id),
        english_variant: english_variant.as_str().to_owned(),
    })
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
    let active = state.mt.active(&state.db).await?;
    let failed = |message: String| MtTestResult {
        ok: false,
        message,
        usage: None,
    };
    let translator = match active.translator() {
        Ok(translator) => translator,
        Err(message) => return Ok(ApiJson(failed(message))),
    };
    let provider = translator.provider();
    if let Err(error) = provider.check().await {
        return Ok(ApiJson(failed(format!("{}: {error}", provider.label()))));
    }
    let usage = match provider.usage().await {
        Ok(usage) => usage,
        Err(error) => return Ok(ApiJson(failed(format!("{}: {error}", provider.label())))),
    };
    Ok(ApiJson(MtTestResult {
        ok: true,
        message: format!("The connection to {} works.", provider.label()),
        usage: usage.map(|u| MtUsage {
            characters_used: u.characters_used,
            characters_limit: u.characters_limit,
        }),
    }))
}
