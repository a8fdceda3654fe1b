//! `GET /api/translation/{id}/analysis` (and as `analysis.xlsx` and `quote.pdf`): what a project holds and how much of it the client's
//! translation memory already knows, per job and in total, before or after pre-translation,
//! priced for who may read the rates (never for a customer);
//! and `/api/translation/{id}/fuzzy-fill`, the project's option to fill fuzzy matches in
//! pre-translation instead of machine translation.

mod files;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use wordmark_core::{
    field::FieldKind,
    tm::{
        Band,
        analysis::MatchCounts,
        rates::{Priced, PricedBand, RateScheme},
    },
};

use crate::{
    http::auth::Authorized,
    policy::{Permission, perm},
};
use crate::{
    http::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    services::{
        analysis::{self, BandCounts, FieldCounts, JobAnalysis, Pricing, ProjectAnalysis},
        rates::SchemeSource,
        translation::{self, TranslationError},
    },
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(components(schemas(
    ProjectAnalysis,
    JobAnalysis,
    BandCounts,
    FieldCounts,
    FieldKind,
    Band,
    MatchCounts,
    FuzzyFill,
    Pricing,
    Priced,
    PricedBand,
    RateScheme,
    SchemeSource
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(get))
        .routes(routes!(files::xlsx))
        .routes(routes!(files::pdf))
        .routes(routes!(get_fuzzy_fill, set_fuzzy_fill))
}

/// The project's fuzzy-fill option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FuzzyFill {
    /// The lowest score (50–99) of a memory match that pre-translation fills instead of
    /// machine translation, marked for review; `null`: off (exact matches only).
    pub threshold: Option<u8>,
}

/// Whether pre-translation fills fuzzy matches, and from which score.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/fuzzy-fill",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = FuzzyFill),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get_fuzzy_fill(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<FuzzyFill>> {
    translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let threshold = translation::projects::fuzzy_fill_threshold(&state.db, id).await?;
    Ok(ApiJson(FuzzyFill { threshold }))
}

/// Turns fuzzy filling on (with its threshold) or off for the project's next pre-translation.
#[utoipa::path(
    put,
    path = "/api/translation/{id}/fuzzy-fill",
    security(("bearer_token" = ["projects.write"])),
    tag = "translation",
    params(("id" = i32, Path)),
    request_body = FuzzyFill,
    responses(
        (status = 200, body = FuzzyFill),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "a threshold outside 50–99"),
    )
)]
pub async fn set_fuzzy_fill(
    State(state): State<AppState>,
    _: Authorized<perm::ProjectsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<FuzzyFill>,
) -> ApiResult<ApiJson<FuzzyFill>> {
    if let Some(threshold) = body.threshold.filter(|t| !(50..=99).contains(t)) {
        return Err(ApiError::Unprocessable(format!(
            "The fuzzy-fill threshold must be between 50 and 99, not {threshold}."
        )));
    }
    if !translation::projects::set_fuzzy_fill_threshold(&state.db, id, body.threshold).await? {
        return Err(TranslationError::ProjectNotFound.into());
    }
    Ok(ApiJson(body))
}

/// The project's segments, words and characters per band, per job and in total. Words are
/// counted per script (Chinese, Japanese and Thai by character); a repetition is a segment
/// whose source came earlier in the project, unless the memory knows it at 100 or 101 %. With
/// `rates.read` also its `pricing` (the scheme, weighted words, prices and the machine
/// translation cost); a customer gets the counts alone.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/analysis",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = ProjectAnalysis),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    user: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<ProjectAnalysis>> {
    let analysis = analysis::analyse(&state.db, id, user.may(Permission::RatesRead))
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    Ok(ApiJson(analysis))
}
