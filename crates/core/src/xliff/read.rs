//! One streaming pass over the file: checks well-formedness, collects metadata and units, and
//! records where each unit's source and target content sit in the original bytes so the
//! writer can splice targets in without re-serialising anything.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use quick_xml::events::attributes::{AttrError, Attribute};
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{NamespaceError, NamespaceResolver, Prefix, QName, ResolveResult};
use quick_xml::utils::is_whitespace;
use quick_xml::{Reader, XmlVersion};

use super::content;
use super::{BOM, Document, FileInfo, Unit, Version, XliffError, XliffErrorKind};
use crate::lang;
use crate::segment::{Markup, Shortcodes};

/// A document with the byte layout of each unit (same order as `document.units`).
pub(super) struct Parsed {
    pub document: Document,
    /// The file has a DOCTYPE (which may define entities).
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
                Event::DocType(_) => self.has_doctype = true,
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

    fn start(
        &mut self,
        tag: &Tag<'_>,
        ns: Ns,
        before: usize,
        after: usize,
        empty: bool,
    ) -> Result<(), XliffError> {
        if let Some(capture) = &mut self.capture {
            capture.xml = true;
            if !empty {
                self.stack.push(Elem::Other);
            }
            return Ok(());
        }
        let elem = match self.stack.last() {
            None => {
                self.root(tag, before)?;
                Elem::Root
            }
            Some(_) if matches!(ns, Ns::Foreign) => Elem::Other,
            Some(&parent) => self.element(tag, parent, before, after, empty)?,
        };
        if empty {
            self.close(elem, after, after);
        } else {
            self.stack.push(elem);
        }
        Ok(())
    }

    /// Classifies a start tag inside the root and takes what it carries.
    fn element(
        &mut self,
        tag: &Tag<'_>,
        parent: Elem,
        before: usize,
        after: usize,
        empty: bool,
    ) -> Result<Elem, XliffError> {
        let version = self.version.expect("the root sets the version");
        Ok(match (parent, tag.local) {
            (Elem::Root, "file") => {
                self.file(tag, version);
                Elem::File
            }
            (_, "phase") => match tag.attribute("phase-name").as_deref() {
                Some("post_type") => Elem::Phase(PhaseNote::PostType),
                Some("shortcodes") => Elem::Phase(PhaseNote::Shortcodes),
                _ => Elem::Other,
            },
            (Elem::Phase(phase), "note") => {
                self.note = Some(String::new());
                Elem::Note(phase)
            }
            (_, "trans-unit") if !version.is_2() && self.unit.is_none() => {
                self.unit = Some(pending_unit(tag));
                self.holder = Some(Held::default());
                Elem::Unit
            }
            (_, "unit") if version.is_2() && self.unit.is_none() => {
                self.unit = Some(pending_unit(tag));
                Elem::Unit
            }
            (Elem::Unit, "segment") if version.is_2() => {
                self.holder = Some(Held {
                    segment_id: tag.attribute("id"),
                    state: tag.attribute("state"),
                    ..Held::default()
                });
                Elem::Segment
            }
            (_, "source" | "seg-source" | "target")
                if parent == holder_elem(version) && self.holder.is_some() =>
            {
                self.content_start(tag, version, before, after, empty)?
            }
            _ => Elem::Other,
        })
    }

    /// A `<source>`, `<seg-source>` or `<target>` of the current holder: its content is
    /// captured until its end tag. A second one of the same holder is refused: which of the
    /// two the reader shows and which the writer fills would be a guess, and a guess could put
    /// a translation where the customer did not see it.
    fn content_start(
        &mut self,
        tag: &Tag<'_>,
        version: Version,
        before: usize,
        after: usize,
        empty: bool,
    ) -> Result<Elem, XliffError> {
        let holder = self.holder.as_ref().expect("checked by the caller");
        let seen = match tag.local {
            "source" => holder.source.is_some(),
            "seg-source" => holder.seg_source.is_some(),
            "target" => holder.target.is_some(),
            _ => false,
        };
        if seen {
            return Err(self.error(
                before,
                XliffErrorKind::DuplicateContent {
                    element: tag.local.to_owned(),
                    holder: if version.is_2() {
                        "segment"
                    } else {
                        "trans-unit"
                    },
                },
            ));
        }
        let holder = self.holder.as_mut().expect("checked by the caller");
        let elem = match tag.local {
            "source" => {
                holder.indent = self
                    .last_whitespace
                    .clone()
                    .filter(|ws| self.bytes[ws.clone()].contains(&b'\n'));
                // An inserted target uses the source's prefix, if any.
                holder.source_prefix = tag.prefix.map(str::to_owned);
                Elem::Source
            }
            "seg-source" if !version.is_2() => Elem::SegSource,
            "target" => {
                holder.target_state = tag.attribute("state");
                if empty {
                    let name = tag.name.as_ref().to_owned();
                    holder.target = Some(TargetSpan::SelfClosing {
                        tag: before..after,
                        name,
                    });
                }
                Elem::Target
            }
            _ => return Ok(Elem::Other),
        };
        self.capture = Some(Capture {
            start: after,
            cdata: false,
            xml: false,
        });
        Ok(elem)
    }

