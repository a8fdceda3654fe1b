//! Protecting `do_not_translate` terms from machine translation: each occurrence in a text
//! run becomes a standalone placeholder tag, the way inline tags are sent, so a provider can
//! neither translate it nor move it out of the sentence. [`Segment::from_mt_xml`] with the
//! masked segment as its source puts the term back from the placeholder, byte for byte.

use super::{TermIndex, TermKind};
use crate::segment::{Part, Segment, Tag, TagKind};

/// The name of a placeholder tag standing for a protected term.
pub const TERM_TAG: &str = "wordmark-term";

/// A segment with its protected terms masked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Masked {
    pub segment: Segment,
    /// How many occurrences were masked (0: the segment is unchanged).
    pub terms: usize,
}

/// Masks every `do_not_translate` term of `index` found in `segment`'s text runs (as
/// written in the run; an entity-encoded occurrence is left as text). Placeholder ids follow
/// the segment's own tags' ids.
pub fn mask_dnt(segment: &Segment, index: &TermIndex) -> Masked {
    let mut next_id = segment.tags().map(|t| t.id).max().unwrap_or(0);
    let mut terms = 0;
    let mut parts = Vec::with_capacity(segment.parts.len());
    for part in &segment.parts {
        let Part::Text(text) = part else {
            parts.push(part.clone());
            continue;
        };
        let mut at = 0;
        for occurrence in index.in_source_exact(text) {
            let entry = &index.entries()[occurrence.entry];
            if entry.kind != TermKind::DoNotTranslate || occurrence.start < at {
                continue;
            }
            if occurrence.start > at {
                parts.push(Part::Text(text[at..occurrence.start].to_owned()));
            }
            next_id += 1;
            terms += 1;
            parts.push(Part::Tag(Tag {
                id: next_id,
                kind: TagKind::Standalone,
                name: TERM_TAG.to_owned(),
                raw: text[occurrence.start..occurrence.end].to_owned(),
            }));
            at = occurrence.end;
        }
        if at < text.len() {
            parts.push(Part::Text(text[at..].to_owned()));
        }
    }
    Masked {
        segment: Segment { parts },
        terms,
    }
}

/// The preferred entries whose source term occurs in any of `texts`, as (source term, first
/// target variant), each once, in the termbase's order: what a provider that reads
/// instructions (a chat model) is told for one request, instead of the whole termbase.
pub fn relevant_pairs(index: &TermIndex, texts: &[String]) -> Vec<(String, String)> {
    index
        .found_in_sources(texts)
        .into_iter()
        .map(|at| &index.entries()[at])
        .filter(|entry| entry.kind == TermKind::Preferred)
        .filter_map(|entry| Some((entry.source.clone(), entry.targets.first()?.clone())))
        .collect()
}
