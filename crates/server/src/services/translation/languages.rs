//! A project's languages from its jobs': a project may mix target languages; its
//! `target_lang` is the language of most jobs.

use std::collections::HashMap;

/// [`by_weight`] with each code counted once: how the store's tests count a project's languages
/// from its jobs, to check what the project keeps.
#[cfg(test)]
pub fn by_frequency<'a>(codes: impl IntoIterator<Item = Option<&'a str>>) -> Vec<String> {
    by_weight(codes.into_iter().map(|code| (code, 1)))
}

/// The distinct languages among `codes` (`None` and empty ignored), by weight, heaviest first;
/// ties in code order, so the answer never depends on the order jobs were read in. `(code, how
/// many jobs)`, a code possibly more than once (a project sums its jobs per language pair).
pub fn by_weight<'a>(codes: impl IntoIterator<Item = (Option<&'a str>, u64)>) -> Vec<String> {
    let mut counts: HashMap<&str, u64> = HashMap::new();
    for (code, weight) in codes {
        if let Some(code) = code.filter(|c| !c.is_empty()) {
            *counts.entry(code).or_default() += weight;
        }
    }
    let mut ranked: Vec<(&str, u64)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    ranked
        .into_iter()
        .map(|(code, _)| code.to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{by_frequency, by_weight};

    #[test]
    fn most_frequent_first_then_by_code() {
        let codes = [
            Some("fr"),
            Some("de"),
            None,
            Some("de"),
            Some("it"),
            Some(""),
        ];
        assert_eq!(by_frequency(codes), ["de", "fr", "it"]);
        assert!(by_frequency([None]).is_empty());
    }

    #[test]
    fn counted_codes_add_up() {
        let codes = [(Some("fr"), 2), (Some("de"), 1), (Some("de"), 2), (None, 9)];
        assert_eq!(by_weight(codes), ["de", "fr"]);
    }
}
