//! One streaming pass over the file: checks well-formedness, collects metadata and units, and
//! records where each unit's source and target content sit in the original bytes so the
//! writer can splice targets in without re-serialising anything.

mod attributes;
mod elements;

use std::ops::Range;

use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{NamespaceError, NamespaceResolver, Prefix, ResolveResult};
use quick_xml::{Reader, XmlVersion};

use super::{BOM, Document, FileInfo, Unit, Version, XliffError, XliffErrorKind};
use attributes::{Tag, is_declaration, parse_attributes};
use elements::make_keys_unique;

/// A document with the byte layout of each unit (same order as `document.units`).
pub(super) struct Parsed {
    pub document: Document,
    /// The file has a DOCTYPE (whose external DTD may define entities).
    pub dtd: bool,
    pub layouts: Vec<UnitLayout>,
}

pub(super) struct UnitLayout {
    pub source: ContentSpan,
    pub target: TargetSpan,
}

/// The content of a `<source>`/`<seg-source>`/`<target>` element: between its tags.
#[derive(Debug, Clone)]
pub(super) struct ContentSpan {
    pub range: Range<usize>,
    pub cdata: bool,
    /// Holds elements, comments, processing instructions or DTD-defined entity references:
    /// must be kept as XML ([`Markup::Xliff`]).
    pub xml: bool,
}

#[derive(Debug, Clone)]
pub(super) enum TargetSpan {
    /// No `<target>`: one goes at `insert_at` (after `</source>` or `</seg-source>`), preceded
    /// by `indent` (the whitespace before `<source>`, when it holds a line break).
    Missing {
        insert_at: usize,
        indent: Option<Range<usize>>,
        name: String,
    },
    /// `<target …/>`: the whole tag and the element's qualified name.
    SelfClosing {
        tag: Range<usize>,
        name: String,
    },
    Content(ContentSpan),
}

impl TargetSpan {
    /// Where the target is (or would be), for errors.
    pub fn position(&self) -> usize {
        match self {
            TargetSpan::Missing { insert_at, .. } => *insert_at,
            TargetSpan::SelfClosing { tag, .. } => tag.start,
            TargetSpan::Content(span) => span.range.start,
        }
    }
}

pub(super) fn read(file_name: &str, bytes: &[u8]) -> Result<Parsed, XliffError> {
    let offset = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    let text = std::str::from_utf8(&bytes[offset..]).map_err(|e| {
        XliffError::at(
            file_name,
            bytes,
            offset + e.valid_up_to(),
            XliffErrorKind::NotUtf8,
        )
    })?;
    let mut reading = Reading {
        file_name,
        bytes,
        text,
        offset,
        version: None,
        root_seen: false,
        root_at: 0,
        has_doctype: false,
        root_langs: (None, None),
        namespaces: NamespaceResolver::default(),
        stack: Vec::new(),
        files: Vec::new(),
        unit: None,
        segments: Vec::new(),
        holder: None,
        capture: None,
        last_whitespace: None,
        note: None,
        units: Vec::new(),
        layouts: Vec::new(),
    };
    reading.run()?;
    let Some(version) = reading.version else {
        return Err(reading.error(
            text.len(),
            XliffErrorKind::NotWellFormed("there is no root element".into()),
        ));
    };
    if reading.units.is_empty() {
        return Err(reading.error(reading.root_at, XliffErrorKind::NoUnits));
    }
    make_keys_unique(&mut reading.units);
    let first = reading.files.first().cloned().unwrap_or_default();
    Ok(Parsed {
        document: Document {
            version,
            original: first.original,
            wpml_id: first.wpml_id,
            source_lang: first.source_lang,
            target_lang: first.target_lang,
            post_type: first.post_type,
            files: reading.files,
            units: reading.units,
        },
        layouts: reading.layouts,
        dtd: reading.has_doctype,
    })
}

