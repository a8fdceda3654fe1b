//! What the reader takes from the elements it meets: the root's version and languages, each
//! `<file>`'s metadata and WPML's header notes, and each unit with its source and target
//! content and where they sit in the bytes.

use std::collections::HashSet;

use super::attributes::Tag;
use super::{
    Capture, ContentSpan, Elem, Held, Ns, PendingUnit, PhaseNote, Reading, TargetSpan, UnitLayout,
};
use crate::lang;
use crate::segment::{Markup, Shortcodes};
use crate::xliff::{FileInfo, Unit, Version, XliffError, XliffErrorKind, content};

impl Reading<'_> {
    pub(super) fn start(
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

    pub(super) fn end(&mut self, before: usize, after: usize) {
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
}

/// The element that holds `<source>`/`<target>`: 1.x `<trans-unit>`, 2.x `<segment>`.
fn holder_elem(version: Version) -> Elem {
    if version.is_2() {
        Elem::Segment
    } else {
        Elem::Unit
    }
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

/// Appends `~2`, `~3`, … to a key an earlier unit already has (duplicate ids, several
/// `<file>`s), in file order. Usually every key is unique and nothing is copied.
pub(super) fn make_keys_unique(units: &mut [Unit]) {
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
    use super::wpml_job_id;
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
