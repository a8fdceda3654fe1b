//! Finding a termbase's terms in a text: one Aho-Corasick automaton per side (source terms,
//! target variants), built once per client and language pair, so a check costs one pass over
//! the text whatever the number of entries.
//!
//! Matching rules:
//! * terms are matched on lower-cased text; a case-sensitive entry then compares the text as
//!   written;
//! * a term that starts (ends) with a word character (a Unicode letter or digit, or `_`) only
//!   matches where the text has no word character right before (after) it: `cat` never
//!   matches inside `concatenate`;
//! * inflected forms: in the languages of [`suffixes`] a term of three or more characters
//!   also matches followed by one of the language's inflection suffixes (`checkout` matches
//!   `checkouts`, German `Warenkorb` matches `Warenkorbs`). Only suffixes are added, never
//!   letters replaced, which is why Italian (`prodotto` / `prodotti`) and languages with
//!   rich inflection are matched by exact words only;
//! * `do_not_translate` terms are never inflected, and are looked for in a target byte for
//!   byte (as written in the source term), because they must come back unchanged.

use std::borrow::Cow;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use super::{TermEntry, TermKind};

/// Inflection suffixes added to a term's last word, per language (the code before any `-`),
/// lower case. Languages not listed match exact words only.
pub fn suffixes(lang: &str) -> &'static [&'static str] {
    let base = lang.split('-').next().unwrap_or(lang);
    match base {
        "en" => &["'s", "\u{2019}s", "es", "s"],
        "de" => &["ern", "en", "er", "es", "ns", "e", "n", "s"],
        "nl" => &["'s", "en", "es", "e", "s"],
        "fr" => &["es", "e", "s", "x"],
        "es" | "pt" => &["es", "s"],
        _ => &[],
    }
}

/// Terms shorter than this (characters) match exact words only: `EU` must not find `EUs`.
const STEM_MIN_CHARS: usize = 3;

/// Where one term was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    /// Index of the entry in [`TermIndex::entries`].
    pub entry: usize,
    /// In a target: which variant (`None`: the source term of a `do_not_translate` entry).
    /// In a source: always `None`.
    pub variant: Option<usize>,
    /// Byte range in the text searched, inflection suffix included.
    pub start: usize,
    pub end: usize,
}

/// What a pattern stands for.
#[derive(Debug, Clone, Copy)]
struct Target {
    entry: usize,
    variant: Option<usize>,
}

/// One side's automaton and, per pattern, the entries it stands for (several entries may
/// share a lower-cased term).
struct Side {
    automaton: Option<AhoCorasick>,
    owners: Vec<Vec<Target>>,
    suffixes: &'static [&'static str],
}

impl Side {
    fn build(patterns: Vec<(String, Target)>, suffixes: &'static [&'static str]) -> Side {
        let mut unique: Vec<String> = Vec::new();
        let mut owners: Vec<Vec<Target>> = Vec::new();
        let mut position = std::collections::HashMap::new();
        for (pattern, owner) in patterns {
            let folded = fold(&pattern).text.into_owned();
            let at = *position.entry(folded.clone()).or_insert_with(|| {
                unique.push(folded);
                owners.push(Vec::new());
                unique.len() - 1
            });
            owners[at].push(owner);
        }
        let automaton = (!unique.is_empty()).then(|| {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .build(&unique)
                .expect("terms are bounded in length, so the automaton fits")
        });
        Side {
            automaton,
            owners,
            suffixes,
        }
    }
}

/// The terms of one client and language pair, ready to be found.
pub struct TermIndex {
    entries: Vec<TermEntry>,
    source: Side,
    target: Side,
}

