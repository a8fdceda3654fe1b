//! The quote's pages as drawing operations (and the parts a translator's purchase order,
//! [`super::order`], lays out the same way). Everything a user wrote (the agency's, client's
//! and project's names, extra lines' labels, who accepted and their purchase order, the terms)
//! is wrapped within the page, a label within the space left of its amount; what does not fit
//! on a page goes on the next.

use super::{Discount, QuoteInfo, adjusted_total, cents};
use crate::brand::sheet::{
    HAIRLINE, INK, MUTED, Op, PAGE_HEIGHT, PAGE_WIDTH, Weight, text_width, wrap,
};
use crate::colour::Rgb;

pub(super) const MARGIN: f32 = 48.0;
pub(super) const RIGHT: f32 = PAGE_WIDTH - MARGIN;
const BOTTOM: f32 = PAGE_HEIGHT - MARGIN;
/// Where a new page starts writing.
const TOP: f32 = 70.0;
/// The right edges of the table's number columns: words, rate, weighted words, price.
const COLUMNS: [f32; 4] = [250.0, 310.0, 430.0, RIGHT];
/// The least space between a label and the amount beside it.
const GAP: f32 = 12.0;
/// A table row, and each further line of a wrapped label in it.
const ROW: f32 = 18.0;
const WRAPPED: f32 = 13.0;
const LOGO_WIDTH: f32 = 160.0;

/// `1234.5` as `1,234.50`.
pub(super) fn amount(value: f64) -> String {
    let cents = (value * 100.0).round() as i64;
    let whole = grouped((cents / 100).unsigned_abs());
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{whole}.{:02}", (cents % 100).abs())
}

pub(super) fn grouped(value: u64) -> String {
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

/// Pages filled from top to bottom; `y` is the baseline of the next line.
pub(super) struct Pages {
    done: Vec<Vec<Op>>,
    ops: Vec<Op>,
    pub(super) y: f32,
}

impl Pages {
    pub(super) fn new() -> Self {
        Pages {
            done: Vec::new(),
            ops: Vec::new(),
            y: TOP,
        }
    }

    /// The agency's name (beside the logo's place when there is one) and the document's title.
    pub(super) fn heading(&mut self, agency: &str, has_logo: bool, title: &str) {
        let name_width = if has_logo {
            RIGHT - MARGIN - LOGO_WIDTH - GAP
        } else {
            RIGHT - MARGIN
        };
        self.paragraph(MARGIN, name_width, 18.0, Weight::Bold, INK, agency);
        if has_logo {
            self.ops.push(Op::Logo {
                x: RIGHT - LOGO_WIDTH,
                y: 44.0,
                width: LOGO_WIDTH,
                height: 56.0,
            });
        }
        self.y = self.y.max(118.0) + 22.0;
        self.text(MARGIN, self.y, 24.0, Weight::Bold, INK, title);
        self.y += 30.0;
    }

    /// A bold total line: `label` on the left, `value` at the right edge, at 14 points.
    pub(super) fn total(&mut self, label: &str, value: &str) {
        self.y += 8.0;
        self.ensure(40.0);
        self.text(MARGIN, self.y, 14.0, Weight::Bold, INK, label);
        let x = RIGHT - text_width(value, 14.0, Weight::Bold);
        self.text(x, self.y, 14.0, Weight::Bold, INK, value);
        self.y += 40.0;
    }

    /// Starts a new page unless `height` more fits on this one.
    pub(super) fn ensure(&mut self, height: f32) {
        if self.y + height > BOTTOM && !self.ops.is_empty() {
            self.done.push(std::mem::take(&mut self.ops));
            self.y = TOP;
        }
    }

    pub(super) fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        colour: Rgb,
        text: &str,
    ) {
        self.ops.push(Op::Text {
            x,
            y,
            size,
            weight,
            colour,
            text: text.to_owned(),
        });
    }

    /// Text at 10 points whose right edge is at `right`.
    fn right(&mut self, right: f32, y: f32, weight: Weight, text: &str) {
        let x = right - text_width(text, 10.0, weight);
        self.text(x, y, 10.0, weight, INK, text);
    }

    pub(super) fn rule(&mut self, y: f32) {
        self.ops.push(Op::Rect {
            x: MARGIN,
            y,
            width: RIGHT - MARGIN,
            height: 0.6,
            fill: HAIRLINE,
            border: None,
        });
    }

    /// Lines of `text` wrapped to `width` from `x`, `step` apart, kept on one page when they fit.
    pub(super) fn paragraph(
        &mut self,
        x: f32,
        width: f32,
        size: f32,
        weight: Weight,
        colour: Rgb,
        text: &str,
    ) {
        let step = size * 1.4;
        let lines: Vec<String> = text
            .lines()
            .flat_map(|line| wrap(line, width, size, weight))
            .collect();
        if lines.len() as f32 * step <= BOTTOM - TOP {
            self.ensure(lines.len() as f32 * step);
        }
        for line in lines {
            self.ensure(step);
            self.text(x, self.y, size, weight, colour, &line);
            self.y += step;
        }
    }

    /// A muted label and its value beside it from `indent`, wrapped within the page.
    pub(super) fn field(&mut self, label: &str, value: &str, indent: f32) {
        let lines = wrap(value, RIGHT - MARGIN - indent, 10.0, Weight::Regular);
        let lines = if lines.is_empty() {
            vec![String::new()]
        } else {
            lines
        };
        self.ensure(16.0 + WRAPPED * (lines.len() - 1) as f32);
        self.text(MARGIN, self.y, 10.0, Weight::Regular, MUTED, label);
        for (i, line) in lines.iter().enumerate() {
            let y = self.y + WRAPPED * i as f32;
            self.text(MARGIN + indent, y, 10.0, Weight::Regular, INK, line);
        }
        self.y += 16.0 + WRAPPED * (lines.len() - 1) as f32;
    }

    /// A table row: the label wrapped within the space left of the row's first number, the
    /// numbers on its first line.
    pub(super) fn row(&mut self, weight: Weight, cells: [&str; 5]) {
        let numbers = COLUMNS.iter().zip(&cells[1..]);
        let first = numbers
            .clone()
            .find(|(_, cell)| !cell.is_empty())
            .map_or(RIGHT, |(right, cell)| {
                right - text_width(cell, 10.0, weight)
            });
        let lines = wrap(cells[0], first - GAP - MARGIN, 10.0, weight);
        let extra = WRAPPED * lines.len().saturating_sub(1) as f32;
        self.ensure(ROW + extra);
        for (i, line) in lines.iter().enumerate() {
            let y = self.y + WRAPPED * i as f32;
            self.text(MARGIN, y, 10.0, weight, INK, line);
        }
        for (right, cell) in numbers.filter(|(_, cell)| !cell.is_empty()) {
            self.right(*right, self.y, weight, cell);
        }
        self.y += ROW + extra;
    }

    pub(super) fn finish(mut self) -> Vec<Vec<Op>> {
        self.done.push(self.ops);
        self.done
    }
}

