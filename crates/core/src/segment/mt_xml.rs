//! The XML an MT provider sees in tag mode (`<g id="N">…</g>`, `<x id="N"/>`), and reading its
//! answer back into a segment.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::{Markup, MarkupError, Part, Segment, Tag, TagKind, decode_text, entities, escape_text};

impl Segment {
    /// Well-formed XML for an MT provider in XML tag mode: text XML-escaped (HTML entities
    /// decoded to characters first), paired tags as `<g id="N">…</g>`, others as `<x id="N"/>`.
    pub fn to_mt_xml(&self, markup: Markup) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(&escape_text(&decode_text(text, markup))),
                Part::Tag(tag) => {
                    let id = tag.id;
                    match tag.kind {
                        TagKind::Open => out.push_str(&format!("<g id=\"{id}\">")),
                        TagKind::Close => out.push_str("</g>"),
                        TagKind::Standalone => out.push_str(&format!("<x id=\"{id}\"/>")),
                    }
                }
            }
        }
        out
    }

    /// Reads a provider's answer to [`Segment::to_mt_xml`] back, restoring each tag's original
    /// markup from `source` by id. Fails when tags were lost, added, duplicated or misnested,
    /// so a damaged answer never becomes a target.
    pub fn from_mt_xml(
        xml: &str,
        source: &Segment,
        markup: Markup,
    ) -> Result<Segment, MarkupError> {
        read(xml, source, markup)
    }
}

/// The source's tags by id, with whether the answer has used them yet.
#[derive(Default)]
struct Slot<'s> {
    open: Option<&'s Tag>,
    close: Option<&'s Tag>,
    standalone: Option<&'s Tag>,
    used: bool,
}

enum Frame {
    Pair(u32),
    Placeholder,
}

fn read(xml: &str, source: &Segment, markup: Markup) -> Result<Segment, MarkupError> {
    let mut slots: HashMap<u32, Slot> = HashMap::new();
    for tag in source.tags() {
        let slot = slots.entry(tag.id).or_default();
        match tag.kind {
            TagKind::Open => slot.open = Some(tag),
            TagKind::Close => slot.close = Some(tag),
            TagKind::Standalone => slot.standalone = Some(tag),
        }
    }
    let mut out = Segment::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut forms = Forms::of(source, markup);
    // The answer's characters since the last tag, written out when the text ends (so
    // that whether a bare `&` stays bare can look at what follows it).
    let mut text = String::new();
    let mut reader = Reader::from_str(xml);
    loop {
        let event = reader
            .read_event()
            .map_err(|e| MarkupError::Malformed(e.to_string()))?;
        if !matches!(
            event,
            Event::Text(_) | Event::CData(_) | Event::GeneralRef(_) | Event::Comment(_)
        ) {
            forms.write(&text, &mut out);
            text.clear();
        }
        match event {
            Event::Start(e) if e.name().as_ref() == "g" => {
                let id = id_of(&e)?;
                let open = use_slot(&mut slots, id, |s| s.open.zip(s.close).map(|(o, _)| o))?;
                out.push_tag(open);
                stack.push(Frame::Pair(id));
            }
            Event::Empty(e) if e.name().as_ref() == "g" => {
                let id = id_of(&e)?;
                let open = use_slot(&mut slots, id, |s| s.open.zip(s.close).map(|(o, _)| o))?;
                out.push_tag(open);
                out.push_tag(slots[&id].close.expect("a pair has a close"));
            }
            Event::End(e) if e.name().as_ref() == "g" => match stack.pop() {
                Some(Frame::Pair(id)) => {
                    out.push_tag(slots[&id].close.expect("a pair has a close"))
                }
                _ => return Err(MarkupError::Malformed("unexpected </g>".into())),
            },
            // Some providers answer `<x id="1"></x>` for `<x id="1"/>`.
            Event::Start(e) if e.name().as_ref() == "x" => {
                out.push_tag(use_slot(&mut slots, id_of(&e)?, |s| s.standalone)?);
                stack.push(Frame::Placeholder);
            }
            Event::Empty(e) if e.name().as_ref() == "x" => {
                out.push_tag(use_slot(&mut slots, id_of(&e)?, |s| s.standalone)?);
            }
            Event::End(e) if e.name().as_ref() == "x" => match stack.pop() {
                Some(Frame::Placeholder) => {}
                _ => return Err(MarkupError::Malformed("unexpected </x>".into())),
            },
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_owned();
                return Err(MarkupError::Added(format!("<{name}>")));
            }
            Event::End(e) => {
                let name = e.name().as_ref().to_owned();
                return Err(MarkupError::Malformed(format!("unexpected </{name}>")));
            }
            Event::Text(chars) => text.push_str(&chars.into_inner()),
            Event::CData(chars) => text.push_str(&chars.into_inner()),
            Event::GeneralRef(reference) => {
                let decoded = if reference.is_char_ref() {
                    reference.resolve_char_ref().ok().flatten()
                } else if markup == Markup::Html {
                    // Not XML, but a provider that answers `&nbsp;` means the HTML entity.
                    entities::html_named(&reference)
                } else {
                    entities::xml_named(&reference)
                };
                match decoded {
                    Some(c) => text.push(c),
                    None if markup == Markup::Html && !reference.is_char_ref() => {
                        forms.write(&text, &mut out);
                        text.clear();
                        out.push_text(&format!("&{};", &*reference));
                    }
                    None => {
                        return Err(MarkupError::Malformed(format!(
                            "unknown reference &{};",
                            &*reference
                        )));
                    }
                }
            }
            Event::Comment(_) => {}
            Event::Eof => break,
            other => return Err(MarkupError::Malformed(format!("unexpected {other:?}"))),
        }
    }
    if !stack.is_empty() {
        return Err(MarkupError::Malformed("an element is not closed".into()));
    }
    if let Some(missing) = source.tags().find(|t| !slots[&t.id].used) {
        return Err(MarkupError::Missing(missing.raw.clone()));
    }
    Ok(out)
}