    fn root(&mut self, tag: &Tag<'_>, before: usize) -> Result<(), XliffError> {
        self.root_seen = true;
        self.root_at = before;
        if tag.local != "xliff" {
            return Err(self.error(
                before,
                XliffErrorKind::NotXliff(tag.name.as_ref().to_owned()),
            ));
        }
        let declared = tag.attribute("version").or_else(|| {
            let namespace = tag.attribute("xmlns")?;
            namespace
                .strip_prefix("urn:oasis:names:tc:xliff:document:")
                .map(str::to_owned)
        });
        let Some(declared) = declared else {
            return Err(self.error(before, XliffErrorKind::MissingVersion));
        };
        let version = Version::from_attribute(&declared)
            .ok_or_else(|| self.error(before, XliffErrorKind::UnknownVersion(declared.clone())))?;
        self.version = Some(version);
        // XLIFF 2 puts the languages on the root; each <file> inherits them.
        self.root_langs = (
            language(tag.attribute("srcLang")),
            language(tag.attribute("trgLang")),
        );
        Ok(())
    }

    fn file(&mut self, tag: &Tag<'_>, version: Version) {
        let original = tag.attribute("original");
        let wpml_id = original.as_deref().and_then(wpml_job_id);
        let (source_lang, target_lang) = if version.is_2() {
            self.root_langs.clone()
        } else {
            (
                language(tag.attribute("source-language")),
                language(tag.attribute("target-language")),
            )
        };
        let info = FileInfo {
            original,
            wpml_id,
            source_lang,
            target_lang,
            post_type: None,
            shortcodes: Vec::new(),
        };
        self.files.push(info);
    }

    fn end(&mut self, before: usize, after: usize) {
        if let Some(elem) = self.stack.pop() {
            self.close(elem, before, after);
        }
    }

    /// Handles the end of an element: `before` is where its end tag starts, `after` where it
    /// ends (both at the tag's end for an empty element).
    fn close(&mut self, elem: Elem, before: usize, after: usize) {
        match elem {
            Elem::Source | Elem::SegSource | Elem::Target => {
                let capture = self
                    .capture
                    .take()
                    .expect("a source or target captures its content");
                let span = ContentSpan {
                    range: capture.start..before,
                    cdata: capture.cdata,
                    xml: capture.xml,
                };
                let holder = self
                    .holder
                    .as_mut()
                    .expect("source and target sit in a holder");
                match elem {
                    Elem::Source => {
                        holder.source = Some(span);
                        holder.after_source = after;
                    }
                    Elem::SegSource => {
                        holder.seg_source = Some(span);
                        holder.after_source = after;
                    }
                    _ => {
                        if holder.target.is_none() {
                            holder.target = Some(TargetSpan::Content(span));
                        }
                    }
                }
            }
            Elem::Segment => self.finish_holder(),
            Elem::Unit => {
                if self.holder.is_some() {
                    self.finish_holder(); // 1.x: the trans-unit is its own holder
                }
                if let Some(unit) = self.unit.take() {
                    self.finish_unit(unit);
                }
            }
            Elem::Note(phase) => {
                let note = self.note.take().unwrap_or_default();
                let Some(file) = self.files.last_mut() else {
                    return;
                };
                match phase {
                    PhaseNote::PostType if !note.trim().is_empty() => {
                        file.post_type = Some(note.trim().to_owned());
                    }
                    PhaseNote::PostType => {}
                    PhaseNote::Shortcodes => file
                        .shortcodes
                        .extend(Shortcodes::names_in(&note).map(str::to_owned)),
                }
            }
            Elem::Root | Elem::File | Elem::Phase(_) | Elem::Other => {}
        }
    }

