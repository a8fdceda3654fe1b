//! Splicing new targets into the original bytes.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::content;
use super::read::{self, TargetSpan};
use super::{XliffError, XliffErrorKind};
use crate::segment::Markup;

/// Puts new target contents (display form, by [`super::Unit::key`]) into the original file.
///
/// Only the content between each changed `<target>`'s tags changes; a missing target is
/// inserted after `</source>` (after `</seg-source>` when there is one) with the whitespace
/// found before `<source>`, and `<target …/>` becomes `<target …>…</target>`. A target whose
/// display form is unchanged is not touched, so writing a file's own targets returns its
/// bytes. Fails on a key the file does not have or a target that would not be well-formed;
/// nothing is written then.
pub fn write_targets(
    file_name: &str,
    bytes: &[u8],
    targets: &HashMap<String, String>,
) -> Result<Vec<u8>, XliffError> {
    let parsed = read::read(file_name, bytes)?;
    let error =
        |position: usize, kind: XliffErrorKind| XliffError::at(file_name, bytes, position, kind);
    let keys: HashSet<&str> = parsed
        .document
        .units
        .iter()
        .map(|u| u.key.as_str())
        .collect();
    let mut unknown: Vec<&String> = targets
        .keys()
        .filter(|key| !keys.contains(key.as_str()))
        .collect();
    unknown.sort();
    if let Some(key) = unknown.first() {
        return Err(error(0, XliffErrorKind::UnknownUnit((*key).clone())));
    }
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    for (unit, layout) in parsed.document.units.iter().zip(&parsed.layouts) {
        let Some(new) = targets.get(&unit.key) else {
            continue;
        };
        if unit.target.as_deref().unwrap_or("") == new {
            continue;
        }
        let used_cdata = layout.source.cdata
            || matches!(&layout.target, TargetSpan::Content(span) if span.cdata);
        let encoded = content::encode(
            new,
            unit.markup,
            unit.markup == Markup::Html && used_cdata,
            parsed.dtd,
        )
        .map_err(|reason| {
            error(
                layout.target.position(),
                XliffErrorKind::InvalidTarget {
                    key: unit.key.clone(),
                    reason,
                },
            )
        })?;
        edits.push(match &layout.target {
            TargetSpan::Content(span) => (span.range.clone(), encoded),
            TargetSpan::SelfClosing { tag, name } => {
                let start_tag = &bytes[tag.start..tag.end - "/>".len()];
                let start_tag =
                    std::str::from_utf8(start_tag).expect("tags lie on character boundaries");
                (tag.clone(), format!("{start_tag}>{encoded}</{name}>"))
            }
            TargetSpan::Missing {
                insert_at,
                indent,
                name,
            } => {
                let indent = indent.clone().map_or("", |ws| {
                    std::str::from_utf8(&bytes[ws]).expect("whitespace is ASCII")
                });
                (
                    *insert_at..*insert_at,
                    format!("{indent}<{name}>{encoded}</{name}>"),
                )
            }
        });
    }
    if edits.is_empty() {
        return Ok(bytes.to_vec());
    }
    let grown: usize = edits.iter().map(|(_, text)| text.len()).sum();
    let mut out = Vec::with_capacity(bytes.len() + grown);
    let mut at = 0;
    // Units come in document order, so the edits do too.
    for (range, text) in edits {
        out.extend_from_slice(&bytes[at..range.start]);
        out.extend_from_slice(text.as_bytes());
        at = range.end;
    }
    out.extend_from_slice(&bytes[at..]);
    Ok(out)
}
