//! The termbase's checks and its protection for machine translation over every XLIFF file of
//! the shared corpus: a termbase made of the corpus's own frequent words, every unit masked,
//! "translated" by a provider that changes all the text it may change, and read back. The
//! protected terms come back byte for byte, the tags as they were, and nothing panics.
//! Ignored without `WORDMARK_CORPUS`.

#[path = "../../testing/corpus.rs"]
mod corpus;

use std::collections::HashMap;

use wordmark_core::qa;
use wordmark_core::segment::{Segment, Shortcodes};
use wordmark_core::terms::{self, TermEntry, TermIndex, TermKind};
use wordmark_core::xliff;

/// The file's most frequent capitalised words as `do_not_translate` terms, the most frequent
/// lower-case ones as preferred terms.
fn termbase(units: &[xliff::Unit]) -> TermIndex {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for unit in units {
        let text = unit.source_segment().plain_text(unit.markup);
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.chars().count() >= 4 {
                *counts.entry(word.to_owned()).or_default() += 1;
            }
        }
    }
    let mut words: Vec<(String, usize)> = counts.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let entries = words
        .iter()
        .take(40)
        .map(|(word, _)| {
            let dnt = word.chars().next().is_some_and(char::is_uppercase);
            TermEntry {
                source_lang: "en".into(),
                target_lang: "de".into(),
                source: word.clone(),
                targets: if dnt {
                    vec![]
                } else {
                    vec![word.to_uppercase()]
                },
                kind: if dnt {
                    TermKind::DoNotTranslate
                } else {
                    TermKind::Preferred
                },
                case_sensitive: dnt,
                part_of_speech: None,
                note: None,
            }
        })
        .collect();
    TermIndex::new("en", "de", entries)
}

/// A provider that "translates" every character of text it is given (reversing letter case)
/// and keeps the placeholders.
fn translate(xml: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    let mut in_reference = false;
    for c in xml.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            '&' => in_reference = true,
            ';' => in_reference = false,
            _ => {}
        }
        if in_tag || in_reference || c == '>' || c == ';' {
            out.push(c);
        } else if c.is_lowercase() {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn protection_and_checks_over_every_corpus_file() {
    let files = corpus::xliff_files();
    let mut protected = 0;
    for path in files
        .iter()
        .filter(|p| !p.to_string_lossy().contains("MALFORMED"))
    {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap();
        let Ok(document) = xliff::parse(&name, &bytes) else {
            continue;
        };
        let index = termbase(&document.units);
        for unit in &document.units {
            let source = unit.source_segment();
            let masked = terms::mask_dnt(&source, &index);
            protected += masked.terms;
            let xml = masked.segment.to_mt_xml(unit.markup);
            // Unchanged answer: the content comes back as it does without a termbase.
            let back = Segment::from_mt_xml(&xml, &masked.segment, unit.markup)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", unit.key));
            let unprotected =
                Segment::from_mt_xml(&source.to_mt_xml(unit.markup), &source, unit.markup)
                    .unwrap_or_else(|e| panic!("{name} {}: {e}", unit.key));
            assert_eq!(
                back.to_content(),
                unprotected.to_content(),
                "{name} {}",
                unit.key
            );
            // A translated answer keeps every protected term and every tag.
            let translated = Segment::from_mt_xml(&translate(&xml), &masked.segment, unit.markup)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", unit.key));
            let content = translated.to_content();
            assert_eq!(
                source.check_markup(&Segment::parse(&content, unit.markup)),
                unprotected.check_markup(&Segment::parse(&content, unit.markup)),
                "{name} {}",
                unit.key
            );
            let outcome = qa::check_with_terms(
                &unit.source,
                &content,
                unit.markup,
                &Shortcodes::Any,
                Some(&index),
            );
            assert!(
                !outcome
                    .warnings
                    .iter()
                    .any(|w| matches!(w, qa::QaWarning::DntChanged { .. })),
                "{name} {}: {:?}\n{}\n{}",
                unit.key,
                outcome.warnings,
                unit.source,
                content
            );
        }
    }
    assert!(protected > 0, "the corpus termbases protected nothing");
}