/// What an open element is to the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Elem {
    Root,
    File,
    /// A WPML header phase whose note the reader takes.
    Phase(PhaseNote),
    Note(PhaseNote),
    /// 1.x `<trans-unit>` (also the holder of source/target) or 2.x `<unit>`.
    Unit,
    /// 2.x `<segment>`.
    Segment,
    Source,
    SegSource,
    Target,
    Other,
}

/// The WPML header phases the reader takes the note of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PhaseNote {
    /// The post type (`page`, `post_post`, `st-batch_strings`, …).
    PostType,
    /// The site's registered shortcodes, comma-separated.
    Shortcodes,
}

/// The unit being read.
struct PendingUnit {
    id: Option<String>,
    resname: Option<String>,
    restype: Option<String>,
    datatype: Option<String>,
    translatable: bool,
}

/// What the element holding `<source>`/`<target>` (1.x trans-unit, 2.x segment) holds.
#[derive(Default)]
struct Held {
    segment_id: Option<String>,
    state: Option<String>,
    source: Option<ContentSpan>,
    seg_source: Option<ContentSpan>,
    /// After `</source>` or `</seg-source>`, whichever came last.
    after_source: usize,
    indent: Option<Range<usize>>,
    /// The source element's namespace prefix (`xlf` of `<xlf:source>`), which an inserted
    /// target takes; `None` for the usual unprefixed source.
    source_prefix: Option<String>,
    target: Option<TargetSpan>,
    target_state: Option<String>,
}

/// Content being read between a source/target's start and end tags.
struct Capture {
    start: usize,
    cdata: bool,
    xml: bool,
}

struct Reading<'a> {
    file_name: &'a str,
    bytes: &'a [u8],
    text: &'a str,
    /// Length of a byte-order mark stripped before `text`.
    offset: usize,
    version: Option<Version>,
    root_seen: bool,
    root_at: usize,
    has_doctype: bool,
    /// XLIFF 2's `srcLang`/`trgLang`.
    root_langs: (Option<String>, Option<String>),
    /// The namespace declarations in scope: one level per open element (and per empty
    /// element while it is handled).
    namespaces: NamespaceResolver,
    stack: Vec<Elem>,
    files: Vec<FileInfo>,
    unit: Option<PendingUnit>,
    /// The finished segments of `unit`; one vector for all units, so that a unit's segments
    /// cost no allocation.
    segments: Vec<Held>,
    holder: Option<Held>,
    capture: Option<Capture>,
    /// The last event, when it was whitespace-only text.
    last_whitespace: Option<Range<usize>>,
    /// Text of the phase note being read.
    note: Option<String>,
    units: Vec<Unit>,
    layouts: Vec<UnitLayout>,
}

/// An element's namespace as far as the reader cares.
enum Ns {
    /// XLIFF's namespace, or none (XLIFF 1.0 and some tools write no namespace).
    Xliff,
    Foreign,
}

