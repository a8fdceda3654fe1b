//! Segments: translatable content with its inline markup kept as ordered placeholders.
//!
//! Every part of Wordmark that touches content (MT, XLSX, QA, the job view) sees the same
//! tags, because they all go through this one model:
//!
//! * For WPML's CDATA content ([`Markup::Html`]) the content is raw HTML. HTML tags, HTML
//!   comments and WordPress shortcodes (`[name …]`, `[/name]`) are the tags; everything else,
//!   including entity references such as `&nbsp;` exactly as written, is text.
//! * For XLIFF inline elements ([`Markup::Xliff`]) the content is the inner XML of `<source>` /
//!   `<target>` (or `<segment>`'s in 2.0). The elements `g x bx ex bpt ept ph it mrk` (1.2) and
//!   `pc ph sc ec mrk sm em` (2.0) are the tags; text is XML character data as written.
//!
//! `Segment::parse(content, markup).to_content() == content` for every input: parsing never
//! loses or normalises a byte.
//!
//! Tag ids are numbers assigned in order of appearance; an opening tag and its closing tag
//! share one id. Ids are what MT providers see (`<g id="1">…</g>`, `<x id="2"/>`), so a
//! provider never sees (or translates) the original markup.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

/// How inline markup is written in a piece of content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Markup {
    /// Raw HTML (WPML's CDATA content): HTML tags, comments and shortcodes are tags.
    Html,
    /// XLIFF inline elements inside the content's inner XML.
    Xliff,
}

/// Which bracketed names in HTML content are WordPress shortcodes (tags). WPML lists the
/// site's registered shortcodes in every file (the `shortcodes` phase of the header): then
/// only those are tags, and `[CS]` or `[Hinweis]` in a text is text. A file that lists none
/// gets the generic rule: any `[name …]` that looks like a shortcode is one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Shortcodes {
    #[default]
    Any,
    Only(HashSet<String>),
}

impl Shortcodes {
    /// From WPML's comma-separated list; an empty list means the generic rule.
    pub fn from_list(list: &str) -> Shortcodes {
        Shortcodes::from_names(Shortcodes::names_in(list).map(str::to_owned))
    }

    /// The names of WPML's comma-separated list.
    pub fn names_in(list: &str) -> impl Iterator<Item = &str> {
        list.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
    }

    /// From a list of names; none means the generic rule.
    pub fn from_names(names: impl IntoIterator<Item = String>) -> Shortcodes {
        let names: HashSet<String> = names.into_iter().collect();
        if names.is_empty() {
            Shortcodes::Any
        } else {
            Shortcodes::Only(names)
        }
    }

    /// Whether `[name]` is a shortcode. WordPress matches shortcode names as registered
    /// (case-sensitive).
    pub fn contains(&self, name: &str) -> bool {
        match self {
            Shortcodes::Any => true,
            Shortcodes::Only(names) => names.contains(name),
        }
    }
}

/// Whether a tag opens, closes or stands alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TagKind {
    Open,
    Close,
    Standalone,
}

/// One inline tag, with its original markup exactly as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// Placeholder id, 1-based, in order of appearance; an open and its close share one.
    pub id: u32,
    pub kind: TagKind,
    /// Element or shortcode name (`a`, `strong`, `g`, `ph`, `caption`, `!--` for comments,
    /// `?` for processing instructions). HTML element names are in lower case (HTML ignores
    /// case); shortcode and XML names are as written.
    pub name: String,
    /// The original bytes of the tag (`<a href="/x">`, `</a>`, `<x id="3"/>`,
    /// `<ph id="1">&lt;b&gt;</ph>`, `[caption id="1"]`, `<!-- c -->`).
    pub raw: String,
}

/// A piece of a segment: text or a tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Part {
    Text(String),
    Tag(Tag),
}

/// Translatable content split into text and tags.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Segment {
    pub parts: Vec<Part>,
}

/// Why a target's markup does not fit its source's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MarkupError {
    #[error("tag {0} is missing")]
    Missing(String),
    #[error("tag {0} was added")]
    Added(String),
    #[error("tag {0} is out of order or not properly nested")]
    Misplaced(String),
    #[error("the text is not well-formed: {0}")]
    Malformed(String),
}

