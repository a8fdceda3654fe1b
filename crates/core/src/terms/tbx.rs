//! TBX termbase files (ISO 30042) in both forms in use: v3 (ISO 30042:2019, root `<tbx>`,
//! `conceptEntry`/`langSec`/`termSec`, as MultiTerm and current tools write it, dialects
//! TBX-Core and TBX-Basic, DCA or DCT style) and v2 (root `<martif>`, `termEntry`/`langSet`/
//! `tig` or `ntig`). Only the predefined XML entities and character references are read; a
//! DOCTYPE is ignored and nothing it declares is expanded.
//!
//! An entry's source language is the root's `xml:lang` when one of its language sections
//! has it, otherwise its first; every other language section gives an entry for that pair.
//! An entry that gives no pair (one language only, or no term in its source language) is
//! skipped and counted, not an error.
//!
//! Kinds come from a term's status (`administrativeStatus`, v2's `normativeAuthorization`,
//! TBX-Min's `usageStatus`, with or without the `-admn-sts` suffix): deprecated, superseded,
//! not recommended, obsolete or forbidden target terms make a `forbidden` entry, the others a
//! `preferred` one (the preferred term first, admitted ones after). Wordmark's own flags travel
//! as notes on the source term, which every TBX dialect allows: `<note>do not translate</note>`
//! and `<note>case sensitive</note>` (files written before read as `transferComment` and
//! `<admin type="caseSensitive">`, and are still understood).

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::{MAX_FILE_ENTRIES, Skipped, TermEntry, TermFileError, TermKind};
use crate::segment::escape_text;

/// Wordmark's flags as notes on the source term (and, for "do not translate", the value of
/// the older `transferComment`).
const DO_NOT_TRANSLATE: &str = "do not translate";
const CASE_SENSITIVE: &str = "case sensitive";
/// Deepest element nesting read; real files have fewer than ten levels.
const MAX_DEPTH: usize = 64;

/// Which TBX a file is, or is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Version {
    /// ISO 30042:2019, `<tbx>`.
    V3,
    /// ISO 30042:2008 / TBX-Basic 1.x, `<martif>`.
    V2,
}

/// A term status as one of Wordmark's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Preferred,
    Admitted,
    Forbidden,
}

impl Status {
    /// The status named by any TBX dialect's value (`preferredTerm-admn-sts`, `preferred`,
    /// `deprecatedTerm`, `notRecommended`, …); `None` for one that says nothing of use.
    fn parse(value: &str) -> Option<Status> {
        let value = value.trim().to_ascii_lowercase();
        let value = value.strip_suffix("-admn-sts").unwrap_or(&value);
        let value = value.strip_suffix("term").unwrap_or(value);
        match value {
            "preferred" => Some(Status::Preferred),
            "admitted" | "standardized" | "legal" | "regulated" => Some(Status::Admitted),
            "deprecated" | "superseded" | "notrecommended" | "obsolete" | "forbidden" => {
                Some(Status::Forbidden)
            }
            _ => None,
        }
    }
}

#[derive(Default)]
struct TermSec {
    term: String,
    status: Option<Status>,
    part_of_speech: Option<String>,
    do_not_translate: bool,
    case_sensitive: bool,
}

#[derive(Default)]
struct EntryXml {
    langs: Vec<(String, Vec<TermSec>)>,
    note: Option<String>,
    case_sensitive: bool,
}

/// What a TBX file held.
pub(super) struct Read {
    pub version: Version,
    pub entries: Vec<TermEntry>,
    pub skipped: Skipped,
}

fn is_entry(name: &str) -> bool {
    matches!(name, "conceptEntry" | "termEntry")
}

fn is_lang_sec(name: &str) -> bool {
    matches!(name, "langSec" | "langSet")
}

fn is_term_sec(name: &str) -> bool {
    matches!(name, "termSec" | "tig" | "ntig")
}