/// How the source writes each of its characters, so that the translation writes a
/// character it keeps the same way: `&ndash;` stays `&ndash;` (not `–`), `&nbsp;` stays
/// `&nbsp;`, a bare `&` in HTML stays bare, `&#233;` stays `&#233;`. The n-th occurrence
/// of a character in the translation takes the form of its n-th occurrence in the source
/// (the last one's when the translation has more), so text the translation leaves alone
/// comes back byte for byte. Characters the source does not have are written as usual:
/// as themselves, `&`, `<`, `>` escaped.
pub(super) struct Forms<'s> {
    markup: Markup,
    /// Per character, how each occurrence is written: `Some(reference)`, `Some` of the
    /// bare character (`&`, `<`, `>` unescaped), or `None` (written the usual way).
    written: HashMap<char, Vec<Option<&'s str>>>,
    /// Per character, how many occurrences the translation has written.
    used: HashMap<char, usize>,
}

impl<'s> Forms<'s> {
    pub(super) fn of(source: &'s Segment, markup: Markup) -> Self {
        let mut forms = Forms {
            markup,
            written: HashMap::new(),
            used: HashMap::new(),
        };
        let texts = || {
            source.parts.iter().filter_map(|part| match part {
                Part::Text(text) => Some(text.as_str()),
                Part::Tag(_) => None,
            })
        };
        // Text without references or bare markup characters is written the usual way.
        if !texts().any(|text| text.contains(['&', '<', '>'])) {
            return forms;
        }
        for text in texts() {
            forms.read(text);
        }
        forms
    }

    fn read(&mut self, mut rest: &'s str) {
        let named = match self.markup {
            Markup::Html => entities::html_named,
            Markup::Xliff => entities::xml_named,
        };
        while let Some(c) = rest.chars().next() {
            if self.markup == Markup::Xliff
                && let Some(body) = rest.strip_prefix("<![CDATA[")
            {
                // Character data written as is: its characters take the usual form.
                let end = body.find("]]>").unwrap_or(body.len());
                for c in body[..end].chars() {
                    self.written.entry(c).or_default().push(None);
                }
                rest = body.get(end + 3..).unwrap_or("");
                continue;
            }
            let (form, len) = match c {
                '&' => match entities::reference(rest, named) {
                    Some((decoded, len)) => {
                        self.written
                            .entry(decoded)
                            .or_default()
                            .push(Some(&rest[..len]));
                        rest = &rest[len..];
                        continue;
                    }
                    None => (Some(&rest[..1]), 1),
                },
                '<' | '>' => (Some(&rest[..1]), 1),
                c => (None, c.len_utf8()),
            };
            self.written.entry(c).or_default().push(form);
            rest = &rest[len..];
        }
    }

