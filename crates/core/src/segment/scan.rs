//! Tokenizers that find tags in content; everything between tags is text.

use super::{Shortcodes, TagKind};

/// A tag found by a scanner: its byte range in the content, kind as written and pairing key.
#[derive(Debug)]
pub(super) struct Found {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) kind: TagKind,
    pub(super) name: String,
    /// Separates namespaces of names that must never pair with each other (an HTML `<b>`
    /// with a shortcode `[/b]`).
    pub(super) family: Family,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    Element,
    Shortcode,
    Other,
}

/// HTML elements that never have a closing tag.
const VOID_ELEMENTS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// XLIFF 1.2 elements whose content is native code, not text: the whole element is one tag.
const NATIVE_CODE_ELEMENTS: &[&str] = &["bpt", "ept", "ph", "it"];

pub(super) fn html(content: &str, shortcodes: &Shortcodes) -> Vec<Found> {
    let bytes = content.as_bytes();
    let mut tags = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let found = match bytes[i] {
            b'<' => html_tag(bytes, i),
            b'[' => shortcode(bytes, i).filter(|tag| shortcodes.contains(&tag.name)),
            _ => None,
        };
        match found {
            Some(tag) => {
                i = tag.end;
                tags.push(tag);
            }
            None => i += 1,
        }
    }
    tags
}

pub(super) fn xliff(content: &str) -> Vec<Found> {
    let bytes = content.as_bytes();
    let mut tags = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            i += 1;
            continue;
        }
        if bytes[i..].starts_with(b"<![CDATA[") {
            // Character data: text, even when it looks like markup.
            i = find(bytes, i + 9, b"]]>").map_or(bytes.len(), |e| e + 3);
            continue;
        }
        match xml_tag(bytes, i) {
            Some(tag) => {
                i = tag.end;
                tags.push(tag);
            }
            None => i += 1,
        }
    }
    tags
}

fn html_tag(bytes: &[u8], start: usize) -> Option<Found> {
    if bytes[start..].starts_with(b"<!--") {
        let end = find(bytes, start + 4, b"-->")? + 3;
        return Some(found(
            start,
            end,
            TagKind::Standalone,
            "!--".into(),
            Family::Other,
        ));
    }
    let (closing, name_start) = if bytes.get(start + 1) == Some(&b'/') {
        (true, start + 2)
    } else {
        (false, start + 1)
    };
    let name_end = name_end(bytes, name_start, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b':' | b'_' | b'.')
    })?;
    let name = String::from_utf8_lossy(&bytes[name_start..name_end]).to_ascii_lowercase();
    let (end, self_closing) = attributes_end(bytes, name_end, b'>')?;
    let kind = if closing {
        TagKind::Close
    } else if self_closing || VOID_ELEMENTS.contains(&name.as_str()) {
        TagKind::Standalone
    } else {
        TagKind::Open
    };
    Some(found(start, end, kind, name, Family::Element))
}

/// WordPress shortcodes as `get_shortcode_regex()` sees them: `[name]`, `[name attrs]`,
/// `[name /]`, `[/name]`; the name starts with a letter, attributes never contain `[`/`]`.
fn shortcode(bytes: &[u8], start: usize) -> Option<Found> {
    let closing = bytes.get(start + 1) == Some(&b'/');
    let name_start = start + 1 + usize::from(closing);
    let name_end = name_end(bytes, name_start, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_')
    })?;
    let name = String::from_utf8_lossy(&bytes[name_start..name_end]).into_owned();
    if closing {
        return (bytes.get(name_end) == Some(&b']'))
            .then(|| found(start, name_end + 1, TagKind::Close, name, Family::Shortcode));
    }
    if !matches!(
        bytes.get(name_end),
        Some(b']' | b'/') | Some(b' ' | b'\t' | b'\n' | b'\r')
    ) {
        return None;
    }
    let close = name_end
        + bytes[name_end..]
            .iter()
            .position(|&b| b == b']' || b == b'[')?;
    if bytes[close] == b'[' {
        return None;
    }
    let kind = if bytes[close - 1] == b'/' {
        TagKind::Standalone
    } else {
        TagKind::Open
    };
    Some(found(start, close + 1, kind, name, Family::Shortcode))
}

