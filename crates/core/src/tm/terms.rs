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

/// A text's words (see the module's documentation) in one buffer: a lookup of a whole project
/// takes the words of tens of thousands of segments, and a `String` per word and per term was
/// most of that time.
struct Words {
    buffer: String,
    /// Where each word ends in `buffer`; each starts where the one before it ends.
    ends: Vec<usize>,
}

impl Words {
    fn of(text: &str) -> Words {
        let mut words = Words {
            buffer: String::with_capacity(text.len()),
            ends: Vec::new(),
        };
        // Where the word being read starts in `buffer`.
        let mut start = 0;
        for c in text.chars().flat_map(char::to_lowercase) {
            if counted_by_character(c) {
                words.flush(start);
                words.buffer.push(c);
                words.ends.push(words.buffer.len());
            } else if c.is_alphanumeric() {
                words.buffer.push(c);
                continue;
            } else {
                words.flush(start);
            }
            start = words.buffer.len();
        }
        words.flush(start);
        words
    }

    /// Ends the word that starts at `start` if it has any characters; digits only are `#`.
    fn flush(&mut self, start: usize) {
        if self.buffer.len() == start {
            return;
        }
        if self.buffer[start..].bytes().all(|b| b.is_ascii_digit()) {
            self.buffer.truncate(start);
            self.buffer.push('#');
        }
        self.ends.push(self.buffer.len());
    }

    /// Each pair of neighbouring words, the text's start `^` and end `$` included.
    fn pairs(&self, mut each: impl FnMut(&str, &str)) {
        let mut previous = "^";
        let mut start = 0;
        for &end in &self.ends {
            let word = &self.buffer[start..end];
            each(previous, word);
            previous = word;
            start = end;
        }
        each(previous, "$");
    }
}

/// The distinct terms of a text without markup, sorted (see the module's documentation).
pub fn index_terms(text: &str) -> Vec<String> {
    let words = Words::of(text);
    let mut terms: Vec<String> = Vec::with_capacity(words.ends.len() + 1);
    words.pairs(|previous, word| terms.push(format!("{previous} {word}")));
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
    let words = Words::of(text);
    // The key of a term is the hash of `{pool}\u{1f}{term}`, built in one buffer that keeps
    // the pool's part (the keys are stored: this is their definition, not a choice).
    let mut key = Vec::with_capacity(pool.len() + 64);
    key.extend_from_slice(pool.as_bytes());
    key.push(0x1f);
    let prefix = key.len();
    let mut keys: Vec<i64> = Vec::with_capacity(words.ends.len() + 1);
    words.pairs(|previous, word| {
        key.truncate(prefix);
        key.extend_from_slice(previous.as_bytes());
        key.push(b' ');
        key.extend_from_slice(word.as_bytes());
        keys.push(xxh3_64(&key) as i64);
    });
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
    use super::{index_terms, kept_term_keys, term_keys, xxh3_64};

    #[test]
    fn keys_depend_on_the_pool_and_keep_eight() {
        let text = "one two three four five six seven eight nine ten";
        assert_eq!(term_keys("1|en|de", text).len(), 11);
        assert_ne!(term_keys("1|en|de", text), term_keys("2|en|de", text));
        let kept = kept_term_keys("1|en|de", text);
        assert_eq!(kept, term_keys("1|en|de", text)[..8]);
    }

    /// The stored index was written with keys of `{pool}\u{1f}{term}`: building them in a
    /// buffer must give the same keys.
    #[test]
    fn keys_hash_the_pool_and_the_term() {
        let text = "Save 20 % now, カート and 2 more: Save 20 % NOW";
        let mut expected: Vec<i64> = index_terms(text)
            .iter()
            .map(|term| xxh3_64(format!("7|en|de\u{1f}{term}").as_bytes()) as i64)
            .collect();
        expected.sort_unstable();
        assert_eq!(term_keys("7|en|de", text), expected);
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
