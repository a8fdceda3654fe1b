//! XLIFF: reading WPML's (and other tools') files and writing new targets into the original
//! bytes.
//!
//! Reading ([`parse`]) streams the file once with quick-xml and keeps byte positions; nothing
//! is re-serialised. Writing ([`write_targets`]) splices new `<target>` contents into the
//! original bytes, so everything else — declaration, DOCTYPE, attribute order, whitespace,
//! comments, CDATA, line endings, byte-order mark, WPML's `tool:` namespace — stays
//! byte-identical. Entities are never expanded and a DTD is never read; a file whose DOCTYPE
//! holds declarations of its own (an internal DTD, which WPML never writes) is refused.
//!
//! Versions: XLIFF 1.0 (WPML's, no namespace, DOCTYPE), 1.1, 1.2 (`trans-unit`, `<group>`,
//! `<seg-source>`) and 2.x (`unit/segment`; each segment is one [`Unit`]).
//!
//! # Display form and markup
//!
//! A unit's `source` and `target` strings are in *display form*, which is what MT, the XLSX
//! file and the job view work with; [`Unit::markup`] says how to read them with
//! [`Segment::parse`]:
//!
//! * When the source or target content holds child elements (XLIFF inline elements such as
//!   `<g>`, `<x/>`, `<ph>`, `<pc>`, `<mrk>`), comments, processing instructions or entity
//!   references a DTD would have to define, the markup is [`Markup::Xliff`] and the display
//!   form is the element's inner XML exactly as written.
//! * Otherwise the content is character data only (WPML: HTML inside CDATA; other tools:
//!   escaped text such as `&lt;p&gt;`), the markup is [`Markup::Html`] and the display form is
//!   that character data decoded: CDATA sections unwrapped and XML references (`&lt;`,
//!   `&amp;`, `&#233;`) resolved. WPML's HTML therefore appears exactly as WPML wrote it
//!   inside CDATA, HTML entities such as `&nbsp;` included.
//!
//! When writing, [`Markup::Html`] content goes back as CDATA when the unit's source or target
//! used CDATA (WPML expects HTML in CDATA), else XML-escaped; [`Markup::Xliff`] content is
//! written as is after checking it is well-formed.
//!
//! # Unit keys
//!
//! [`Unit::key`] identifies a unit within its document, the same on every parse of the same
//! bytes: the unit's `id` (`#N` for the N-th unit when it has none); for XLIFF 2 units with
//! several segments, `{unit id}#{segment id}` (`#{segment number}` when the segment has no
//! id); a key already taken (duplicate ids, several `<file>`s) gets `~2`, `~3`, … appended.

mod content;
mod error;
mod read;
mod write;

pub use error::{XliffError, XliffErrorKind};
pub use write::write_targets;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::segment::{Markup, Segment, Shortcodes};

/// The UTF-8 byte-order mark some tools put first.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// An XLIFF version this module reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Version {
    #[serde(rename = "1.0")]
    V1_0,
    #[serde(rename = "1.1")]
    V1_1,
    #[serde(rename = "1.2")]
    V1_2,
    #[serde(rename = "2.0")]
    V2_0,
    #[serde(rename = "2.1")]
    V2_1,
    #[serde(rename = "2.2")]
    V2_2,
}

