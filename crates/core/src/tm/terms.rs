//! The terms a fuzzy index keys an entry by: pairs of neighbouring words of the text without
//! markup, in lower case, with the text's start and end as words (`^ add`, `add to`, `to
//! cart`, `cart $`); in scripts written without spaces, pairs of neighbouring characters.
//!
//! Pairs rather than single words: a pair such as "to cart" is held by far fewer entries
//! than "to", so a lookup reads short lists. An entry that keeps most of a query's words in
//! order keeps most of its pairs: one word changed in ten leaves 9 of 11 pairs. Numbers are
//! one word `#`, so "Save 20 %" finds "Save 30 %" (the score then takes off for the number).

use super::count::counted_by_character;

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

#[cfg(test)]
mod tests {
    use super::index_terms;

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
