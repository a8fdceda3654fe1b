//! TMX 1.4b, read and written.
//!
//! Reading takes what Trados, memoQ, Phrase, Okapi, OmegaT and Wordmark itself write: UTF-8
//! (with or without its byte-order mark) or UTF-16 (with its byte-order mark), any number of
//! `<tuv>` variants per `<tu>` (`xml:lang`, or the old `lang`), `<prop>`s and `<note>`s of the
//! unit and of each variant kept in order, the history a unit or variant carries
//! (`creationdate`, `creationid`, `changedate`, `changeid`, `lastusagedate`, `usagecount`)
//! kept as written, and the inline elements of a `<seg>`: `<bpt>`, `<ept>`, `<it>`, `<ph>`
//! and `<ut>` carry the original code ("native code", escaped, `<sub>` inside kept), `<hi>`
//! carries text.
//!
//! How a `<seg>` becomes Wordmark content: when every inline element's native code is one
//! tag of the unit's markup (HTML unless the unit says `<prop type="x-wordmark-markup">xliff`)
//! and the seg has no `<hi>`, the content is that markup with the native code as the tags, so
//! `<bpt i="1">&lt;b&gt;</bpt>` becomes `<b>`, exactly what a WPML segment holds. Otherwise
//! (`%s`, Trados' empty `<bpt i="1"/>`, RTF codes) the content is XLIFF 1.2 inline elements of
//! the same kind, which Wordmark also reads as tags: `<bpt id="1">{\b </bpt>`, `<ph id="1">%s</ph>`,
//! `<it id="1" pos="begin">`; TMX's `x` of a `<bpt>` becomes `xid`, `type` becomes `ctype`,
//! `assoc` and `pos` stay, `<ut>` becomes `<ph ctype="x-tmx-ut">` and `<hi>` becomes
//! `<mrk mtype="x-tmx-hi">` (its `x` as `mid`, its `type` as `comment`).
//!
//! Writing does the reverse: those XLIFF elements go back to the TMX element and attributes
//! they came from, with their native code; any other paired tag becomes `<bpt>`/`<ept>` with
//! the same `i`, any other tag `<ph>`, the original tag as native code; text with HTML entity
//! references written as characters (`&nbsp;` becomes U+00A0).
//!
//! A DTD is never loaded and no entity other than XML's five and character references is
//! accepted; a file that is not well-formed TMX to its last byte (every element closed) is
//! refused with its line and column, before anything of it is used: [`check`] reads the whole
//! document without keeping its units, then [`Document::units`] hands them over one at a time,
//! so a large memory is never held whole ([`read`] collects them, for small documents).

mod reader;

use std::borrow::Cow;
use std::fmt::Write as _;

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

pub use reader::{Document, Units, check, read};

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

/// What a `<tu>` or `<tuv>` says of its history, each attribute as written (dates in TMX's
/// `YYYYMMDDThhmmssZ`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct History {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creationdate: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creationid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changedate: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changeid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lastusagedate: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usagecount: Option<String>,
}

