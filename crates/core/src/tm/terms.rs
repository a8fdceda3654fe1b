//! The terms a fuzzy index keys an entry by: pairs of neighbouring words of the text without
//! markup, in lower case, with the text's start and end as words (`^ add`, `add to`, `to
//! cart`, `cart $`); in scripts written without spaces, pairs of neighbouring characters.
//!
//! Pairs rather than single words: a pair such as "to cart" is held by far fewer entries
//! than "to", so a lookup reads short lists. An entry that keeps most of a query's words in
//! order keeps most of its pairs: one word changed in ten leaves 9 of 11 pairs. Numbers are
//! one word `#`, so "Save 20 %" finds "Save 30 %" (the score then takes off for the number).

use xxhash_rust::xxh3::xxh3_64;

use super::count::counted_by_character;

/// How many of an entry's terms an index keeps: the ones with the smallest keys (a bottom-k
/// sketch). A lookup probes all of a query's terms; an entry that shares a fraction `f` of its
/// terms with the query is missed only when none of its kept terms is shared, about `(1 − f)⁸`:
/// 0.4 % at half the terms shared. So a memory costs at most eight index rows per entry,
/// however long its texts.
pub const KEPT_TERMS: usize = 8;

fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, words: &mut Vec<String>| {
        if !current.is_empty() {
            let word = if current.chars().all(|c| c.is_ascii_digit()) {
                "#".to_owned()
            } else {
                std::mem::take(current)
            };
            current.clear();
            words.push(word);
        }
    };
    for c in text.chars().flat_map(char::to_lowercase) {
        if counted_by_character(c) {
            flush(&mut current, &mut words);
            words.push(c.to_string());
        } else if c.is_alphanumeric() {
            current.push(c);
        } else {
            flush(&mut current, &mut words);
        }
    }
    flush(&mut current, &mut words);
    words
}

/// The distinct terms of a text without markup, sorted (see the module's documentation).
pub fn index_terms(text: &str) -> Vec<String> {
    let words = words(text);
    let mut terms: Vec<String> = Vec::with_capacity(words.len() + 1);
    let mut previous = "^";
    for word in &words {
        terms.push(format!("{previous} {word}"));
        previous = word;
    }
    terms.push(format!("{previous} $"));
    terms.sort_unstable();
    terms.dedup();
    terms
}

/// The name of a pool of the memory (a client's, or the no-client pool's, language pair) that
/// [`term_keys`] mixes into every key.
pub fn pool_key(client_id: Option<i32>, source_lang: &str, target_lang: &str) -> String {
    let client = client_id.map_or_else(|| "-".to_owned(), |id| id.to_string());
    format!("{client}|{source_lang}|{target_lang}")
}

/// The terms of `text` as 64-bit keys of one pool (a client's language pair, named by
/// `pool`), so the index needs no pool column: the same words of another pool have other
/// keys. Sorted, distinct.
pub fn term_keys(pool: &str, text: &str) -> Vec<i64> {
    let mut keys: Vec<i64> = index_terms(text)
        .iter()
        .map(|term| xxh3_64(format!("{pool}\u{1f}{term}").as_bytes()) as i64)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The keys an index keeps for an entry: the [`KEPT_TERMS`] smallest of [`term_keys`].
pub fn kept_term_keys(pool: &str, text: &str) -> Vec<i64> {
    let mut keys = term_keys(pool, text);
    keys.truncate(KEPT_TERMS);
    keys
}

#[cfg(test)]
mod tests {
    use super::{index_terms, kept_term_keys, term_keys};

    #[test]
    fn keys_depend_on_the_pool_and_keep_eight() {
        let text = "one two three four five six seven eight nine ten";
        assert_eq!(term_keys("1|en|de", text).len(), 11);
        assert_ne!(term_keys("1|en|de", text), term_keys("2|en|de", text));
        let kept = kept_term_keys("1|en|de", text);
        assert_eq!(kept, term_keys("1|en|de", text)[..8]);
    }

    #[test]
    fn pairs_of_words_with_the_edges() {
        assert_eq!(
            index_terms("Add to Cart!"),
            ["^ add", "add to", "cart $", "to cart"]
        );
        assert_eq!(
            index_terms("Save 20 % now"),
            ["# now", "^ save", "now $", "save #"]
        );
        assert_eq!(index_terms("カート"), ["^ カ", "カ ー", "ト $", "ー ト"]);
        assert_eq!(index_terms(""), ["^ $"]);
    }
}
