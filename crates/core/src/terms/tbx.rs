//! TBX termbase files (ISO 30042): TBX-Basic in its v3 form (`tbx`, `termEntry`, `langSec`,
//! `termSec`, `term`, DCA-style `termNote`/`descrip`/`admin`/`note` with a `type`) and the
//! older v2 form (`martif`, `langSet`, `tig`/`ntig`). Only the predefined XML entities and
//! character references are read; a DOCTYPE is ignored and nothing it declares is expanded.
//!
//! An entry's source language is the root's `xml:lang` when one of its `langSec`s has it,
//! otherwise its first `langSec`; every other `langSec` gives an entry for that pair. Kinds:
//! a target term with `administrativeStatus` `deprecatedTerm-admn-sts` or
//! `supersededTerm-admn-sts` is forbidden, others are preferred (the
//! `preferredTerm-admn-sts` one first); a source term with the `transferComment` "do not
//! translate" makes a `do_not_translate` entry. Case sensitivity travels as `<admin
//! type="caseSensitive">yes</admin>` on the entry.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::{TermEntry, TermFileError, TermKind};
use crate::segment::escape_text;

const DO_NOT_TRANSLATE: &str = "do not translate";
const FORBIDDEN_STATUSES: [&str; 2] = ["deprecatedTerm-admn-sts", "supersededTerm-admn-sts"];
/// Deepest element nesting read; real files have fewer than ten levels.
const MAX_DEPTH: usize = 64;

#[derive(Default)]
struct TermSec {
    term: String,
    status: Option<String>,
    part_of_speech: Option<String>,
    transfer_comment: Option<String>,
}

#[derive(Default)]
struct EntryXml {
    langs: Vec<(String, Vec<TermSec>)>,
    note: Option<String>,
    case_sensitive: bool,
}