impl History {
    /// The attributes in the order TMX lists them, with their values.
    fn attributes(&self) -> [(&'static str, &Option<String>); 6] {
        [
            ("creationdate", &self.creationdate),
            ("creationid", &self.creationid),
            ("changedate", &self.changedate),
            ("changeid", &self.changeid),
            ("lastusagedate", &self.lastusagedate),
            ("usagecount", &self.usagecount),
        ]
    }

    fn of(e: &BytesStart<'_>) -> Result<History, String> {
        Ok(History {
            creationdate: attribute(e, "creationdate")?,
            creationid: attribute(e, "creationid")?,
            changedate: attribute(e, "changedate")?,
            changeid: attribute(e, "changeid")?,
            lastusagedate: attribute(e, "lastusagedate")?,
            usagecount: attribute(e, "usagecount")?,
        })
    }

    /// Whether no attribute is set.
    pub fn is_empty(&self) -> bool {
        self.attributes().iter().all(|(_, value)| value.is_none())
    }

    /// This history with the values it lacks taken from `other`.
    pub fn or(self, other: &History) -> History {
        History {
            creationdate: self.creationdate.or_else(|| other.creationdate.clone()),
            creationid: self.creationid.or_else(|| other.creationid.clone()),
            changedate: self.changedate.or_else(|| other.changedate.clone()),
            changeid: self.changeid.or_else(|| other.changeid.clone()),
            lastusagedate: self.lastusagedate.or_else(|| other.lastusagedate.clone()),
            usagecount: self.usagecount.or_else(|| other.usagecount.clone()),
        }
    }
}

/// The prop type under which [`pack`] keeps a note.
const NOTE_PROP: &str = "x-wordmark-note";
/// The prefix of the prop types under which [`pack`] keeps a history attribute.
const HISTORY_PROP: &str = "x-wordmark-";

/// Notes and history as props of Wordmark's own types (`x-wordmark-note`,
/// `x-wordmark-creationid`, …) after the unit's `props`: how a memory entry keeps all three in
/// one list. [`unpack`] gives them back.
pub fn pack(props: Vec<Prop>, notes: &[String], history: &History) -> Vec<Prop> {
    let mut packed = props;
    packed.extend(notes.iter().map(|note| Prop {
        kind: NOTE_PROP.to_owned(),
        value: note.clone(),
    }));
    for (name, value) in history.attributes() {
        if let Some(value) = value {
            packed.push(Prop {
                kind: format!("{HISTORY_PROP}{name}"),
                value: value.clone(),
            });
        }
    }
    packed
}

/// The props, notes and history [`pack`] put into one list.
pub fn unpack(packed: Vec<Prop>) -> (Vec<Prop>, Vec<String>, History) {
    let mut props = Vec::new();
    let mut notes = Vec::new();
    let mut history = History::default();
    for prop in packed {
        if prop.kind == NOTE_PROP {
            notes.push(prop.value);
            continue;
        }
        let slot = match prop.kind.strip_prefix(HISTORY_PROP) {
            Some("creationdate") => &mut history.creationdate,
            Some("creationid") => &mut history.creationid,
            Some("changedate") => &mut history.changedate,
            Some("changeid") => &mut history.changeid,
            Some("lastusagedate") => &mut history.lastusagedate,
            Some("usagecount") => &mut history.usagecount,
            _ => {
                props.push(prop);
                continue;
            }
        };
        *slot = Some(prop.value);
    }
    (props, notes, history)
}

/// One language's text of a unit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variant {
    /// In WPML's form (`de`, `pt-br`), see [`lang::normalize`].
    pub lang: String,
    pub content: String,
    pub props: Vec<Prop>,
    pub notes: Vec<String>,
    pub history: History,
}

/// A `<tu>`: its variants share one markup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub tuid: Option<String>,
    /// The unit's own source language, when it names one (`<tu srclang>`).
    pub srclang: Option<String>,
    pub markup: Markup,
    pub props: Vec<Prop>,
    pub notes: Vec<String>,
    pub history: History,
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

/// The text of an XML (or delimited) file: UTF-8, with or without its byte-order mark, or
/// UTF-16 with its byte-order mark (as Trados and MultiTerm write it); `None` for anything else.
pub(crate) fn decode_text(bytes: &[u8]) -> Option<String> {
    decode(Cow::Borrowed(bytes)).map(Cow::into_owned)
}

