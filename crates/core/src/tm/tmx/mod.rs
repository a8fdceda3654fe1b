//! TMX 1.4b, read and written.
//!
//! Reading takes what Trados, memoQ, Phrase, Okapi and Wordmark itself write: UTF-8 or UTF-16
//! (with its byte-order mark), any number of `<tuv>` variants per `<tu>` (`xml:lang`, or the
//! old `lang`), `<prop>`s of the unit and of each variant kept in order, and the inline elements
//! of a `<seg>`: `<bpt>`, `<ept>`, `<it>`, `<ph>` and `<ut>` carry the original code ("native
//! code", escaped), `<hi>` and `<sub>` carry text.
//!
//! How a `<seg>` becomes Wordmark content: when every inline element's native code is one
//! tag of the unit's markup (HTML unless the unit says `<prop type="x-wordmark-markup">xliff`),
//! the content is that markup with the native code as the tags, so `<bpt i="1">&lt;b&gt;</bpt>`
//! becomes `<b>`, exactly what a WPML segment holds. Otherwise (`{1}`, an empty `<ph/>`, RTF
//! codes) the content is XLIFF 1.2 inline elements, `<bpt id="1">{1}</bpt>`, which Wordmark
//! also reads as tags. Writing does the reverse: paired tags as `<bpt>`/`<ept>` with the same
//! `i`, others as `<ph>`, the original tag as native code; text with HTML entity references
//! written as characters (`&nbsp;` becomes U+00A0).
//!
//! A DTD is never loaded and no entity other than XML's five and character references is
//! accepted; a file that is not well-formed TMX is refused with its line and column.

use std::fmt::Write as _;

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use crate::lang;
use crate::segment::{Markup, Part, Segment, TagKind, escape_text};

/// The prop that keeps a unit's markup through a round trip.
pub const MARKUP_PROP: &str = "x-wordmark-markup";

/// A `<prop type="…">value</prop>`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Prop {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: String,
}

/// One language's text of a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// In WPML's form (`de`, `pt-br`), see [`lang::normalize`].
    pub lang: String,
    pub content: String,
    pub props: Vec<Prop>,
}

/// A `<tu>`: its variants share one markup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub tuid: Option<String>,
    /// The unit's own source language, when it names one (`<tu srclang>`).
    pub srclang: Option<String>,
    pub markup: Markup,
    pub props: Vec<Prop>,
    pub variants: Vec<Variant>,
}

/// A whole TMX document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tmx {
    /// The header's `srclang` (normalised); `*all*` when any variant may be the source.
    pub srclang: String,
    pub units: Vec<Unit>,
}

/// Why a TMX file was refused, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct TmxError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn text_of(bytes: &[u8]) -> Result<String, TmxError> {
    let decoded = match bytes {
        [0xFF, 0xFE, rest @ ..] => utf16(rest, u16::from_le_bytes),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, u16::from_be_bytes),
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8(rest.to_vec()).ok(),
        _ => String::from_utf8(bytes.to_vec()).ok(),
    };
    decoded.ok_or_else(|| TmxError {
        line: 1,
        column: 1,
        message: "the file is not UTF-8 or UTF-16 text".into(),
    })
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Option<String> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
}

/// An inline element being read inside a `<seg>`.
struct Inline {
    name: String,
    /// `i` (bpt/ept) or `x` (ph, it), for the XLIFF form.
    id: Option<String>,
    pos: Option<String>,
    native: String,
}

/// A `<seg>` as read: text and inline elements in order.
#[derive(Default)]
struct Seg {
    parts: Vec<SegPart>,
}

enum SegPart {
    Text(String),
    Inline(Inline),
}

#[derive(Default)]
struct State {
    srclang: Option<String>,
    units: Vec<Unit>,
    unit: Option<Unit>,
    /// The variants of `unit` with their `<seg>`s as read, turned into content at `</tu>`.
    segs: Vec<(Variant, Option<Seg>)>,
    /// `<prop>` being read: its type and text.
    prop: Option<Prop>,
    seg: Option<Seg>,
    inline: Option<Inline>,
    /// Depth of `<hi>`/`<sub>` inside the current inline element or seg.
    path: Vec<String>,
}

