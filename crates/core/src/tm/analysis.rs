//! An analysis: a project's segments, words and characters per band.
//!
//! A segment's band is its best memory match's (101 %, 100 %, the fuzzy bands, or no match),
//! except that a segment whose source (markup included, same language pair) already came
//! earlier in the project is a repetition, unless the memory already knows it at 100 % or
//! 101 %: a repetition is cheap because the translator did the first one, and a segment the
//! memory fills is cheaper still. "Earlier" is file order within a job and the jobs' upload
//! order.

use std::collections::HashSet;

use serde::Serialize;

use super::count::{count_chars, count_words};
use super::score::Band;

/// Segments, words and characters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MatchCounts {
    pub segments: u32,
    pub words: u32,
    pub characters: u32,
}

impl MatchCounts {
    fn add(&mut self, other: MatchCounts) {
        self.segments += other.segments;
        self.words += other.words;
        self.characters += other.characters;
    }
}

/// The counts of each band.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    counts: [MatchCounts; 8],
}

impl Tally {
    pub fn get(&self, band: Band) -> MatchCounts {
        self.counts[band as usize]
    }

    /// Every band with its counts, in [`Band::ALL`]'s order.
    pub fn bands(&self) -> impl Iterator<Item = (Band, MatchCounts)> + '_ {
        Band::ALL.into_iter().map(|band| (band, self.get(band)))
    }

    /// All bands together.
    pub fn total(&self) -> MatchCounts {
        let mut total = MatchCounts::default();
        for counts in &self.counts {
            total.add(*counts);
        }
        total
    }

    pub fn add(&mut self, other: &Tally) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            mine.add(*theirs);
        }
    }
}

/// Sorts segments into bands, remembering the sources it has seen for repetitions.
#[derive(Debug, Default)]
pub struct Analyser {
    seen: HashSet<(String, String, String)>,
}

/// A segment to analyse.
#[derive(Debug, Clone, Copy)]
pub struct Analysed<'a> {
    pub source_lang: &'a str,
    pub target_lang: &'a str,
    /// The source content, markup included: what makes a repetition.
    pub content: &'a str,
    /// The source text without markup: what is counted.
    pub text: &'a str,
    /// The best memory match's score, if any (101 for the same context).
    pub best_score: Option<u8>,
}

impl Analyser {
    /// The segment's band; its counts are added to `tally`.
    pub fn add(&mut self, tally: &mut Tally, segment: Analysed<'_>) -> Band {
        let first = self.seen.insert((
            segment.source_lang.to_owned(),
            segment.target_lang.to_owned(),
            segment.content.to_owned(),
        ));
        let from_memory = Band::of(segment.best_score.unwrap_or(0));
        let band = if !first && !matches!(from_memory, Band::Context | Band::Exact) {
            Band::Repetition
        } else {
            from_memory
        };
        tally.counts[band as usize].add(MatchCounts {
            segments: 1,
            words: count_words(segment.text),
            characters: count_chars(segment.text),
        });
        band
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg<'a>(content: &'a str, score: Option<u8>) -> Analysed<'a> {
        Analysed {
            source_lang: "en",
            target_lang: "de",
            content,
            text: content,
            best_score: score,
        }
    }

    #[test]
    fn repetitions_yield_to_full_memory_matches() {
        let mut analyser = Analyser::default();
        let mut tally = Tally::default();
        assert_eq!(
            analyser.add(&mut tally, seg("Add to cart", None)),
            Band::NoMatch
        );
        assert_eq!(
            analyser.add(&mut tally, seg("Add to cart", None)),
            Band::Repetition
        );
        assert_eq!(
            analyser.add(&mut tally, seg("Buy now", Some(100))),
            Band::Exact
        );
        assert_eq!(
            analyser.add(&mut tally, seg("Buy now", Some(100))),
            Band::Exact
        );
        assert_eq!(
            analyser.add(&mut tally, seg("Buy it now", Some(87))),
            Band::Fuzzy85
        );
        assert_eq!(
            analyser.add(&mut tally, seg("Buy it now", Some(87))),
            Band::Repetition
        );
        // Another language pair is new work.
        let mut other = seg("Add to cart", None);
        other.target_lang = "fr";
        assert_eq!(analyser.add(&mut tally, other), Band::NoMatch);

        assert_eq!(
            tally.get(Band::NoMatch),
            MatchCounts {
                segments: 2,
                words: 6,
                characters: 18
            }
        );
        assert_eq!(
            tally.get(Band::Repetition),
            MatchCounts {
                segments: 2,
                words: 6,
                characters: 17
            }
        );
        assert_eq!(
            tally.get(Band::Exact),
            MatchCounts {
                segments: 2,
                words: 4,
                characters: 12
            }
        );
        assert_eq!(tally.total().segments, 7);
    }
}