/// Elements whose text is a data category: DCA's generic ones (the category in `type`) and
/// DCT's, named after the category itself.
fn category_of(name: &str, e: &BytesStart<'_>) -> Option<String> {
    match name {
        "termNote" | "descrip" | "admin" => attribute(e, "type"),
        "note" => Some("note".into()),
        "administrativeStatus"
        | "normativeAuthorization"
        | "usageStatus"
        | "partOfSpeech"
        | "definition"
        | "transferComment"
        | "caseSensitive" => Some(name.to_owned()),
        _ => None,
    }
}

pub(super) fn read(text: &str) -> Result<Read, TermFileError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<String> = Vec::new();
    let mut root_lang: Option<String> = None;
    let mut version = Version::V3;
    let mut current: Option<EntryXml> = None;
    // The data category being read (its depth and name) and its text so far.
    let mut category: Option<(usize, String, String)> = None;
    let mut term_text: Option<String> = None;
    let mut entries = Vec::new();
    let mut skipped = Skipped::default();
    let mut count = 0;
    let mut saw_root = false;
    let broken = |reader: &Reader<&[u8]>, detail: String| {
        TermFileError::Tbx(format!("at byte {}: {detail}", reader.buffer_position()))
    };
    loop {
        let event = reader
            .read_event()
            .map_err(|e| broken(&reader, e.to_string()))?;
        match event {
            Event::Start(e) => {
                let name = local_name(&e);
                if stack.len() >= MAX_DEPTH {
                    return Err(broken(&reader, "elements nested too deeply".into()));
                }
                if stack.is_empty() {
                    if saw_root {
                        return Err(broken(&reader, "a second root element".into()));
                    }
                    saw_root = true;
                    version = match name.as_str() {
                        "tbx" => Version::V3,
                        "martif" => Version::V2,
                        _ => {
                            return Err(TermFileError::Tbx(format!(
                                "the root element is <{name}>, not <tbx> or <martif>"
                            )));
                        }
                    };
                    root_lang = attribute(&e, "xml:lang").map(|l| crate::lang::normalize(&l));
                }
                if is_entry(&name) {
                    count += 1;
                    current = Some(EntryXml::default());
                } else if is_lang_sec(&name) {
                    let lang = attribute(&e, "xml:lang")
                        .ok_or_else(|| row(count, format!("a <{name}> has no xml:lang")))?;
                    if let Some(entry) = &mut current {
                        entry
                            .langs
                            .push((crate::lang::normalize(&lang), Vec::new()));
                    }
                } else if is_term_sec(&name) {
                    if let Some((_, secs)) = current.as_mut().and_then(|e| e.langs.last_mut()) {
                        secs.push(TermSec::default());
                    }
                } else if name == "term" {
                    term_text = Some(String::new());
                } else if category.is_none()
                    && let Some(kind) = category_of(&name, &e)
                {
                    category = Some((stack.len(), kind, String::new()));
                }
                stack.push(name);
            }
            Event::Empty(e) => {
                if stack.is_empty() {
                    return Err(TermFileError::Tbx(
                        "the file has no <tbx> or <martif> root with content".into(),
                    ));
                }
                // An empty entry or section holds nothing; an empty language section still
                // needs its language to be told apart from a broken one.
                let name = local_name(&e);
                if is_lang_sec(&name) && attribute(&e, "xml:lang").is_none() {
                    return Err(row(count, format!("a <{name}> has no xml:lang")));
                }
                if is_entry(&name) {
                    count += 1;
                    skipped.add(format!("entry {count} is empty"));
                }
            }
            Event::End(_) => {
                let name = stack.pop().unwrap_or_default();
                if name == "term" {
                    let term = term_text.take().unwrap_or_default();
                    if let Some(sec) = last_sec(&mut current) {
                        sec.term = term;
                    }
                } else if category
                    .as_ref()
                    .is_some_and(|(depth, _, _)| *depth == stack.len())
                {
                    if let Some((_, kind, value)) = category.take() {
                        apply(&mut current, &kind, value.trim().to_owned());
                    }
                } else if is_entry(&name)
                    && let Some(entry) = current.take()
                {
                    match convert(entry, root_lang.as_deref(), count)? {
                        Ok(found) => entries.extend(found),
                        Err(reason) => skipped.add(reason),
                    }
                    if entries.len() > MAX_FILE_ENTRIES {
                        return Err(TermFileError::TooManyEntries(MAX_FILE_ENTRIES));
                    }
                }
            }
            Event::Text(t) => {
                let text = t.xml_content(XmlVersion::Implicit1_0);
                push_text(&mut term_text, &mut category, &text);
            }
            Event::CData(t) => {
                let text = t.xml_content(XmlVersion::Implicit1_0);
                push_text(&mut term_text, &mut category, &text);
            }
            Event::GeneralRef(reference) => {
                let c = if reference.is_char_ref() {
                    reference.resolve_char_ref().ok().flatten()
                } else {
                    match &*reference {
                        "lt" => Some('<'),
                        "gt" => Some('>'),
                        "amp" => Some('&'),
                        "quot" => Some('"'),
                        "apos" => Some('\''),
                        _ => None,
                    }
                };
                // Not named: the file's own text stays out of answers.
                let c = c.ok_or_else(|| {
                    broken(
                        &reader,
                        "an entity other than XML's five (a DTD's entities are never read)".into(),
                    )
                })?;
                push_text(&mut term_text, &mut category, c.encode_utf8(&mut [0; 4]));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(TermFileError::Tbx(format!(
            "<{open}> is not closed: the file ends early"
        )));
    }
    if !saw_root {
        return Err(TermFileError::Tbx(
            "the file has no <tbx> or <martif> root".into(),
        ));
    }
    Ok(Read {
        version,
        entries,
        skipped,
    })
}

fn row(count: usize, reason: String) -> TermFileError {
    TermFileError::Row { row: count, reason }
}

fn push_text(
    term: &mut Option<String>,
    category: &mut Option<(usize, String, String)>,
    text: &str,
) {
    if let Some(term) = term {
        term.push_str(text);
    } else if let Some((_, _, value)) = category {
        value.push_str(text);
    }
}

fn last_sec(current: &mut Option<EntryXml>) -> Option<&mut TermSec> {
    current.as_mut()?.langs.last_mut()?.1.last_mut()
}

/// Records a data category on the term section being read, or on the entry.
fn apply(current: &mut Option<EntryXml>, kind: &str, value: String) {
    let Some(entry) = current else {
        return;
    };
    let in_sec = entry.langs.last().is_some_and(|(_, secs)| !secs.is_empty());
    let flag = |value: &str, name: &str| value.eq_ignore_ascii_case(name);
    match kind {
        "administrativeStatus" | "normativeAuthorization" | "usageStatus" if in_sec => {
            if let Some(sec) = last_sec(current)
                && let Some(status) = Status::parse(&value)
            {
                sec.status = Some(status);
            }
        }
        "partOfSpeech" if in_sec => {
            if let Some(sec) = last_sec(current) {
                sec.part_of_speech = Some(value);
            }
        }
        "transferComment" if in_sec && flag(&value, DO_NOT_TRANSLATE) => {
            if let Some(sec) = last_sec(current) {
                sec.do_not_translate = true;
            }
        }
        "note" if in_sec && flag(&value, DO_NOT_TRANSLATE) => {
            if let Some(sec) = last_sec(current) {
                sec.do_not_translate = true;
            }
        }
        "note" if in_sec && flag(&value, CASE_SENSITIVE) => {
            if let Some(sec) = last_sec(current) {
                sec.case_sensitive = true;
            }
        }
        "caseSensitive" => {
            entry.case_sensitive = matches!(value.to_lowercase().as_str(), "yes" | "true");
        }
        "note" | "definition" if entry.note.is_none() && !value.is_empty() => {
            entry.note = Some(value);
        }
        _ => {}
    }
}

/// The entries of one concept entry (number `count`, from 1): `Ok(Err(reason))` when it gives
/// no pair and is skipped, `Err` when an entry it gives is not valid.
fn convert(
    entry: EntryXml,
    root_lang: Option<&str>,
    count: usize,
) -> Result<Result<Vec<TermEntry>, String>, TermFileError> {
    let source_at = root_lang
        .and_then(|lang| entry.langs.iter().position(|(l, _)| l == lang))
        .unwrap_or(0);
    let Some((source_lang, source_secs)) = entry.langs.get(source_at) else {
        return Ok(Err(format!("entry {count} has no language section")));
    };
    let Some(source) = source_secs.iter().find(|s| !s.term.trim().is_empty()) else {
        return Ok(Err(format!("entry {count} has no term in '{source_lang}'")));
    };
    if entry.langs.iter().all(|(lang, _)| lang == source_lang) {
        return Ok(Err(format!(
            "entry {count} ('{}') has no other language than '{source_lang}'",
            source.term.trim()
        )));
    }
    let mut out = Vec::new();
    for (at, (target_lang, secs)) in entry.langs.iter().enumerate() {
        // Another section in the source language adds no pair.
        if at == source_at || target_lang == source_lang {
            continue;
        }
        let secs: Vec<&TermSec> = secs.iter().filter(|s| !s.term.trim().is_empty()).collect();
        let forbidden = |s: &&&TermSec| s.status == Some(Status::Forbidden);
        let mut allowed: Vec<&TermSec> = secs.iter().copied().filter(|s| !forbidden(&s)).collect();
        // The preferred variant first; the others keep their order.
        allowed.sort_by_key(|s| s.status != Some(Status::Preferred));
        let banned: Vec<&TermSec> = secs.iter().copied().filter(|s| forbidden(&s)).collect();
        let make = |kind: TermKind, targets: &[&TermSec]| TermEntry {
            source_lang: source_lang.clone(),
            target_lang: target_lang.clone(),
            source: source.term.clone(),
            targets: targets.iter().map(|s| s.term.clone()).collect(),
            kind,
            case_sensitive: entry.case_sensitive || source.case_sensitive,
            part_of_speech: source.part_of_speech.clone(),
            note: entry.note.clone(),
        };
        let mut wanted = Vec::new();
        if source.do_not_translate {
            wanted.push(make(TermKind::DoNotTranslate, &[]));
        } else if !allowed.is_empty() {
            wanted.push(make(TermKind::Preferred, &allowed));
        }
        if !banned.is_empty() {
            wanted.push(make(TermKind::Forbidden, &banned));
        }
        for term in wanted {
            out.push(term.validated().map_err(|reason| row(count, reason))?);
        }
    }
    if out.is_empty() {
        return Ok(Err(format!(
            "entry {count} ('{}') has no term in another language",
            source.term.trim()
        )));
    }
    Ok(Ok(out))
}

fn local_name(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_owned()
}

fn attribute(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| {
            a.normalized_value(XmlVersion::Implicit1_0)
                .ok()
                .map(|v| v.into_owned())
        })
}