/// Reads a TMX document (see the module's documentation).
pub fn read(bytes: &[u8]) -> Result<Tmx, TmxError> {
    let text = text_of(bytes)?;
    let mut reader = Reader::from_str(&text);
    let mut state = State::default();
    let at = |offset: usize, message: String| {
        let before = &text.as_bytes()[..offset.min(text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = 1 + String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count();
        TmxError {
            line,
            column,
            message,
        }
    };
    let mut saw_root = false;
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| at(reader.error_position() as usize, e.to_string()))?;
        let result = match event {
            Event::Start(e) => {
                saw_root = true;
                state.start(&e)
            }
            Event::Empty(e) => {
                saw_root = true;
                state.start(&e).and_then(|()| state.end(&local(&e)))
            }
            Event::End(e) => state.end(e.local_name().as_ref()),
            Event::Text(t) => {
                state.text(&t.xml_content(XmlVersion::Implicit1_0));
                Ok(())
            }
            Event::CData(c) => {
                state.text(&c.into_inner());
                Ok(())
            }
            Event::GeneralRef(reference) => {
                if reference.is_char_ref() {
                    match reference.resolve_char_ref() {
                        Ok(Some(c)) => {
                            state.text(&c.to_string());
                            Ok(())
                        }
                        _ => Err(format!("invalid character reference &{};", &*reference)),
                    }
                } else {
                    let text = match &*reference {
                        "lt" => Ok("<"),
                        "gt" => Ok(">"),
                        "amp" => Ok("&"),
                        "quot" => Ok("\""),
                        "apos" => Ok("'"),
                        other => Err(format!("undefined entity &{other};")),
                    };
                    text.map(|text| state.text(text))
                }
            }
            Event::Decl(decl) => match decl.encoding() {
                Some(Ok(encoding))
                    if !matches!(
                        encoding.to_ascii_lowercase().as_str(),
                        "utf-8" | "utf8" | "utf-16" | "utf16" | "us-ascii" | "ascii"
                    ) =>
                {
                    Err(format!("the encoding {} is not supported", encoding))
                }
                _ => Ok(()),
            },
            Event::Comment(_) | Event::PI(_) | Event::DocType(_) => Ok(()),
            Event::Eof => break,
        };
        result.map_err(|message| at(before, message))?;
    }
    if !saw_root {
        return Err(at(text.len(), "the file holds no <tmx> element".into()));
    }
    let srclang = state
        .srclang
        .ok_or_else(|| at(0, "the <header> with its srclang is missing".into()))?;
    Ok(Tmx {
        srclang,
        units: state.units,
    })
}

fn local(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_owned()
}

