//! The match score of a memory entry against a segment, and the bands agencies price by.

use rapidfuzz::distance::levenshtein;
use serde::{Deserialize, Serialize};

use crate::segment::{Markup, Part, Segment, TagKind};

/// A segment prepared for comparing: what the score looks at, computed once per segment so a
/// lookup compares one query against many candidates cheaply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparable {
    /// The content exactly as stored (markup included): equal content is a 100 % match.
    content: String,
    /// The text without markup, whitespace runs as one space, trimmed.
    text: String,
    /// `text` in lower case, as characters: what the distance runs on.
    folded: Vec<char>,
    /// The tags by name and kind, in order.
    tags: Vec<(String, TagKind)>,
    /// The digit sequences, in order.
    numbers: Vec<String>,
}

impl Comparable {
    pub fn new(content: &str, markup: Markup) -> Comparable {
        let segment = Segment::parse(content, markup);
        let text = collapse_whitespace(&segment.plain_text(markup));
        let folded = text.chars().flat_map(char::to_lowercase).collect();
        let tags = segment
            .parts
            .iter()
            .filter_map(|part| match part {
                Part::Tag(tag) => Some((tag.name.clone(), tag.kind)),
                Part::Text(_) => None,
            })
            .collect();
        let numbers = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|run| !run.is_empty())
            .map(str::to_owned)
            .collect();
        Comparable {
            content: content.to_owned(),
            text,
            folded,
            tags,
            numbers,
        }
    }

    /// The text without markup (whitespace collapsed): what the index terms are taken from.
    pub fn text(&self) -> &str {
        &self.text
    }
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The score of `entry` against `query`: 100 for the same content, 0 to 99 otherwise (see the
/// module's documentation for the formula). Pairs whose lengths alone rule out 50 are not
/// compared character by character.
pub fn score(query: &Comparable, entry: &Comparable) -> u8 {
    if query.content == entry.content {
        return 100;
    }
    let (a, b) = (query.folded.len(), entry.folded.len());
    let longest = a.max(b);
    if longest > 0 && a.abs_diff(b) * 2 > longest {
        return 0;
    }
    // Bit-parallel (Hyyrö's algorithm): a few machine words per character of the entry.
    let distance =
        levenshtein::distance(query.folded.iter().copied(), entry.folded.iter().copied());
    // Two empty texts are the same text.
    let similarity = (100 * (longest - distance))
        .checked_div(longest)
        .map_or(100, |s| s as i32);
    let mut penalty = 0;
    if similarity == 100 && query.text != entry.text {
        // The same letters in another case.
        penalty += 1;
    }
    if query.tags != entry.tags {
        penalty += 2;
    }
    if query.numbers != entry.numbers {
        penalty += 2;
    }
    (similarity - penalty).clamp(0, 99) as u8
}

/// The bands of an analysis, in the order a quote lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// A segment whose source already occurred earlier in the project.
    Repetition,
    /// The same content and context (resname).
    Context,
    Exact,
    Fuzzy95,
    Fuzzy85,
    Fuzzy75,
    Fuzzy50,
    NoMatch,
}

impl Band {
    pub const ALL: [Band; 8] = [
        Band::Repetition,
        Band::Context,
        Band::Exact,
        Band::Fuzzy95,
        Band::Fuzzy85,
        Band::Fuzzy75,
        Band::Fuzzy50,
        Band::NoMatch,
    ];

    /// The band of a memory match's score (101 for the same context); repetitions are the
    /// analysis' own business.
    pub fn of(score: u8) -> Band {
        match score {
            101.. => Band::Context,
            100 => Band::Exact,
            95..=99 => Band::Fuzzy95,
            85..=94 => Band::Fuzzy85,
            75..=84 => Band::Fuzzy75,
            50..=74 => Band::Fuzzy50,
            _ => Band::NoMatch,
        }
    }

    /// How a quote names it.
    pub fn label(self) -> &'static str {
        match self {
            Band::Repetition => "Repetitions",
            Band::Context => "101 %",
            Band::Exact => "100 %",
            Band::Fuzzy95 => "95–99 %",
            Band::Fuzzy85 => "85–94 %",
            Band::Fuzzy75 => "75–84 %",
            Band::Fuzzy50 => "50–74 %",
            Band::NoMatch => "No match",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html(content: &str) -> Comparable {
        Comparable::new(content, Markup::Html)
    }

    fn of(a: &str, b: &str) -> u8 {
        score(&html(a), &html(b))
    }

    #[test]
    fn identical_content_is_100() {
        assert_eq!(of("Add to cart", "Add to cart"), 100);
        assert_eq!(of("<b>Add</b> to cart", "<b>Add</b> to cart"), 100);
        assert_eq!(of("", ""), 100);
    }

    #[test]
    fn a_change_of_case_or_spacing_costs_one() {
        assert_eq!(of("Add to cart", "add to Cart"), 99);
        assert_eq!(of("Add to  cart", "Add to cart"), 99);
    }

    #[test]
    fn one_word_changed_scores_by_its_characters() {
        // "basket" for "cart" in 33 characters: 4 edits (c→b, r→s, +k, +e),
        // floor(100 × 29 / 33) = 87.
        let query = "Add the blue shirt to your basket";
        let entry = "Add the blue shirt to your cart";
        assert_eq!(query.chars().count(), 33);
        assert_eq!(levenshtein::distance(query.chars(), entry.chars()), 4);
        assert_eq!(of(query, entry), 87);
        assert_eq!(Band::of(of(query, entry)), Band::Fuzzy85);
    }

    #[test]
    fn differing_markup_costs_two() {
        assert_eq!(of("<b>Add</b> to cart", "Add to cart"), 98);
        assert_eq!(of("<b>Add</b> to cart", "<i>Add</i> to cart"), 98);
        // The same tags with other attributes: same names, same kinds.
        assert_eq!(
            of("<a href=\"/a\">Shop</a> now", "<a href=\"/b\">Shop</a> now"),
            100 - 1
        );
    }

    #[test]
    fn differing_numbers_cost_two() {
        // One character of 14 differs (92), and the numbers differ (−2).
        assert_eq!(of("Save 20 % now", "Save 30 % now"), 90);
        assert_eq!(of("Save 20 % now", "Save 20 % now!"), 92);
    }

    #[test]
    fn unlike_lengths_are_no_match() {
        assert_eq!(of("Add", "Add to cart and pay now"), 0);
        assert_eq!(Band::of(0), Band::NoMatch);
    }

    #[test]
    fn bands_have_their_edges() {
        for (score, band) in [
            (101, Band::Context),
            (100, Band::Exact),
            (99, Band::Fuzzy95),
            (95, Band::Fuzzy95),
            (94, Band::Fuzzy85),
            (85, Band::Fuzzy85),
            (84, Band::Fuzzy75),
            (75, Band::Fuzzy75),
            (74, Band::Fuzzy50),
            (50, Band::Fuzzy50),
            (49, Band::NoMatch),
        ] {
            assert_eq!(Band::of(score), band, "{score}");
        }
    }
}
