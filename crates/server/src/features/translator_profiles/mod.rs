//! Translators' profiles: `/api/user/{username}/translator-profile` (staff who manage users
//! read and replace any translator's; everybody else reads only their own) and
//! `/api/account/translator-profile` (a translator reads their own and sets their
//! availability note). The profile and its rules are `services::translator_profiles`.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::json;
use time::OffsetDateTime;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    http::{
        auth::{Authorized, CurrentUser},
        error::{ApiError, ApiJson, ApiResult, ErrorBody},
    },
    policy::{Permission, perm},
    services::{
        accounts::{self, User},
        audit::{AuditAction, TargetKind},
        translator_profiles::{self, Pair, Profile, ProfileInput},
    },
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(
    TranslatorProfile,
    TranslatorProfileBody,
    AvailabilityBody,
    LanguagePair
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(get_of_user, put_of_user))
        .routes(routes!(get_own, put_own))
}

/// A language pair (WPML codes) with its rate per weighted word when it differs from the
/// default.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LanguagePair {
    pub source_lang: String,
    pub target_lang: String,
    #[serde(default)]
    #[schema(minimum = 0)]
    pub rate: Option<f64>,
}

/// A translator's profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct TranslatorProfile {
    pub username: String,
    /// What they are paid in (ISO 4217).
    pub currency: String,
    /// Per weighted word, for the pairs without a rate of their own.
    pub default_rate: Option<f64>,
    /// When they are available, in their words.
    pub availability: Option<String>,
    pub pairs: Vec<LanguagePair>,
    /// `null` until somebody saved the profile.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub updated_at: Option<OffsetDateTime>,
}

impl TranslatorProfile {
    fn new(user: &User, profile: Profile) -> Self {
        TranslatorProfile {
            username: user.username.clone(),
            currency: profile.currency,
            default_rate: profile.default_rate,
            availability: profile.availability,
            pairs: profile
                .pairs
                .into_iter()
                .map(|pair| LanguagePair {
                    source_lang: pair.source_lang,
                    target_lang: pair.target_lang,
                    rate: pair.rate,
                })
                .collect(),
            updated_at: profile.updated_at,
        }
    }
}

/// The whole profile, as staff save it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TranslatorProfileBody {
    /// ISO 4217 (`EUR`, `GBP`).
    pub currency: String,
    #[serde(default)]
    #[schema(minimum = 0)]
    pub default_rate: Option<f64>,
    #[serde(default)]
    pub availability: Option<String>,
    #[serde(default)]
    pub pairs: Vec<LanguagePair>,
}

/// The translator's own availability note (blank clears it).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AvailabilityBody {
    #[serde(default)]
    pub availability: Option<String>,
}

/// The account `username` when the caller may see its profile: their own, or anyone's for who
/// manages users. Anybody else is answered as if there were no such profile, so that nobody
/// learns who the agency's translators are from the answer.
async fn reachable(state: &AppState, caller: &CurrentUser, username: &str) -> ApiResult<User> {
    let not_found = || ApiError::NotFound("There is no such translator profile.".into());
    if caller.user.username != username && !caller.may(Permission::UsersManage) {
        return Err(not_found());
    }
    accounts::find_by_username(&state.db, username)
        .await?
        .ok_or_else(not_found)
}

/// A translator's profile: one's own, or any translator's for who manages users (404 for
/// anybody else's, and for an account that is not a translator's).
#[utoipa::path(
    get,
    path = "/api/user/{username}/translator-profile",
    security(("bearer_token" = ["account.own"])),
    tag = "users",
    params(("username" = String, Path)),
    responses(
        (status = 200, body = TranslatorProfile),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get_of_user(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    Path(username): Path<String>,
) -> ApiResult<ApiJson<TranslatorProfile>> {
    let user = reachable(&state, &caller, &username).await?;
    let profile = translator_profiles::of_user(&state.db, &user).await?;
    Ok(ApiJson(TranslatorProfile::new(&user, profile)))
}

/// Replace a translator's profile (who manages users): pairs, rates, currency and
/// availability, in one go. 422 names the field that breaks its rule.
#[utoipa::path(
    put,
    path = "/api/user/{username}/translator-profile",
    security(("bearer_token" = ["users.manage"])),
    tag = "users",
    params(("username" = String, Path)),
    request_body = TranslatorProfileBody,
    responses(
        (status = 200, body = TranslatorProfile),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such account, or not a translator's", body = ErrorBody),
        (status = 422, description = "An unknown language, a negative or absurd rate, a currency that is no ISO 4217 code, a note too long: the message names the field", body = ErrorBody),
    )
)]
pub async fn put_of_user(
    State(state): State<AppState>,
    caller: Authorized<perm::UsersManage>,
    Path(username): Path<String>,
    ApiJson(body): ApiJson<TranslatorProfileBody>,
) -> ApiResult<ApiJson<TranslatorProfile>> {
    let user = reachable(&state, &caller, &username).await?;
    let input = ProfileInput {
        currency: body.currency,
        default_rate: body.default_rate,
        availability: body.availability,
        pairs: body
            .pairs
            .into_iter()
            .map(|pair| Pair {
                source_lang: pair.source_lang,
                target_lang: pair.target_lang,
                rate: pair.rate,
            })
            .collect(),
    };
    let saved = translator_profiles::save(&state.db, &user, input, state.clock.now()).await?;
    let event = AuditAction::UserChanged.on(TargetKind::User, user.id, &user.username);
    caller
        .audit(
            &state,
            event.with(json!({ "fields": ["translator_profile"] })),
        )
        .await;
    Ok(ApiJson(TranslatorProfile::new(&user, saved)))
}

/// One's own translator profile (404 for an account that is not a translator's).
#[utoipa::path(
    get,
    path = "/api/account/translator-profile",
    security(("bearer_token" = ["account.own"])),
    tag = "users",
    responses(
        (status = 200, body = TranslatorProfile),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get_own(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
) -> ApiResult<ApiJson<TranslatorProfile>> {
    let profile = translator_profiles::of_user(&state.db, &caller.user).await?;
    Ok(ApiJson(TranslatorProfile::new(&caller.user, profile)))
}

/// Set one's own availability note (a translator; the rest of the profile is staff's).
#[utoipa::path(
    put,
    path = "/api/account/translator-profile",
    security(("bearer_token" = ["account.own"])),
    tag = "users",
    request_body = AvailabilityBody,
    responses(
        (status = 200, body = TranslatorProfile),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The note is too long", body = ErrorBody),
    )
)]
pub async fn put_own(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    ApiJson(body): ApiJson<AvailabilityBody>,
) -> ApiResult<ApiJson<TranslatorProfile>> {
    let saved = translator_profiles::set_availability(
        &state.db,
        &caller.user,
        body.availability.as_deref(),
        state.clock.now(),
    )
    .await?;
    Ok(ApiJson(TranslatorProfile::new(&caller.user, saved)))
}