fn attribute(e: &BytesStart<'_>, name: &str) -> Result<Option<String>, String> {
    for attr in e.attributes() {
        let attr = attr.map_err(|e| e.to_string())?;
        if attr.key.as_ref() == name {
            let value = attr
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| format!("attribute {name}: {e}"))?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

impl State {
    fn start(&mut self, e: &BytesStart<'_>) -> Result<(), String> {
        let name = local(e);
        if self.inline.is_some() {
            // `<sub>` inside native code: its text joins the code.
            self.path.push(name);
            return Ok(());
        }
        if self.seg.is_some() {
            match name.as_str() {
                "bpt" | "ept" | "it" | "ph" | "ut" => {
                    let id = match name.as_str() {
                        "bpt" | "ept" => attribute(e, "i")?,
                        _ => attribute(e, "x")?,
                    };
                    self.inline = Some(Inline {
                        name,
                        id,
                        pos: attribute(e, "pos")?,
                        native: String::new(),
                    });
                }
                "hi" | "sub" => self.path.push(name),
                other => return Err(format!("<{other}> is not allowed in a <seg>")),
            }
            return Ok(());
        }
        match name.as_str() {
            "tmx" | "body" => {}
            "header" => {
                let srclang =
                    attribute(e, "srclang")?.ok_or("the <header> has no srclang attribute")?;
                self.srclang = Some(normalize_lang(&srclang));
            }
            "tu" => {
                if self.srclang.is_none() {
                    return Err("a <tu> before the <header>".into());
                }
                self.unit = Some(Unit {
                    tuid: attribute(e, "tuid")?,
                    srclang: attribute(e, "srclang")?.map(|l| normalize_lang(&l)),
                    markup: Markup::Html,
                    props: Vec::new(),
                    variants: Vec::new(),
                });
            }
            "tuv" => {
                if self.unit.is_none() {
                    return Err("a <tuv> outside a <tu>".into());
                }
                let lang = match attribute(e, "xml:lang")? {
                    Some(lang) => lang,
                    None => attribute(e, "lang")?.ok_or("a <tuv> without xml:lang")?,
                };
                self.segs.push((
                    Variant {
                        lang: normalize_lang(&lang),
                        content: String::new(),
                        props: Vec::new(),
                    },
                    None,
                ));
            }
            "seg" => {
                if self.segs.is_empty() || self.segs.last().is_some_and(|(_, s)| s.is_some()) {
                    return Err("a <seg> outside a <tuv>, or a second one".into());
                }
                self.seg = Some(Seg::default());
            }
            "prop" => {
                let kind = attribute(e, "type")?.ok_or("a <prop> without type")?;
                self.prop = Some(Prop {
                    kind,
                    value: String::new(),
                });
            }
            // Notes and the header's user-defined encodings are not kept.
            "note" | "ude" | "map" => self.path.push(name),
            other => return Err(format!("unexpected element <{other}>")),
        }
        Ok(())
    }

    fn end(&mut self, name: &str) -> Result<(), String> {
        if !self.path.is_empty() {
            self.path.pop();
            return Ok(());
        }
        if let Some(inline) = self.inline.take() {
            if let Some(seg) = &mut self.seg {
                seg.parts.push(SegPart::Inline(inline));
            }
            return Ok(());
        }
        match name {
            "seg" => {
                let seg = self.seg.take().unwrap_or_default();
                if let Some(last) = self.segs.last_mut() {
                    last.1 = Some(seg);
                }
            }
            "prop" => {
                let Some(prop) = self.prop.take() else {
                    return Ok(());
                };
                // A prop in a `<tuv>` (after it opened, before its seg) belongs to the variant.
                match self.segs.last_mut() {
                    Some((variant, None)) => variant.props.push(prop),
                    // Header props (no unit open) are not kept.
                    _ => {
                        if let Some(unit) = &mut self.unit {
                            unit.props.push(prop);
                        }
                    }
                }
            }
            "tuv" if self.segs.last().is_some_and(|(_, seg)| seg.is_none()) => {
                return Err("a <tuv> without its <seg>".into());
            }
            "tu" => {
                let mut unit = self.unit.take().ok_or("</tu> without <tu>")?;
                if let Some(index) = unit.props.iter().position(|p| p.kind == MARKUP_PROP)
                    && unit.props.remove(index).value == "xliff"
                {
                    unit.markup = Markup::Xliff;
                }
                let segs = std::mem::take(&mut self.segs);
                if segs.is_empty() {
                    return Err("a <tu> without any <tuv>".into());
                }
                unit.markup =
                    common_markup(unit.markup, segs.iter().filter_map(|(_, s)| s.as_ref()));
                for (mut variant, seg) in segs {
                    variant.content = content(&seg.unwrap_or_default(), unit.markup);
                    unit.variants.push(variant);
                }
                self.units.push(unit);
            }
            _ => {}
        }
        Ok(())
    }

    fn text(&mut self, text: &str) {
        if let Some(inline) = &mut self.inline {
            inline.native.push_str(text);
        } else if let Some(seg) = &mut self.seg {
            match seg.parts.last_mut() {
                Some(SegPart::Text(last)) => last.push_str(text),
                _ => seg.parts.push(SegPart::Text(text.to_owned())),
            }
        } else if let Some(prop) = &mut self.prop {
            prop.value.push_str(text);
        }
    }
}

/// Regional codes WPML has languages for; any other region is dropped (`de-DE` → `de`), so
/// that another tool's memory meets WPML's jobs in the same pool.
const WPML_REGIONAL: [&str; 4] = ["pt-br", "pt-pt", "zh-hans", "zh-hant"];

/// A TMX language code in WPML's form (see [`WPML_REGIONAL`]; Chinese by script).
pub fn normalize_lang(code: &str) -> String {
    if code.eq_ignore_ascii_case("*all*") {
        return "*all*".into();
    }
    let code = lang::normalize(code);
    match code.as_str() {
        "zh-cn" | "zh-sg" => "zh-hans".into(),
        "zh-tw" | "zh-hk" | "zh-mo" => "zh-hant".into(),
        regional if WPML_REGIONAL.contains(&regional) => code,
        _ => code.split('-').next().unwrap_or_default().to_owned(),
    }
}

/// Whether a native code is exactly one tag of `markup`.
fn one_tag(native: &str, markup: Markup) -> bool {
    matches!(
        Segment::parse(native, markup).parts.as_slice(),
        [Part::Tag(_)]
    )
}

/// The unit's markup, or XLIFF inline elements when some native code is not one of its tags.
fn common_markup<'a>(markup: Markup, mut segs: impl Iterator<Item = &'a Seg>) -> Markup {
    let fits = segs.all(|seg| {
        seg.parts.iter().all(|part| match part {
            SegPart::Inline(inline) => one_tag(&inline.native, markup),
            SegPart::Text(_) => true,
        })
    });
    if fits { markup } else { Markup::Xliff }
}

fn content(seg: &Seg, markup: Markup) -> String {
    let mut out = String::new();
    for part in &seg.parts {
        match part {
            SegPart::Text(text) => out.push_str(&escape_text(text)),
            SegPart::Inline(inline) if one_tag(&inline.native, markup) => {
                out.push_str(&inline.native)
            }
            SegPart::Inline(inline) => {
                // XLIFF 1.2 names TMX's `i`/`x` `id`; `<ut>` has no XLIFF twin: a `<ph>`.
                let name = if inline.name == "ut" {
                    "ph"
                } else {
                    inline.name.as_str()
                };
                out.push('<');
                out.push_str(name);
                if let Some(id) = &inline.id {
                    let _ = write!(out, " id=\"{}\"", escape_attr(id));
                }
                if let Some(pos) = &inline.pos {
                    let _ = write!(out, " pos=\"{}\"", escape_attr(pos));
                }
                let _ = write!(out, ">{}</{name}>", escape_text(&inline.native));
            }
        }
    }
    out
}

fn escape_attr(value: &str) -> String {
    escape_xml(value).replace('"', "&quot;")
}

/// XML text that survives reading: a carriage return as a reference, since XML readers turn a
/// written `\r\n` into `\n`.
fn escape_xml(text: &str) -> String {
    escape_text(text).replace('\r', "&#13;")
}

/// Writes the document's start: the declaration, `<tmx>` and its `<header>`.
pub fn write_start(out: &mut String, srclang: &str, creation_date: &str) {
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n  <header creationtool=\"Wordmark\" creationtoolversion=\"{}\" datatype=\"html\" segtype=\"sentence\" adminlang=\"en\" srclang=\"{}\" o-tmf=\"Wordmark\" creationdate=\"{}\"/>\n  <body>\n",
        env!("CARGO_PKG_VERSION"),
        escape_attr(srclang),
        escape_attr(creation_date),
    );
}

