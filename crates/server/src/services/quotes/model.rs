//! A quote version as the API shows it, and what it is computed from: the analysis's bands as
//! priced then, a discount and extra lines (stored as JSON on the row).

use sea_orm::DbErr;
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;
use wordmark_core::tm::{Band, quote::Discount};

use super::{QuoteResult, QuoteState, day, state};
use crate::{
    db::entities::quote,
    services::analysis::{Pricing, ProjectAnalysis},
};

/// One band of a quote as it was priced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteBand {
    pub band: Band,
    pub words: u32,
    pub percent: u16,
    pub weighted_words: f64,
    pub price: f64,
}

/// What a quote was computed from, as it was then (never the internal MT cost).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteNumbers {
    pub bands: Vec<QuoteBand>,
    pub words: u32,
    pub weighted_words: f64,
    pub word_price: f64,
    /// The bands' prices before the minimum fee.
    pub subtotal: f64,
    pub minimum_fee: f64,
    pub minimum_fee_applied: bool,
    /// The bands' price with the minimum fee: before extra lines and discount.
    pub priced_total: f64,
}

impl QuoteNumbers {
    pub(super) fn of(analysis: &ProjectAnalysis, pricing: &Pricing) -> QuoteNumbers {
        let priced = &pricing.priced;
        QuoteNumbers {
            bands: analysis
                .bands
                .iter()
                .zip(&priced.bands)
                .map(|(counts, line)| QuoteBand {
                    band: counts.band,
                    words: counts.words,
                    percent: line.percent,
                    weighted_words: line.weighted_words,
                    price: line.price,
                })
                .collect(),
            words: analysis.total.words,
            weighted_words: priced.weighted_words,
            word_price: pricing.scheme.word_price,
            subtotal: priced.subtotal,
            minimum_fee: pricing.scheme.minimum_fee,
            minimum_fee_applied: priced.minimum_fee_applied,
            priced_total: priced.total,
        }
    }
}

/// A discount: a percentage (0–100) of the amount before it, or an amount.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuoteDiscount {
    pub kind: DiscountKind,
    pub value: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiscountKind {
    Percent,
    Amount,
}

impl QuoteDiscount {
    pub(super) fn core(self) -> Discount {
        match self.kind {
            DiscountKind::Percent => Discount::Percent(self.value),
            DiscountKind::Amount => Discount::Amount(self.value),
        }
    }
}

/// A line under the bands: a fee (rush, DTP, project management) with its amount.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ExtraLine {
    pub label: String,
    pub amount: f64,
}

/// What staff compose a draft with.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct DraftInput {
    #[serde(default)]
    pub discount: Option<QuoteDiscount>,
    #[serde(default)]
    pub extra_lines: Vec<ExtraLine>,
    /// When the translation is to be delivered (`YYYY-MM-DD`).
    #[serde(default, with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    /// Days it can be accepted after it is sent (1–365, 30 unless given).
    #[serde(default)]
    pub validity_days: Option<i32>,
}

/// A customer's acceptance.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct Acceptance {
    /// The name of who accepts, as it goes on the quote.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub po_number: Option<String>,
    /// They accepted the agency's terms: must be `true`.
    #[serde(default)]
    pub terms_accepted: bool,
}

/// A customer's refusal, with the reason.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
pub struct Refusal {
    #[serde(default)]
    pub reason: String,
}

/// What the project earns by its accepted version: which version, its total and currency.
#[derive(Debug, Clone, PartialEq)]
pub struct AcceptedQuote {
    pub version: i32,
    pub total: f64,
    pub currency: String,
}

/// One version of a project's quote, as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Quote {
    pub id: i32,
    pub project_id: i32,
    pub version: i32,
    /// As shown today: a sent quote past its validity is `expired`.
    pub state: QuoteState,
    pub currency: String,
    pub numbers: QuoteNumbers,
    pub discount: Option<QuoteDiscount>,
    /// What the discount takes off.
    pub discount_amount: f64,
    pub extra_lines: Vec<ExtraLine>,
    pub total: f64,
    #[serde(with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    pub validity_days: i32,
    /// The last day it can be accepted (set when sent).
    #[serde(with = "day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub valid_until: Option<Date>,
    /// The agency's terms as sent.
    pub terms: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub answered_at: Option<OffsetDateTime>,
    pub accepted_name: Option<String>,
    pub po_number: Option<String>,
    pub decline_reason: Option<String>,
}

impl Quote {
    pub(super) fn of(row: &quote::Model, today: Date) -> QuoteResult<Quote> {
        let numbers: QuoteNumbers = json(&row.numbers)?;
        let discount: Option<QuoteDiscount> = row.discount.as_deref().map(json).transpose()?;
        let extra_lines: Vec<ExtraLine> = json(&row.extra_lines)?;
        let (discount_amount, _) = adjusted(&numbers, discount, &extra_lines);
        Ok(Quote {
            id: row.id,
            project_id: row.project_id,
            version: row.version,
            state: state::shown(row.state, row.valid_until, today),
            currency: row.currency.clone(),
            numbers,
            discount,
            discount_amount,
            extra_lines,
            total: row.total,
            due_date: row.due_date,
            validity_days: row.validity_days,
            valid_until: row.valid_until,
            terms: row.terms.clone(),
            created_at: row.created_at,
            sent_at: row.sent_at,
            answered_at: row.answered_at,
            accepted_name: row.accepted_name.clone(),
            po_number: row.po_number.clone(),
            decline_reason: row.decline_reason.clone(),
        })
    }
}

pub(super) fn json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DbErr> {
    serde_json::from_str(text).map_err(|e| DbErr::Type(format!("a stored quote's JSON: {e}")))
}

pub(super) fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("quote values serialise")
}

/// What the discount takes off and the total.
pub(super) fn adjusted(
    numbers: &QuoteNumbers,
    discount: Option<QuoteDiscount>,
    extra_lines: &[ExtraLine],
) -> (f64, f64) {
    let extras: Vec<f64> = extra_lines.iter().map(|l| l.amount).collect();
    wordmark_core::tm::quote::adjusted_total(
        numbers.priced_total,
        discount.map(QuoteDiscount::core),
        &extras,
    )
}
