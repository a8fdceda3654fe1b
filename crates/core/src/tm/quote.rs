//! The analysis as files for the customer: `analysis.xlsx` (every job's bands and the total,
//! numbers as numbers, text as strings, never a formula) and `quote.pdf` (an A4 page: the
//! agency's name, the client's logo, the bands with their weighted words and prices, a
//! discount and extra lines, the total and how long the quote is valid; for a quote version
//! also its number, the agency's terms and, once accepted, who accepted it, when and under
//! which purchase order; terms that do not fit go on a second page), painted like the brand
//! sheet. [`adjusted_total`] is the one arithmetic of a discount and extra lines.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::{
    Band,
    analysis::MatchCounts,
    rates::{Priced, RateScheme},
};
use crate::brand::{
    pdf::paint,
    sheet::{HAIRLINE, INK, MUTED, Op, PAGE_HEIGHT, PAGE_WIDTH, Weight, text_width},
};

/// One job of the analysis, or the whole project.
pub struct ReportPart<'a> {
    /// The job's file name; the total's is `Total`.
    pub name: &'a str,
    pub source_lang: &'a str,
    pub target_lang: &'a str,
    /// Every band in quote order, with its counts.
    pub bands: &'a [(Band, MatchCounts)],
    pub priced: &'a Priced,
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
    pub total: &'a ReportPart<'a>,
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

/// What a discount takes off and the total it leaves: the priced total (the minimum fee
/// applied) plus the extra lines, less the discount (a percentage of that sum, or an amount),
/// never below zero; both rounded to cents.
pub fn adjusted_total(priced_total: f64, discount: Option<Discount>, extras: &[f64]) -> (f64, f64) {
    let before = priced_total + extras.iter().sum::<f64>();
    let off = match discount {
        None => 0.0,
        Some(Discount::Percent(percent)) => before * percent / 100.0,
        Some(Discount::Amount(amount)) => amount,
    }
    .min(before.max(0.0));
    let cents = |v: f64| (v * 100.0).round() / 100.0;
    (cents(off), cents((before - off).max(0.0)))
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

/// The analysis workbook: one row per band of each job, then the total's bands, and under
/// each part its totals.
pub fn analysis_xlsx(parts: &[ReportPart], currency: &str) -> Result<Vec<u8>, ReportError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Analysis")?;
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let weighted = Format::new().set_num_format("#,##0.##");
    for (column, title) in (0u16..).zip(XLSX_HEADER) {
        let title = if title == "Price" {
            format!("Price ({currency})")
        } else {
            title.to_owned()
        };
        sheet.write_string_with_format(0, column, title, &bold)?;
    }
    let mut row = 1u32;
    for part in parts {
        for ((band, counts), line) in part.bands.iter().zip(&part.priced.bands) {
            // Text from users (file names, language codes) goes in as strings: a name that
            // starts with `=` stays a name.
            sheet.write_string(row, 0, part.name)?;
            sheet.write_string(row, 1, part.source_lang)?;
            sheet.write_string(row, 2, part.target_lang)?;
            sheet.write_string(row, 3, band.label())?;
            sheet.write_number(row, 4, counts.segments)?;
            sheet.write_number(row, 5, counts.words)?;
            sheet.write_number(row, 6, counts.characters)?;
            sheet.write_number(row, 7, line.percent)?;
            sheet.write_number_with_format(row, 8, line.weighted_words, &weighted)?;
            sheet.write_number_with_format(row, 9, line.price, &money)?;
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
        sheet.write_number_with_format(row, 8, part.priced.weighted_words, &bold)?;
        sheet.write_number_with_format(row, 9, part.priced.total, &bold)?;
        row += 2;
    }
    sheet.set_column_width(0, 36)?;
    sheet.set_column_width(3, 14)?;
    sheet.set_column_width(8, 16)?;
    Ok(workbook.save_to_buffer()?)
}

const MARGIN: f32 = 48.0;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// The right edges of the table's number columns: words, rate, weighted words, price.
const COLUMNS: [f32; 4] = [250.0, 310.0, 430.0, RIGHT];

/// `1234.5` as `1,234.50`.
fn amount(value: f64) -> String {
    let cents = (value * 100.0).round() as i64;
    let whole = grouped((cents / 100).unsigned_abs());
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{whole}.{:02}", (cents % 100).abs())
}

fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A price per word: two decimals at least, up to four (`0.1` as `0.10`, `0.085` as `0.085`).
fn unit_price(value: f64) -> String {
    let mut text = format!("{value:.4}");
    while text.ends_with('0') && text.len() - text.find('.').unwrap_or(0) > 3 {
        text.pop();
    }
    text
}

/// Weighted words: whole when whole, else two decimals.
fn words(value: f64) -> String {
    if value.fract() == 0.0 {
        grouped(value as u64)
    } else {
        amount(value)
    }
}

struct Page(Vec<Op>);

impl Page {
    fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, text: &str) {
        self.coloured(x, y, size, weight, INK, text);
    }

    fn coloured(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        colour: crate::colour::Rgb,
        text: &str,
    ) {
        self.0.push(Op::Text {
            x,
            y,
            size,
            weight,
            colour,
            text: text.to_owned(),
        });
    }

    /// Text whose right edge is at `right`.
    fn right(&mut self, right: f32, y: f32, weight: Weight, text: &str) {
        let x = right - text_width(text, 10.0, weight);
        self.text(x, y, 10.0, weight, text);
    }

    fn rule(&mut self, y: f32) {
        self.0.push(Op::Rect {
            x: MARGIN,
            y,
            width: RIGHT - MARGIN,
            height: 0.6,
            fill: HAIRLINE,
            border: None,
        });
    }

    fn row(&mut self, y: f32, weight: Weight, cells: [&str; 5]) {
        self.text(MARGIN, y, 10.0, weight, cells[0]);
        for (right, cell) in COLUMNS.iter().zip(&cells[1..]) {
            self.right(*right, y, weight, cell);
        }
    }
}

