//! What a project earns, for the agency's staff: the accepted quote's total, what its
//! translators' orders cost, the machine translation cost as the analysis computes it, and the
//! margin left of the quote. Translators are paid in their own currencies, so the orders are
//! summed per currency, and the margin is given only when every figure is in the quote's
//! currency (nothing is converted). It owns no table: each figure comes from its owner (`quotes`,
//! `assignments`, `analysis`).

use sea_orm::{ConnectionTrait, DbErr};
use wordmark_core::tm::quote::cents;

use crate::services::{
    analysis, assignments,
    quotes::{self, AcceptedQuote},
};

/// A project's earnings.
#[derive(Debug, Clone, PartialEq)]
pub struct Earnings {
    /// `None` until a version is accepted.
    pub quote: Option<AcceptedQuote>,
    /// What the translators were ordered (see [`assignments::Committed`]), per currency, by
    /// currency code.
    pub orders: Vec<assignments::Committed>,
    /// Machine translation of what is still untranslated, priced by the project's scheme.
    pub mt_cost: f64,
    pub mt_currency: String,
    /// The quote less the orders and the machine translation cost; `None` without an accepted
    /// quote, or when any figure is in another currency than the quote (none is converted).
    pub margin: Option<f64>,
}

#[derive(Debug, thiserror::Error)]
pub enum EarningsError {
    #[error("There is no project {0}.")]
    ProjectNotFound(i32),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The earnings of project `project_id`.
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Earnings, EarningsError> {
    let (_, pricing) = analysis::priced(db, project_id)
        .await?
        .ok_or(EarningsError::ProjectNotFound(project_id))?;
    let quote = quotes::accepted(db, project_id).await?;
    let orders = assignments::committed_of_project(db, project_id).await?;
    let mt_cost = cents(pricing.priced.mt_cost);
    let mt_currency = pricing.scheme.currency;
    let margin = quote
        .as_ref()
        .filter(|q| q.currency == mt_currency && orders.iter().all(|o| o.currency == q.currency))
        .map(|q| {
            let ordered: i64 = orders.iter().map(|o| o.amount_cents).sum();
            cents(cents(q.total) - ordered as f64 / 100.0 - mt_cost)
        });
    Ok(Earnings {
        quote,
        orders,
        mt_cost,
        mt_currency,
        margin,
    })
}
