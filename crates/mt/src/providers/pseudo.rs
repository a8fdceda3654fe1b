//! Pseudo-localisation: accented, expanded text with the markup intact, computed locally. It
//! shows layout and encoding problems without a provider; it is never a translation.

use futures::future::BoxFuture;

use crate::config::ProviderKind;
use crate::error::MtError;
use crate::fragment::{Piece, TextUnit, pieces, text_units};
use crate::provider::{Batch, BatchLimits, Provider, Usage};

/// No request goes anywhere; the batch size only bounds the progress granularity.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 50,
    max_request_bytes: usize::MAX,
};

pub struct Pseudo;

/// Accented look-alikes, so untranslated (unaccented) text stands out on the page.
fn accent(c: char) -> char {
    match c {
        'a' => 'á',
        'e' => 'é',
        'i' => 'í',
        'o' => 'ó',
        'u' => 'ú',
        'y' => 'ý',
        'c' => 'ç',
        'n' => 'ñ',
        's' => 'š',
        'z' => 'ž',
        'A' => 'Á',
        'E' => 'É',
        'I' => 'Í',
        'O' => 'Ó',
        'U' => 'Ú',
        'Y' => 'Ý',
        'C' => 'Ç',
        'N' => 'Ñ',
        'S' => 'Š',
        'Z' => 'Ž',
        other => other,
    }
}

/// Doubling vowels grows English text by roughly a third, about what German or French need.
fn is_vowel(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u')
}

fn pseudo_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for unit in text_units(text) {
        match unit {
            TextUnit::Entity(entity) => out.push_str(entity),
            TextUnit::Char(c) => {
                out.push(accent(c));
                if is_vowel(c) {
                    out.push(accent(c));
                }
            }
        }
    }
    out
}

/// Pseudo-translates one fragment: text nodes changed, tags untouched, `[!! … !!]` around the
/// text so truncated strings are visible. The markers go inside the text, after the leading tags
/// and before the trailing ones: a page body's segment starts and ends with block comments and
/// block tags, and a marker outside them would be text outside every block, which WordPress
/// reads as extra blocks. Fragments without text stay as they are.
pub fn pseudo_translate(fragment: &str) -> String {
    let has_text = |p: &Piece| matches!(p, Piece::Text(t) if !t.trim().is_empty());
    let Some(first) = pieces(fragment).position(|p| has_text(&p)) else {
        return fragment.to_owned();
    };
    let last = pieces(fragment)
        .enumerate()
        .filter(|(_, p)| has_text(p))
        .last()
        .map_or(first, |(i, _)| i);
    let mut out = String::with_capacity(fragment.len() * 2 + 8);
    for (i, piece) in pieces(fragment).enumerate() {
        match piece {
            Piece::Tag(tag) => out.push_str(tag),
            Piece::Text(text) => {
                let mut text = pseudo_text(text);
                // Line breaks and spaces around the text stay outside the markers, where the
                // source had them; a no-break space is part of the text.
                let space = |c: char| c.is_ascii_whitespace();
                if i == last {
                    text.insert_str(text.trim_end_matches(space).len(), " !!]");
                }
                if i == first {
                    text.insert_str(text.len() - text.trim_start_matches(space).len(), "[!! ");
                }
                out.push_str(&text);
            }
        }
    }
    out
}

impl Provider for Pseudo {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Pseudo
    }

    fn label(&self) -> String {
        "Pseudo-translation (accented test text, not a real translation)".to_owned()
    }

    fn limits(&self) -> BatchLimits {
        LIMITS
    }

    fn empty_request_bytes(&self, _batch: &Batch) -> usize {
        0
    }

    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(async move { Ok(batch.texts.iter().map(|t| pseudo_translate(t)).collect()) })
    }

    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { Ok(None) })
    }

    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_entities_survive() {
        let source = r#"Click <g id="1">here &amp; now</g><x id="2"/> to continue"#;
        let out = pseudo_translate(source);
        assert_eq!(
            out,
            r#"[!! Çlííçk <g id="1">hééréé &amp; ñóów</g><x id="2"/> tóó çóóñtííñúúéé !!]"#
        );
        let tags: Vec<_> = pieces(&out)
            .filter(|p| matches!(p, Piece::Tag(_)))
            .collect();
        let source_tags: Vec<_> = pieces(source)
            .filter(|p| matches!(p, Piece::Tag(_)))
            .collect();
        assert_eq!(tags, source_tags);
    }

    #[test]
    fn expands_by_about_a_third_and_is_deterministic() {
        let source = "The quick brown fox jumps over the lazy dog and keeps on running far away";
        let out = pseudo_translate(source);
        let growth = out.chars().count() as f64 / source.chars().count() as f64;
        assert!((1.3..=1.6).contains(&growth), "{growth}");
        assert_eq!(out, pseudo_translate(source));
    }

    #[test]
    fn markers_go_inside_the_leading_and_trailing_markup() {
        let source = concat!(
            r#"<x id="1"/><g id="2">Hello <g id="3">world</g></g><x id="4"/>"#,
            "\n\n",
            r#"<x id="5"/><g id="6"> Go on </g><x id="7"/>"#
        );
        assert_eq!(
            pseudo_translate(source),
            concat!(
                r#"<x id="1"/><g id="2">[!! Hééllóó <g id="3">wóórld</g></g><x id="4"/>"#,
                "\n\n",
                r#"<x id="5"/><g id="6"> Góó óóñ !!] </g><x id="7"/>"#
            )
        );
        let tags = |s: &str| -> Vec<String> {
            pieces(s)
                .filter_map(|p| match p {
                    Piece::Tag(t) => Some(t.to_owned()),
                    Piece::Text(_) => None,
                })
                .collect()
        };
        assert_eq!(tags(&pseudo_translate(source)), tags(source));
    }

    #[test]
    fn tag_only_fragments_are_unchanged() {
        assert_eq!(pseudo_translate(r#"<x id="1"/>"#), r#"<x id="1"/>"#);
        assert_eq!(pseudo_translate(""), "");
        assert_eq!(
            pseudo_translate("<x id=\"1\"/>\n<x id=\"2\"/>"),
            "<x id=\"1\"/>\n<x id=\"2\"/>"
        );
    }
}
