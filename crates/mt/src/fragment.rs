//! The segment fragments sent to providers: XML-escaped text with `<g id="N">…</g>` and
//! `<x id="N"/>` placeholders. Only what this crate needs: walking text nodes without touching
//! tags, and turning HTML entities in answers back into XML.

/// A piece of a fragment: a tag (kept byte for byte) or a run of escaped text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Tag(&'a str),
    Text(&'a str),
}

/// Splits a fragment into tags and text. A `<` without a closing `>` is text: the input may be
/// a provider's damaged answer, and this must never panic on it.
pub fn pieces(fragment: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = fragment;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if rest.starts_with('<')
            && let Some(end) = rest.find('>')
        {
            let (tag, tail) = rest.split_at(end + 1);
            rest = tail;
            return Some(Piece::Tag(tag));
        }
        // Text runs to the next `<` that opens a tag (one with a `>` after it). The search
        // starts after the first character, which may take several bytes (a no-break space).
        let first = rest.chars().next().map_or(0, char::len_utf8);
        let end = match rest[first..].find('<') {
            Some(i) if rest[first + i..].contains('>') => first + i,
            _ => rest.len(),
        };
        let (text, tail) = rest.split_at(end);
        rest = tail;
        Some(Piece::Text(text))
    })
}

/// Rebuilds the fragment with every text node replaced by `f(text)`; tags are untouched.
pub fn map_text(fragment: &str, mut f: impl FnMut(&str) -> String) -> String {
    let mut out = String::with_capacity(fragment.len() + fragment.len() / 2);
    for piece in pieces(fragment) {
        match piece {
            Piece::Tag(tag) => out.push_str(tag),
            Piece::Text(text) => out.push_str(&f(text)),
        }
    }
    out
}

/// A unit of escaped text: one character, or one entity reference kept whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextUnit<'a> {
    Char(char),
    Entity(&'a str),
}

/// Walks escaped text so callers can change characters without breaking `&amp;`-style
/// references.
pub fn text_units(text: &str) -> impl Iterator<Item = TextUnit<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let c = rest.chars().next()?;
        if c == '&'
            && let Some(end) = rest.find(';')
            && end > 1
            && rest[1..end]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '#')
        {
            let (entity, tail) = rest.split_at(end + 1);
            rest = tail;
            return Some(TextUnit::Entity(entity));
        }
        rest = &rest[c.len_utf8()..];
        Some(TextUnit::Char(c))
    })
}

/// Escapes a character for XML text (only `&`, `<`, `>` need it there).
fn push_escaped(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        c => out.push(c),
    }
}

/// Providers in HTML mode answer with HTML entities (`&#39;`, `&quot;`, `&nbsp;`) that are not
/// XML or not wanted in a target; this turns them into characters and keeps the result valid
/// XML. Unknown named entities are left as they are, for the caller's markup check to flag.
pub fn html_to_xml(fragment: &str) -> String {
    map_text(fragment, |text| {
        let mut out = String::with_capacity(text.len());
        for unit in text_units(text) {
            match unit {
                TextUnit::Char(c) => out.push(c),
                TextUnit::Entity(entity) => match decode_entity(entity) {
                    Some(c) => push_escaped(&mut out, c),
                    None => out.push_str(entity),
                },
            }
        }
        out
    })
}

fn decode_entity(entity: &str) -> Option<char> {
    let name = &entity[1..entity.len() - 1];
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => return None,
    })
}