/// Writes one `<tu>`.
pub fn write_unit(out: &mut String, unit: &Unit) {
    out.push_str("    <tu");
    if let Some(tuid) = &unit.tuid {
        let _ = write!(out, " tuid=\"{}\"", escape_attr(tuid));
    }
    if let Some(srclang) = &unit.srclang {
        let _ = write!(out, " srclang=\"{}\"", escape_attr(srclang));
    }
    out.push_str(">\n");
    if unit.markup == Markup::Xliff {
        let _ = writeln!(out, "      <prop type=\"{MARKUP_PROP}\">xliff</prop>");
    }
    write_props(out, &unit.props, "      ");
    for variant in &unit.variants {
        let _ = writeln!(
            out,
            "      <tuv xml:lang=\"{}\">",
            escape_attr(&variant.lang)
        );
        write_props(out, &variant.props, "        ");
        let _ = writeln!(
            out,
            "        <seg>{}</seg>",
            seg_xml(&variant.content, unit.markup)
        );
        out.push_str("      </tuv>\n");
    }
    out.push_str("    </tu>\n");
}

/// Writes the document's end.
pub fn write_end(out: &mut String) {
    out.push_str("  </body>\n</tmx>\n");
}

fn write_props(out: &mut String, props: &[Prop], indent: &str) {
    for prop in props {
        let _ = writeln!(
            out,
            "{indent}<prop type=\"{}\">{}</prop>",
            escape_attr(&prop.kind),
            escape_xml(&prop.value)
        );
    }
}

fn seg_xml(content: &str, markup: Markup) -> String {
    let mut out = String::new();
    for part in Segment::parse(content, markup).parts {
        match part {
            Part::Text(text) => {
                let plain = Segment {
                    parts: vec![Part::Text(text)],
                }
                .plain_text(markup);
                out.push_str(&escape_xml(&plain));
            }
            Part::Tag(tag) => {
                let native = escape_xml(&tag.raw);
                let _ = match tag.kind {
                    TagKind::Open => write!(out, "<bpt i=\"{}\">{native}</bpt>", tag.id),
                    TagKind::Close => write!(out, "<ept i=\"{}\">{native}</ept>", tag.id),
                    TagKind::Standalone => write!(out, "<ph x=\"{}\">{native}</ph>", tag.id),
                };
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