/// The quote's page, and further ones for what does not fit on it.
pub(super) fn quote_pages(info: &QuoteInfo) -> Vec<Vec<Op>> {
    let mut pages = Pages::new();
    let currency = info.scheme.currency.as_str();
    let title = match info.version {
        Some(version) => format!("Quote, version {version}"),
        None => "Quote".to_owned(),
    };
    pages.heading(info.agency_name, info.has_logo, &title);
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
        pages.field(label, value, 80.0);
    }
    pages.y += 24.0;
    table(&mut pages, info, currency);
    let note = format!(
        "Price per new word: {currency} {}. Repetitions and memory matches are charged at the \
         rate of their band. This quote is valid until {}.",
        unit_price(info.scheme.word_price),
        info.valid_until
    );
    pages.paragraph(MARGIN, RIGHT - MARGIN, 9.0, Weight::Regular, MUTED, &note);
    if let Some(accepted) = &info.acceptance {
        pages.y += 16.0;
        pages.ensure(18.0 + 16.0 * 3.0);
        pages.text(MARGIN, pages.y, 12.0, Weight::Bold, INK, "Accepted");
        pages.y += 18.0;
        pages.field("By", accepted.name, 100.0);
        pages.field("On", accepted.date, 100.0);
        if let Some(po) = accepted.po_number {
            pages.field("Purchase order", po, 100.0);
        }
    }
    if let Some(terms) = info.terms.filter(|t| !t.trim().is_empty()) {
        pages.y += 16.0;
        pages.ensure(18.0 + 12.6 * 3.0);
        pages.text(MARGIN, pages.y, 12.0, Weight::Bold, INK, "Terms");
        pages.y += 18.0;
        pages.paragraph(MARGIN, RIGHT - MARGIN, 9.0, Weight::Regular, MUTED, terms);
    }
    pages.finish()
}

/// The bands, the subtotal, the top-up to the minimum fee, the extra lines, the discount and
/// the total. Every amount is printed in cents and the printed lines add up to the total.
fn table(pages: &mut Pages, info: &QuoteInfo, currency: &str) {
    pages.row(
        Weight::Bold,
        [
            "Match",
            "Words",
            "Rate",
            "Weighted words",
            &format!("Price ({currency})"),
        ],
    );
    let y = pages.y - 12.0;
    pages.rule(y);
    pages.y += 4.0;
    let priced = info.priced;
    for ((band, counts), line) in info.bands.iter().zip(&priced.bands) {
        pages.row(
            Weight::Regular,
            [
                band.label(),
                &grouped(u64::from(counts.words)),
                &format!("{} %", line.percent),
                &words(line.weighted_words),
                &amount(line.price),
            ],
        );
    }
    let y = pages.y - 10.0;
    pages.rule(y);
    pages.y += 6.0;
    let total_words: u32 = info.bands.iter().map(|(_, c)| c.words).sum();
    pages.row(
        Weight::Bold,
        [
            "Subtotal",
            &grouped(u64::from(total_words)),
            "",
            &words(priced.weighted_words),
            &amount(priced.subtotal),
        ],
    );
    if priced.minimum_fee_applied {
        // What the minimum fee adds to the subtotal, so that the lines add up.
        let label = format!(
            "Minimum fee of {currency} {}",
            amount(info.scheme.minimum_fee)
        );
        let top_up = cents(priced.total) - cents(priced.subtotal);
        pages.row(Weight::Regular, [&label, "", "", "", &amount(top_up)]);
    }
    let extras: Vec<f64> = info.extra_lines.iter().map(|(_, a)| *a).collect();
    for (label, value) in info.extra_lines {
        pages.row(
            Weight::Regular,
            [label.as_str(), "", "", "", &amount(*value)],
        );
    }
    let (off, total) = adjusted_total(priced.total, info.discount, &extras);
    if let Some(discount) = info.discount {
        let label = match discount {
            Discount::Percent(percent) => format!("Discount ({} %)", words(percent)),
            Discount::Amount(_) => "Discount".to_owned(),
        };
        pages.row(Weight::Regular, [label.as_str(), "", "", "", &amount(-off)]);
    }
    pages.total("Total", &format!("{currency} {}", amount(total)));
}

#[cfg(test)]
mod tests;