pub(super) fn read(text: &str) -> Result<Vec<TermEntry>, TermFileError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<String> = Vec::new();
    let mut root_lang: Option<String> = None;
    let mut current: Option<EntryXml> = None;
    // The `type` of the data category element being read, and its text so far.
    let mut category: Option<(String, String)> = None;
    let mut term_text: Option<String> = None;
    let mut entries = Vec::new();
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
                    saw_root = true;
                    if name != "tbx" && name != "martif" {
                        return Err(TermFileError::Tbx(format!(
                            "the root element is <{name}>, not <tbx> or <martif>"
                        )));
                    }
                    root_lang = attribute(&e, "xml:lang").map(|l| crate::lang::normalize(&l));
                }
                match name.as_str() {
                    "termEntry" => {
                        count += 1;
                        current = Some(EntryXml::default());
                    }
                    "langSec" | "langSet" => {
                        let lang = attribute(&e, "xml:lang")
                            .ok_or_else(|| row(count, format!("a <{name}> has no xml:lang")))?;
                        if let Some(entry) = &mut current {
                            entry
                                .langs
                                .push((crate::lang::normalize(&lang), Vec::new()));
                        }
                    }
                    "termSec" | "tig" | "ntig" => {
                        if let Some((_, secs)) = current.as_mut().and_then(|e| e.langs.last_mut()) {
                            secs.push(TermSec::default());
                        }
                    }
                    "term" => term_text = Some(String::new()),
                    "termNote" | "descrip" | "admin" | "note" => {
                        let kind = attribute(&e, "type").unwrap_or_else(|| name.clone());
                        category = Some((kind, String::new()));
                    }
                    _ => {}
                }
                stack.push(name);
            }
            Event::End(_) => {
                let name = stack.pop().unwrap_or_default();
                match name.as_str() {
                    "term" => {
                        let term = term_text.take().unwrap_or_default();
                        if let Some(sec) = last_sec(&mut current) {
                            sec.term = term;
                        }
                    }
                    "termNote" | "descrip" | "admin" | "note" => {
                        if let Some((kind, value)) = category.take() {
                            apply(&mut current, &kind, value.trim().to_owned());
                        }
                    }
                    "termEntry" => {
                        if let Some(entry) = current.take() {
                            entries.extend(convert(entry, root_lang.as_deref(), count)?);
                            if entries.len() > super::MAX_FILE_ENTRIES {
                                return Err(TermFileError::TooManyEntries(super::MAX_FILE_ENTRIES));
                            }
                        }
                    }
                    _ => {}
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
                let c =
                    c.ok_or_else(|| broken(&reader, format!("unknown entity &{};", &*reference)))?;
                push_text(&mut term_text, &mut category, c.encode_utf8(&mut [0; 4]));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !stack.is_empty() {
        return Err(TermFileError::Tbx(format!(
            "<{}> is not closed",
            stack[stack.len() - 1]
        )));
    }
    if !saw_root {
        return Err(TermFileError::Tbx(
            "the file has no <tbx> or <martif> root".into(),
        ));
    }
    Ok(entries)
}

fn row(count: usize, reason: String) -> TermFileError {
    TermFileError::Row { row: count, reason }
}

fn push_text(term: &mut Option<String>, category: &mut Option<(String, String)>, text: &str) {
    if let Some(term) = term {
        term.push_str(text);
    } else if let Some((_, value)) = category {
        value.push_str(text);
    }
}

fn last_sec(current: &mut Option<EntryXml>) -> Option<&mut TermSec> {
    current.as_mut()?.langs.last_mut()?.1.last_mut()
}

/// Records a data category on the term section being read, or on the entry.
fn apply(current: &mut Option<EntryXml>, kind: &str, value: String) {
    let in_sec = current
        .as_ref()
        .and_then(|e| e.langs.last())
        .is_some_and(|(_, secs)| !secs.is_empty());
    match kind {
        "administrativeStatus" if in_sec => {
            if let Some(sec) = last_sec(current) {
                sec.status = Some(value);
            }
        }
        "partOfSpeech" if in_sec => {
            if let Some(sec) = last_sec(current) {
                sec.part_of_speech = Some(value);
            }
        }
        "transferComment" if in_sec => {
            if let Some(sec) = last_sec(current) {
                sec.transfer_comment = Some(value);
            }
        }
        "caseSensitive" => {
            if let Some(entry) = current {
                entry.case_sensitive = matches!(value.to_lowercase().as_str(), "yes" | "true");
            }
        }
        "note" | "definition" => {
            if let Some(entry) = current
                && entry.note.is_none()
                && !value.is_empty()
            {
                entry.note = Some(value);
            }
        }
        _ => {}
    }
}

/// The entries of one `termEntry` (number `count`, from 1).
fn convert(
    entry: EntryXml,
    root_lang: Option<&str>,
    count: usize,
) -> Result<Vec<TermEntry>, TermFileError> {
    let source_at = root_lang
        .and_then(|lang| entry.langs.iter().position(|(l, _)| l == lang))
        .unwrap_or(0);
    let Some((source_lang, source_secs)) = entry.langs.get(source_at) else {
        return Err(row(count, "the entry has no langSec".into()));
    };
    let Some(source) = source_secs.iter().find(|s| !s.term.trim().is_empty()) else {
        return Err(row(
            count,
            format!("the entry has no term in '{source_lang}'"),
        ));
    };
    if entry.langs.len() < 2 {
        return Err(row(count, "the entry has no target language".into()));
    }
    let dnt = source
        .transfer_comment
        .as_deref()
        .is_some_and(|c| c.eq_ignore_ascii_case(DO_NOT_TRANSLATE));
    let mut out = Vec::new();
    for (at, (target_lang, secs)) in entry.langs.iter().enumerate() {
        if at == source_at {
            continue;
        }
        let forbidden = |s: &&TermSec| {
            s.status
                .as_deref()
                .is_some_and(|st| FORBIDDEN_STATUSES.contains(&st))
        };
        let mut allowed: Vec<&TermSec> = secs.iter().filter(|s| !forbidden(s)).collect();
        // The preferred variant first; the others keep their order.
        allowed.sort_by_key(|s| s.status.as_deref() != Some("preferredTerm-admn-sts"));
        let banned: Vec<&TermSec> = secs.iter().filter(forbidden).collect();
        let make = |kind: TermKind, targets: &[&TermSec]| TermEntry {
            source_lang: source_lang.clone(),
            target_lang: target_lang.clone(),
            source: source.term.clone(),
            targets: targets.iter().map(|s| s.term.clone()).collect(),
            kind,
            case_sensitive: entry.case_sensitive,
            part_of_speech: source.part_of_speech.clone(),
            note: entry.note.clone(),
        };
        let mut wanted = Vec::new();
        if dnt {
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
    Ok(out)
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

/// TBX-Basic (v3, DCA style): one `termEntry` per entry, the source `langSec` first.
pub(super) fn write(entries: &[TermEntry]) -> String {
    let root_lang = entries
        .first()
        .map(|e| e.source_lang.as_str())
        .unwrap_or("en");
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<tbx type=\"TBX-Basic\" style=\"dca\" xml:lang=\"{}\" xmlns=\"urn:iso:std:iso:30042:ed-2\">\n",
        attr(root_lang)
    ));
    out.push_str("  <tbxHeader><fileDesc><sourceDesc><p>Wordmark termbase</p></sourceDesc></fileDesc></tbxHeader>\n");
    out.push_str("  <text>\n    <body>\n");
    for (number, entry) in entries.iter().enumerate() {
        out.push_str(&format!("      <termEntry id=\"t{}\">\n", number + 1));
        if entry.case_sensitive {
            out.push_str("        <admin type=\"caseSensitive\">yes</admin>\n");
        }
        if let Some(note) = &entry.note {
            out.push_str(&format!("        <note>{}</note>\n", escape_text(note)));
        }
        out.push_str(&format!(
            "        <langSec xml:lang=\"{}\">\n          <termSec>\n            <term>{}</term>\n",
            attr(&entry.source_lang),
            escape_text(&entry.source)
        ));
        if let Some(pos) = &entry.part_of_speech {
            out.push_str(&format!(
                "            <termNote type=\"partOfSpeech\">{}</termNote>\n",
                escape_text(pos)
            ));
        }
        if entry.kind == TermKind::DoNotTranslate {
            out.push_str(&format!(
                "            <termNote type=\"transferComment\">{DO_NOT_TRANSLATE}</termNote>\n"
            ));
        }
        out.push_str("          </termSec>\n        </langSec>\n");
        out.push_str(&format!(
            "        <langSec xml:lang=\"{}\">\n",
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
                "          <termSec>\n            <term>{}</term>\n            <termNote type=\"administrativeStatus\">{status}</termNote>\n          </termSec>\n",
                escape_text(target)
            ));
        }
        out.push_str("        </langSec>\n      </termEntry>\n");
    }
    out.push_str("    </body>\n  </text>\n</tbx>\n");
    out
}

fn attr(value: &str) -> String {
    escape_text(value).replace('"', "&quot;")
}