impl Segment {
    /// Splits `content` into text and tags. Never fails: unbalanced or unknown markup stays
    /// text, so `parse(c, m).to_content() == c` holds for every input. Any name can be a
    /// shortcode; [`Segment::parse_with`] takes a file's list.
    pub fn parse(content: &str, markup: Markup) -> Segment {
        Segment::parse_with(content, markup, &Shortcodes::Any)
    }

    /// [`Segment::parse`] with only `shortcodes` taken as shortcodes in HTML content.
    pub fn parse_with(content: &str, markup: Markup, shortcodes: &Shortcodes) -> Segment {
        let mut tags = match markup {
            Markup::Html => scan::html(content, shortcodes),
            Markup::Xliff => scan::xliff(content),
        };
        let ids = pair_and_number(&mut tags);
        let mut segment = Segment::default();
        let mut at = 0;
        for (tag, id) in tags.into_iter().zip(ids) {
            segment.push_text(&content[at..tag.start]);
            segment.parts.push(Part::Tag(Tag {
                id,
                kind: tag.kind,
                name: tag.name,
                raw: content[tag.start..tag.end].to_owned(),
            }));
            at = tag.end;
        }
        segment.push_text(&content[at..]);
        segment
    }

    /// The content exactly as written: text and the tags' original markup, concatenated.
    pub fn to_content(&self) -> String {
        let mut out = String::new();
        for part in &self.parts {
            out.push_str(match part {
                Part::Text(text) => text,
                Part::Tag(tag) => &tag.raw,
            });
        }
        out
    }

    /// The tags in order of appearance.
    pub fn tags(&self) -> impl Iterator<Item = &Tag> {
        self.parts.iter().filter_map(|p| match p {
            Part::Tag(t) => Some(t),
            Part::Text(_) => None,
        })
    }

    /// The text without tags (entity references decoded for HTML), for counting characters,
    /// QA (numbers, length ratio) and translation memory keys.
    pub fn plain_text(&self, markup: Markup) -> String {
        let mut out = String::new();
        for part in &self.parts {
            if let Part::Text(text) = part {
                out.push_str(&decode_text(text, markup));
            }
        }
        out
    }

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
        mt_xml::read(xml, source, markup)
    }

    /// Checks that `target` carries the same tags as `self` (same original markup, each as
    /// often, pairs properly nested; order may change where languages reorder words).
    pub fn check_markup(&self, target: &Segment) -> Result<(), MarkupError> {
        let by_raw = |counts: &HashMap<(&str, TagKind), i64>, raw: &str| -> i64 {
            [TagKind::Open, TagKind::Close, TagKind::Standalone]
                .iter()
                .map(|kind| counts.get(&(raw, *kind)).copied().unwrap_or(0))
                .sum()
        };
        let (ours, theirs) = (self.tag_counts(), target.tag_counts());
        if let Some(tag) = self
            .tags()
            .find(|t| by_raw(&ours, &t.raw) > by_raw(&theirs, &t.raw))
        {
            return Err(MarkupError::Missing(tag.raw.clone()));
        }
        if let Some(tag) = target
            .tags()
            .find(|t| by_raw(&theirs, &t.raw) > by_raw(&ours, &t.raw))
        {
            return Err(MarkupError::Added(tag.raw.clone()));
        }
        // Same raws each as often; a raw that pairs in the source but not in the target (a
        // close before its open, crossed pairs) shows up as a different kind.
        if let Some(tag) = self
            .tags()
            .find(|t| ours.get(&(t.raw.as_str(), t.kind)) != theirs.get(&(t.raw.as_str(), t.kind)))
        {
            return Err(MarkupError::Misplaced(tag.raw.clone()));
        }
        Ok(())
    }

    /// How often each tag (by raw markup and kind) occurs.
    fn tag_counts(&self) -> HashMap<(&str, TagKind), i64> {
        let mut counts = HashMap::new();
        for tag in self.tags() {
            *counts.entry((tag.raw.as_str(), tag.kind)).or_default() += 1;
        }
        counts
    }

    /// Appends text, merging with a preceding text part so text parts never touch.
    fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if let Some(Part::Text(last)) = self.parts.last_mut() {
            last.push_str(text);
        } else {
            self.parts.push(Part::Text(text.to_owned()));
        }
    }

    fn push_tag(&mut self, tag: &Tag) {
        self.parts.push(Part::Tag(tag.clone()));
    }
}