    fn finish_holder(&mut self) {
        let Some(held) = self.holder.take() else {
            return;
        };
        // A holder without <source> is not valid XLIFF and has nothing to translate.
        if self.unit.is_some() && held.source.is_some() {
            self.segments.push(held);
        }
    }

    fn finish_unit(&mut self, mut unit: PendingUnit) {
        let mut segments = std::mem::take(&mut self.segments);
        let count = segments.len();
        let several = count > 1;
        let file_index = self.files.len().saturating_sub(1);
        for (index, held) in segments.drain(..).enumerate() {
            // The last (usually the only) segment takes the unit's strings, the others copy.
            let last = index + 1 == count;
            let shared = |value: &mut Option<String>| {
                if last { value.take() } else { value.clone() }
            };
            let (id, resname) = (shared(&mut unit.id), shared(&mut unit.resname));
            let (restype, datatype) = (shared(&mut unit.restype), shared(&mut unit.datatype));
            let mut key = id
                .clone()
                .unwrap_or_else(|| format!("#{}", self.units.len() + 1));
            if several {
                key = format!(
                    "{key}#{}",
                    held.segment_id
                        .clone()
                        .unwrap_or_else(|| (index + 1).to_string())
                );
            }
            let source = held
                .seg_source
                .or(held.source)
                .expect("kept only with a source");
            let target = held.target.unwrap_or_else(|| TargetSpan::Missing {
                insert_at: held.after_source,
                indent: held.indent,
                name: match held.source_prefix {
                    Some(prefix) => format!("{prefix}:target"),
                    None => "target".to_owned(),
                },
            });
            let target_xml = matches!(&target, TargetSpan::Content(span) if span.xml);
            let markup = if source.xml || target_xml {
                Markup::Xliff
            } else {
                Markup::Html
            };
            let display = |span: &ContentSpan| content::display(self.content(span), markup);
            let source_text = display(&source);
            let target_text = match &target {
                TargetSpan::Missing { .. } => None,
                TargetSpan::SelfClosing { .. } => Some(String::new()),
                // WPML exports an untranslated job with every target a copy of its source.
                TargetSpan::Content(span) if self.content(span) == self.content(&source) => {
                    Some(source_text.clone())
                }
                TargetSpan::Content(span) => Some(display(span)),
            };
            self.units.push(Unit {
                key,
                id,
                segment_id: held.segment_id,
                file_index,
                resname,
                restype,
                datatype,
                translatable: unit.translatable,
                markup,
                source: source_text,
                target: target_text,
                target_state: held.target_state.or(held.state),
            });
            self.layouts.push(UnitLayout { source, target });
        }
        self.segments = segments;
    }

    /// Checks an entity or character reference. Only the predefined entities exist without a
    /// DTD; with a DOCTYPE a reference may be defined there, so it is kept as XML (never
    /// expanded).
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

/// The element that holds `<source>`/`<target>`: 1.x `<trans-unit>`, 2.x `<segment>`.
fn holder_elem(version: Version) -> Elem {
    if version.is_2() {
        Elem::Segment
    } else {
        Elem::Unit
    }
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

/// A tag's attributes up to the first malformed or repeated one, and the error there.
fn parse_attributes<'e>(e: &'e BytesStart<'e>) -> (Vec<Attribute<'e>>, Option<AttrError>) {
    if let Some(attributes) = scan_attributes(e.attributes_raw()) {
        return (attributes, None);
    }
    let mut attributes = Vec::new();
    for attr in e.attributes() {
        match attr {
            Ok(attr) => attributes.push(attr),
            Err(err) => return (attributes, Some(err)),
        }
    }
    (attributes, None)
}

/// The attributes of a usual tag, read as quick-xml's parser reads them but in one quick
/// pass (cheaper than that general parser and its check for repeated names): a few
/// `name="value"` (or `'value'`) pairs, each after whitespace, with distinct ASCII names.
/// `None` for anything else, which quick-xml's parser then reads, so that it reports any
/// problem in its own words.
fn scan_attributes(raw: &str) -> Option<Vec<Attribute<'_>>> {
    // Each name is compared with those before it; for many names, quick-xml's hashing is
    // cheaper.
    const FEW: usize = 16;
    let bytes = raw.as_bytes();
    let mut attributes: Vec<Attribute<'_>> = Vec::new();
    let mut at = 0;
    loop {
        let name_start = run_end(bytes, at, is_whitespace);
        if name_start == bytes.len() {
            return Some(attributes);
        }
        let name_end = run_end(bytes, name_start, is_name_byte);
        let name = &raw[name_start..name_end];
        let (Some(b'='), Some(&quote @ (b'"' | b'\''))) =
            (bytes.get(name_end), bytes.get(name_end + 1))
        else {
            return None;
        };
        let value_start = name_end + 2;
        let value_end = value_start + bytes[value_start..].iter().position(|&b| b == quote)?;
        let usual = name_start > at
            && !name.is_empty()
            && attributes.len() < FEW
            && attributes.iter().all(|attr| attr.key.as_ref() != name);
        if !usual {
            return None;
        }
        attributes.push(Attribute {
            key: QName(name),
            value: Cow::Borrowed(&raw[value_start..value_end]),
        });
        at = value_end + 1;
    }
}

