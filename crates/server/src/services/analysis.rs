//! A project's analysis: what it holds and how much of it the client's translation memory
//! already knows, per job and in total, priced by the client's rate scheme. The prices, the
//! scheme and the machine translation cost are the agency's own numbers: [`analyse`] leaves
//! them out unless asked (a customer sees counts; the one price they see is the quote sent to
//! them). Read a batch of
//! jobs at a time: the batch's segments are read, looked up in the memory together (one batch
//! of statements per language pair, see `services::memory::fuzzy`) and counted; only the
//! sources seen so far (for repetitions) outlive a batch.

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use sea_orm::{ConnectionTrait, DbErr};
use serde::Serialize;
use utoipa::ToSchema;
use wordmark_core::{
    field::{self, FieldKind},
    segment::Markup,
    tm::{
        Band, Comparable,
        analysis::{Analysed, Analyser, MatchCounts, Tally},
        count_chars, count_words,
        rates::{Priced, RateScheme},
    },
};

use crate::services::{
    memory::{Query, Scope, fuzzy},
    rates::{self, SchemeSource},
    translation::{self, segments::ExportSegment},
};

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
}

/// A project's analysis: each job, and all jobs together, priced by the rate scheme of the
/// project's client (else the agency's default) for who may read the rates.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProjectAnalysis {
    pub project_id: i32,
    pub jobs: Vec<JobAnalysis>,
    pub bands: Vec<BandCounts>,
    pub total: MatchCounts,
    /// The translatable words per field kind (the kinds the project has, in the order of
    /// `FieldKind`), whatever their band: how much of the work is body text, SEO fields, …
    pub fields: Vec<FieldCounts>,
    /// Absent for who may not read the agency's rates (customers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pricing: Option<Pricing>,
}

/// The analysis under the rate scheme that applies: weighted words, prices and what machine
/// translation costs the agency.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Pricing {
    pub scheme: RateScheme,
    pub scheme_source: SchemeSource,
    /// All jobs together.
    pub priced: Priced,
    /// Each job on its own, in the order of `jobs`.
    pub jobs: Vec<Priced>,
}

/// Jobs read and looked up at a time.
const JOBS_PER_BATCH: usize = 32;

fn bands(tally: &Tally) -> Vec<BandCounts> {
    tally
        .bands()
        .map(|(band, counts)| BandCounts {
            band,
            segments: counts.segments,
            words: counts.words,
            characters: counts.characters,
        })
        .collect()
}

/// The project's analysis, with its [`Pricing`] when `with_prices`; `None` when there is no
/// such project.
pub async fn analyse(
    db: &impl ConnectionTrait,
    project_id: i32,
    with_prices: bool,
) -> Result<Option<ProjectAnalysis>, DbErr> {
    Ok(priced(db, project_id)
        .await?
        .map(|(mut analysis, pricing)| {
            analysis.pricing = with_prices.then_some(pricing);
            analysis
        }))
}

/// The project's analysis (its `pricing` left empty) and its pricing, for what is computed
/// from the prices (a quote, the analysis's files); `None` when there is no such project.
pub async fn priced(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<(ProjectAnalysis, Pricing)>, DbErr> {
    let Some(head) = translation::projects::head(db, project_id).await? else {
        return Ok(None);
    };
    let (scheme, scheme_source) = rates::applying(db, head.client_id).await?;
    let jobs = translation::jobs::of_project(db, project_id).await?;
    let mut analyser = Analyser::default();
    let mut total = Tally::default();
    let mut fields: BTreeMap<FieldKind, FieldCounts> = BTreeMap::new();
    let mut answers = Vec::with_capacity(jobs.len());
    let mut job_prices = Vec::with_capacity(jobs.len());
    for batch in jobs.chunks(JOBS_PER_BATCH) {
        let ids: Vec<i32> = batch.iter().map(|j| j.id).collect();
        let segments: Vec<ExportSegment> = translation::segments::export_segments(db, &ids)
            .await?
            .into_iter()
            .filter(|s| s.translatable)
            .collect();
        for job in batch {
            let of_job: Vec<&ExportSegment> =
                segments.iter().filter(|s| s.job_id == job.id).collect();
            let scores = best_scores(db, head.client_id, job, &of_job).await?;
            let mut tally = Tally::default();
            for (segment, score) in of_job.iter().zip(scores) {
                let text = Comparable::new(&segment.source, Markup::from(segment.markup));
                let kind = field::describe(
                    segment.unit_id.as_deref(),
                    segment.resname.as_deref(),
                    &segment.unit_key,
                )
                .kind;
                let counts = fields.entry(kind).or_insert(FieldCounts {
                    kind,
                    segments: 0,
                    words: 0,
                    characters: 0,
                });
                counts.segments += 1;
                counts.words += count_words(text.text());
                counts.characters += count_chars(text.text());
                analyser.add(
                    &mut tally,
                    Analysed {
                        source_lang: job.source_lang.as_deref().unwrap_or(""),
                        target_lang: job.target_lang.as_deref().unwrap_or(""),
                        content: &segment.source,
                        text: text.text(),
                        best_score: score,
                    },
                );
            }
            total.add(&tally);
            job_prices.push(scheme.price(&tally.bands().collect::<Vec<_>>()));
            answers.push(JobAnalysis {
                job_id: job.id,
                file_name: job.file_name.clone(),
                source_lang: job.source_lang.clone(),
                target_lang: job.target_lang.clone(),
                bands: bands(&tally),
                total: tally.total(),
            });
        }
    }
    let priced = scheme.price(&total.bands().collect::<Vec<_>>());
    let analysis = ProjectAnalysis {
        project_id,
        jobs: answers,
        bands: bands(&total),
        total: total.total(),
        fields: fields.into_values().collect(),
        pricing: None,
    };
    let pricing = Pricing {
        scheme,
        scheme_source,
        priced,
        jobs: job_prices,
    };
    Ok(Some((analysis, pricing)))
}

/// The best memory score of each segment of a job; none for a job without a language pair.
async fn best_scores(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
    job: &translation::jobs::JobRow,
    segments: &[&ExportSegment],
) -> Result<Vec<Option<u8>>, DbErr> {
    let (Some(source_lang), Some(target_lang)) = (&job.source_lang, &job.target_lang) else {
        return Ok(vec![None; segments.len()]);
    };
    let scope = Scope {
        client_id,
        source_lang: source_lang.clone(),
        target_lang: target_lang.clone(),
    };
    let queries: Vec<Query> = segments
        .iter()
        .map(|s| Query {
            source: &s.source,
            markup: s.markup,
            resname: s.resname.as_deref(),
        })
        .collect();
    let scores = fuzzy::best_scores(db, &scope, &queries).await?;
    Ok(scores
        .into_iter()
        .map(|s| s.filter(|&s| Band::of(s) != Band::NoMatch))
        .collect())
}
