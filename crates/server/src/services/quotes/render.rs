//! A quote version as a PDF (`wordmark_core::tm::quote`), from its stored numbers: the bands
//! as priced then, the discount and extra lines, its version, due date, validity, terms and,
//! once accepted, who accepted it, when and their purchase order.

use sea_orm::ConnectionTrait;
use time::{Date, OffsetDateTime, macros::format_description};
use wordmark_core::tm::{
    analysis::MatchCounts,
    quote::{Acceptance, QuoteInfo, quote_pdf},
    rates::{BandPercentages, Priced, PricedBand, RateScheme},
};

use super::{ExtraLine, QuoteDiscount, QuoteError, QuoteNumbers, QuoteResult, model::json, today};
use crate::{
    db::entities::quote,
    services::{
        clients,
        mail::Site,
        translation::{self, TranslationError},
    },
};

/// What a PDF and the mails of an answer need besides the quote.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub agency: &'a str,
    pub mail: Option<Site<'a>>,
}

fn day(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]"))
        .expect("a date formats")
}

/// The PDF of `row` as it stands (its state's fields: an accepted row shows its acceptance).
pub async fn pdf(
    db: &impl ConnectionTrait,
    row: &quote::Model,
    context: &Context<'_>,
) -> QuoteResult<Vec<u8>> {
    let head = translation::projects::head(db, row.project_id)
        .await?
        .ok_or(TranslationError::ProjectNotFound)?;
    let logo = match head.client_id {
        Some(client_id) => clients::find(db, client_id)
            .await?
            .and_then(|(client, _)| client.client_logo),
        None => None,
    };
    let numbers: QuoteNumbers = json(&row.numbers)?;
    let discount: Option<QuoteDiscount> = row.discount.as_deref().map(json).transpose()?;
    let extra_lines: Vec<ExtraLine> = json(&row.extra_lines)?;
    let date = day(row.sent_at.map_or(today(row.created_at), today));
    let valid_until = row.valid_until.map_or_else(|| "—".to_owned(), day);
    let due = row.due_date.map(day);
    let answered = row.answered_at.map(|at: OffsetDateTime| day(today(at)));
    let agency = context.agency.to_owned();
    let row = row.clone();
    tokio::task::spawn_blocking(move || {
        let bands: Vec<_> = numbers
            .bands
            .iter()
            .map(|b| {
                let counts = MatchCounts {
                    words: b.words,
                    ..MatchCounts::default()
                };
                (b.band, counts)
            })
            .collect();
        let priced = Priced {
            bands: numbers
                .bands
                .iter()
                .map(|b| PricedBand {
                    band: b.band,
                    percent: b.percent,
                    weighted_words: b.weighted_words,
                    price: b.price,
                })
                .collect(),
            weighted_words: numbers.weighted_words,
            subtotal: numbers.subtotal,
            minimum_fee_applied: numbers.minimum_fee_applied,
            total: numbers.priced_total,
            mt_characters: 0,
            mt_cost: 0.0,
        };
        // The PDF reads the currency, word price and minimum fee of the scheme; the stored
        // numbers hold them as they were.
        let scheme = RateScheme {
            currency: row.currency.clone(),
            word_price: numbers.word_price,
            percentages: BandPercentages::default(),
            minimum_fee: numbers.minimum_fee,
            mt_price_per_million_characters: 0.0,
        };
        let extras: Vec<(String, f64)> = extra_lines
            .into_iter()
            .map(|l| (l.label, l.amount))
            .collect();
        let acceptance = match (&row.accepted_name, &answered) {
            (Some(name), Some(date)) => Some(Acceptance {
                name,
                date,
                po_number: row.po_number.as_deref(),
            }),
            _ => None,
        };
        quote_pdf(
            &QuoteInfo {
                agency_name: &agency,
                client_name: head.client_name.as_deref(),
                project_name: &head.name,
                date: &date,
                valid_until: &valid_until,
                scheme: &scheme,
                bands: &bands,
                priced: &priced,
                has_logo: logo.is_some(),
                version: Some(row.version),
                due_date: due.as_deref(),
                discount: discount.map(QuoteDiscount::core),
                extra_lines: &extras,
                terms: row.terms.as_deref(),
                acceptance,
            },
            logo.as_deref(),
        )
    })
    .await?
    .map_err(QuoteError::from)
}