    /// Appends the characters `text` to `out` as the source writes them.
    pub(super) fn write(&mut self, text: &str, out: &mut Segment) {
        if text.is_empty() {
            return;
        }
        if self.written.is_empty() {
            out.push_text(&escape_text(text));
            return;
        }
        let mut encoded = String::with_capacity(text.len() + 8);
        for (at, c) in text.char_indices() {
            let form = self.written.get(&c).and_then(|forms| {
                let used = self.used.entry(c).or_default();
                *used += 1;
                forms.get(*used - 1).or(forms.last()).copied().flatten()
            });
            match form {
                Some(reference) if reference.len() > 1 => encoded.push_str(reference),
                Some(_) if self.bare_is_safe(c, &text[at + c.len_utf8()..], &encoded) => {
                    encoded.push(c)
                }
                _ => encoded.push_str(&escape_text(c.encode_utf8(&mut [0; 4]))),
            }
        }
        out.push_text(&encoded);
    }

    /// Whether `c` (`&`, `<` or `>`), unescaped between `before` and `after`, still reads
    /// as that character: it must not start a reference or a tag, nor end a CDATA section.
    fn bare_is_safe(&self, c: char, after: &str, before: &str) -> bool {
        match (c, self.markup) {
            ('&', Markup::Html) => {
                let name_len = after.bytes().take_while(u8::is_ascii_alphanumeric).count();
                // Browsers also read some names without `;` (`&copy 2020`).
                let legacy = name_len > 0 && entities::html_named(&after[..name_len]).is_some();
                !legacy
                    && !after.starts_with('#')
                    && entities::reference(&format!("&{after}"), entities::html_named).is_none()
            }
            // In XML a bare `&` is a reference: only one a DTD defines was kept bare.
            ('&', Markup::Xliff) => {
                let name_len = after
                    .bytes()
                    .take_while(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                    .count();
                name_len > 0
                    && after.as_bytes()[0].is_ascii_alphabetic()
                    && after.as_bytes().get(name_len) == Some(&b';')
            }
            ('<', Markup::Html) => !after
                .chars()
                .next()
                .is_some_and(|next| next.is_ascii_alphabetic() || matches!(next, '/' | '!' | '?')),
            ('<', Markup::Xliff) => false,
            ('>', _) => !before.ends_with("]]"),
            _ => false,
        }
    }
}

fn id_of(e: &BytesStart<'_>) -> Result<u32, MarkupError> {
    let name = e.name().as_ref().to_owned();
    let attr = e
        .try_get_attribute("id")
        .map_err(|err| MarkupError::Malformed(err.to_string()))?
        .ok_or_else(|| MarkupError::Malformed(format!("<{name}> without id")))?;
    let value = attr
        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
        .map_err(|err| MarkupError::Malformed(err.to_string()))?;
    value
        .trim()
        .parse()
        .map_err(|_| MarkupError::Added(format!("<{name} id=\"{value}\">")))
}

/// Takes the source tag `pick` finds in `id`'s slot, once.
fn use_slot<'s>(
    slots: &mut HashMap<u32, Slot<'s>>,
    id: u32,
    pick: impl Fn(&Slot<'s>) -> Option<&'s Tag>,
) -> Result<&'s Tag, MarkupError> {
    let Some(slot) = slots.get_mut(&id) else {
        return Err(MarkupError::Added(format!("#{id}")));
    };
    let Some(tag) = pick(slot) else {
        let any = slot.open.or(slot.standalone).expect("a slot holds a tag");
        return Err(MarkupError::Misplaced(any.raw.clone()));
    };
    if slot.used {
        return Err(MarkupError::Added(tag.raw.clone()));
    }
    slot.used = true;
    Ok(tag)
}

#[cfg(test)]
mod tests {
    use crate::segment::{Markup, MarkupError, Segment};

