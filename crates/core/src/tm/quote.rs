//! The analysis as files for the customer: `analysis.xlsx` (every job's bands and the total,
//! numbers as numbers, text as strings, never a formula) and `quote.pdf` (an A4 page: the
//! agency's name, the client's logo, the bands with their weighted words and prices, a
//! discount and extra lines, the total and how long the quote is valid; for a quote version
//! also its number, the agency's terms and, once accepted, who accepted it, when and under
//! which purchase order; terms that do not fit go on a second page), painted like the brand
//! sheet (laid out in [`page`]). [`adjusted_total`] is the one arithmetic of a discount and
//! extra lines; every amount is in cents, so the lines printed add up to the total printed.

mod order;
mod page;

pub use order::{OrderBasis, OrderInfo, OrderLine, order_pdf};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::{
    Band,
    analysis::MatchCounts,
    rates::{Priced, RateScheme},
};
use crate::brand::pdf::paint;

/// One job of the analysis, or the whole project.
pub struct ReportPart<'a> {
    /// The job's file name; the total's is `Total`.
    pub name: &'a str,
    pub source_lang: &'a str,
    pub target_lang: &'a str,
    /// Every band in quote order, with its counts.
    pub bands: &'a [(Band, MatchCounts)],
    /// Its weighted words and prices; `None` for counts alone (who may not see prices).
    pub priced: Option<&'a Priced>,
}

/// What the quote names besides the numbers.
pub struct QuoteInfo<'a> {
    pub agency_name: &'a str,
    pub client_name: Option<&'a str>,
    pub project_name: &'a str,
    /// Dates as the customer reads them (`2026-11-24`).
    pub date: &'a str,
    pub valid_until: &'a str,
    pub scheme: &'a RateScheme,
    /// The project's bands in quote order, with their counts.
    pub bands: &'a [(Band, MatchCounts)],
    pub priced: &'a Priced,
    pub has_logo: bool,
    /// The quote's version (`None`: the analysis priced today, not a stored quote).
    pub version: Option<i32>,
    pub due_date: Option<&'a str>,
    pub discount: Option<Discount>,
    /// Further lines under the bands (label, amount).
    pub extra_lines: &'a [(String, f64)],
    /// The agency's terms, shown under the total.
    pub terms: Option<&'a str>,
    pub acceptance: Option<Acceptance<'a>>,
}

/// A discount on a quote: a percentage of the amount before it, or an amount.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Discount {
    Percent(f64),
    Amount(f64),
}

/// Who accepted a quote, when (a day, as the customer reads it) and their purchase order.
pub struct Acceptance<'a> {
    pub name: &'a str,
    pub date: &'a str,
    pub po_number: Option<&'a str>,
}

