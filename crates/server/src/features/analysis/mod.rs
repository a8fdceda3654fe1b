//! `GET /api/translation/{id}/analysis` (and as `analysis.xlsx` and `quote.pdf`): what a project holds and how much of it the client's
//! translation memory already knows, per job and in total, before or after pre-translation;
//! and `/api/translation/{id}/fuzzy-fill`, the project's option to fill fuzzy matches in
//! pre-translation instead of machine translation.

mod compute;
mod files;
#[cfg(test)]
mod tests;

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

use crate::{http::auth::Authorized, policy::perm};
use crate::{
    http::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody},
    services::{
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
    translation::store::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let threshold = translation::store::projects::fuzzy_fill_threshold(&state.db, id).await?;
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
    if !translation::store::projects::set_fuzzy_fill_threshold(&state.db, id, body.threshold)
        .await?
    {
        return Err(TranslationError::ProjectNotFound.into());
    }
    Ok(ApiJson(body))
}

/// One band's counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BandCounts {
    pub band: Band,
    pub segments: u32,
    pub words: u32,
    pub characters: u32,
}

/// The segments, words and characters of one field kind (title, body, SEO description, …).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldCounts {
    pub kind: FieldKind,
    pub segments: u32,
    pub words: u32,
    pub characters: u32,
}

/// A job's analysis.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct JobAnalysis {
    pub job_id: i32,
    pub file_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// Every band, in the order a quote lists them (repetitions, 101 %, 100 %, 95–99, 85–94,
    /// 75–84, 50–74, no match).
    pub bands: Vec<BandCounts>,
    pub total: MatchCounts,
    /// The weighted words and prices of the job's bands under the project's rate scheme.
    pub priced: Priced,
}

/// A project's analysis: each job, and all jobs together, priced by the rate scheme of the
/// project's client (else the agency's default).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProjectAnalysis {
    pub project_id: i32,
    pub jobs: Vec<JobAnalysis>,
    pub bands: Vec<BandCounts>,
    pub total: MatchCounts,
    /// The translatable words per field kind (the kinds the project has, in the order of
    /// `FieldKind`), whatever their band: how much of the work is body text, SEO fields, …
    pub fields: Vec<FieldCounts>,
    pub scheme: RateScheme,
    pub scheme_source: SchemeSource,
    pub priced: Priced,
}

/// The project's segments, words and characters per band, per job and in total. Words are
/// counted per script (Chinese, Japanese and Thai by character); a repetition is a segment
/// whose source came earlier in the project, unless the memory knows it at 100 or 101 %.
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
    _: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<ProjectAnalysis>> {
    let analysis = compute::analyse(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    Ok(ApiJson(analysis))
}