impl Version {
    fn from_attribute(value: &str) -> Option<Version> {
        Some(match value.trim() {
            "1.0" => Version::V1_0,
            "1.1" => Version::V1_1,
            "1.2" => Version::V1_2,
            "2.0" => Version::V2_0,
            "2.1" => Version::V2_1,
            "2.2" => Version::V2_2,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Version::V1_0 => "1.0",
            Version::V1_1 => "1.1",
            Version::V1_2 => "1.2",
            Version::V2_0 => "2.0",
            Version::V2_1 => "2.1",
            Version::V2_2 => "2.2",
        }
    }

    /// XLIFF 2 (`unit/segment`, languages on the root) rather than 1.x (`trans-unit`).
    pub fn is_2(self) -> bool {
        matches!(self, Version::V2_0 | Version::V2_1 | Version::V2_2)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One `<file>` element's metadata.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FileInfo {
    /// `original` exactly as written (WPML: `{job id}-{md5}`).
    pub original: Option<String>,
    /// WPML's job id: the number before the md5 when `original` has WPML's form.
    pub wpml_id: Option<u64>,
    /// Normalised with [`crate::lang::normalize`]; `None` when absent or empty.
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// WPML's `post_type` phase note (`page`, `post_post`, `st-batch_strings`, …).
    pub post_type: Option<String>,
    /// The site's registered shortcodes from WPML's `shortcodes` phase note, as listed; empty
    /// when the file lists none.
    pub shortcodes: Vec<String>,
}

impl FileInfo {
    /// Which bracketed names in this file's HTML content are shortcodes: the listed ones, or
    /// any when the file lists none.
    pub fn shortcodes(&self) -> Shortcodes {
        Shortcodes::from_names(self.shortcodes.iter().cloned())
    }
}

/// A parsed XLIFF document. The top-level metadata is the first `<file>`'s; `files` has all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    pub version: Version,
    pub original: Option<String>,
    pub wpml_id: Option<u64>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub post_type: Option<String>,
    pub files: Vec<FileInfo>,
    pub units: Vec<Unit>,
}

impl Document {
    /// The shortcodes of the whole document, for whoever keeps one list per document: every
    /// file's names, each once, in order of listing. Empty, the generic rule, when any file
    /// lists none, since that file's content needs it (WPML writes one `<file>` per document,
    /// so this is its list).
    pub fn shortcode_names(&self) -> Vec<&str> {
        if self.files.iter().any(|file| file.shortcodes.is_empty()) {
            return Vec::new();
        }
        let mut seen = std::collections::HashSet::new();
        self.files
            .iter()
            .flat_map(|file| file.shortcodes.iter().map(String::as_str))
            .filter(|name| seen.insert(*name))
            .collect()
    }
}

/// One translatable unit: a 1.x `<trans-unit>` or one `<segment>` of a 2.x `<unit>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Unique within the document and stable across parses (see the module documentation).
    pub key: String,
    /// The unit's `id` attribute (WPML: `title`, `body`, `field-…`, `package-string-…`).
    pub id: Option<String>,
    /// The XLIFF 2 segment's `id`.
    pub segment_id: Option<String>,
    /// Index into [`Document::files`].
    pub file_index: usize,
    pub resname: Option<String>,
    pub restype: Option<String>,
    pub datatype: Option<String>,
    /// False for `translate="no"`.
    pub translatable: bool,
    pub markup: Markup,
    /// Display form (see the module documentation); from `<seg-source>` when present.
    pub source: String,
    /// Display form; `None` when the unit has no `<target>`.
    pub target: Option<String>,
    /// The target's `state` (1.x) or the segment's `state` (2.x), e.g.
    /// `needs-review-translation` for WPML's translation-memory suggestions.
    pub target_state: Option<String>,
}

impl Unit {
    pub fn source_segment(&self) -> Segment {
        Segment::parse(&self.source, self.markup)
    }

    pub fn target_segment(&self) -> Option<Segment> {
        self.target
            .as_deref()
            .map(|target| Segment::parse(target, self.markup))
    }

    /// No target, or one with nothing but whitespace.
    pub fn target_is_empty(&self) -> bool {
        self.target.as_deref().is_none_or(|t| t.trim().is_empty())
    }

    /// Whether the target is a translation. WPML exports an untranslated job with every target
    /// a copy of its source, so a target equal to the source only counts when the file marks
    /// it with a `state` (WPML's translation-memory suggestions, other tools' reviewed units).
    pub fn has_translation(&self) -> bool {
        !self.target_is_empty()
            && (self.target.as_deref() != Some(self.source.as_str()) || self.target_state.is_some())
    }
}

/// Reads an XLIFF file. `file_name` only names the file in errors.
pub fn parse(file_name: &str, bytes: &[u8]) -> Result<Document, XliffError> {
    read::read(file_name, bytes).map(|parsed| parsed.document)
}

#[cfg(test)]
mod tests {
    /// A WPML-style document of one `<file>` per list (`None`: no `shortcodes` phase).
    fn document(lists: &[Option<&str>]) -> super::Document {
        let files: String = lists
            .iter()
            .enumerate()
            .map(|(i, list)| {
                let header = list.map_or(String::new(), |list| {
                    format!(
                        "<header><phase-group><phase phase-name=\"shortcodes\" process-name=\"Shortcodes identification\"><note>{list}</note></phase></phase-group></header>"
                    )
                });
                format!(
                    "<file original=\"{i}\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">{header}<body><trans-unit id=\"u{i}\"><source>Hi</source></trans-unit></body></file>"
                )
            })
            .collect();
        let xml = format!(
            "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">{files}</xliff>"
        );
        super::parse("lists.xliff", xml.as_bytes()).unwrap()
    }

    #[test]
    fn a_documents_shortcodes_are_its_files_lists_unless_one_lists_none() {
        assert_eq!(
            document(&[Some("caption,gallery")]).shortcode_names(),
            ["caption", "gallery"]
        );
        assert_eq!(
            document(&[Some("caption, gallery"), Some("gallery,embed")]).shortcode_names(),
            ["caption", "gallery", "embed"]
        );
        assert!(
            document(&[Some("caption"), None])
                .shortcode_names()
                .is_empty()
        );
        assert!(document(&[None]).shortcode_names().is_empty());
    }
}