/// Where the run of bytes from `at` that are `in_run` ends.
fn run_end(bytes: &[u8], at: usize, in_run: impl Fn(u8) -> bool) -> usize {
    at + bytes[at..].iter().take_while(|&&b| in_run(b)).count()
}

/// The bytes of the names [`scan_attributes`] takes: ASCII letters and digits, `_ - . :`.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':')
}

/// `xmlns` or `xmlns:…`, which the namespace resolver takes.
fn is_declaration(attr: &Attribute<'_>) -> bool {
    attr.key.as_namespace_binding().is_some()
}

fn pending_unit(tag: &Tag<'_>) -> PendingUnit {
    PendingUnit {
        id: tag.attribute("id"),
        // XLIFF 2 calls it `name`; some WPML imitations put `resname` on <unit> anyway.
        resname: tag.attribute("resname").or_else(|| tag.attribute("name")),
        restype: tag.attribute("restype"),
        datatype: tag.attribute("datatype"),
        translatable: tag.attribute("translate").as_deref() != Some("no"),
    }
}

/// A start tag whose attributes [`Reading::start_tag`] has found well-formed (so they are
/// unique): its name, split once, and its attributes.
struct Tag<'e> {
    name: QName<'e>,
    local: &'e str,
    prefix: Option<&'e str>,
    attributes: Vec<Attribute<'e>>,
}

impl Tag<'_> {
    /// An attribute's value with references resolved; `None` when absent (or not
    /// decodable, which `check_attribute` has already refused when it matters).
    fn attribute(&self, name: &str) -> Option<String> {
        let attr = self
            .attributes
            .iter()
            .find(|attr| attr.key.as_ref() == name)?;
        // Normalising changes only references, tabs and line breaks; most values have none.
        let normal = |b: u8| !matches!(b, b'&' | b'\t' | b'\r' | b'\n');
        if attr.value.bytes().all(normal) {
            return Some(attr.value.to_string());
        }
        attr.normalized_value(XmlVersion::Implicit1_0)
            .ok()
            .map(Cow::into_owned)
    }
}

/// Appends `~2`, `~3`, … to a key an earlier unit already has (duplicate ids, several
/// `<file>`s), in file order. Usually every key is unique and nothing is copied.
fn make_keys_unique(units: &mut [Unit]) {
    let mut seen = HashSet::with_capacity(units.len());
    if units.iter().all(|unit| seen.insert(unit.key.as_str())) {
        return;
    }
    let mut taken = HashSet::with_capacity(units.len());
    for unit in units {
        let mut candidate = unit.key.clone();
        let mut n = 1;
        while taken.contains(&candidate) {
            n += 1;
            candidate = format!("{}~{n}", unit.key);
        }
        taken.insert(candidate.clone());
        unit.key = candidate;
    }
}

fn language(code: Option<String>) -> Option<String> {
    code.map(|c| lang::normalize(&c)).filter(|c| !c.is_empty())
}