fn xml_tag(bytes: &[u8], start: usize) -> Option<Found> {
    if bytes[start..].starts_with(b"<!--") {
        let end = find(bytes, start + 4, b"-->")? + 3;
        return Some(found(
            start,
            end,
            TagKind::Standalone,
            "!--".into(),
            Family::Other,
        ));
    }
    if bytes[start..].starts_with(b"<?") {
        let end = find(bytes, start + 2, b"?>")? + 2;
        return Some(found(
            start,
            end,
            TagKind::Standalone,
            "?".into(),
            Family::Other,
        ));
    }
    let (closing, name_start) = if bytes.get(start + 1) == Some(&b'/') {
        (true, start + 2)
    } else {
        (false, start + 1)
    };
    let name_end = name_end(bytes, name_start, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b':' | b'_' | b'.') || b >= 0x80
    })?;
    let name = String::from_utf8_lossy(&bytes[name_start..name_end]).into_owned();
    let (end, self_closing) = attributes_end(bytes, name_end, b'>')?;
    if closing {
        return Some(found(start, end, TagKind::Close, name, Family::Element));
    }
    if self_closing {
        return Some(found(
            start,
            end,
            TagKind::Standalone,
            name,
            Family::Element,
        ));
    }
    let local = name.rsplit(':').next().unwrap_or(&name);
    if NATIVE_CODE_ELEMENTS.contains(&local)
        && let Some(element_end) = element_end(bytes, end, &name)
    {
        return Some(found(
            start,
            element_end,
            TagKind::Standalone,
            name,
            Family::Element,
        ));
    }
    Some(found(start, end, TagKind::Open, name, Family::Element))
}

/// Where the element named `name` whose start tag ends at `from` ends (after its end tag),
/// counting nested elements of the same name.
fn element_end(bytes: &[u8], from: usize, name: &str) -> Option<usize> {
    let mut depth = 1;
    let mut i = from;
    while let Some(lt) = bytes[i..].iter().position(|&b| b == b'<').map(|p| p + i) {
        let closing = bytes.get(lt + 1) == Some(&b'/');
        let name_start = lt + 1 + usize::from(closing);
        let is_name = bytes[name_start..].starts_with(name.as_bytes())
            && matches!(
                bytes.get(name_start + name.len()),
                Some(b'>' | b'/' | b' ' | b'\t' | b'\n' | b'\r')
            );
        if !is_name {
            i = lt + 1;
            continue;
        }
        let (end, self_closing) = attributes_end(bytes, name_start + name.len(), b'>')?;
        if closing {
            depth -= 1;
            if depth == 0 {
                return Some(end);
            }
        } else if !self_closing {
            depth += 1;
        }
        i = end;
    }
    None
}

/// The end of a name that starts with an ASCII letter at `start`.
fn name_end(bytes: &[u8], start: usize, is_name_byte: impl Fn(u8) -> bool) -> Option<usize> {
    if !bytes.get(start)?.is_ascii_alphabetic() {
        return None;
    }
    Some(
        start
            + bytes[start..]
                .iter()
                .position(|&b| !is_name_byte(b))
                .unwrap_or(bytes.len() - start),
    )
}

/// Skips attributes up to the closing `delimiter`; quoted attribute values may contain it.
/// Returns the position after the delimiter and whether the tag was self-closing (`/>`).
fn attributes_end(bytes: &[u8], from: usize, delimiter: u8) -> Option<(usize, bool)> {
    let mut i = from;
    let mut after_equals = false;
    while i < bytes.len() {
        let b = bytes[i];
        if b == delimiter {
            return Some((i + 1, i > from && bytes[i - 1] == b'/'));
        }
        if b == b'<' {
            return None; // a new tag starts: this one was never closed
        }
        if after_equals && (b == b'"' || b == b'\'') {
            i += 1 + bytes[i + 1..].iter().position(|&q| q == b)?;
            after_equals = false;
        } else if b == b'=' {
            after_equals = true;
        } else if !b.is_ascii_whitespace() {
            after_equals = false;
        }
        i += 1;
    }
    None
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

fn found(start: usize, end: usize, kind: TagKind, name: String, family: Family) -> Found {
    Found {
        start,
        end,
        kind,
        name,
        family,
    }
}