impl<'a> Reading<'a> {
    fn run(&mut self) -> Result<(), XliffError> {
        let mut reader = Reader::from_str(self.text);
        loop {
            let before = self.offset + reader.buffer_position() as usize;
            let event = reader.read_event().map_err(|e| {
                let at = self.offset + reader.error_position() as usize;
                self.error(at, XliffErrorKind::NotWellFormed(e.to_string()))
            })?;
            let after = self.offset + reader.buffer_position() as usize;
            let whitespace = matches!(&event, Event::Text(t) if t.trim_ascii().is_empty());
            match event {
                Event::Start(e) => self.start_tag(&reader, &e, before, after, false)?,
                Event::Empty(e) => {
                    self.start_tag(&reader, &e, before, after, true)?;
                    self.namespaces.pop();
                }
                Event::End(_) => {
                    self.end(before, after);
                    self.namespaces.pop();
                }
                Event::Text(t) => {
                    if self.stack.is_empty() && !whitespace {
                        return Err(self.not_well_formed(before, "text outside the root element"));
                    }
                    if let Some(note) = &mut self.note {
                        note.push_str(&t);
                    }
                }
                Event::CData(_) => {
                    if self.stack.is_empty() {
                        return Err(self.not_well_formed(before, "CDATA outside the root element"));
                    }
                    if let Some(capture) = &mut self.capture {
                        capture.cdata = true;
                    }
                }
                Event::GeneralRef(reference) => self.reference(&reference, before)?,
                Event::Comment(_) | Event::PI(_) => {
                    if let Some(capture) = &mut self.capture {
                        capture.xml = true;
                    }
                }
                Event::DocType(_) => {
                    if let Some(at) = internal_subset(&self.bytes[before..after]) {
                        return Err(self.error(before + at, XliffErrorKind::InternalDtd));
                    }
                    self.has_doctype = true;
                }
                Event::Decl(decl) => {
                    if let Some(Ok(encoding)) = decl.encoding()
                        && !matches!(
                            encoding.to_ascii_lowercase().as_str(),
                            "utf-8" | "utf8" | "us-ascii" | "ascii"
                        )
                    {
                        return Err(self.error(
                            before,
                            XliffErrorKind::UnsupportedEncoding(encoding.into_owned()),
                        ));
                    }
                }
                Event::Eof => break,
            }
            self.last_whitespace = whitespace.then_some(before..after);
        }
        if !self.stack.is_empty() {
            return Err(self.not_well_formed(
                self.bytes.len(),
                "the file ends before its elements are closed",
            ));
        }
        Ok(())
    }

    /// A start or empty-element tag: opens its namespace scope and checks the tag before
    /// [`Self::start`] takes it. Its attributes are parsed once for all of that (and for the
    /// values the reader takes); problems are reported in the order in which quick-xml's
    /// namespace-aware reader, then a check of one attribute after the other, find them.
    fn start_tag(
        &mut self,
        reader: &Reader<&[u8]>,
        e: &BytesStart<'_>,
        before: usize,
        after: usize,
        empty: bool,
    ) -> Result<(), XliffError> {
        let (attributes, malformed) = parse_attributes(e);
        // After a malformed attribute, the resolver's own pass finds what is declared.
        let declares = malformed.is_some() || attributes.iter().any(is_declaration);
        self.enter_scope(reader, e, declares)?;
        let (local, prefix) = e.name().decompose();
        let ns = self.namespace(prefix, before)?;
        if self.stack.is_empty() && self.root_seen {
            return Err(self.not_well_formed(before, "content after the root element"));
        }
        for attr in attributes.iter().filter(|attr| !is_declaration(attr)) {
            self.check_attribute(attr, before)?;
        }
        if let Some(err) = malformed {
            return Err(self.not_well_formed(before, &err.to_string()));
        }
        let tag = Tag {
            name: e.name(),
            local: local.into_inner(),
            prefix: prefix.map(Prefix::into_inner),
            attributes,
        };
        self.start(&tag, ns, before, after, empty)
    }

    /// Opens the tag's namespace scope. The resolver's pass over the attributes only runs
    /// when one of them `declares` a namespace: most tags declare none, and that pass would
    /// parse their attributes once more.
    fn enter_scope(
        &mut self,
        reader: &Reader<&[u8]>,
        e: &BytesStart<'_>,
        declares: bool,
    ) -> Result<(), XliffError> {
        let entered = if declares {
            self.namespaces.push(e)
        } else {
            push_empty_scope(&mut self.namespaces)
        };
        entered.map_err(|err| {
            // Where quick-xml's namespace-aware reader reports a declaration error.
            let at = self.offset + reader.error_position() as usize;
            self.not_well_formed(at, &err.to_string())
        })
    }

