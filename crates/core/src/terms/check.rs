//! The termbase's checks on a target: preferred terms used, forbidden terms avoided,
//! `do_not_translate` terms kept. Run on the segments' text only (the plain text of their text
//! runs), so a term inside a tag's attribute, a URL in `href` for instance, is never matched.

use std::collections::HashMap;

use super::{TermIndex, TermKind};
use crate::qa::QaWarning;
use crate::segment::{Markup, Part, Segment, decode_text};

/// Separates text runs in [`term_text`]: not a word character, never in content.
const RUN_SEPARATOR: char = '\u{1}';

/// The text of a segment the termbase is matched in: its text runs (entities decoded), each
/// tag standing as a separator, so a term is found within a run of text and never across a
/// tag, exactly where [`super::mask_dnt`] can protect it.
pub fn term_text(segment: &Segment, markup: Markup) -> String {
    let mut out = String::new();
    for part in &segment.parts {
        match part {
            Part::Text(text) => out.push_str(&decode_text(text, markup)),
            Part::Tag(_) => out.push(RUN_SEPARATOR),
        }
    }
    out
}

/// Warnings for `target_text` as a translation of `source_text` (both as [`term_text`]
/// gives them). An empty target gets none: it is not translated yet.
pub fn check(index: &TermIndex, source_text: &str, target_text: &str) -> Vec<QaWarning> {
    if index.is_empty() || target_text.trim().is_empty() {
        return Vec::new();
    }
    let entries = index.entries();
    let in_target = index.in_target(target_text);
    let mut warnings = Vec::new();

    // Occurrences per source entry, in order of first appearance.
    let mut order = Vec::new();
    let mut in_source: HashMap<usize, usize> = HashMap::new();
    for occurrence in index.in_source(source_text) {
        *in_source.entry(occurrence.entry).or_insert_with(|| {
            order.push(occurrence.entry);
            0
        }) += 1;
    }
    for entry_index in order {
        let entry = &entries[entry_index];
        let found = in_target.iter().filter(|o| o.entry == entry_index);
        match entry.kind {
            TermKind::Preferred => {
                if found.count() == 0 {
                    warnings.push(QaWarning::Term {
                        source: entry.source.clone(),
                        target: entry.targets[0].clone(),
                    });
                }
            }
            TermKind::DoNotTranslate => {
                let kept = found.filter(|o| o.variant.is_none()).count();
                if kept < in_source[&entry_index] {
                    warnings.push(QaWarning::DntChanged {
                        term: entry.source.clone(),
                    });
                }
            }
            TermKind::Forbidden => {}
        }
    }

    let mut forbidden: Vec<&str> = Vec::new();
    for occurrence in &in_target {
        let entry = &entries[occurrence.entry];
        if let (TermKind::Forbidden, Some(variant)) = (entry.kind, occurrence.variant) {
            let term = entry.targets[variant].as_str();
            if !forbidden.contains(&term) {
                forbidden.push(term);
            }
        }
    }
    warnings.extend(forbidden.into_iter().map(|term| QaWarning::ForbiddenTerm {
        term: term.to_owned(),
    }));
    warnings
}

/// The entries found in `source_text` (as [`term_text`] gives it), for people: each once, in
/// order of appearance, `source → target` (other variants after ` / `), a forbidden target
/// marked `[forbidden]`, a do-not-translate term `[do not translate]`; joined by `; `.
pub fn describe(index: &TermIndex, source_text: &str) -> String {
    let mut seen = Vec::new();
    for occurrence in index.in_source(source_text) {
        if !seen.contains(&occurrence.entry) {
            seen.push(occurrence.entry);
        }
    }
    seen.into_iter()
        .map(|at| {
            let entry = &index.entries()[at];
            let targets = entry.targets.join(" / ");
            match entry.kind {
                TermKind::Preferred => format!("{} \u{2192} {targets}", entry.source),
                TermKind::Forbidden => format!("{} \u{2192} {targets} [forbidden]", entry.source),
                TermKind::DoNotTranslate => format!("{} [do not translate]", entry.source),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}
