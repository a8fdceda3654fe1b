//! The termbase's share of a pre-translation run, measured on its own in a release build:
//! a 5,000-entry index built once, then for each of 36,000 segments what the engine adds with
//! a termbase (masking the source's `do_not_translate` terms, the term checks of the answer),
//! against what it does anyway (parsing the source, writing the fragment for the provider,
//! reading the answer). `cargo run --release -p wordmark-core --example terms_speed`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use wordmark_core::segment::{Markup, Segment};
use wordmark_core::terms::{self, TermEntry, TermIndex, TermKind};

const SEGMENTS: usize = 36_000;
const ENTRIES: usize = 5_000;

fn source(n: usize) -> String {
    format!(
        "Page {} unit {}: the <strong>quick</strong> brown fox jumps over the lazy dog.<br>",
        n / 120,
        n % 120
    )
}

/// What every run does per segment, with or without a termbase.
fn baseline() -> Duration {
    let started = Instant::now();
    for n in 0..SEGMENTS {
        let parsed = Segment::parse(&source(n), Markup::Html);
        let xml = format!("DE:{}", parsed.to_mt_xml(Markup::Html));
        black_box(
            Segment::from_mt_xml(&xml, &parsed, Markup::Html)
                .map(|t| t.to_content())
                .ok(),
        );
    }
    started.elapsed()
}

/// The same with the termbase's masking and checks.
fn with_terms(index: &TermIndex) -> Duration {
    let started = Instant::now();
    for n in 0..SEGMENTS {
        let text = source(n);
        let parsed = Segment::parse(&text, Markup::Html);
        let masked = terms::mask_dnt(&parsed, index).segment;
        let xml = format!("DE:{}", masked.to_mt_xml(Markup::Html));
        let target = Segment::from_mt_xml(&xml, &masked, Markup::Html)
            .map(|t| t.to_content())
            .unwrap_or_default();
        black_box(terms::check(
            index,
            &terms::term_text(&Segment::parse(&text, Markup::Html), Markup::Html),
            &terms::term_text(&Segment::parse(&target, Markup::Html), Markup::Html),
        ));
    }
    started.elapsed()
}

fn main() {
    let entries: Vec<TermEntry> = (0..ENTRIES)
        .map(|i| TermEntry {
            source_lang: "en".into(),
            target_lang: "de".into(),
            source: match i {
                0 => "brown fox".into(),
                1 => "quick".into(),
                _ => format!("product line {i}"),
            },
            targets: match i {
                0 => vec![],
                1 => vec!["schnell".into()],
                _ => vec![format!("Produktlinie {i}")],
            },
            kind: if i == 0 {
                TermKind::DoNotTranslate
            } else {
                TermKind::Preferred
            },
            case_sensitive: false,
            part_of_speech: None,
            note: None,
        })
        .collect();
    let built = Instant::now();
    let index = TermIndex::new("en", "de", entries);
    let build = built.elapsed();
    let base = baseline();
    let terms = with_terms(&index);
    println!(
        "index of {ENTRIES} entries: {:.1} ms",
        build.as_secs_f64() * 1e3
    );
    println!(
        "{SEGMENTS} segments without a termbase: {:.1} ms",
        base.as_secs_f64() * 1e3
    );
    println!(
        "{SEGMENTS} segments with the termbase:  {:.1} ms",
        terms.as_secs_f64() * 1e3
    );
    println!(
        "added by the termbase: {:.1} ms",
        (terms + build).saturating_sub(base).as_secs_f64() * 1e3
    );
}
