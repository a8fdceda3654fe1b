//! A translator's purchase order as a PDF: the agency, the order's number and day, the
//! translator, each job (its project, file, languages, task and words) with its amount and,
//! for an amount from the translator's rate, its basis (weighted words × rate = amount), the
//! total, the due date and the instructions, laid out with the quote's page parts ([`page`])
//! so both documents look alike.

use super::{
    ReportError,
    page::{MARGIN, Pages, RIGHT, amount, grouped},
};
use crate::brand::{
    pdf::paint,
    sheet::{INK, MUTED, Op, Weight},
};

/// What an order names.
pub struct OrderInfo<'a> {
    pub agency_name: &'a str,
    pub po_number: &'a str,
    /// The day it was accepted, as the translator reads it (`2026-11-24`).
    pub date: &'a str,
    /// The translator's full name, and their address.
    pub translator: &'a str,
    pub translator_email: &'a str,
    /// When the work is due (`2026-11-30 17:00 UTC`).
    pub due: &'a str,
    pub currency: &'a str,
    pub lines: &'a [OrderLine<'a>],
    /// Staff's instructions.
    pub note: Option<&'a str>,
}

/// One job of the order.
pub struct OrderLine<'a> {
    pub project: &'a str,
    pub file: &'a str,
    /// `en → de`.
    pub languages: &'a str,
    /// `Post-edit`, `Translate`, `Proofread`.
    pub task: &'a str,
    pub words: u32,
    /// In cents; `None` when no amount was set.
    pub amount_cents: Option<i64>,
    /// What the amount was computed from, when it came from the translator's rate.
    pub basis: Option<OrderBasis>,
}

/// An amount's basis: the job's weighted words and the rate per weighted word.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrderBasis {
    pub weighted_words: f64,
    pub rate: f64,
}

/// A rate per word with as many decimals as it has, at least two and at most four (`0.08`,
/// `0.125`, `0.0725`).
fn rate(value: f64) -> String {
    let text = format!("{value:.4}");
    let trimmed = text.trim_end_matches('0');
    let decimals = trimmed.split_once('.').map_or(0, |(_, d)| d.len());
    if decimals < 2 {
        format!("{value:.2}")
    } else {
        trimmed.to_owned()
    }
}

/// `1,234.5` weighted words: grouped, with the decimals they have (at most two).
fn weighted(value: f64) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let whole = grouped((hundredths / 100).unsigned_abs());
    match hundredths % 100 {
        0 => whole,
        part if part % 10 == 0 => format!("{whole}.{}", part / 10),
        part => format!("{whole}.{part:02}"),
    }
}

/// The basis line under a job: `1,234.5 weighted words × EUR 0.08 = EUR 98.76`.
pub fn basis_text(basis: &OrderBasis, currency: &str, amount_cents: i64) -> String {
    format!(
        "{} weighted words × {currency} {} = {currency} {}",
        weighted(basis.weighted_words),
        rate(basis.rate),
        money(amount_cents)
    )
}

fn money(cents: i64) -> String {
    amount(cents as f64 / 100.0)
}

/// The pages of an order.
fn order_pages(info: &OrderInfo) -> Vec<Vec<Op>> {
    let mut pages = Pages::new();
    pages.heading(
        info.agency_name,
        false,
        &format!("Purchase order {}", info.po_number),
    );
    for (label, value) in [
        ("Translator", info.translator),
        ("E-mail", info.translator_email),
        ("Date", info.date),
        ("Due", info.due),
    ] {
        pages.field(label, value, 80.0);
    }
    pages.y += 24.0;
    let price = format!("Amount ({})", info.currency);
    pages.row(Weight::Bold, ["Job", "", "", "Words", &price]);
    let y = pages.y - 12.0;
    pages.rule(y);
    pages.y += 4.0;
    for line in info.lines {
        let label = format!(
            "{} – {} ({}, {})",
            line.project, line.file, line.languages, line.task
        );
        let words = grouped(u64::from(line.words));
        let price = line.amount_cents.map_or_else(|| "—".to_owned(), money);
        pages.row(Weight::Regular, [&label, "", "", &words, &price]);
        if let (Some(basis), Some(cents)) = (&line.basis, line.amount_cents) {
            let text = basis_text(basis, info.currency, cents);
            pages.row(Weight::Regular, [&text, "", "", "", ""]);
        }
    }
    let y = pages.y - 10.0;
    pages.rule(y);
    pages.y += 6.0;
    let set: Vec<i64> = info.lines.iter().filter_map(|l| l.amount_cents).collect();
    let total = if set.is_empty() {
        "not set".to_owned()
    } else {
        format!("{} {}", info.currency, money(set.iter().sum()))
    };
    pages.total("Total", &total);
    if let Some(note) = info.note.filter(|n| !n.trim().is_empty()) {
        pages.ensure(18.0 + 12.6 * 3.0);
        pages.text(MARGIN, pages.y, 12.0, Weight::Bold, INK, "Instructions");
        pages.y += 18.0;
        pages.paragraph(MARGIN, RIGHT - MARGIN, 9.0, Weight::Regular, MUTED, note);
    }
    pages.finish()
}

