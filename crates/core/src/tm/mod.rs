//! Translation memory arithmetic, free of storage: how alike two segments are (the match
//! score and its bands), how many words and characters a text has, the terms a fuzzy index
//! keys entries by, and TMX 1.4b in and out.
//!
//! The score (documented in `docs/architecture.md`, "The translation memory"):
//!
//! * **101**: same content and same context (resname): decided by the caller, who knows the
//!   context; [`score`] never answers it.
//! * **100**: the same content, markup included, byte for byte.
//! * **fuzzy, at most 99**: `floor(100 × (1 − d / n))` where `d` is the Levenshtein distance
//!   (in characters) between the two texts without markup, compared in lower case with runs of
//!   whitespace as one space, and `n` the longer one's length; then penalties: 1 when only
//!   letter case or whitespace differ, 2 when the tags differ (names, kinds or order), 2 when
//!   the numbers differ (the digit sequences in order). Below 50 is no match.

pub mod analysis;
mod count;
pub mod quote;
pub mod rates;
mod score;
mod terms;
pub mod tmx;

pub use count::{count_chars, count_words};
pub use score::{Band, Comparable, score};
pub use terms::{KEPT_TERMS, index_terms, kept_term_keys, pool_key, term_keys};