/// The element names of one TBX version.
struct Names {
    entry: &'static str,
    lang_sec: &'static str,
    term_sec: &'static str,
    status: &'static str,
}

impl Version {
    fn names(self) -> Names {
        match self {
            Version::V3 => Names {
                entry: "conceptEntry",
                lang_sec: "langSec",
                term_sec: "termSec",
                status: "administrativeStatus",
            },
            Version::V2 => Names {
                entry: "termEntry",
                lang_sec: "langSet",
                term_sec: "tig",
                status: "administrativeStatus",
            },
        }
    }
}

/// TBX-Basic, DCA style: one concept entry per entry, the source language section first, the
/// target terms with their administrative status (v3: valid against the TBX-Basic RelaxNG
/// schema; v2: TBX-Basic 1.x's `martif` for older tools).
pub(super) fn write(version: Version, entries: &[TermEntry]) -> String {
    let names = version.names();
    // The file's language is the source language of its entries; with several, `mul`
    // (BCP 47's "multiple languages"), so that a reader takes each entry's first language
    // section, where the source is written, as its source.
    let first = entries.first().map_or("en", |e| e.source_lang.as_str());
    let root_lang = if entries.iter().all(|e| e.source_lang == first) {
        first
    } else {
        "mul"
    };
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    match version {
        Version::V3 => {
            out.push_str(&format!(
                "<tbx type=\"TBX-Basic\" style=\"dca\" xml:lang=\"{}\" xmlns=\"urn:iso:std:iso:30042:ed-2\">\n",
                attr(root_lang)
            ));
            out.push_str("  <tbxHeader><fileDesc><sourceDesc><p>Wordmark termbase</p></sourceDesc></fileDesc></tbxHeader>\n");
        }
        Version::V2 => {
            out.push_str(&format!(
                "<martif type=\"TBX-Basic-V1\" xml:lang=\"{}\">\n",
                attr(root_lang)
            ));
            out.push_str("  <martifHeader><fileDesc><sourceDesc><p>Wordmark termbase</p></sourceDesc></fileDesc><encodingDesc><p type=\"XCSURI\">TBXBasicXCSV02.xcs</p></encodingDesc></martifHeader>\n");
        }
    }
    out.push_str("  <text>\n    <body>\n");
    for (number, entry) in entries.iter().enumerate() {
        out.push_str(&format!("      <{} id=\"c{}\">\n", names.entry, number + 1));
        if let Some(note) = &entry.note {
            out.push_str(&format!("        <note>{}</note>\n", escape_text(note)));
        }
        out.push_str(&format!(
            "        <{} xml:lang=\"{}\">\n          <{}>\n            <term>{}</term>\n",
            names.lang_sec,
            attr(&entry.source_lang),
            names.term_sec,
            escape_text(&entry.source)
        ));
        if let Some(pos) = &entry.part_of_speech {
            out.push_str(&format!(
                "            <termNote type=\"partOfSpeech\">{}</termNote>\n",
                escape_text(pos)
            ));
        }
        // Notes come after the term notes, as TBX-Basic orders a term section.
        if entry.case_sensitive {
            out.push_str(&format!("            <note>{CASE_SENSITIVE}</note>\n"));
        }
        if entry.kind == TermKind::DoNotTranslate {
            out.push_str(&format!("            <note>{DO_NOT_TRANSLATE}</note>\n"));
        }
        out.push_str(&format!(
            "          </{}>\n        </{}>\n",
            names.term_sec, names.lang_sec
        ));
        out.push_str(&format!(
            "        <{} xml:lang=\"{}\">\n",
            names.lang_sec,
            attr(&entry.target_lang)
        ));
        let targets: Vec<&String> = match entry.kind {
            TermKind::DoNotTranslate => vec![&entry.source],
            _ => entry.targets.iter().collect(),
        };
        for (at, target) in targets.iter().enumerate() {
            let status = match (entry.kind, at) {
                (TermKind::Forbidden, _) => "deprecatedTerm-admn-sts",
                (_, 0) => "preferredTerm-admn-sts",
                _ => "admittedTerm-admn-sts",
            };
            out.push_str(&format!(
                "          <{sec}>\n            <term>{}</term>\n            <termNote type=\"{}\">{status}</termNote>\n          </{sec}>\n",
                escape_text(target),
                names.status,
                sec = names.term_sec,
            ));
        }
        out.push_str(&format!(
            "        </{}>\n      </{}>\n",
            names.lang_sec, names.entry
        ));
    }
    out.push_str("    </body>\n  </text>\n");
    out.push_str(match version {
        Version::V3 => "</tbx>\n",
        Version::V2 => "</martif>\n",
    });
    out
}

fn attr(value: &str) -> String {
    escape_text(value).replace('"', "&quot;")
}