/// The order as a PDF.
pub fn order_pdf(info: &OrderInfo) -> Result<Vec<u8>, ReportError> {
    Ok(paint(
        format!("Purchase order {}", info.po_number),
        order_pages(info),
        None,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brand::sheet::text_width;

    fn texts(info: &OrderInfo) -> Vec<(f32, f32, String)> {
        order_pages(info)
            .concat()
            .into_iter()
            .filter_map(|op| match op {
                Op::Text {
                    x,
                    size,
                    weight,
                    text,
                    ..
                } => Some((x, x + text_width(&text, size, weight), text)),
                _ => None,
            })
            .collect()
    }

    fn order<'a>(lines: &'a [OrderLine<'a>]) -> OrderInfo<'a> {
        OrderInfo {
            agency_name: "Lingua Partners",
            po_number: "PO-000042",
            date: "2026-11-24",
            translator: "Tina Translator",
            translator_email: "tina@example.com",
            due: "2026-11-30 17:00 UTC",
            currency: "EUR",
            lines,
            note: Some("Keep the brand names."),
        }
    }

    #[test]
    fn an_order_names_its_jobs_and_adds_up_their_amounts_within_the_page() {
        let lines = [
            OrderLine {
                project: "Spring site with a very long name that the row has to wrap before the words",
                file: "about-us-and-the-history-of-the-company.xliff",
                languages: "en → de",
                task: "Post-edit",
                words: 1_234,
                amount_cents: Some(12_50),
                basis: None,
            },
            OrderLine {
                project: "Spring site",
                file: "home.xliff",
                languages: "en → de",
                task: "Post-edit",
                words: 10,
                amount_cents: Some(100_000),
                basis: None,
            },
        ];
        let drawn = texts(&order(&lines));
        for (left, right, text) in &drawn {
            assert!(*left >= MARGIN - 0.01 && *right <= RIGHT + 0.01, "{text}");
        }
        let all: Vec<&str> = drawn.iter().map(|(_, _, t)| t.as_str()).collect();
        for expected in [
            "Purchase order PO-000042",
            "Tina Translator",
            "1,234",
            "12.50",
            "1,000.00",
            "EUR 1,012.50",
            "Keep the brand names.",
        ] {
            assert!(all.contains(&expected), "{expected} in {all:?}");
        }
    }

    #[test]
    fn an_order_without_amounts_says_so() {
        let lines = [OrderLine {
            project: "P",
            file: "f.xliff",
            languages: "en → fr",
            task: "Proofread",
            words: 5,
            amount_cents: None,
            basis: None,
        }];
        let all: Vec<String> = texts(&order(&lines)).into_iter().map(|t| t.2).collect();
        assert!(
            all.contains(&"—".to_owned()) && all.contains(&"not set".to_owned()),
            "{all:?}"
        );
    }

    #[test]
    fn an_amount_from_the_rate_shows_its_basis() {
        let lines = [OrderLine {
            project: "P",
            file: "f.xliff",
            languages: "en → de",
            task: "Translate",
            words: 1_300,
            amount_cents: Some(98_76),
            basis: Some(OrderBasis {
                weighted_words: 1_234.5,
                rate: 0.08,
            }),
        }];
        let all: Vec<String> = texts(&order(&lines)).into_iter().map(|t| t.2).collect();
        assert!(
            all.contains(&"1,234.5 weighted words × EUR 0.08 = EUR 98.76".to_owned()),
            "{all:?}"
        );
        assert!(all.contains(&"EUR 98.76".to_owned()), "{all:?}");
    }

    #[test]
    fn rates_keep_their_decimals_and_weighted_words_theirs() {
        assert_eq!(rate(0.08), "0.08");
        assert_eq!(rate(0.125), "0.125");
        assert_eq!(rate(0.0725), "0.0725");
        assert_eq!(rate(2.0), "2.00");
        assert_eq!(weighted(1234.5), "1,234.5");
        assert_eq!(weighted(10.0), "10");
        assert_eq!(weighted(0.25), "0.25");
    }
}
