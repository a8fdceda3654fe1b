//! Converting between a source/target element's content as written and its display form
//! (the rule is in the module documentation of [`super`]).

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::segment::{Markup, Segment, escape_text};

/// The display form of content written as `raw` (the bytes between the element's tags).
pub(super) fn display(raw: &str, markup: Markup) -> String {
    match markup {
        Markup::Xliff => raw.to_owned(),
        // WPML's usual content: one CDATA section, whose body is the display form as it is.
        Markup::Html if let Some(body) = single_cdata(raw) => body.to_owned(),
        // Character data only: a segment of it has no tags, so its plain text is exactly the
        // character data with CDATA unwrapped and references resolved.
        Markup::Html => Segment::parse(raw, Markup::Xliff).plain_text(Markup::Xliff),
    }
}

/// The body of content that is exactly one CDATA section (`<![CDATA[…]]>`, nothing around).
fn single_cdata(raw: &str) -> Option<&str> {
    let body = raw.strip_prefix("<![CDATA[")?.strip_suffix("]]>")?;
    (!body.contains("]]>")).then_some(body)
}

/// How display-form `content` is written between a target's tags. `cdata` asks for HTML in
/// CDATA (as WPML writes it); `dtd` says the file has a DOCTYPE, which may define entities
/// beyond XML's five. Fails, with the reason, when the result would not be XML.
pub(super) fn encode(
    content: &str,
    markup: Markup,
    cdata: bool,
    dtd: bool,
) -> Result<String, String> {
    if let Some(c) = content.chars().find(|&c| !is_xml_char(c)) {
        return Err(format!(
            "the character U+{:04X} is not allowed in XML",
            u32::from(c)
        ));
    }
    match markup {
        Markup::Html if cdata => Ok(format!(
            "<![CDATA[{}]]>",
            content.replace("]]>", "]]]]><![CDATA[>")
        )),
        Markup::Html => Ok(escape_text(content).into_owned()),
        Markup::Xliff => check_fragment(content, dtd).map(|()| content.to_owned()),
    }
}

/// XML 1.0's `Char` production.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Checks that `fragment` is well-formed element content: balanced tags, well-formed
/// attributes, valid character references, and only predefined entities unless `dtd`.
fn check_fragment(fragment: &str, dtd: bool) -> Result<(), String> {
    let mut reader = Reader::from_str(fragment);
    let mut depth = 0usize;
    loop {
        match reader.read_event().map_err(|e| e.to_string())? {
            Event::Start(e) => {
                check_attributes(&e)?;
                depth += 1;
            }
            Event::Empty(e) => check_attributes(&e)?,
            Event::End(_) => depth -= 1, // quick-xml refuses an end tag without its start
            Event::GeneralRef(reference) => {
                let known = if reference.is_char_ref() {
                    matches!(reference.resolve_char_ref(), Ok(Some(_)))
                } else {
                    dtd || matches!(&*reference, "lt" | "gt" | "amp" | "quot" | "apos")
                };
                if !known {
                    return Err(format!("unknown reference &{};", &*reference));
                }
            }
            Event::Text(_) | Event::CData(_) | Event::Comment(_) | Event::PI(_) => {}
            Event::Decl(_) | Event::DocType(_) => return Err("a declaration inside content".into()),
            Event::Eof if depth == 0 => return Ok(()),
            Event::Eof => return Err("an element is not closed".into()),
        }
    }
}

fn check_attributes(e: &quick_xml::events::BytesStart<'_>) -> Result<(), String> {
    for attr in e.attributes() {
        let attr = attr.map_err(|err| err.to_string())?;
        attr.normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|err| err.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_unwraps_cdata_and_resolves_references() {
        assert_eq!(
            display("<![CDATA[<p>a &amp; b</p>]]>", Markup::Html),
            "<p>a &amp; b</p>"
        );
        assert_eq!(
            display("&lt;p&gt;a &amp;amp; b&#33;", Markup::Html),
            "<p>a &amp; b!"
        );
        // Split sections (how `]]>` is written) and text around a section take the long way.
        assert_eq!(
            display("<![CDATA[a]]]]><![CDATA[>b]]]>", Markup::Html),
            "a]]>b]"
        );
        assert_eq!(
            display(" <![CDATA[<b>x</b>]]> &amp;", Markup::Html),
            " <b>x</b> &"
        );
        assert_eq!(
            display(r#"a <g id="1">b</g>"#, Markup::Xliff),
            r#"a <g id="1">b</g>"#
        );
    }

    #[test]
    fn html_goes_into_cdata_or_escaped() {
        assert_eq!(
            encode("<p>a &amp; b</p>", Markup::Html, true, false).unwrap(),
            "<![CDATA[<p>a &amp; b</p>]]>"
        );
        assert_eq!(
            encode("a]]>b]", Markup::Html, true, false).unwrap(),
            "<![CDATA[a]]]]><![CDATA[>b]]]>"
        );
        assert_eq!(
            encode("<p>a & b</p>", Markup::Html, false, false).unwrap(),
            "&lt;p&gt;a &amp; b&lt;/p&gt;"
        );
    }

    #[test]
    fn xliff_content_must_be_well_formed() {
        assert!(
            encode(
                r#"a <g id="1">b</g><x id="2"/> &amp; &#233;"#,
                Markup::Xliff,
                false,
                false
            )
            .is_ok()
        );
        assert!(
            encode("&co; &nbsp;", Markup::Xliff, false, true).is_ok(),
            "a DTD may define them"
        );
        for bad in [
            r#"<g id="1">b"#,
            "b</g>",
            "a & b",
            "&nbsp;",
            r#"<x id="1/>"#,
            "<x id='1' id='2'/>",
        ] {
            assert!(encode(bad, Markup::Xliff, false, false).is_err(), "{bad}");
        }
    }

    #[test]
    fn control_characters_are_refused() {
        assert!(
            encode("a\u{1}b", Markup::Html, true, false)
                .unwrap_err()
                .contains("U+0001")
        );
        assert!(encode("a\u{FFFF}", Markup::Xliff, false, false).is_err());
    }
}
