//! A start tag's attributes: read in one quick pass where they are usual, by quick-xml's
//! checked parser otherwise, and looked up by name.

use std::borrow::Cow;

use quick_xml::XmlVersion;
use quick_xml::events::BytesStart;
use quick_xml::events::attributes::{AttrError, Attribute};
use quick_xml::name::QName;
use quick_xml::utils::is_whitespace;

/// A tag's attributes up to the first malformed or repeated one, and the error there.
pub(super) fn parse_attributes<'e>(
    e: &'e BytesStart<'e>,
) -> (Vec<Attribute<'e>>, Option<AttrError>) {
    if let Some(attributes) = scan_attributes(e.attributes_raw()) {
        return (attributes, None);
    }
    let mut attributes = Vec::new();
    for attr in e.attributes() {
        match attr {
            Ok(attr) => attributes.push(attr),
            Err(err) => return (attributes, Some(err)),
        }
    }
    (attributes, None)
}

/// The attributes of a usual tag, read as quick-xml's parser reads them but in one quick
/// pass (cheaper than that general parser and its check for repeated names): a few
/// `name="value"` (or `'value'`) pairs, each after whitespace, with distinct ASCII names.
/// `None` for anything else, which quick-xml's parser then reads, so that it reports any
/// problem in its own words.
fn scan_attributes(raw: &str) -> Option<Vec<Attribute<'_>>> {
    // Each name is compared with those before it; for many names, quick-xml's hashing is
    // cheaper.
    const FEW: usize = 16;
    let bytes = raw.as_bytes();
    let mut attributes: Vec<Attribute<'_>> = Vec::new();
    let mut at = 0;
    loop {
        let name_start = run_end(bytes, at, is_whitespace);
        if name_start == bytes.len() {
            return Some(attributes);
        }
        let name_end = run_end(bytes, name_start, is_name_byte);
        let name = &raw[name_start..name_end];
        let (Some(b'='), Some(&quote @ (b'"' | b'\''))) =
            (bytes.get(name_end), bytes.get(name_end + 1))
        else {
            return None;
        };
        let value_start = name_end + 2;
        let value_end = value_start + bytes[value_start..].iter().position(|&b| b == quote)?;
        let usual = name_start > at
            && !name.is_empty()
            && attributes.len() < FEW
            && attributes.iter().all(|attr| attr.key.as_ref() != name);
        if !usual {
            return None;
        }
        attributes.push(Attribute {
            key: QName(name),
            value: Cow::Borrowed(&raw[value_start..value_end]),
        });
        at = value_end + 1;
    }
}

/// Where the run of bytes from `at` that are `in_run` ends.
fn run_end(bytes: &[u8], at: usize, in_run: impl Fn(u8) -> bool) -> usize {
    at + bytes[at..].iter().take_while(|&&b| in_run(b)).count()
}

/// The bytes of the names [`scan_attributes`] takes: ASCII letters and digits, `_ - . :`.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':')
}

/// `xmlns` or `xmlns:…`, which the namespace resolver takes.
pub(super) fn is_declaration(attr: &Attribute<'_>) -> bool {
    attr.key.as_namespace_binding().is_some()
}

/// A start tag whose attributes [`Reading::start_tag`] has found well-formed (so they are
/// unique): its name, split once, and its attributes.
pub(super) struct Tag<'e> {
    pub(super) name: QName<'e>,
    pub(super) local: &'e str,
    pub(super) prefix: Option<&'e str>,
    pub(super) attributes: Vec<Attribute<'e>>,
}

impl Tag<'_> {
    /// An attribute's value with references resolved; `None` when absent (or not
    /// decodable, which `check_attribute` has already refused when it matters).
    pub(super) fn attribute(&self, name: &str) -> Option<String> {
        let attr = self
            .attributes
            .iter()
            .find(|attr| attr.key.as_ref() == name)?;
        // Normalising changes only references, tabs and line breaks; most values have none.
        let normal = |b: u8| !matches!(b, b'&' | b'\t' | b'\r' | b'\n');
        if attr.value.bytes().all(normal) {
            return Some(attr.value.to_string());
        }
        attr.normalized_value(XmlVersion::Implicit1_0)
            .ok()
            .map(Cow::into_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::{BytesStart, scan_attributes};

    /// The quick scan either declines or reads exactly what quick-xml's checked parser reads.
    #[test]
    fn the_attribute_scan_agrees_with_quick_xml_or_declines() {
        let tags = [
            r#"trans-unit resname="Text 1" restype="string" datatype="html" id="t-1""#,
            r#"file original='828-1f922c657c2cf1e8ac72404e6db78f5b' tool:sender-id="1""#,
            r#"x a="1" a="2""#,
            r#"x a="1"b="2""#,
            r#"x a = "1""#,
            r#"x a="x &amp; y" b="<""#,
            r#"x a="unterminated"#,
            r#"x a"#,
            r#"x é="1""#,
            "x a=\"1\"\tb=\"2\"",
        ];
        for tag in tags {
            let start = BytesStart::from_content(tag, 1);
            let Some(scanned) = scan_attributes(start.attributes_raw()) else {
                continue;
            };
            let checked: Vec<_> = start
                .attributes()
                .collect::<Result<_, _>>()
                .unwrap_or_else(|err| panic!("scanned {tag}, quick-xml refuses it: {err}"));
            assert_eq!(scanned, checked, "{tag}");
        }
        assert!(
            scan_attributes(r#" a="1" a="2""#).is_none(),
            "repeated names"
        );
        assert!(
            scan_attributes(r#" a="1"b="2""#).is_none(),
            "no space between"
        );
        assert_eq!(scan_attributes(" ").map(|a| a.len()), Some(0));
    }
}
