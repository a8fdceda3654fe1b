//! The analysis as files: `analysis.xlsx` and `quote.pdf` (built by `wordmark_core::tm::quote`,
//! off the async workers). Prices are the agency's: the workbook has them only for who may read
//! the rates, and the priced quote is theirs alone (a customer's price is the quote sent to
//! them).

use axum::{extract::State, response::Response};
use time::{Duration, macros::format_description};
use wordmark_core::tm::{
    Band,
    analysis::MatchCounts,
    quote::{QuoteInfo, ReportError, ReportPart, analysis_xlsx, quote_pdf},
};

use crate::{
    http::auth::Authorized,
    policy::{Permission, perm},
};
use crate::{
    http::{
        download::file_response,
        error::{ApiError, ApiPath, ApiResult, ErrorBody},
    },
    services::{
        analysis::{self, BandCounts, Pricing, ProjectAnalysis},
        clients,
        translation::{self, TranslationError},
    },
    state::AppState,
};

/// How long a quote holds.
const VALIDITY_DAYS: i64 = 30;
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

fn counts(bands: &[BandCounts]) -> Vec<(Band, MatchCounts)> {
    bands
        .iter()
        .map(|b| {
            (
                b.band,
                MatchCounts {
                    segments: b.segments,
                    words: b.words,
                    characters: b.characters,
                },
            )
        })
        .collect()
}

fn report_error(error: ReportError) -> ApiError {
    match error {
        ReportError::Pdf(wordmark_core::brand::BrandError::Logo(e)) => ApiError::Unprocessable(
            format!("The client logo cannot be drawn on the quote: {e}."),
        ),
        other => ApiError::Internal(other.into()),
    }
}

async fn analysis_of(state: &AppState, id: i32) -> ApiResult<(ProjectAnalysis, Pricing)> {
    analysis::priced(&state.db, id)
        .await?
        .ok_or_else(|| TranslationError::ProjectNotFound.into())
}

/// The analysis as a workbook: each job's bands and the project's, with weighted words and
/// prices for who may read the rates (numbers as numbers, names as text).
#[utoipa::path(
    get,
    path = "/api/translation/{id}/analysis.xlsx",
    security(("bearer_token" = ["projects.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn xlsx(
    State(state): State<AppState>,
    user: Authorized<perm::ProjectsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let (analysis, pricing) = analysis_of(&state, id).await?;
    let pricing = Some(pricing).filter(|_| user.may(Permission::RatesRead));
    let bytes = tokio::task::spawn_blocking(move || {
        let bands: Vec<Vec<(Band, MatchCounts)>> = analysis
            .jobs
            .iter()
            .map(|j| counts(&j.bands))
            .chain([counts(&analysis.bands)])
            .collect();
        let mut parts: Vec<ReportPart> = analysis
            .jobs
            .iter()
            .zip(&bands)
            .enumerate()
            .map(|(i, (job, bands))| ReportPart {
                name: &job.file_name,
                source_lang: job.source_lang.as_deref().unwrap_or(""),
                target_lang: job.target_lang.as_deref().unwrap_or(""),
                bands,
                priced: pricing.as_ref().and_then(|p| p.jobs.get(i)),
            })
            .collect();
        parts.push(ReportPart {
            name: "All jobs",
            source_lang: "",
            target_lang: "",
            bands: bands.last().expect("the total's bands"),
            priced: pricing.as_ref().map(|p| &p.priced),
        });
        analysis_xlsx(&parts, pricing.as_ref().map(|p| p.scheme.currency.as_str()))
    })
    .await?
    .map_err(report_error)?;
    Ok(file_response(XLSX, &format!("analysis-{id}.xlsx"), bytes))
}

/// A one-page quote priced from today's analysis, for the staff to send: the agency's name, the
/// client's logo, the bands with weighted words and prices, the total, today's date and the
/// date it is valid until. Not for customers: the price they see is the quote sent to them.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/quote.pdf",
    security(("bearer_token" = ["rates.read"])),
    tag = "translation",
    params(("id" = i32, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "the client logo cannot be drawn"),
    )
)]
pub async fn pdf(
    State(state): State<AppState>,
    _: Authorized<perm::RatesRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let head = translation::projects::head(&state.db, id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let (analysis, pricing) = analysis_of(&state, id).await?;
    let logo = match head.client_id {
        Some(client_id) => clients::require(&state.db, client_id).await?.0.client_logo,
        None => None,
    };
    let day = format_description!("[year]-[month]-[day]");
    let today = state.clock.now();
    let date = today.format(day).map_err(anyhow::Error::from)?;
    let valid_until = (today + Duration::days(VALIDITY_DAYS))
        .format(day)
        .map_err(anyhow::Error::from)?;
    let agency_name = state.config.agency_name.clone();
    let bytes = tokio::task::spawn_blocking(move || {
        let bands = counts(&analysis.bands);
        quote_pdf(
            &QuoteInfo {
                agency_name: &agency_name,
                client_name: head.client_name.as_deref(),
                project_name: &head.name,
                date: &date,
                valid_until: &valid_until,
                scheme: &pricing.scheme,
                bands: &bands,
                priced: &pricing.priced,
                has_logo: logo.is_some(),
                version: None,
                due_date: None,
                discount: None,
                extra_lines: &[],
                terms: None,
                acceptance: None,
            },
            logo.as_deref(),
        )
    })
    .await?
    .map_err(report_error)?;
    Ok(file_response(
        "application/pdf",
        &format!("quote-{id}.pdf"),
        bytes,
    ))
}