    /// The namespace of an element name with this prefix, in the current scope.
    fn namespace(&self, prefix: Option<Prefix<'_>>, before: usize) -> Result<Ns, XliffError> {
        match self.namespaces.resolve_prefix(prefix, true) {
            ResolveResult::Unbound => Ok(Ns::Xliff),
            ResolveResult::Bound(ns)
                if ns
                    .as_ref()
                    .starts_with("urn:oasis:names:tc:xliff:document:") =>
            {
                Ok(Ns::Xliff)
            }
            ResolveResult::Bound(_) => Ok(Ns::Foreign),
            ResolveResult::Unknown(prefix) => Err(self.not_well_formed(
                before,
                &format!("namespace prefix \"{prefix}\" is not declared"),
            )),
        }
    }

    /// Checks an entity or character reference. Only the predefined entities exist without a
    /// DTD; with a DOCTYPE a reference may be defined in the external DTD it names (an internal
    /// one is refused), so it is kept as XML (never expanded, the DTD never read).
    fn reference(
        &mut self,
        reference: &quick_xml::events::BytesRef<'_>,
        before: usize,
    ) -> Result<(), XliffError> {
        if reference.is_char_ref() {
            return match reference.resolve_char_ref() {
                Ok(Some(_)) => Ok(()),
                _ => Err(self.not_well_formed(
                    before,
                    &format!("invalid character reference &{};", &**reference),
                )),
            };
        }
        if matches!(&**reference, "lt" | "gt" | "amp" | "quot" | "apos") {
            return Ok(());
        }
        if !self.has_doctype {
            return Err(
                self.not_well_formed(before, &format!("undefined entity &{};", &**reference))
            );
        }
        if let Some(capture) = &mut self.capture {
            capture.xml = true;
        }
        Ok(())
    }

    /// An attribute (other than a namespace declaration) must have a declared prefix, if
    /// any, and only known references.
    fn check_attribute(&self, attr: &Attribute<'_>, before: usize) -> Result<(), XliffError> {
        // Only a prefixed name has a prefix to resolve (unprefixed: no namespace).
        if attr.key.as_ref().contains(':')
            && let (ResolveResult::Unknown(prefix), _) = self.namespaces.resolve_attribute(attr.key)
        {
            return Err(self.not_well_formed(
                before,
                &format!("namespace prefix \"{prefix}\" is not declared"),
            ));
        }
        if attr.value.contains('&') && !self.has_doctype {
            attr.normalized_value(XmlVersion::Implicit1_0)
                .map_err(|err| self.not_well_formed(before, &err.to_string()))?;
        }
        Ok(())
    }

    /// A span's text, taken from the already validated text (spans start and end at tags, so
    /// on character boundaries).
    fn content(&self, span: &ContentSpan) -> &'a str {
        &self.text[span.range.start - self.offset..span.range.end - self.offset]
    }

    fn error(&self, position: usize, kind: XliffErrorKind) -> XliffError {
        XliffError::at(self.file_name, self.bytes, position, kind)
    }

    fn not_well_formed(&self, position: usize, problem: &str) -> XliffError {
        self.error(position, XliffErrorKind::NotWellFormed(problem.to_owned()))
    }
}

/// Where the internal subset (`[`) of a `<!DOCTYPE …>` declaration starts, if it has one: the
/// first `[` outside the quoted public and system identifiers.
fn internal_subset(doctype: &[u8]) -> Option<usize> {
    let mut quote = None;
    for (at, &b) in doctype.iter().enumerate() {
        match quote {
            Some(open) if b == open => quote = None,
            Some(_) => {}
            None if matches!(b, b'"' | b'\'') => quote = Some(b),
            None if b == b'[' => return Some(at),
            None => {}
        }
    }
    None
}

/// What [`NamespaceResolver::push`] does for a tag that declares nothing: one more level,
/// up to the same limit.
fn push_empty_scope(namespaces: &mut NamespaceResolver) -> Result<(), NamespaceError> {
    let level = namespaces
        .level()
        .checked_add(1)
        .ok_or(NamespaceError::TooDeeplyNested(u16::MAX.into()))?;
    namespaces.set_level(level);
    Ok(())
}
