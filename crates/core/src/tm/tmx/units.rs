//! How a `<tu>` becomes a [`Unit`]: its variants, props, notes and history as the reader
//! meets their elements, and each `<seg>`'s text and inline elements as the unit's markup or
//! as XLIFF inline elements (see the module's documentation).

use std::fmt::Write as _;

use quick_xml::events::BytesStart;

use super::{
    HI_MTYPE, History, MARKUP_PROP, Prop, UT_CTYPE, Unit, Variant, attribute, escape_attr,
    escape_xml,
};
use crate::lang;
use crate::segment::{Markup, Part, Segment, TagKind, escape_text};

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
pub(super) struct State {
    /// Whether units are built: checking a document needs their structure, not their text.
    keep: bool,
    pub(super) srclang: Option<String>,
    /// The unit read whole at the last `</tu>`, until it is taken.
    pub(super) done: Option<Unit>,
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
    pub(super) depth: usize,
}

pub(super) fn local(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_owned()
}

impl State {
    /// A state that builds units when `keep`, else only checks their structure.
    pub(super) fn new(keep: bool) -> State {
        State {
            keep,
            ..State::default()
        }
    }

    pub(super) fn start(&mut self, e: &BytesStart<'_>) -> Result<(), String> {
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
                self.srclang = Some(lang::normalize(&srclang));
            }
            "tu" => {
                if self.srclang.is_none() {
                    return Err("a <tu> before the <header>".into());
                }
                self.unit = Some(Unit {
                    tuid: attribute(e, "tuid")?,
                    srclang: attribute(e, "srclang")?.map(|l| lang::normalize(&l)),
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
                        lang: lang::normalize(&lang),
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

    pub(super) fn end(&mut self, name: &str) -> Result<(), String> {
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

    pub(super) fn text(&mut self, text: &str) {
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