#[cfg(test)]
#[path = "../../testing/corpus.rs"]
mod corpus;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_tags_and_text() {
        let parts: Vec<Piece> =
            pieces(r#"Click <g id="1">here &amp; now</g><x id="2"/> a < b"#).collect();
        assert_eq!(
            parts,
            vec![
                Piece::Text("Click "),
                Piece::Tag(r#"<g id="1">"#),
                Piece::Text("here &amp; now"),
                Piece::Tag("</g>"),
                Piece::Tag(r#"<x id="2"/>"#),
                Piece::Text(" a < b"),
            ]
        );
    }

    /// A text run may start with a character of several bytes (WPML's `&nbsp;` decoded to
    /// U+00A0): the split must fall on character boundaries.
    #[test]
    fn text_starting_with_a_multi_byte_character() {
        let parts: Vec<Piece> =
            pieces("\u{a0}Preis<g id=\"1\">\u{a0}€ 5</g>é<x id=\"2\"/>\u{a0}< ☺").collect();
        assert_eq!(
            parts,
            vec![
                Piece::Text("\u{a0}Preis"),
                Piece::Tag(r#"<g id="1">"#),
                Piece::Text("\u{a0}€ 5"),
                Piece::Tag("</g>"),
                Piece::Text("é"),
                Piece::Tag(r#"<x id="2"/>"#),
                Piece::Text("\u{a0}< ☺"),
            ]
        );
        assert_eq!(map_text("\u{a0}x", str::to_uppercase), "\u{a0}X");
    }

    #[test]
    fn map_text_leaves_tags_alone() {
        let out = map_text(r#"ab<g id="1">cd</g>"#, |t| t.to_uppercase());
        assert_eq!(out, r#"AB<g id="1">CD</g>"#);
    }

    #[test]
    fn entities_are_units() {
        let units: Vec<TextUnit> = text_units("a&amp;b & c").collect();
        assert_eq!(
            units,
            vec![
                TextUnit::Char('a'),
                TextUnit::Entity("&amp;"),
                TextUnit::Char('b'),
                TextUnit::Char(' '),
                TextUnit::Char('&'),
                TextUnit::Char(' '),
                TextUnit::Char('c'),
            ]
        );
    }

    /// Every unit of every file of the shared XLIFF corpus, as the engine sends it (with its
    /// file's shortcodes, the server keeps them with the job): splitting,
    /// pseudo-translating, the fakes' translation and reading HTML answers never panic, and the
    /// placeholders come back exactly (the source's markup is restored from them).
    #[test]
    #[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
    fn every_corpus_unit_survives_pseudo_translation_and_fragment_handling() {
        use wordmark_core::segment::Segment;
        use wordmark_core::xliff;

        let mut units = 0;
        for path in corpus::xliff_files() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let Ok(document) = xliff::parse(&name, &std::fs::read(&path).unwrap()) else {
                assert!(name.contains("MALFORMED"), "{name} does not parse");
                continue;
            };
            let shortcodes: Vec<_> = document.files.iter().map(|f| f.shortcodes()).collect();
            for unit in &document.units {
                let source =
                    Segment::parse_with(&unit.source, unit.markup, &shortcodes[unit.file_index]);
                let fragment = source.to_mt_xml(unit.markup);
                let joined: String = pieces(&fragment)
                    .map(|piece| match piece {
                        Piece::Tag(tag) | Piece::Text(tag) => tag,
                    })
                    .collect();
                assert_eq!(joined, fragment, "{name} {}", unit.key);
                for answer in [
                    crate::pseudo_translate(&fragment),
                    crate::fake::fake_translate(&fragment, "DE"),
                    html_to_xml(&crate::pseudo_translate(&fragment)),
                ] {
                    let back = Segment::from_mt_xml(&answer, &source, unit.markup)
                        .unwrap_or_else(|e| panic!("{name} {}: {e}\n{answer}", unit.key));
                    assert_eq!(
                        back.tags().collect::<Vec<_>>(),
                        source.tags().collect::<Vec<_>>(),
                        "{name} {}",
                        unit.key
                    );
                }
                units += 1;
            }
        }
        assert!(units > 300, "only {units} units in the corpus");
    }

    #[test]
    fn html_entities_become_xml() {
        assert_eq!(
            html_to_xml(
                r#"l&#39;eau &quot;x&quot;&nbsp;<g id="1">a &amp; b &lt;c&gt;</g> &#x26; &bogus;"#
            ),
            "l'eau \"x\"\u{a0}<g id=\"1\">a &amp; b &lt;c&gt;</g> &amp; &bogus;"
        );
    }
}
