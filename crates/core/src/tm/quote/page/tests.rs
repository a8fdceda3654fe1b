use super::*;
use crate::tm::{
    Band,
    analysis::MatchCounts,
    quote::{Acceptance, quote_pdf},
    rates::RateScheme,
};

/// A text drawn: its page, left and right edges, baseline, size, weight and text.
#[derive(Debug)]
struct Drawn {
    page: usize,
    left: f32,
    right: f32,
    y: f32,
    size: f32,
    weight: Weight,
    text: String,
}

fn drawn(pages: &[Vec<Op>]) -> Vec<Drawn> {
    let mut out = Vec::new();
    for (page, ops) in pages.iter().enumerate() {
        for op in ops {
            if let Op::Text {
                x,
                y,
                size,
                weight,
                text,
                ..
            } = op
            {
                out.push(Drawn {
                    page,
                    left: *x,
                    right: x + text_width(text, *size, *weight),
                    y: *y,
                    size: *size,
                    weight: *weight,
                    text: text.clone(),
                });
            }
        }
    }
    out
}

const LONG_LABEL: &str = "Desktop publishing of the brochure in InDesign, including the \
    adjustment of every table, caption and footnote to the longer German text, and a final \
    proofreading pass of the printed proof by a second linguist";
const LONG_NAME: &str = "Internationale Gesellschaft für Übersetzungsdienstleistungen und \
    Mehrsprachige Kommunikation Aktiengesellschaft & Co. Kommanditgesellschaft auf Aktien";
const LONG_PO: &str = "PO-2026-MARKETING-EMEA-DACH-000000000000000000000000000000000000000000000000000000000000000000000000000";

/// A quote with every long thing a user may write, CJK names and sub-cent band prices.
fn pages_of(check: impl FnOnce(&QuoteInfo)) {
    // Bands whose prices are fractions of a cent before rounding.
    let scheme = RateScheme {
        word_price: 0.0137,
        minimum_fee: 2.0,
        ..RateScheme::default()
    };
    let bands: Vec<(Band, MatchCounts)> = [Band::Repetition, Band::Fuzzy95, Band::NoMatch]
        .into_iter()
        .map(|band| {
            let counts = MatchCounts {
                segments: 1,
                words: 7,
                characters: 40,
            };
            (band, counts)
        })
        .collect();
    let priced = scheme.price(&bands);
    let extras = vec![
        (LONG_LABEL.to_owned(), 40.006),
        ("Rush fee".to_owned(), 0.826),
    ];
    let info = QuoteInfo {
        agency_name: "Lingua Partners",
        client_name: Some("株式会社東京翻訳センター"),
        project_name: LONG_NAME,
        date: "2026-11-24",
        valid_until: "2026-12-24",
        scheme: &scheme,
        bands: &bands,
        priced: &priced,
        has_logo: true,
        version: Some(2),
        due_date: None,
        discount: Some(Discount::Percent(12.5)),
        extra_lines: &extras,
        terms: Some("Payment within 30 days."),
        acceptance: Some(Acceptance {
            name: "山田 太郎",
            date: "2026-11-25",
            po_number: Some(LONG_PO),
        }),
    };
    check(&info);
}

#[test]
fn every_text_stays_within_the_page_and_clear_of_the_amounts_beside_it() {
    pages_of(|info| {
        let drawn = drawn(&quote_pages(info));
        for text in &drawn {
            assert!(
                text.left >= MARGIN - 0.01 && text.right <= RIGHT + 0.01,
                "outside the margins: {text:?}"
            );
            assert!(text.y <= BOTTOM, "under the bottom margin: {text:?}");
        }
        for (i, a) in drawn.iter().enumerate() {
            for b in &drawn[i + 1..] {
                let same_line = a.page == b.page && (a.y - b.y).abs() < a.size.max(b.size);
                let apart = a.right <= b.left || b.right <= a.left;
                assert!(!same_line || apart, "overlap: {a:?} and {b:?}");
            }
        }
        let all: String = drawn.iter().map(|d| d.text.as_str()).collect();
        for whole in [LONG_LABEL, LONG_NAME, LONG_PO] {
            let compact: String = whole.split_whitespace().collect();
            let drawn: String = all.split_whitespace().collect();
            assert!(drawn.contains(&compact), "{whole:?} not drawn whole");
        }
    });
}

#[test]
fn the_printed_lines_add_up_to_the_printed_total() {
    pages_of(|info| {
        let drawn = drawn(&quote_pages(info));
        let number = |text: &str| text.replace(',', "").parse::<f64>().ok();
        // The price column: amounts whose right edge is the column's, on 10-point rows.
        let column: Vec<&Drawn> = drawn
            .iter()
            .filter(|d| d.size == 10.0 && (d.right - RIGHT).abs() < 0.01)
            .filter(|d| number(&d.text).is_some())
            .collect();
        let lines: f64 = column
            .iter()
            .filter(|d| d.weight == Weight::Regular)
            .filter_map(|d| number(&d.text))
            .sum();
        let subtotal = column
            .iter()
            .find(|d| d.weight == Weight::Bold)
            .and_then(|d| number(&d.text))
            .expect("a subtotal");
        let total = drawn
            .iter()
            .find(|d| d.size == 14.0 && d.text.starts_with("EUR "))
            .and_then(|d| number(&d.text["EUR ".len()..]))
            .expect("a total");
        let bands: f64 = column.iter().take(3).filter_map(|d| number(&d.text)).sum();
        assert_eq!(cents(bands), subtotal, "bands {column:?}");
        assert_eq!(cents(lines), total, "lines {column:?}");
        // Below the minimum fee of 2.00: a line tops the subtotal up to it.
        let top_up = cents(2.0 - subtotal);
        assert!(
            column.iter().any(|d| number(&d.text) == Some(top_up)),
            "{column:?}"
        );
    });
}

/// Chinese and Japanese come out as text (drawn with the fallback font), not as boxes.
#[test]
fn cjk_names_are_drawn_with_the_fallback_font() {
    pages_of(|info| {
        let pdf = quote_pdf(info, None).unwrap();
        let folder =
            std::env::temp_dir().join(format!("wordmark-cjk-quote-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join("quote.pdf");
        std::fs::write(&path, &pdf).unwrap();
        let out = std::process::Command::new("pdftotext")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils, make system-deps)");
        let text = String::from_utf8(out.stdout).unwrap();
        for expected in ["株式会社東京翻訳センター", "山田 太郎", "Lingua Partners"]
        {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
        let fonts = std::process::Command::new("pdffonts")
            .arg(&path)
            .output()
            .expect("pdffonts (poppler-utils)");
        let fonts = String::from_utf8(fonts.stdout).unwrap();
        assert!(fonts.contains("DroidSansFallback"), "{fonts}");
        std::fs::remove_dir_all(&folder).unwrap();
    });
}

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
