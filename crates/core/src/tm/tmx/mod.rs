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
mod units;
mod write;

use std::borrow::Cow;

use quick_xml::XmlVersion;
use quick_xml::events::BytesStart;

pub use reader::{Document, Units, check, read};
pub use write::{write_end, write_start, write_unit};

use crate::segment::{Markup, escape_text};

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

/// The XLIFF `ctype` that marks a `<ph>` read from TMX's `<ut>`.
const UT_CTYPE: &str = "x-tmx-ut";
/// The XLIFF `mtype` of a `<mrk>` read from TMX's `<hi>`.
const HI_MTYPE: &str = "x-tmx-hi";

fn escape_attr(value: &str) -> String {
    escape_xml(value).replace('"', "&quot;")
}

/// XML text that survives reading: a carriage return as a reference, since XML readers turn a
/// written `\r\n` into `\n`.
fn escape_xml(text: &str) -> String {
    escape_text(text).replace('\r', "&#13;")
}

#[cfg(test)]
mod tests;