/// Escapes text for XML character data (and for HTML text, where the same three suffice).
pub fn escape_text(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The characters a text part stands for: HTML entity references decoded (unknown ones kept
/// as written), or for XLIFF the XML references decoded and CDATA sections unwrapped.
pub(crate) fn decode_text(text: &str, markup: Markup) -> Cow<'_, str> {
    match markup {
        Markup::Html => entities::decode(text, entities::html_named),
        Markup::Xliff if text.contains("<![CDATA[") => {
            let mut out = String::with_capacity(text.len());
            let mut rest = text;
            while let Some(start) = rest.find("<![CDATA[") {
                out.push_str(&entities::decode(&rest[..start], entities::xml_named));
                let body = &rest[start + 9..];
                let end = body.find("]]>").unwrap_or(body.len());
                out.push_str(&body[..end]);
                rest = body.get(end + 3..).unwrap_or("");
            }
            out.push_str(&entities::decode(rest, entities::xml_named));
            Cow::Owned(out)
        }
        Markup::Xliff => entities::decode(text, entities::xml_named),
    }
}

/// A tag found by a scanner: its byte range in the content, kind as written and pairing key.
#[derive(Debug)]
struct Found {
    start: usize,
    end: usize,
    kind: TagKind,
    name: String,
    /// Separates namespaces of names that must never pair with each other (an HTML `<b>`
    /// with a shortcode `[/b]`).
    family: Family,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Element,
    Shortcode,
    Other,
}

/// Pairs opens with closes (nesting-aware: a close matches the nearest open of its name, opens
/// left unclosed in between become standalone; unmatched opens/closes become standalone) and
/// returns each tag's id: 1-based in order of appearance, shared by a pair.
fn pair_and_number(tags: &mut [Found]) -> Vec<u32> {
    let mut partner: Vec<Option<usize>> = vec![None; tags.len()];
    let mut open: Vec<usize> = Vec::new();
    for i in 0..tags.len() {
        match tags[i].kind {
            TagKind::Open => open.push(i),
            TagKind::Close => {
                let matching = open.iter().rposition(|&o| {
                    tags[o].family == tags[i].family && tags[o].name == tags[i].name
                });
                match matching {
                    Some(pos) => {
                        for &unclosed in &open[pos + 1..] {
                            tags[unclosed].kind = TagKind::Standalone;
                        }
                        partner[open[pos]] = Some(i);
                        open.truncate(pos);
                    }
                    None => tags[i].kind = TagKind::Standalone,
                }
            }
            TagKind::Standalone => {}
        }
    }
    for unclosed in open {
        tags[unclosed].kind = TagKind::Standalone;
    }
    let mut ids = vec![0; tags.len()];
    let mut next = 0;
    for i in 0..tags.len() {
        if tags[i].kind == TagKind::Close {
            continue; // numbered with its open
        }
        next += 1;
        ids[i] = next;
        if let Some(close) = partner[i] {
            ids[close] = next;
        }
    }
    ids
}

/// Tokenizers that find tags in content; everything between tags is text.
mod scan {
    use super::{Family, Found, Shortcodes, TagKind};

    /// HTML elements that never have a closing tag.
    const VOID_ELEMENTS: &[&str] = &[
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr",
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
}

/// Entity references: `&name;`, `&#NN;`, `&#xHH;`.
mod entities {
    use std::borrow::Cow;

    /// Decodes the references in `text` that `named` knows, and all valid character
    /// references; anything else (unknown names, a bare `&`) stays as written.
    pub(super) fn decode(text: &str, named: fn(&str) -> Option<char>) -> Cow<'_, str> {
        if !text.contains('&') {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(amp) = rest.find('&') {
            out.push_str(&rest[..amp]);
            rest = &rest[amp..];
            match reference(rest, named) {
                Some((c, len)) => {
                    out.push(c);
                    rest = &rest[len..];
                }
                None => {
                    out.push('&');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        Cow::Owned(out)
    }

    /// The reference `text` starts with (at its `&`): the character and the reference's
    /// length in bytes; `None` when [`decode`] keeps the `&` as written.
    pub(super) fn reference(text: &str, named: fn(&str) -> Option<char>) -> Option<(char, usize)> {
        let body = text.strip_prefix('&')?;
        let semi = body.find(';').filter(|&semi| semi > 0 && semi <= 32)?;
        resolve(&body[..semi], named).map(|c| (c, semi + 2))
    }

    fn resolve(name: &str, named: fn(&str) -> Option<char>) -> Option<char> {
        let Some(number) = name.strip_prefix('#') else {
            return named(name);
        };
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        char::from_u32(code).filter(|&c| c != '\0')
    }

    /// XML's five predefined entities.
    pub(super) fn xml_named(name: &str) -> Option<char> {
        Some(match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => return None,
        })
    }

    /// HTML's named references: XML's, all of Latin-1, and the typographic ones editors
    /// produce (quotes, dashes, spaces, symbols).
    pub(super) fn html_named(name: &str) -> Option<char> {
        if let Some(i) = LATIN1.iter().position(|&n| n == name) {
            return char::from_u32(0xA0 + i as u32);
        }
        xml_named(name).or_else(|| OTHERS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c))
    }

    /// Names of U+00A0..=U+00FF in order.
    const LATIN1: [&str; 96] = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
        "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
        "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
        "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave",
        "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
        "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc",
        "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring",
        "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc",
        "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash",
        "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ];

    const OTHERS: &[(&str, char)] = &[
        ("OElig", 'Œ'),
        ("oelig", 'œ'),
        ("Scaron", 'Š'),
        ("scaron", 'š'),
        ("Yuml", 'Ÿ'),
        ("fnof", 'ƒ'),
        ("circ", 'ˆ'),
        ("tilde", '˜'),
        ("ensp", '\u{2002}'),
        ("emsp", '\u{2003}'),
        ("thinsp", '\u{2009}'),
        ("zwnj", '\u{200C}'),
        ("zwj", '\u{200D}'),
        ("lrm", '\u{200E}'),
        ("rlm", '\u{200F}'),
        ("ndash", '–'),
        ("mdash", '—'),
        ("lsquo", '‘'),
        ("rsquo", '’'),
        ("sbquo", '‚'),
        ("ldquo", '“'),
        ("rdquo", '”'),
        ("bdquo", '„'),
        ("dagger", '†'),
        ("Dagger", '‡'),
        ("bull", '•'),
        ("hellip", '…'),
        ("permil", '‰'),
        ("prime", '′'),
        ("Prime", '″'),
        ("lsaquo", '‹'),
        ("rsaquo", '›'),
        ("euro", '€'),
        ("trade", '™'),
        ("larr", '←'),
        ("uarr", '↑'),
        ("rarr", '→'),
        ("darr", '↓'),
        ("harr", '↔'),
        ("minus", '−'),
        ("le", '≤'),
        ("ge", '≥'),
        ("ne", '≠'),
        ("asymp", '≈'),
        ("infin", '∞'),
        ("check", '✓'),
    ];
}

/// Reading an MT provider's `<g>`/`<x>` answer back into a segment.
mod mt_xml {
    use std::collections::HashMap;

    use quick_xml::Reader;
    use quick_xml::events::{BytesStart, Event};

    use super::{Markup, MarkupError, Part, Segment, Tag, TagKind, entities, escape_text};

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

    pub(super) fn read(
        xml: &str,
        source: &Segment,
        markup: Markup,
    ) -> Result<Segment, MarkupError> {
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
                        .take_while(|&b| {
                            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
                        })
                        .count();
                    name_len > 0
                        && after.as_bytes()[0].is_ascii_alphabetic()
                        && after.as_bytes().get(name_len) == Some(&b';')
                }
                ('<', Markup::Html) => !after.chars().next().is_some_and(|next| {
                    next.is_ascii_alphabetic() || matches!(next, '/' | '!' | '?')
                }),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(content: &str, markup: Markup) -> Vec<(u32, TagKind, String)> {
        Segment::parse(content, markup)
            .tags()
            .map(|t| (t.id, t.kind, t.raw.clone()))
            .collect()
    }

    fn tag(id: u32, kind: TagKind, raw: &str) -> (u32, TagKind, String) {
        (id, kind, raw.to_owned())
    }

    use TagKind::{Close, Open, Standalone};

    #[test]
    fn html_tags_pairs_and_void_elements() {
        let content = r#"<p class="x">Hello <a href="/q?a>b" title='it"s'>world</a><br>!<img src="a.png" /></p>"#;
        assert_eq!(
            tags(content, Markup::Html),
            vec![
                tag(1, Open, r#"<p class="x">"#),
                tag(2, Open, r#"<a href="/q?a>b" title='it"s'>"#),
                tag(2, Close, "</a>"),
                tag(3, Standalone, "<br>"),
                tag(4, Standalone, r#"<img src="a.png" />"#),
                tag(1, Close, "</p>"),
            ]
        );
        let segment = Segment::parse(content, Markup::Html);
        assert_eq!(segment.plain_text(Markup::Html), "Hello world!");
        assert_eq!(segment.to_content(), content);
    }

    #[test]
    fn html_comments_and_case_insensitive_names() {
        assert_eq!(
            tags("<B>a<!-- <i> -->b</b>", Markup::Html),
            vec![
                tag(1, Open, "<B>"),
                tag(2, Standalone, "<!-- <i> -->"),
                tag(1, Close, "</b>")
            ]
        );
    }

    #[test]
    fn shortcodes_are_tags_but_bracketed_numbers_are_text() {
        let content = r#"[caption id="c1" align="left"]<img src="x.jpg"> A cat[/caption] see [1] and [video src="v.mp4" /] [h5p id=3]"#;
        assert_eq!(
            tags(content, Markup::Html),
            vec![
                tag(1, Open, r#"[caption id="c1" align="left"]"#),
                tag(2, Standalone, r#"<img src="x.jpg">"#),
                tag(1, Close, "[/caption]"),
                tag(3, Standalone, r#"[video src="v.mp4" /]"#),
                tag(4, Standalone, "[h5p id=3]"),
            ]
        );
        assert_eq!(
            Segment::parse(content, Markup::Html).plain_text(Markup::Html),
            " A cat see [1] and  "
        );
    }

    #[test]
    fn only_listed_shortcodes_are_tags_when_the_file_lists_them() {
        let listed = Shortcodes::from_list(" caption, gallery ,");
        let content = r#"[caption id="c1"]A cat[/caption] [CS] [Hinweis] text [/CS] [gallery /]"#;
        let tags = |shortcodes: &Shortcodes| -> Vec<String> {
            Segment::parse_with(content, Markup::Html, shortcodes)
                .tags()
                .map(|t| t.raw.clone())
                .collect()
        };
        assert_eq!(
            tags(&listed),
            vec![r#"[caption id="c1"]"#, "[/caption]", "[gallery /]"]
        );
        assert_eq!(
            tags(&Shortcodes::Any),
            vec![
                r#"[caption id="c1"]"#,
                "[/caption]",
                "[CS]",
                "[Hinweis]",
                "[/CS]",
                "[gallery /]"
            ]
        );
        assert_eq!(Shortcodes::from_list(" , "), Shortcodes::Any);
        assert!(
            !listed.contains("Caption"),
            "names are matched as registered"
        );
    }

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
    fn shortcode_and_element_of_the_same_name_never_pair() {
        assert_eq!(
            tags("<b>x[/b]", Markup::Html),
            vec![tag(1, Standalone, "<b>"), tag(2, Standalone, "[/b]")]
        );
    }

    #[test]
    fn unmatched_and_crossed_tags_become_standalone() {
        assert_eq!(
            tags("</b>x<b>y", Markup::Html),
            vec![tag(1, Standalone, "</b>"), tag(2, Standalone, "<b>")]
        );
        assert_eq!(
            tags("<b><i>x</b></i>", Markup::Html),
            vec![
                tag(1, Open, "<b>"),
                tag(2, Standalone, "<i>"),
                tag(1, Close, "</b>"),
                tag(3, Standalone, "</i>")
            ]
        );
        assert_eq!(
            tags("<p>a<p>b</p>", Markup::Html),
            vec![
                tag(1, Standalone, "<p>"),
                tag(2, Open, "<p>"),
                tag(2, Close, "</p>")
            ]
        );
    }

    #[test]
    fn stray_brackets_stay_text() {
        for content in [
            "a < b and c > d",
            "x <3 y",
            "[ not ] [/1] [a b",
            "<",
            "[",
            "<a href=\"x",
            "<!-- open",
        ] {
            let segment = Segment::parse(content, Markup::Html);
            assert_eq!(segment.to_content(), content);
            assert_eq!(segment.parts, vec![Part::Text(content.into())]);
        }
        assert_eq!(tags("[a[b]", Markup::Html), vec![tag(1, Standalone, "[b]")]);
    }

    #[test]
    fn html_entities_decode_in_plain_text_only() {
        let segment = Segment::parse(
            "Tom&nbsp;&amp; Jerry&rsquo;s &#8211; &#x263A; &bogus; & AT&T&hellip;",
            Markup::Html,
        );
        assert_eq!(
            segment.parts,
            vec![Part::Text(
                "Tom&nbsp;&amp; Jerry&rsquo;s &#8211; &#x263A; &bogus; & AT&T&hellip;".into()
            )]
        );
        assert_eq!(
            segment.plain_text(Markup::Html),
            "Tom\u{a0}& Jerry’s – ☺ &bogus; & AT&T…"
        );
    }

    #[test]
    fn xliff_inline_elements() {
        let content = r#"<g id="1">Click <x id="2"/></g> <ph id="3">&lt;b&gt;</ph>x<bpt id="4">&lt;i&gt;</bpt>y<ept id="4">&lt;/i&gt;</ept> <mrk mtype="seg" mid="1"/>"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![
                tag(1, Open, r#"<g id="1">"#),
                tag(2, Standalone, r#"<x id="2"/>"#),
                tag(1, Close, "</g>"),
                tag(3, Standalone, r#"<ph id="3">&lt;b&gt;</ph>"#),
                tag(4, Standalone, r#"<bpt id="4">&lt;i&gt;</bpt>"#),
                tag(5, Standalone, r#"<ept id="4">&lt;/i&gt;</ept>"#),
                tag(6, Standalone, r#"<mrk mtype="seg" mid="1"/>"#),
            ]
        );
        assert_eq!(
            Segment::parse(content, Markup::Xliff).plain_text(Markup::Xliff),
            "Click  xy "
        );
    }

    #[test]
    fn xliff2_inline_elements_and_cdata_text() {
        let content = r#"<pc id="1">Hello <mrk id="m1" type="term">World</mrk></pc><sc id="2"/>a &amp; <![CDATA[<b>&]]><ec startRef="2"/><ph id="3"/>"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![
                tag(1, Open, r#"<pc id="1">"#),
                tag(2, Open, r#"<mrk id="m1" type="term">"#),
                tag(2, Close, "</mrk>"),
                tag(1, Close, "</pc>"),
                tag(3, Standalone, r#"<sc id="2"/>"#),
                tag(4, Standalone, r#"<ec startRef="2"/>"#),
                tag(5, Standalone, r#"<ph id="3"/>"#),
            ]
        );
        let segment = Segment::parse(content, Markup::Xliff);
        assert_eq!(segment.plain_text(Markup::Xliff), "Hello Worlda & <b>&");
        assert_eq!(
            segment.to_mt_xml(Markup::Xliff),
            r#"<g id="1">Hello <g id="2">World</g></g><x id="3"/>a &amp; &lt;b&gt;&amp;<x id="4"/><x id="5"/>"#
        );
    }

    #[test]
    fn nested_native_code_is_one_tag() {
        let content = r#"<ph id="1">a<sub>b<ph id="2">c</ph></sub></ph>d"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![tag(
                1,
                Standalone,
                r#"<ph id="1">a<sub>b<ph id="2">c</ph></sub></ph>"#
            )]
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

    #[test]
    fn check_markup_allows_reordering_but_not_changes() {
        let source = Segment::parse("<b>a</b> <i>b</i><br>", Markup::Html);
        let check = |target: &str| source.check_markup(&Segment::parse(target, Markup::Html));
        assert_eq!(check("<br><i>B</i> <b>A</b>"), Ok(()));
        assert_eq!(
            check("<b>A</b> B<br>"),
            Err(MarkupError::Missing("<i>".into()))
        );
        assert_eq!(
            check("<b>A</b> <i>B</i><br><br>"),
            Err(MarkupError::Added("<br>".into()))
        );
        assert_eq!(
            check("<b>A<i></b>B</i><br>"),
            Err(MarkupError::Misplaced("<i>".into()))
        );
        assert_eq!(
            check("</b>A<b> <i>B</i><br>"),
            Err(MarkupError::Misplaced("<b>".into()))
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
