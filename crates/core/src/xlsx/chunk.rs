//! Cutting a segment into cell-sized runs of text and tags.
//!
//! Excel holds at most 32,767 characters (UTF-16 units) in a cell. A cell's budget is spent on
//! a conservative estimate of the cell's rich-text XML (font runs and escapes included), which
//! is never less than what Excel counts, and keeps the cuts where workbooks written before (by
//! rust_xlsxwriter, which applied the limit to that XML) had them. Longer units continue in further cells, cut
//! between runs where possible, never inside a tag unless the tag alone exceeds a cell, and
//! always on a character boundary, so joining the cells gives back the content exactly.

use crate::segment::{Part, Segment, TagKind};

/// Excel's limit for one cell.
pub(super) const CELL_BUDGET: usize = 32_767;
/// Upper bound for a rich run's markup (`<r><rPr>…font…</rPr><t xml:space="preserve">`, `</t></r>`).
const RUN_OVERHEAD: usize = 256;
/// How far back a cut through text may move to land after a space.
const WORD_LOOKBACK: usize = 200;

/// How a run is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RunKind {
    Text,
    /// An opening or closing tag.
    PairedTag,
    /// A tag standing alone (`<br/>`, `<img …>`, `[shortcode]`, a comment).
    LoneTag,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Run<'a> {
    pub kind: RunKind,
    pub text: &'a str,
}

/// The runs of one cell; empty for empty content.
pub(super) type CellRuns<'a> = Vec<Run<'a>>;

/// The segment as one or more cells' worth of runs. Always at least one (maybe empty) cell.
pub(super) fn cells(segment: &Segment) -> Vec<CellRuns<'_>> {
    cells_within(segment, CELL_BUDGET)
}

fn cells_within(segment: &Segment, budget: usize) -> Vec<CellRuns<'_>> {
    let mut packer = Packer {
        budget,
        cells: Vec::new(),
        cell: Vec::new(),
        used: 0,
    };
    for part in &segment.parts {
        let (kind, text) = match part {
            Part::Text(text) => (RunKind::Text, text.as_str()),
            Part::Tag(tag) if tag.kind == TagKind::Standalone => {
                (RunKind::LoneTag, tag.raw.as_str())
            }
            Part::Tag(tag) => (RunKind::PairedTag, tag.raw.as_str()),
        };
        packer.push(kind, text);
    }
    packer.finish()
}

struct Packer<'a> {
    budget: usize,
    cells: Vec<CellRuns<'a>>,
    cell: CellRuns<'a>,
    used: usize,
}

impl<'a> Packer<'a> {
    fn push(&mut self, kind: RunKind, mut text: &'a str) {
        while !text.is_empty() {
            let cost = RUN_OVERHEAD + xml_cost(text);
            if self.used + cost <= self.budget {
                self.cell.push(Run { kind, text });
                self.used += cost;
                return;
            }
            // A tag that fits a cell of its own moves there whole.
            if kind != RunKind::Text && cost <= self.budget && !self.cell.is_empty() {
                self.flush();
                continue;
            }
            let room = self.budget.saturating_sub(self.used + RUN_OVERHEAD);
            let mut at = cut(text, room, kind == RunKind::Text);
            if at == 0 {
                if !self.cell.is_empty() {
                    self.flush();
                    continue;
                }
                // Only with an absurdly small budget: take one character to make progress.
                at = text.chars().next().map_or(text.len(), char::len_utf8);
            }
            self.cell.push(Run {
                kind,
                text: &text[..at],
            });
            self.flush();
            text = &text[at..];
        }
    }

    fn flush(&mut self) {
        self.cells.push(std::mem::take(&mut self.cell));
        self.used = 0;
    }

    fn finish(mut self) -> Vec<CellRuns<'a>> {
        if !self.cell.is_empty() || self.cells.is_empty() {
            self.flush();
        }
        self.cells
    }
}

/// The byte index up to which `text` fits in `room`, on a character boundary; in text, moved
/// back to just after a nearby whitespace so continuation rows read naturally.
fn cut(text: &str, room: usize, prefer_space: bool) -> usize {
    let mut spent = 0;
    let mut end = 0;
    for (index, c) in text.char_indices() {
        spent += char_cost(c);
        if spent > room {
            break;
        }
        end = index + c.len_utf8();
    }
    if prefer_space && end < text.len() {
        let window_start = text.floor_char_boundary(end.saturating_sub(WORD_LOOKBACK));
        if let Some((index, space)) = text[window_start..end]
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
        {
            let after = window_start + index + space.len_utf8();
            if after > 0 {
                end = after;
            }
        }
    }
    end
}