/// The quote's page, and a second one for terms that do not fit on it.
fn quote_pages(info: &QuoteInfo) -> Vec<Vec<Op>> {
    let mut page = Page(Vec::new());
    let currency = info.scheme.currency.as_str();
    page.text(MARGIN, 70.0, 18.0, Weight::Bold, info.agency_name);
    if info.has_logo {
        page.0.push(Op::Logo {
            x: RIGHT - 160.0,
            y: 44.0,
            width: 160.0,
            height: 56.0,
        });
    }
    let title = match info.version {
        Some(version) => format!("Quote, version {version}"),
        None => "Quote".to_owned(),
    };
    page.text(MARGIN, 140.0, 24.0, Weight::Bold, &title);
    let mut y = 170.0;
    let mut heads = vec![
        ("Client", info.client_name.unwrap_or("—")),
        ("Project", info.project_name),
        ("Date", info.date),
        ("Valid until", info.valid_until),
    ];
    if let Some(due) = info.due_date {
        heads.push(("Due", due));
    }
    for (label, value) in heads {
        page.coloured(MARGIN, y, 10.0, Weight::Regular, MUTED, label);
        page.text(MARGIN + 80.0, y, 10.0, Weight::Regular, value);
        y += 16.0;
    }
    y += 24.0;
    page.row(
        y,
        Weight::Bold,
        [
            "Match",
            "Words",
            "Rate",
            "Weighted words",
            &format!("Price ({currency})"),
        ],
    );
    y += 6.0;
    page.rule(y);
    y += 16.0;
    for ((band, counts), line) in info.total.bands.iter().zip(&info.total.priced.bands) {
        page.row(
            y,
            Weight::Regular,
            [
                band.label(),
                &grouped(u64::from(counts.words)),
                &format!("{} %", line.percent),
                &words(line.weighted_words),
                &amount(line.price),
            ],
        );
        y += 18.0;
    }
    page.rule(y - 10.0);
    y += 6.0;
    let priced = info.total.priced;
    let total_words: u32 = info.total.bands.iter().map(|(_, c)| c.words).sum();
    page.row(
        y,
        Weight::Bold,
        [
            "Subtotal",
            &grouped(u64::from(total_words)),
            "",
            &words(priced.weighted_words),
            &amount(priced.subtotal),
        ],
    );
    y += 18.0;
    if priced.minimum_fee_applied {
        page.row(
            y,
            Weight::Regular,
            ["Minimum fee", "", "", "", &amount(info.scheme.minimum_fee)],
        );
        y += 18.0;
    }
    let extras: Vec<f64> = info.extra_lines.iter().map(|(_, a)| *a).collect();
    for (label, value) in info.extra_lines {
        page.row(
            y,
            Weight::Regular,
            [label.as_str(), "", "", "", &amount(*value)],
        );
        y += 18.0;
    }
    let (off, total) = adjusted_total(priced.total, info.discount, &extras);
    if let Some(discount) = info.discount {
        let label = match discount {
            Discount::Percent(percent) => format!("Discount ({} %)", words(percent)),
            Discount::Amount(_) => "Discount".to_owned(),
        };
        page.row(
            y,
            Weight::Regular,
            [label.as_str(), "", "", "", &amount(-off)],
        );
        y += 18.0;
    }
    y += 8.0;
    page.text(MARGIN, y, 14.0, Weight::Bold, "Total");
    let total = format!("{currency} {}", amount(total));
    page.text(
        RIGHT - text_width(&total, 14.0, Weight::Bold),
        y,
        14.0,
        Weight::Bold,
        &total,
    );
    y += 40.0;
    let note = format!(
        "Price per new word: {currency} {}. Repetitions and memory matches are charged at the \
         rate of their band. This quote is valid until {}.",
        unit_price(info.scheme.word_price),
        info.valid_until
    );
    for line in wrap(&note, RIGHT - MARGIN) {
        page.coloured(MARGIN, y, 9.0, Weight::Regular, MUTED, &line);
        y += 14.0;
    }
    if let Some(accepted) = &info.acceptance {
        y += 16.0;
        page.text(MARGIN, y, 12.0, Weight::Bold, "Accepted");
        y += 18.0;
        let mut lines = vec![("By", accepted.name), ("On", accepted.date)];
        if let Some(po) = accepted.po_number {
            lines.push(("Purchase order", po));
        }
        for (label, value) in lines {
            page.coloured(MARGIN, y, 10.0, Weight::Regular, MUTED, label);
            page.text(MARGIN + 100.0, y, 10.0, Weight::Regular, value);
            y += 16.0;
        }
    }
    let mut pages = Vec::new();
    if let Some(terms) = info.terms.filter(|t| !t.trim().is_empty()) {
        y += 16.0;
        let lines: Vec<String> = terms
            .lines()
            .flat_map(|paragraph| wrap(paragraph, RIGHT - MARGIN))
            .collect();
        if y + 18.0 + 12.0 * lines.len() as f32 > PAGE_HEIGHT - MARGIN {
            pages.push(std::mem::take(&mut page.0));
            y = 70.0;
        }
        page.text(MARGIN, y, 12.0, Weight::Bold, "Terms");
        y += 18.0;
        for line in lines {
            if y > PAGE_HEIGHT - MARGIN {
                pages.push(std::mem::take(&mut page.0));
                y = 70.0;
            }
            page.coloured(MARGIN, y, 9.0, Weight::Regular, MUTED, &line);
            y += 12.0;
        }
    }
    pages.push(page.0);
    pages
}

fn wrap(text: &str, width: f32) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || text_width(&candidate, 9.0, Weight::Regular) <= width {
            *line = candidate;
        } else {
            lines.push(word.to_owned());
        }
    }
    lines
}

/// The quote as a PDF; `logo_svg` is the client's sanitised logo.
pub fn quote_pdf(info: &QuoteInfo, logo_svg: Option<&str>) -> Result<Vec<u8>, ReportError> {
    Ok(paint(
        format!("Quote – {}", info.project_name),
        quote_pages(info),
        logo_svg,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_grouped_with_two_decimals() {
        assert_eq!(amount(1234.5), "1,234.50");
        assert_eq!(amount(0.0), "0.00");
        assert_eq!(amount(1_000_000.0), "1,000,000.00");
        assert_eq!(words(19.7), "19.70");
        assert_eq!(words(1200.0), "1,200");
        assert_eq!(unit_price(0.1), "0.10");
        assert_eq!(unit_price(0.085), "0.085");
        assert_eq!(unit_price(12.0), "12.00");
    }

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
    }
}