    #[test]
    fn mt_xml_keeps_the_source_form_of_characters_it_keeps() {
        let source = Segment::parse(
            "<b>A&nbsp;&ndash; B</b> & C &amp; D &#8217;x &lt; 3 < 4",
            Markup::Html,
        );
        let xml = source.to_mt_xml(Markup::Html);
        assert_eq!(
            Segment::from_mt_xml(&xml, &source, Markup::Html)
                .unwrap()
                .to_content(),
            source.to_content(),
            "an unchanged text comes back byte for byte"
        );
        // Translated around the kept characters: each keeps its source form, in order.
        let answer = "<g id=\"1\">Z\u{a0}– Y</g> &amp; W &amp; V ’ &lt; 3 &lt; 4 – &amp;";
        assert_eq!(
            Segment::from_mt_xml(answer, &source, Markup::Html)
                .unwrap()
                .to_content(),
            "<b>Z&nbsp;&ndash; Y</b> & W &amp; V &#8217; &lt; 3 < 4 &ndash; &amp;"
        );
        // A bare `&` or `<` stays bare only where it cannot start a reference or a tag.
        let bare = Segment::parse("Q&A, 1 < 2", Markup::Html);
        assert_eq!(
            Segment::from_mt_xml(
                "&amp;copy 2 &amp;amp; &lt;b &amp;#38; &lt;3",
                &bare,
                Markup::Html
            )
            .unwrap()
            .to_content(),
            "&amp;copy 2 &amp;amp; &lt;b &amp;#38; <3"
        );
        // XLIFF content: references kept, never a bare `&` or `<`.
        let xliff = Segment::parse(r#"a &#233;t&apos;&gt; <x id="1"/>"#, Markup::Xliff);
        assert_eq!(
            Segment::from_mt_xml(r#"é'&gt; <x id="1"/> &amp; &lt;"#, &xliff, Markup::Xliff)
                .unwrap()
                .to_content(),
            r#"&#233;&apos;&gt; <x id="1"/> &amp; &lt;"#
        );
    }

    #[test]
    fn mt_xml_round_trip_restores_raws() {
        let source = Segment::parse(
            r#"<p>Hello <a href="/x">big</a> world<br/> [gallery ids="1,2"]</p>"#,
            Markup::Html,
        );
        let xml = source.to_mt_xml(Markup::Html);
        assert_eq!(
            xml,
            r#"<g id="1">Hello <g id="2">big</g> world<x id="3"/> <x id="4"/></g>"#
        );
        let answer = r#"<g id="1">Hallo <x id="4"/> <g id="2">große</g> Welt &amp; &lt;mehr&gt;<x id="3"/></g>"#;
        let target = Segment::from_mt_xml(answer, &source, Markup::Html).unwrap();
        assert_eq!(
            target.to_content(),
            r#"<p>Hallo [gallery ids="1,2"] <a href="/x">große</a> Welt &amp; &lt;mehr&gt;<br/></p>"#
        );
        assert_eq!(
            source.check_markup(&Segment::parse(&target.to_content(), Markup::Html)),
            Ok(())
        );
    }

    #[test]
    fn mt_xml_decodes_html_entities_and_keeps_unknown_html_ones() {
        let source = Segment::parse("a&nbsp;&amp;&rsquo;b", Markup::Html);
        assert_eq!(source.to_mt_xml(Markup::Html), "a\u{a0}&amp;’b");
        let target = Segment::from_mt_xml("x&nbsp;&#39;y&amp;", &source, Markup::Html).unwrap();
        assert_eq!(target.to_content(), "x&nbsp;'y&amp;");
        assert!(matches!(
            Segment::from_mt_xml("x&nbsp;", &source, Markup::Xliff),
            Err(MarkupError::Malformed(_))
        ));
    }

    #[test]
    fn mt_xml_accepts_equivalent_forms() {
        let source = Segment::parse("<b></b><br>", Markup::Html);
        let target =
            Segment::from_mt_xml(r#"<g id="1"/><x id="2"></x>"#, &source, Markup::Html).unwrap();
        assert_eq!(target.to_content(), "<b></b><br>");
    }

    #[test]
    fn mt_xml_rejects_damaged_answers() {
        let source = Segment::parse("<b>bold</b> and<br>", Markup::Html);
        let cases = [
            (
                r#"<g id="1">fett</g> und"#,
                MarkupError::Missing("<br>".into()),
            ),
            (
                r#"<g id="1">fett</g> und<x id="2"/><x id="2"/>"#,
                MarkupError::Added("<br>".into()),
            ),
            (
                r#"<g id="1">fett</g> und<x id="2"/><x id="9"/>"#,
                MarkupError::Added("#9".into()),
            ),
            (
                r#"<x id="1"/> und<x id="2"/>"#,
                MarkupError::Misplaced("<b>".into()),
            ),
            (
                r#"<g id="1">fett</g> <b>und</b><x id="2"/>"#,
                MarkupError::Added("<b>".into()),
            ),
        ];
        for (answer, expected) in cases {
            assert_eq!(
                Segment::from_mt_xml(answer, &source, Markup::Html),
                Err(expected),
                "{answer}"
            );
        }
        for malformed in [
            r#"<g id="1">fett und<x id="2"/>"#,
            r#"<g id="1">fett</x>"#,
            "a & b",
            r#"<g>x</g>"#,
        ] {
            assert!(
                matches!(
                    Segment::from_mt_xml(malformed, &source, Markup::Html),
                    Err(MarkupError::Malformed(_))
                ),
                "{malformed}"
            );
        }
    }

    #[test]
    fn mt_xml_for_xliff_restores_native_code() {
        let source = Segment::parse(
            r#"Press <ph id="1">&lt;b&gt;</ph>OK<g id="2">now</g>"#,
            Markup::Xliff,
        );
        let xml = source.to_mt_xml(Markup::Xliff);
        assert_eq!(xml, r#"Press <x id="1"/>OK<g id="2">now</g>"#);
        let target = Segment::from_mt_xml(
            r#"<g id="2">Jetzt</g> &lt;OK&gt; drücken<x id="1"/>"#,
            &source,
            Markup::Xliff,
        )
        .unwrap();
        assert_eq!(
            target.to_content(),
            r#"<g id="2">Jetzt</g> &lt;OK&gt; drücken<ph id="1">&lt;b&gt;</ph>"#
        );
    }

    /// Random content built from fragments that stress the scanners: every input must
    /// survive parse → to_content unchanged, and to_mt_xml must always be well-formed.
    #[test]
    fn any_content_round_trips_and_gives_well_formed_mt_xml() {
        const FRAGMENTS: &[&str] = &[
            "<",
            ">",
            "[",
            "]",
            "/",
            "\"",
            "'",
            "=",
            " ",
            "\n",
            "&",
            ";",
            "&amp;",
            "&nbsp;",
            "&#8217;",
            "&#xZZ;",
            "a",
            "é",
            "😀",
            "<b>",
            "</b>",
            "<br/>",
            "<a href=\"x>y\">",
            "</a>",
            "<!--",
            "-->",
            "[caption id=1]",
            "[/caption]",
            "[1]",
            "<g id=\"1\">",
            "</g>",
            "<x id=\"2\"/>",
            "<ph>",
            "</ph>",
            "<![CDATA[",
            "]]>",
            "<?pi ",
            "?>",
            "<p",
            "</",
            "[/",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..5000 {
            let len = (next() % 24) as usize;
            let content: String = (0..len)
                .map(|_| FRAGMENTS[(next() % FRAGMENTS.len() as u64) as usize])
                .collect();
            for markup in [Markup::Html, Markup::Xliff] {
                let segment = Segment::parse(&content, markup);
                assert_eq!(segment.to_content(), content, "{markup:?}");
                let xml = segment.to_mt_xml(markup);
                let back = Segment::from_mt_xml(&xml, &segment, markup)
                    .unwrap_or_else(|e| panic!("{markup:?} {content:?} → {xml:?}: {e}"));
                assert_eq!(
                    back.tags().collect::<Vec<_>>(),
                    segment.tags().collect::<Vec<_>>()
                );
                assert_eq!(
                    back.plain_text(markup),
                    segment.plain_text(markup),
                    "{content:?}"
                );
            }
        }
    }
}
