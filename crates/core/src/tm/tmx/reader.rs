//! Reading in two passes, so that a large memory is never held whole: [`check`] reads the
//! document to its last byte and refuses it (with its line and column) unless it is
//! well-formed TMX, keeping no unit; [`Document::units`] then reads it again and hands over
//! one unit at a time. Both passes run the same reader over the same text, so what the first
//! accepts the second reads without a surprise, and a file cut short is refused before its
//! first unit is used.

use std::borrow::Cow;
use std::io::Cursor;

use quick_xml::events::Event;
use quick_xml::{Reader, XmlVersion};

use super::units::{State, local};
use super::{Tmx, TmxError, Unit, text_of};

/// A TMX document that passed [`check`]: its text and its header's source language.
pub struct Document<'a> {
    text: Cow<'a, str>,
    /// The header's `srclang` (normalised); `*all*` when any variant may be the source.
    pub srclang: String,
}

/// Checks a whole TMX document (UTF-8 with or without its byte-order mark, or UTF-16 with it)
/// without keeping its units: every element closed, no entity but XML's five, every unit with
/// its variants and segs. Owned bytes that are UTF-8 become the document's text without a copy.
pub fn check<'a>(bytes: impl Into<Cow<'a, [u8]>>) -> Result<Document<'a>, TmxError> {
    let text = text_of(bytes.into())?;
    let mut pass = Pass::new(Cow::Borrowed(&text), false);
    while pass.step()? {}
    let srclang = pass.finish()?;
    Ok(Document { text, srclang })
}

/// Reads a whole TMX document (see the module's documentation): [`check`], then every unit.
pub fn read(bytes: &[u8]) -> Result<Tmx, TmxError> {
    let document = check(bytes)?;
    let srclang = document.srclang.clone();
    let units = document.units().collect::<Result<_, _>>()?;
    Ok(Tmx { srclang, units })
}

impl<'a> Document<'a> {
    /// The units in document order, one at a time: only the one being read is held.
    pub fn units(self) -> Units<'a> {
        Units {
            pass: Pass::new(self.text, true),
            failed: false,
        }
    }
}

/// One pass that keeps units, without a check first: what [`check`] followed by the units must
/// agree with.
#[cfg(test)]
pub(super) fn read_unchecked(bytes: &[u8]) -> Result<Tmx, TmxError> {
    let mut pass = Pass::new(text_of(bytes.into())?, true);
    let mut units = Vec::new();
    while pass.step()? {
        units.extend(pass.state.done.take());
    }
    let srclang = pass.finish()?;
    Ok(Tmx { srclang, units })
}

/// The units of a checked [`Document`]. An error would mean the second pass read the text
/// otherwise than the first; it ends the units.
pub struct Units<'a> {
    pass: Pass<'a>,
    failed: bool,
}

impl Iterator for Units<'_> {
    type Item = Result<Unit, TmxError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            if let Some(unit) = self.pass.state.done.take() {
                return Some(Ok(unit));
            }
            match self.pass.step() {
                Ok(true) => {}
                Ok(false) => return None,
                Err(error) => {
                    self.failed = true;
                    return Some(Err(error));
                }
            }
        }
        None
    }
}

/// The document's text as the XML reader takes it, borrowed or owned.
struct Text<'a>(Cow<'a, str>);

impl AsRef<[u8]> for Text<'_> {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

/// One pass over the text: the XML reader and what it has read so far.
struct Pass<'a> {
    reader: Reader<Cursor<Text<'a>>>,
    /// The current event's bytes.
    buffer: Vec<u8>,
    state: State,
    saw_root: bool,
}

impl<'a> Pass<'a> {
    /// A pass that builds units (`keep`) or only checks their structure.
    fn new(text: Cow<'a, str>, keep: bool) -> Pass<'a> {
        Pass {
            reader: Reader::from_reader(Cursor::new(Text(text))),
            buffer: Vec::new(),
            state: State::new(keep),
            saw_root: false,
        }
    }

    /// Reads one event; `false` at the end of the text.
    fn step(&mut self) -> Result<bool, TmxError> {
        let before = self.reader.buffer_position() as usize;
        self.buffer.clear();
        let state = &mut self.state;
        let event = match self.reader.read_event_into(&mut self.buffer) {
            Ok(event) => event,
            Err(error) => {
                let at = self.reader.error_position() as usize;
                return Err(locate(
                    &self.reader.get_ref().get_ref().0,
                    at,
                    error.to_string(),
                ));
            }
        };
        let result = match event {
            Event::Start(e) => {
                if self.saw_root && state.depth == 0 {
                    Err("a second root element after </tmx>".into())
                } else {
                    self.saw_root = true;
                    state.depth += 1;
                    state.start(&e)
                }
            }
            Event::Empty(e) => {
                if self.saw_root && state.depth == 0 {
                    Err("a second root element after </tmx>".into())
                } else {
                    self.saw_root = true;
                    state.start(&e).and_then(|()| state.end(&local(&e)))
                }
            }
            Event::End(e) => {
                state.depth = state.depth.saturating_sub(1);
                state.end(e.local_name().as_ref())
            }
            Event::Text(t) => {
                state.text(&t.xml_content(XmlVersion::Implicit1_0));
                Ok(())
            }
            Event::CData(c) => {
                state.text(&c.into_inner());
                Ok(())
            }
            Event::GeneralRef(reference) => {
                if reference.is_char_ref() {
                    match reference.resolve_char_ref() {
                        Ok(Some(c)) => {
                            state.text(&c.to_string());
                            Ok(())
                        }
                        _ => Err(format!("invalid character reference &{};", &*reference)),
                    }
                } else {
                    let text = match &*reference {
                        "lt" => Ok("<"),
                        "gt" => Ok(">"),
                        "amp" => Ok("&"),
                        "quot" => Ok("\""),
                        "apos" => Ok("'"),
                        // Not named: the file's own text stays out of answers.
                        _ => Err(
                            "an entity other than XML's five (a DTD's entities are never read)"
                                .to_owned(),
                        ),
                    };
                    text.map(|text| state.text(text))
                }
            }
            Event::Decl(decl) => match decl.encoding() {
                Some(Ok(encoding))
                    if !matches!(
                        encoding.to_ascii_lowercase().as_str(),
                        "utf-8" | "utf8" | "utf-16" | "utf16" | "us-ascii" | "ascii"
                    ) =>
                {
                    Err(format!("the encoding {} is not supported", encoding))
                }
                _ => Ok(()),
            },
            Event::Comment(_) | Event::PI(_) | Event::DocType(_) => Ok(()),
            Event::Eof => return Ok(false),
        };
        result
            .map(|()| true)
            .map_err(|message| locate(&self.reader.get_ref().get_ref().0, before, message))
    }

    /// After the last event: whether the text was one whole `<tmx>` with its header; the
    /// header's source language.
    fn finish(self) -> Result<String, TmxError> {
        let text = &self.reader.get_ref().get_ref().0;
        if !self.saw_root {
            return Err(locate(
                text,
                text.len(),
                "the file holds no <tmx> element".into(),
            ));
        }
        if self.state.depth > 0 {
            return Err(locate(
                text,
                text.len(),
                "the file ends before its elements are closed: it is cut off".into(),
            ));
        }
        self.state
            .srclang
            .ok_or_else(|| locate(text, 0, "the <header> with its srclang is missing".into()))
    }
}

/// An error at a byte offset of the text, named by line and column (in characters).
fn locate(text: &str, offset: usize, message: String) -> TmxError {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = 1 + String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count();
    TmxError {
        line,
        column,
        message,
    }
}
