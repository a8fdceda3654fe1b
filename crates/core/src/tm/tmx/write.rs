//! Writing TMX: the document's start and end and each unit, Wordmark's content turned back into
//! the TMX elements, attributes and native code it came from (see the module's documentation).

use std::fmt::Write as _;

use quick_xml::events::Event;
use quick_xml::{Reader, XmlVersion};

use super::{HI_MTYPE, History, MARKUP_PROP, Prop, UT_CTYPE, Unit, escape_attr, escape_xml};
use crate::segment::{Markup, Part, Segment, TagKind};

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