/// `value` rounded to cents: what a line shows is what it counts.
pub fn cents(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// What a discount takes off and the total it leaves: the priced total (the minimum fee
/// applied) plus the extra lines, less the discount (a percentage of that sum, or an amount),
/// never below zero. Each line is taken in cents, as it is printed, so the total is the sum of
/// the printed lines.
pub fn adjusted_total(priced_total: f64, discount: Option<Discount>, extras: &[f64]) -> (f64, f64) {
    let before = cents(cents(priced_total) + extras.iter().map(|&e| cents(e)).sum::<f64>());
    let off = cents(
        match discount {
            None => 0.0,
            Some(Discount::Percent(percent)) => before * percent / 100.0,
            Some(Discount::Amount(amount)) => amount,
        }
        .min(before.max(0.0)),
    );
    (off, cents((before - off).max(0.0)))
}

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the workbook could not be written: {0}")]
    Xlsx(#[from] XlsxError),
    #[error("the quote could not be written: {0}")]
    Pdf(#[from] crate::brand::BrandError),
}

const XLSX_HEADER: [&str; 10] = [
    "Job",
    "Source",
    "Target",
    "Match",
    "Segments",
    "Words",
    "Characters",
    "Rate %",
    "Weighted words",
    "Price",
];
/// The first of the header's columns that show prices (rate, weighted words, price).
const PRICED_FROM: usize = 7;

/// The analysis workbook: one row per band of each job, then the total's bands, and under
/// each part its totals; with the rate, weighted words and price columns when priced in
/// `currency` (`None`: the counts alone).
pub fn analysis_xlsx(parts: &[ReportPart], currency: Option<&str>) -> Result<Vec<u8>, ReportError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Analysis")?;
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let weighted = Format::new().set_num_format("#,##0.##");
    let columns = if currency.is_some() {
        XLSX_HEADER.len()
    } else {
        PRICED_FROM
    };
    for (column, title) in (0u16..).zip(&XLSX_HEADER[..columns]) {
        let title = match currency {
            Some(currency) if *title == "Price" => format!("Price ({currency})"),
            _ => (*title).to_owned(),
        };
        sheet.write_string_with_format(0, column, title, &bold)?;
    }
    let mut row = 1u32;
    for part in parts {
        let priced = part.priced.filter(|_| currency.is_some());
        for (i, (band, counts)) in part.bands.iter().enumerate() {
            // Text from users (file names, language codes) goes in as strings: a name that
            // starts with `=` stays a name.
            sheet.write_string(row, 0, part.name)?;
            sheet.write_string(row, 1, part.source_lang)?;
            sheet.write_string(row, 2, part.target_lang)?;
            sheet.write_string(row, 3, band.label())?;
            sheet.write_number(row, 4, counts.segments)?;
            sheet.write_number(row, 5, counts.words)?;
            sheet.write_number(row, 6, counts.characters)?;
            if let Some(line) = priced.and_then(|p| p.bands.get(i)) {
                sheet.write_number(row, 7, line.percent)?;
                sheet.write_number_with_format(row, 8, line.weighted_words, &weighted)?;
                sheet.write_number_with_format(row, 9, line.price, &money)?;
            }
            row += 1;
        }
        let total: MatchCounts = part
            .bands
            .iter()
            .fold(MatchCounts::default(), |mut t, (_, c)| {
                t.segments += c.segments;
                t.words += c.words;
                t.characters += c.characters;
                t
            });
        sheet.write_string_with_format(row, 0, part.name, &bold)?;
        sheet.write_string_with_format(row, 3, "Total", &bold)?;
        sheet.write_number_with_format(row, 4, total.segments, &bold)?;
        sheet.write_number_with_format(row, 5, total.words, &bold)?;
        sheet.write_number_with_format(row, 6, total.characters, &bold)?;
        if let Some(priced) = priced {
            sheet.write_number_with_format(row, 8, priced.weighted_words, &bold)?;
            sheet.write_number_with_format(row, 9, priced.total, &bold)?;
        }
        row += 2;
    }
    sheet.set_column_width(0, 36)?;
    sheet.set_column_width(3, 14)?;
    sheet.set_column_width(8, 16)?;
    Ok(workbook.save_to_buffer()?)
}

/// The quote as a PDF; `logo_svg` is the client's sanitised logo.
pub fn quote_pdf(info: &QuoteInfo, logo_svg: Option<&str>) -> Result<Vec<u8>, ReportError> {
    Ok(paint(
        format!("Quote – {}", info.project_name),
        page::quote_pages(info),
        logo_svg,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discounts_come_off_the_total_with_the_extra_lines_and_never_below_zero() {
        assert_eq!(adjusted_total(100.0, None, &[]), (0.0, 100.0));
        assert_eq!(
            adjusted_total(100.0, Some(Discount::Percent(10.0)), &[50.0]),
            (15.0, 135.0)
        );
        assert_eq!(
            adjusted_total(100.0, Some(Discount::Amount(30.0)), &[]),
            (30.0, 70.0)
        );
        assert_eq!(
            adjusted_total(100.0, Some(Discount::Amount(300.0)), &[]),
            (100.0, 0.0)
        );
        assert_eq!(
            adjusted_total(10.0, Some(Discount::Percent(33.333)), &[]),
            (3.33, 6.67)
        );
        // Sub-cent extra lines count as printed: 0.83 + 0.83 + 0.83, not 2.478 rounded.
        assert_eq!(
            adjusted_total(0.0, None, &[0.826, 0.826, 0.826]),
            (0.0, 2.49)
        );
        assert_eq!(
            adjusted_total(1.0, Some(Discount::Amount(0.333)), &[]),
            (0.33, 0.67)
        );
    }
}