/// [`decode_text`] without a copy of UTF-8: the bytes become the text (borrowed or owned as
/// they came); only UTF-16 is turned into a new string.
fn decode(bytes: Cow<'_, [u8]>) -> Option<Cow<'_, str>> {
    match &*bytes {
        [0xFF, 0xFE, rest @ ..] => return utf16(rest, u16::from_le_bytes).map(Cow::Owned),
        [0xFE, 0xFF, rest @ ..] => return utf16(rest, u16::from_be_bytes).map(Cow::Owned),
        _ => {}
    }
    let bom = if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        3
    } else {
        0
    };
    match bytes {
        Cow::Borrowed(bytes) => std::str::from_utf8(&bytes[bom..]).ok().map(Cow::Borrowed),
        Cow::Owned(mut bytes) => {
            bytes.drain(..bom);
            String::from_utf8(bytes).ok().map(Cow::Owned)
        }
    }
}

fn text_of(bytes: Cow<'_, [u8]>) -> Result<Cow<'_, str>, TmxError> {
    decode(bytes).ok_or_else(|| TmxError {
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
    /// The XLIFF form's attributes, in order: `id` (TMX's `i` of bpt/ept, `x` of the others)
    /// and the others renamed (see the module's documentation).
    attributes: Vec<(&'static str, String)>,
    /// The native code as text (`<sub>`'s text included).
    native: String,
    /// The native code as escaped XML, `<sub>` elements kept.
    inner: String,
}

impl Inline {
    fn of(name: String, e: &BytesStart<'_>) -> Result<Inline, String> {
        let id = match name.as_str() {
            "bpt" | "ept" => "i",
            _ => "x",
        };
        // TMX attribute → XLIFF attribute; `<ut>`'s kind travels as a ctype of its `<ph>`.
        let mut attributes = Vec::new();
        for (tmx, xliff) in [
            (id, "id"),
            ("x", "xid"),
            ("pos", "pos"),
            ("type", "ctype"),
            ("assoc", "assoc"),
        ] {
            // `x` is the id of the elements other than `<bpt>`/`<ept>`.
            if xliff == "xid" && id == "x" {
                continue;
            }
            if let Some(value) = attribute(e, tmx)? {
                attributes.push((xliff, value));
            }
        }
        if name == "ut" {
            attributes.push(("ctype", UT_CTYPE.to_owned()));
        }
        Ok(Inline {
            name,
            attributes,
            native: String::new(),
            inner: String::new(),
        })
    }
}

/// The XLIFF `ctype` that marks a `<ph>` read from TMX's `<ut>`.
const UT_CTYPE: &str = "x-tmx-ut";
/// The XLIFF `mtype` of a `<mrk>` read from TMX's `<hi>`.
const HI_MTYPE: &str = "x-tmx-hi";

/// A `<seg>` as read: text and inline elements in order.
#[derive(Default)]
struct Seg {
    parts: Vec<SegPart>,
}

enum SegPart {
    Text(String),
    Inline(Inline),
    /// `<hi>`'s start (its `x` and `type`) and end.
    HiStart(Option<String>, Option<String>),
    HiEnd,
}

#[derive(Default)]
struct State {
    /// Whether units are built: checking a document needs their structure, not their text.
    keep: bool,
    srclang: Option<String>,
    /// The unit read whole at the last `</tu>`, until it is taken.
    done: Option<Unit>,
    unit: Option<Unit>,
    /// The variants of `unit` with their `<seg>`s as read, turned into content at `</tu>`.
    segs: Vec<(Variant, Option<Seg>)>,
    /// `<prop>` being read: its type and text.
    prop: Option<Prop>,
    /// `<note>` being read: its text.
    note: Option<String>,
    seg: Option<Seg>,
    inline: Option<Inline>,
    /// Elements open inside the current inline element, a `<sub>`'s, or the header's.
    path: Vec<String>,
    /// Elements open, to tell a file cut short from a whole one.
    depth: usize,
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
        if let Some(inline) = &mut self.inline {
            // `<sub>` inside native code: its text joins the code, the element stays in the
            // XLIFF form. Anything else inside is not TMX's; only its text is kept.
            if name == "sub" {
                inline.inner.push_str("<sub>");
            }
            self.path.push(name);
            return Ok(());
        }
        if !self.path.is_empty() {
            self.path.push(name);
            return Ok(());
        }
        if let Some(seg) = &mut self.seg {
            match name.as_str() {
                "bpt" | "ept" | "it" | "ph" | "ut" => self.inline = Some(Inline::of(name, e)?),
                "hi" => seg
                    .parts
                    .push(SegPart::HiStart(attribute(e, "x")?, attribute(e, "type")?)),
                "sub" => self.path.push(name),
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
                    notes: Vec::new(),
                    history: History::of(e)?,
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
                        history: History::of(e)?,
                        ..Variant::default()
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
            "note" => self.note = Some(String::new()),
            // The header's user-defined encodings are not kept.
            "ude" | "map" => self.path.push(name),
            other => return Err(format!("unexpected element <{other}>")),
        }
        Ok(())
    }

    fn end(&mut self, name: &str) -> Result<(), String> {
        if !self.path.is_empty() {
            self.path.pop();
            if let Some(inline) = &mut self.inline
                && name == "sub"
            {
                inline.inner.push_str("</sub>");
            }
            return Ok(());
        }
        if let Some(inline) = self.inline.take() {
            if let Some(seg) = &mut self.seg {
                seg.parts.push(SegPart::Inline(inline));
            }
            return Ok(());
        }
        if let Some(seg) = &mut self.seg
            && name == "hi"
        {
            seg.parts.push(SegPart::HiEnd);
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
            "note" => {
                let Some(note) = self.note.take() else {
                    return Ok(());
                };
                match self.segs.last_mut() {
                    Some((variant, None)) => variant.notes.push(note),
                    // Header notes are not kept.
                    _ => {
                        if let Some(unit) = &mut self.unit {
                            unit.notes.push(note);
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
                if !self.keep {
                    return Ok(());
                }
                unit.markup =
                    common_markup(unit.markup, segs.iter().filter_map(|(_, s)| s.as_ref()));
                for (mut variant, seg) in segs {
                    variant.content = content(&seg.unwrap_or_default(), unit.markup);
                    unit.variants.push(variant);
                }
                self.done = Some(unit);
            }
            _ => {}
        }
        Ok(())
    }

    fn text(&mut self, text: &str) {
        if !self.keep {
            return;
        }
        if let Some(inline) = &mut self.inline {
            inline.native.push_str(text);
            inline.inner.push_str(&escape_xml(text));
        } else if !self.path.is_empty() {
            // Inside a header's `<ude>` or a stray `<sub>`: not kept.
        } else if let Some(seg) = &mut self.seg {
            match seg.parts.last_mut() {
                Some(SegPart::Text(last)) => last.push_str(text),
                _ => seg.parts.push(SegPart::Text(text.to_owned())),
            }
        } else if let Some(prop) = &mut self.prop {
            prop.value.push_str(text);
        } else if let Some(note) = &mut self.note {
            note.push_str(text);
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

/// The unit's markup, or XLIFF inline elements when some seg does not [`fits`] it.
fn common_markup<'a>(markup: Markup, mut segs: impl Iterator<Item = &'a Seg>) -> Markup {
    if segs.all(|seg| fits(seg, markup)) {
        markup
    } else {
        Markup::Xliff
    }
}

/// Whether a seg's inline elements can become `markup`'s own tags and be written back as the
/// same elements: each is [`as_markup`], the tags the content then has are of the kinds the
/// elements say, and there is no `<hi>`, which no markup of Wordmark's has.
fn fits(seg: &Seg, markup: Markup) -> bool {
    let mut kinds = Vec::new();
    for part in &seg.parts {
        match part {
            SegPart::Text(_) => {}
            SegPart::Inline(inline) => match as_markup(inline, markup) {
                Some(kind) => kinds.push(kind),
                None => return false,
            },
            SegPart::HiStart(..) | SegPart::HiEnd => return false,
        }
    }
    let parsed: Vec<TagKind> = Segment::parse(&content(seg, markup), markup)
        .tags()
        .map(|tag| tag.kind)
        .collect();
    parsed == kinds
}

/// XLIFF 1.2's and 2.0's inline elements: in XLIFF markup only these are a native code's own
/// tags.
const XLIFF_INLINE: [&str; 14] = [
    "g", "x", "bx", "ex", "bpt", "ept", "ph", "it", "mrk", "pc", "sc", "ec", "sm", "em",
];

/// The kind of tag an inline element's native code is in `markup`, when it is exactly one
/// tag of that kind (`<bpt>` an opening tag, `<ept>` a closing one, `<ph>` one that stands
/// alone; in XLIFF markup an XLIFF inline element), so that the content can hold the native
/// code itself; `None` otherwise (and always for `<it>` and `<ut>`).
fn as_markup(inline: &Inline, markup: Markup) -> Option<TagKind> {
    let kind = match inline.name.as_str() {
        "bpt" => TagKind::Open,
        "ept" => TagKind::Close,
        "ph" => TagKind::Standalone,
        _ => return None,
    };
    match Segment::parse(&inline.native, markup).parts.as_slice() {
        [Part::Tag(tag)] if markup == Markup::Html || XLIFF_INLINE.contains(&tag.name.as_str()) => {
            Some(kind)
        }
        _ => None,
    }
}

fn content(seg: &Seg, markup: Markup) -> String {
    let mut out = String::new();
    for part in &seg.parts {
        match part {
            SegPart::Text(text) => out.push_str(&escape_text(text)),
            SegPart::Inline(inline) if as_markup(inline, markup).is_some() => {
                out.push_str(&inline.native)
            }
            SegPart::Inline(inline) => {
                // `<ut>` has no XLIFF twin: a `<ph>` (marked by its ctype).
                let name = if inline.name == "ut" {
                    "ph"
                } else {
                    inline.name.as_str()
                };
                out.push('<');
                out.push_str(name);
                for (key, value) in &inline.attributes {
                    let _ = write!(out, " {key}=\"{}\"", escape_attr(value));
                }
                let _ = write!(out, ">{}</{name}>", inline.inner);
            }
            SegPart::HiStart(x, kind) => {
                let _ = write!(out, "<mrk mtype=\"{HI_MTYPE}\"");
                if let Some(x) = x {
                    let _ = write!(out, " mid=\"{}\"", escape_attr(x));
                }
                if let Some(kind) = kind {
                    let _ = write!(out, " comment=\"{}\"", escape_attr(kind));
                }
                out.push('>');
            }
            SegPart::HiEnd => out.push_str("</mrk>"),
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
    write_history(out, &unit.history);
    out.push_str(">\n");
    // TMX orders a unit's notes and props before its variants, notes first.
    write_notes(out, &unit.notes, "      ");
    if unit.markup == Markup::Xliff {
        let _ = writeln!(out, "      <prop type=\"{MARKUP_PROP}\">xliff</prop>");
    }
    write_props(out, &unit.props, "      ");
    for variant in &unit.variants {
        let _ = write!(
            out,
            "      <tuv xml:lang=\"{}\"",
            escape_attr(&variant.lang)
        );
        write_history(out, &variant.history);
        out.push_str(">\n");
        write_notes(out, &variant.notes, "        ");
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

fn write_history(out: &mut String, history: &History) {
    for (name, value) in history.attributes() {
        if let Some(value) = value {
            let _ = write!(out, " {name}=\"{}\"", escape_attr(value));
        }
    }
}

fn write_notes(out: &mut String, notes: &[String], indent: &str) {
    for note in notes {
        let _ = writeln!(out, "{indent}<note>{}</note>", escape_xml(note));
    }
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
    // Ids of the `<mrk>`s that were TMX `<hi>`s, so their ends become `</hi>` too.
    let mut his = Vec::new();
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
                if markup == Markup::Xliff
                    && let Some(native) = tmx_inline(&tag.raw, &tag.name, &mut his, tag.id)
                {
                    out.push_str(&native);
                    continue;
                }
                let native = escape_xml(&tag.raw);
                let _ = match tag.kind {
                    TagKind::Open => write!(out, "<bpt i=\"{}\">{native}</bpt>", tag.id),
                    TagKind::Close if his.contains(&tag.id) => write!(out, "</hi>"),
                    TagKind::Close => write!(out, "<ept i=\"{}\">{native}</ept>", tag.id),
                    TagKind::Standalone => write!(out, "<ph x=\"{}\">{native}</ph>", tag.id),
                };
            }
        }
    }
    out
}

/// The TMX element an XLIFF inline element read from TMX came from (see the module's
/// documentation), or `None` for any other tag. Only an element exactly as reading writes it
/// (its attributes among those TMX's have, in that order) is one: an XLIFF element of a WPML
/// job (`<bpt id="5" xmlns="…">`) stays native code, byte for byte. `his` collects the ids of
/// `<hi>`s opened.
fn tmx_inline(raw: &str, name: &str, his: &mut Vec<u32>, id: u32) -> Option<String> {
    let allowed: &[&str] = match name {
        "bpt" => &["id", "xid", "pos", "ctype", "assoc"],
        "ept" | "ph" | "it" => &["id", "pos", "ctype", "assoc"],
        "mrk" => &["mtype", "mid", "comment"],
        _ => return None,
    };
    let mut reader = Reader::from_str(raw);
    let (start, empty) = match reader.read_event().ok()? {
        Event::Start(e) => (e.into_owned(), false),
        Event::Empty(e) => (e.into_owned(), true),
        _ => return None,
    };
    let start_end = reader.buffer_position() as usize;
    let mut attributes = Vec::new();
    for attr in start.attributes() {
        let attr = attr.ok()?;
        let value = attr.normalized_value(XmlVersion::Implicit1_0).ok()?;
        attributes.push((attr.key.as_ref().to_owned(), value.into_owned()));
    }
    let mut order = allowed.iter();
    if !attributes
        .iter()
        .all(|(key, _)| order.any(|allowed| allowed == key))
    {
        return None;
    }
    let get = |key: &str| {
        attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let write_attr = |out: &mut String, key: &str, value: Option<String>| {
        if let Some(value) = value {
            let _ = write!(out, " {key}=\"{}\"", escape_attr(&value));
        }
    };
    let mut canonical = format!("<{name}");
    for (key, value) in &attributes {
        write_attr(&mut canonical, key, Some(value.clone()));
    }
    canonical.push('>');
    let mut out = String::new();
    if name == "mrk" {
        if get("mtype").as_deref() != Some(HI_MTYPE) || canonical != raw {
            return None;
        }
        his.push(id);
        out.push_str("<hi");
        write_attr(&mut out, "x", get("mid"));
        write_attr(&mut out, "type", get("comment"));
        out.push('>');
        return Some(out);
    }
    let inner = if empty {
        ""
    } else {
        raw.get(start_end..raw.len().checked_sub(name.len() + 3)?)?
    };
    let _ = write!(canonical, "{inner}</{name}>");
    if canonical != raw {
        return None;
    }
    let ut = name == "ph" && get("ctype").as_deref() == Some(UT_CTYPE);
    let element = if ut { "ut" } else { name };
    let id_name = if matches!(name, "bpt" | "ept") {
        "i"
    } else {
        "x"
    };
    let _ = write!(out, "<{element}");
    write_attr(&mut out, id_name, get("id"));
    write_attr(&mut out, "x", get("xid"));
    if !ut {
        write_attr(&mut out, "pos", get("pos"));
        write_attr(&mut out, "type", get("ctype"));
        write_attr(&mut out, "assoc", get("assoc"));
    }
    let _ = write!(out, ">{inner}</{element}>");
    Some(out)
}

#[cfg(test)]
mod tests;