impl TermIndex {
    /// Indexes `entries` (all of one language pair, `source_lang` → `target_lang`).
    pub fn new(source_lang: &str, target_lang: &str, entries: Vec<TermEntry>) -> TermIndex {
        let mut source = Vec::new();
        let mut target = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            source.push((
                entry.source.clone(),
                Target {
                    entry: index,
                    variant: None,
                },
            ));
            if entry.kind == TermKind::DoNotTranslate {
                target.push((
                    entry.source.clone(),
                    Target {
                        entry: index,
                        variant: None,
                    },
                ));
            }
            for (variant, text) in entry.targets.iter().enumerate() {
                target.push((
                    text.clone(),
                    Target {
                        entry: index,
                        variant: Some(variant),
                    },
                ));
            }
        }
        TermIndex {
            source: Side::build(source, suffixes(source_lang)),
            target: Side::build(target, suffixes(target_lang)),
            entries,
        }
    }

    pub fn entries(&self) -> &[TermEntry] {
        &self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries' source terms in a source text, inflected forms included, in order of
    /// position.
    pub fn in_source(&self, text: &str) -> Vec<Occurrence> {
        self.find(&self.source, text, true)
    }

    /// The entries whose source term occurs in any of `texts` (inflected forms included), each
    /// once, in the termbase's order: indexes into [`TermIndex::entries`].
    pub fn found_in_sources<T: AsRef<str>>(
        &self,
        texts: impl IntoIterator<Item = T>,
    ) -> Vec<usize> {
        let mut found: Vec<usize> = texts
            .into_iter()
            .flat_map(|text| self.in_source(text.as_ref()))
            .map(|occurrence| occurrence.entry)
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The source terms exactly as written in the entry (case as the entry says, no
    /// inflection): what masking for machine translation protects.
    pub fn in_source_exact(&self, text: &str) -> Vec<Occurrence> {
        self.find(&self.source, text, false)
    }

    /// The entries' target variants (and `do_not_translate` source terms, byte for byte) in
    /// a target text.
    pub fn in_target(&self, text: &str) -> Vec<Occurrence> {
        self.find(&self.target, text, true)
    }

    fn find(&self, side: &Side, text: &str, inflect: bool) -> Vec<Occurrence> {
        let Some(automaton) = &side.automaton else {
            return Vec::new();
        };
        let folded = fold(text);
        let mut found = Vec::new();
        for hit in automaton.find_overlapping_iter(folded.text.as_ref()) {
            let (start, end) = (hit.start(), hit.end());
            let Some(owner) = side.owners.get(hit.pattern().as_usize()) else {
                continue;
            };
            for target in owner {
                let entry = &self.entries[target.entry];
                let term = match target.variant {
                    Some(v) => &entry.targets[v],
                    None => &entry.source,
                };
                // A do_not_translate term in a target must be there as written.
                let exact = target.variant.is_none() && side_is_target(side, &self.target);
                if !starts_word_ok(&folded.text, start, term) {
                    continue;
                }
                // Names are not inflected: a do_not_translate term is matched as a whole word,
                // on both sides, so what is checked is what masking protected.
                let stem = inflect
                    && entry.kind != TermKind::DoNotTranslate
                    && term.chars().count() >= STEM_MIN_CHARS;
                let Some(end) = end_word_ok(&folded.text, end, term, stem, side.suffixes) else {
                    continue;
                };
                let (original_start, term_end, original_end) = (
                    folded.original(start),
                    folded.original(hit.end()),
                    folded.original(end),
                );
                if (entry.case_sensitive || exact) && &text[original_start..term_end] != term {
                    continue;
                }
                found.push(Occurrence {
                    entry: target.entry,
                    variant: target.variant,
                    start: original_start,
                    end: original_end,
                });
            }
        }
        found.sort_by_key(|o| (o.start, std::cmp::Reverse(o.end), o.entry));
        found
    }
}

fn side_is_target(side: &Side, target: &Side) -> bool {
    std::ptr::eq(side, target)
}

pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether a term found at `start` does not begin inside a word.
fn starts_word_ok(text: &str, start: usize, term: &str) -> bool {
    if !term.chars().next().is_some_and(is_word_char) {
        return true;
    }
    !text[..start].chars().next_back().is_some_and(is_word_char)
}

/// Where a term found up to `end` ends, an inflection suffix included, or `None` when it
/// ends inside a word.
fn end_word_ok(text: &str, end: usize, term: &str, stem: bool, suffixes: &[&str]) -> Option<usize> {
    if !term.chars().next_back().is_some_and(is_word_char) {
        return Some(end);
    }
    let free = |at: usize| !text[at..].chars().next().is_some_and(is_word_char);
    if free(end) {
        return Some(end);
    }
    if stem {
        let rest = &text[end..];
        return suffixes
            .iter()
            .find(|suffix| rest.starts_with(**suffix) && free(end + suffix.len()))
            .map(|suffix| end + suffix.len());
    }
    None
}

/// Lower-cased text with the way back to the original's byte offsets.
pub(crate) struct Folded<'a> {
    pub(crate) text: Cow<'a, str>,
    /// For every byte of `text` (and one past its end), the offset in the original of the
    /// character it came from; `None` when both are the same (ASCII text).
    origin: Option<Vec<usize>>,
}

impl Folded<'_> {
    fn original(&self, at: usize) -> usize {
        match &self.origin {
            None => at,
            Some(origin) => origin[at],
        }
    }
}

pub(crate) fn fold(text: &str) -> Folded<'_> {
    if text.is_ascii() {
        if !text.bytes().any(|b| b.is_ascii_uppercase()) {
            return Folded {
                text: Cow::Borrowed(text),
                origin: None,
            };
        }
        return Folded {
            text: Cow::Owned(text.to_ascii_lowercase()),
            origin: None,
        };
    }
    let mut folded = String::with_capacity(text.len());
    let mut origin = Vec::with_capacity(text.len() + 1);
    for (at, c) in text.char_indices() {
        for lower in c.to_lowercase() {
            folded.push(lower);
            origin.extend(std::iter::repeat_n(at, lower.len_utf8()));
        }
    }
    origin.push(text.len());
    Folded {
        text: Cow::Owned(folded),
        origin: Some(origin),
    }
}