fn xml_cost(text: &str) -> usize {
    text.chars().map(char_cost).sum()
}

/// What one character may cost in a rich string's XML, in UTF-16 units: XML escapes, Excel's
/// `_xHHHH_` escapes for control characters, and `_x005F` before an underscore that starts
/// something looking like one.
fn char_cost(c: char) -> usize {
    match c {
        '&' => 5,
        '<' | '>' => 4,
        '_' => 6,
        '\t' | '\n' => 1,
        c if c.is_control() => 7,
        c => c.len_utf16(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::Tag;

    fn tag(id: u32, kind: TagKind, raw: &str) -> Part {
        Part::Tag(Tag {
            id,
            kind,
            name: "b".into(),
            raw: raw.into(),
        })
    }

    fn joined(cells: &[CellRuns<'_>]) -> String {
        cells.iter().flatten().map(|r| r.text).collect()
    }

    #[test]
    fn a_short_segment_is_one_cell_of_its_parts() {
        let segment = Segment {
            parts: vec![
                Part::Text("Hello ".into()),
                tag(1, TagKind::Open, "<b>"),
                Part::Text("world".into()),
                tag(1, TagKind::Close, "</b>"),
                tag(2, TagKind::Standalone, "<br/>"),
            ],
        };
        let cells = cells(&segment);
        assert_eq!(cells.len(), 1);
        let kinds: Vec<_> = cells[0].iter().map(|r| (r.kind, r.text)).collect();
        assert_eq!(
            kinds,
            [
                (RunKind::Text, "Hello "),
                (RunKind::PairedTag, "<b>"),
                (RunKind::Text, "world"),
                (RunKind::PairedTag, "</b>"),
                (RunKind::LoneTag, "<br/>"),
            ]
        );
    }

    #[test]
    fn empty_content_is_one_empty_cell() {
        assert_eq!(cells(&Segment::default()), vec![Vec::<Run<'_>>::new()]);
    }

    #[test]
    fn long_text_continues_in_cells_that_fit_excel() {
        let text = "Lorem ipsum dolor sit amet, 😀 consectetur & <adipiscing> elit. ".repeat(700);
        let segment = Segment {
            parts: vec![Part::Text(text.clone())],
        };
        let cells = cells(&segment);
        assert!(cells.len() >= 2, "{} cells", cells.len());
        assert_eq!(joined(&cells), text);
        for cell in &cells {
            let cost: usize = cell.iter().map(|r| RUN_OVERHEAD + xml_cost(r.text)).sum();
            assert!(cost <= CELL_BUDGET);
            // Cut after a space, not inside a word.
            assert!(cell.last().unwrap().text.ends_with(' '));
        }
    }

    #[test]
    fn a_tag_that_does_not_fit_moves_to_the_next_cell_whole() {
        let segment = Segment {
            parts: vec![
                Part::Text("x".repeat(100)),
                tag(1, TagKind::Open, r#"<a href="/a-rather-long-link">"#),
                Part::Text("y".into()),
                tag(1, TagKind::Close, "</a>"),
            ],
        };
        let budget = 2 * RUN_OVERHEAD + 110;
        let cells = cells_within(&segment, budget);
        assert_eq!(joined(&cells), segment.to_content());
        for cell in &cells {
            for run in cell {
                if run.kind != RunKind::Text {
                    assert!(
                        run.text.starts_with('<') && run.text.ends_with('>'),
                        "{run:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_tag_larger_than_a_cell_is_cut_as_a_last_resort() {
        let raw = format!(r#"<img src="data:image/png;base64,{}">"#, "A".repeat(1000));
        let segment = Segment {
            parts: vec![tag(1, TagKind::Standalone, &raw)],
        };
        let cells = cells_within(&segment, RUN_OVERHEAD + 300);
        assert!(cells.len() > 3);
        assert_eq!(joined(&cells), raw);
        assert!(cells.iter().flatten().all(|r| r.kind == RunKind::LoneTag));
    }
}
