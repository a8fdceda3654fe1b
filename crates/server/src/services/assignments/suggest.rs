//! Whom to offer a job, or a project's jobs, to: the translators whose profiles list the
//! job's language pair (every pair of the project's jobs still to assign), each with their
//! rate for each pair, their currency and availability, and what the work would cost at their
//! rate (the jobs' weighted words from the analysis, as the offer would compute it).

use std::collections::HashMap;

use sea_orm::ConnectionTrait;

use super::{AssignmentError, price, store};
use crate::services::{
    accounts::User,
    translation::{self, jobs::JobRow},
    translator_profiles::{self, Profile},
};

/// A pair of the work and the translator's rate for it (`None`: not set).
#[derive(Debug, Clone, PartialEq)]
pub struct PairRate {
    pub source_lang: String,
    pub target_lang: String,
    pub rate: Option<f64>,
}

/// A translator who works in every pair of the work.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub currency: String,
    pub availability: Option<String>,
    pub pairs: Vec<PairRate>,
    /// The work's weighted words.
    pub weighted_words: f64,
    /// Their rate × the weighted words of each job, in cents; `None` when a pair has no rate.
    pub amount_cents: Option<i64>,
}

/// The translators for job `job_id`.
pub async fn for_job(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<Vec<Suggestion>, AssignmentError> {
    let job = translation::jobs::find(db, job_id)
        .await?
        .ok_or(AssignmentError::JobNotFound(job_id))?;
    let project_id = job.project_id;
    suggest(db, project_id, vec![job]).await
}

/// The translators for the jobs of project `project_id` that have no open assignment (what
/// offering the project gives them); none when every job is assigned.
pub async fn for_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<Suggestion>, AssignmentError> {
    translation::projects::head(db, project_id)
        .await?
        .ok_or(AssignmentError::ProjectNotFound(project_id))?;
    let jobs = translation::jobs::of_project(db, project_id).await?;
    let assigned = store::assigned_of(db, jobs.iter().map(|job| job.id)).await?;
    let free = jobs
        .into_iter()
        .filter(|job| !assigned.contains(&job.id))
        .collect();
    suggest(db, project_id, free).await
}

fn pair_of(job: &JobRow) -> (String, String) {
    (
        job.source_lang.clone().unwrap_or_default(),
        job.target_lang.clone().unwrap_or_default(),
    )
}

async fn suggest(
    db: &impl ConnectionTrait,
    project_id: i32,
    jobs: Vec<JobRow>,
) -> Result<Vec<Suggestion>, AssignmentError> {
    if jobs.is_empty() {
        return Ok(Vec::new());
    }
    let mut pairs: Vec<(String, String)> = jobs.iter().map(pair_of).collect();
    pairs.sort();
    pairs.dedup();
    let translators = translator_profiles::offering(db, &pairs).await?;
    if translators.is_empty() {
        return Ok(Vec::new());
    }
    let words: HashMap<i32, f64> = price::weighted_words(db, project_id).await?;
    let weighted_words = round2(jobs.iter().filter_map(|job| words.get(&job.id)).sum());
    Ok(translators
        .into_iter()
        .map(|(user, profile)| suggestion(user, profile, &pairs, &jobs, &words, weighted_words))
        .collect())
}

fn suggestion(
    user: User,
    profile: Profile,
    pairs: &[(String, String)],
    jobs: &[JobRow],
    words: &HashMap<i32, f64>,
    weighted_words: f64,
) -> Suggestion {
    let amount_cents = jobs
        .iter()
        .map(|job| {
            let (source, target) = pair_of(job);
            let rate = profile.rate_for(&source, &target)?;
            Some(price::amount_cents(
                rate,
                words.get(&job.id).copied().unwrap_or(0.0),
            ))
        })
        .sum::<Option<i64>>();
    Suggestion {
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        pairs: pairs
            .iter()
            .map(|(source, target)| PairRate {
                source_lang: source.clone(),
                target_lang: target.clone(),
                rate: profile.rate_for(source, target),
            })
            .collect(),
        currency: profile.currency,
        availability: profile.availability,
        weighted_words,
        amount_cents,
    }
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}