/// WPML's `original` is `{job id}-{md5 hex}`; anything else has no WPML job id.
fn wpml_job_id(original: &str) -> Option<u64> {
    let (id, md5) = original.split_once('-')?;
    let is_md5 = md5.len() == 32 && md5.bytes().all(|b| b.is_ascii_hexdigit());
    let is_id = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
    if is_md5 && is_id {
        id.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{BytesStart, scan_attributes, wpml_job_id};
    use crate::xliff::{self, XliffErrorKind};

    /// Found by fuzzing (xliff_round_trip): a segment with two sources and two targets read
    /// the second source and the first target, and the writer filled the second target, so a
    /// translation went where the reader did not look. Such a holder is refused instead.
    #[test]
    fn a_second_source_or_target_in_one_holder_is_refused() {
        let cases = [
            (
                "2.0",
                "<segment><source>Hello</source><target>Hallo</target><source>Bye</source><target/></segment>",
                "source",
                "segment",
            ),
            (
                "2.0",
                "<segment><source>Hello</source><target/><target>Hallo</target></segment>",
                "target",
                "segment",
            ),
            (
                "1.2",
                "<trans-unit id=\"t1\"><source>Hello</source><target>Hallo</target><target>Tschüss</target></trans-unit>",
                "target",
                "trans-unit",
            ),
        ];
        for (version, holder_xml, element, holder) in cases {
            let units = if version == "2.0" {
                format!("<unit id=\"u1\">{holder_xml}</unit>")
            } else {
                holder_xml.to_owned()
            };
            let namespace = if version == "2.0" { "2.0" } else { "1.2" };
            let file = format!(
                "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:{namespace}\" version=\"{version}\" srcLang=\"en\" trgLang=\"de\" source-language=\"en\" target-language=\"de\">\n<file id=\"f\" original=\"o\" datatype=\"plaintext\"><body>{units}</body></file></xliff>"
            );
            let error = xliff::parse("two.xliff", file.as_bytes()).unwrap_err();
            assert_eq!(
                error.kind,
                XliffErrorKind::DuplicateContent {
                    element: element.to_owned(),
                    holder
                },
                "{file}"
            );
            assert_eq!(error.line, 2, "{error}");
            assert!(
                error
                    .to_string()
                    .contains(&format!("a <{holder}> holds a second <{element}>")),
                "{error}"
            );
        }
    }

    /// The quick scan either declines or reads exactly what quick-xml's checked parser reads.
    #[test]
    fn the_attribute_scan_agrees_with_quick_xml_or_declines() {
        let tags = [
            r#"trans-unit resname="Text 1" restype="string" datatype="html" id="t-1""#,
            r#"file original='828-1f922c657c2cf1e8ac72404e6db78f5b' tool:sender-id="1""#,
            r#"x a="1" a="2""#,
            r#"x a="1"b="2""#,
            r#"x a = "1""#,
            r#"x a="x &amp; y" b="<""#,
            r#"x a="unterminated"#,
            r#"x a"#,
            r#"x é="1""#,
            "x a=\"1\"\tb=\"2\"",
        ];
        for tag in tags {
            let start = BytesStart::from_content(tag, 1);
            let Some(scanned) = scan_attributes(start.attributes_raw()) else {
                continue;
            };
            let checked: Vec<_> = start
                .attributes()
                .collect::<Result<_, _>>()
                .unwrap_or_else(|err| panic!("scanned {tag}, quick-xml refuses it: {err}"));
            assert_eq!(scanned, checked, "{tag}");
        }
        assert!(
            scan_attributes(r#" a="1" a="2""#).is_none(),
            "repeated names"
        );
        assert!(
            scan_attributes(r#" a="1"b="2""#).is_none(),
            "no space between"
        );
        assert_eq!(scan_attributes(" ").map(|a| a.len()), Some(0));
    }

    #[test]
    fn wpml_id_only_from_wpml_originals() {
        assert_eq!(
            wpml_job_id("828-1f922c657c2cf1e8ac72404e6db78f5b"),
            Some(828)
        );
        assert_eq!(wpml_job_id("3"), None);
        assert_eq!(wpml_job_id("828-1f922c657c2cf1e8ac72404e6db78f5"), None);
        assert_eq!(wpml_job_id("x828-1f922c657c2cf1e8ac72404e6db78f5b"), None);
        assert_eq!(wpml_job_id("word/footer1.xml"), None);
    }
}
