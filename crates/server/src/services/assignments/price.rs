//! An offer's price and its basis: a fixed amount, or the translator's rate for the job's
//! pair (from their profile) × the job's weighted words (the analysis's, under the rate scheme
//! that applies to the project, as a quote counts them). The basis is frozen on the
//! assignment when it is offered, with the translator's currency, so a later change of the
//! profile or the memory moves no offer and no order.

use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DbErr};

use super::{AssignmentError, Price};
use crate::services::{accounts::User, analysis, translation, translator_profiles};

/// What an assignment's amount is, and what it was computed from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Basis {
    pub amount_cents: Option<i64>,
    pub currency: String,
    /// With `weighted_words`, for a price from the rate.
    pub rate: Option<f64>,
    pub weighted_words: Option<f64>,
}

/// `rate` × `weighted_words` in cents, rounded as every price is.
pub fn amount_cents(rate: f64, weighted_words: f64) -> i64 {
    (rate * weighted_words * 100.0).round() as i64
}

/// Each job's weighted words in the project's analysis (none for an unknown project).
pub async fn weighted_words(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<HashMap<i32, f64>, DbErr> {
    let Some((analysis, pricing)) = analysis::priced(db, project_id).await? else {
        return Ok(HashMap::new());
    };
    Ok(analysis
        .jobs
        .iter()
        .zip(&pricing.jobs)
        .map(|(job, priced)| (job.job_id, priced.weighted_words))
        .collect())
}

/// The basis of each of `job_ids` (jobs of `project_id`) offered to `translator` at `price`.
/// A price from the rate is refused (422) for a job whose pair has no rate in the profile.
pub async fn bases(
    db: &impl ConnectionTrait,
    translator: &User,
    project_id: i32,
    job_ids: &[i32],
    price: Price,
) -> Result<HashMap<i32, Basis>, AssignmentError> {
    let profile = translator_profiles::of_id(db, translator.id).await?;
    let plain = |amount_cents| Basis {
        amount_cents,
        currency: profile.currency.clone(),
        rate: None,
        weighted_words: None,
    };
    let amount = match price {
        Price::Unset => None,
        Price::Fixed(cents) => Some(cents),
        Price::Rate => {
            let words = weighted_words(db, project_id).await?;
            let jobs = translation::jobs::of_ids(db, job_ids.iter().copied()).await?;
            let mut bases = HashMap::with_capacity(jobs.len());
            for job in jobs {
                let source = job.source_lang.unwrap_or_default();
                let target = job.target_lang.unwrap_or_default();
                let rate = profile.rate_for(&source, &target).ok_or_else(|| {
                    AssignmentError::Invalid(format!(
                        "The field price_by_rate cannot be used: {} has no rate for {source} → \
                         {target}. Set it in their translator profile, or give a fixed amount.",
                        translator.username
                    ))
                })?;
                let weighted = words.get(&job.id).copied().unwrap_or(0.0);
                bases.insert(
                    job.id,
                    Basis {
                        amount_cents: Some(amount_cents(rate, weighted)),
                        currency: profile.currency.clone(),
                        rate: Some(rate),
                        weighted_words: Some(weighted),
                    },
                );
            }
            return Ok(bases);
        }
    };
    Ok(job_ids.iter().map(|&id| (id, plain(amount))).collect())
}

#[cfg(test)]
mod tests {
    use super::amount_cents;

    #[test]
    fn the_amount_is_rate_times_weighted_words_in_whole_cents() {
        assert_eq!(amount_cents(0.08, 1234.5), 9876);
        assert_eq!(amount_cents(0.125, 10.0), 125);
        assert_eq!(amount_cents(0.1, 0.0), 0);
        assert_eq!(amount_cents(0.07, 33.35), 233);
    }
}
