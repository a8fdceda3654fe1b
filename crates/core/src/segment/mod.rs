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

mod check;
mod entities;
mod mt_xml;
mod parse;
mod scan;
mod shortcodes;

pub(crate) use entities::decode_text;
pub use entities::escape_text;
pub use shortcodes::Shortcodes;

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
