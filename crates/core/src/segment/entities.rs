//! Text and characters: entity references (`&name;`, `&#NN;`, `&#xHH;`) decoded, CDATA
//! sections unwrapped, and characters escaped for XML.

use std::borrow::Cow;

use super::Markup;

/// Escapes text for XML character data (and for HTML text, where the same three suffice).
pub fn escape_text(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The characters a text part stands for: HTML entity references decoded (unknown ones kept
/// as written), or for XLIFF the XML references decoded and CDATA sections unwrapped.
pub(crate) fn decode_text(text: &str, markup: Markup) -> Cow<'_, str> {
    match markup {
        Markup::Html => decode(text, html_named),
        Markup::Xliff if text.contains("<![CDATA[") => {
            let mut out = String::with_capacity(text.len());
            let mut rest = text;
            while let Some(start) = rest.find("<![CDATA[") {
                out.push_str(&decode(&rest[..start], xml_named));
                let body = &rest[start + 9..];
                let end = body.find("]]>").unwrap_or(body.len());
                out.push_str(&body[..end]);
                rest = body.get(end + 3..).unwrap_or("");
            }
            out.push_str(&decode(rest, xml_named));
            Cow::Owned(out)
        }
        Markup::Xliff => decode(text, xml_named),
    }
}

/// Decodes the references in `text` that `named` knows, and all valid character
/// references; anything else (unknown names, a bare `&`) stays as written.
pub(super) fn decode(text: &str, named: fn(&str) -> Option<char>) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        match reference(rest, named) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The reference `text` starts with (at its `&`): the character and the reference's
/// length in bytes; `None` when [`decode`] keeps the `&` as written.
pub(super) fn reference(text: &str, named: fn(&str) -> Option<char>) -> Option<(char, usize)> {
    let body = text.strip_prefix('&')?;
    let semi = body.find(';').filter(|&semi| semi > 0 && semi <= 32)?;
    resolve(&body[..semi], named).map(|c| (c, semi + 2))
}

fn resolve(name: &str, named: fn(&str) -> Option<char>) -> Option<char> {
    let Some(number) = name.strip_prefix('#') else {
        return named(name);
    };
    let code = match number.strip_prefix(['x', 'X']) {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => number.parse().ok()?,
    };
    char::from_u32(code).filter(|&c| c != '\0')
}

/// XML's five predefined entities.
pub(super) fn xml_named(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => return None,
    })
}

/// HTML's named references: XML's, all of Latin-1, and the typographic ones editors
/// produce (quotes, dashes, spaces, symbols).
pub(super) fn html_named(name: &str) -> Option<char> {
    if let Some(i) = LATIN1.iter().position(|&n| n == name) {
        return char::from_u32(0xA0 + i as u32);
    }
    xml_named(name).or_else(|| OTHERS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c))
}

/// Names of U+00A0..=U+00FF in order.
const LATIN1: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
    "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute",
    "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
    "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute",
    "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
    "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc",
    "uuml", "yacute", "thorn", "yuml",
];

const OTHERS: &[(&str, char)] = &[
    ("OElig", 'Œ'),
    ("oelig", 'œ'),
    ("Scaron", 'Š'),
    ("scaron", 'š'),
    ("Yuml", 'Ÿ'),
    ("fnof", 'ƒ'),
    ("circ", 'ˆ'),
    ("tilde", '˜'),
    ("ensp", '\u{2002}'),
    ("emsp", '\u{2003}'),
    ("thinsp", '\u{2009}'),
    ("zwnj", '\u{200C}'),
    ("zwj", '\u{200D}'),
    ("lrm", '\u{200E}'),
    ("rlm", '\u{200F}'),
    ("ndash", '–'),
    ("mdash", '—'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("sbquo", '‚'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("bdquo", '„'),
    ("dagger", '†'),
    ("Dagger", '‡'),
    ("bull", '•'),
    ("hellip", '…'),
    ("permil", '‰'),
    ("prime", '′'),
    ("Prime", '″'),
    ("lsaquo", '‹'),
    ("rsaquo", '›'),
    ("euro", '€'),
    ("trade", '™'),
    ("larr", '←'),
    ("uarr", '↑'),
    ("rarr", '→'),
    ("darr", '↓'),
    ("harr", '↔'),
    ("minus", '−'),
    ("le", '≤'),
    ("ge", '≥'),
    ("ne", '≠'),
    ("asymp", '≈'),
    ("infin", '∞'),
    ("check", '✓'),
];

#[cfg(test)]
mod tests {
    use crate::segment::{Markup, Part, Segment};

    #[test]
    fn html_entities_decode_in_plain_text_only() {
        let segment = Segment::parse(
            "Tom&nbsp;&amp; Jerry&rsquo;s &#8211; &#x263A; &bogus; & AT&T&hellip;",
            Markup::Html,
        );
        assert_eq!(
            segment.parts,
            vec![Part::Text(
                "Tom&nbsp;&amp; Jerry&rsquo;s &#8211; &#x263A; &bogus; & AT&T&hellip;".into()
            )]
        );
        assert_eq!(
            segment.plain_text(Markup::Html),
            "Tom\u{a0}& Jerry’s – ☺ &bogus; & AT&T…"
        );
    }
}
