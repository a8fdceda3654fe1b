//! Reading a corrected workbook back.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::Cursor;

use calamine::{Data, Range, Reader, Xlsx};

use super::cell_text::shown_text;
use super::layout::{self, Column, META_SHEET, meta_key};
use super::{HiddenMeta, ImportedRow, ImportedWorkbook, RowProblem, RowProblemKind, XlsxError};
use crate::archive::{self, ArchiveError, Limits};

/// Bounds for a workbook's own zip, checked before calamine (which trusts its input) opens it.
/// A review workbook of a long job is a few MB unpacked; these leave ample room while keeping
/// what a hostile file can make the reader hold in memory modest.
pub(crate) const WORKBOOK_LIMITS: Limits = Limits {
    max_entries: 1_000,
    max_entry_bytes: 64 * 1024 * 1024,
    max_total_bytes: 128 * 1024 * 1024,
    max_ratio: 200,
    ratio_floor_bytes: 1024 * 1024,
};

/// Reads a workbook written by [`super::export_workbook`] after a customer edited it, in
/// whatever program saved it last (Excel, LibreOffice, Google Sheets: shared, inline and rich
/// strings alike).
///
/// The table is found by its header row on any sheet, rows are mapped by the hidden Key
/// column (so sorted and filtered rows still map), and units split over several rows are
/// joined by their hidden part numbers. Cells that became numbers or dates are read as the
/// text the customer sees, on a best-effort basis (see the `cell_text` module): integral
/// numbers without `.0`, other numbers in their shortest exact form, dates as ISO dates.
///
/// The workbook's zip is checked against [`WORKBOOK_LIMITS`] before it is parsed.
pub fn read_workbook(file_name: &str, bytes: &[u8]) -> Result<ImportedWorkbook, XlsxError> {
    archive::check_zip(file_name, Cursor::new(bytes), &WORKBOOK_LIMITS).map_err(|e| match e {
        ArchiveError::NotZip { .. } => XlsxError::NotXlsx {
            file: file_name.to_owned(),
            detail: "it is not a zip package".to_owned(),
        },
        other => XlsxError::Archive(other),
    })?;
    let not_xlsx = |detail: String| XlsxError::NotXlsx {
        file: file_name.to_owned(),
        detail,
    };
    let mut workbook: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| not_xlsx(e.to_string()))?;

    let meta = if workbook.sheet_names().iter().any(|name| name == META_SHEET) {
        let range = workbook
            .worksheet_range(META_SHEET)
            .map_err(|e| not_xlsx(e.to_string()))?;
        Some(read_meta(&range).map_err(|detail| XlsxError::Metadata {
            file: file_name.to_owned(),
            detail,
        })?)
    } else {
        None
    };

    for name in workbook.sheet_names() {
        if name == META_SHEET {
            continue;
        }
        let range = workbook
            .worksheet_range(&name)
            .map_err(|e| not_xlsx(e.to_string()))?;
        if let Some(table) = Table::find(&range) {
            let (rows, problems) = table.read(&range);
            return Ok(ImportedWorkbook {
                meta,
                rows,
                problems,
            });
        }
    }
    Err(XlsxError::NoTable {
        file: file_name.to_owned(),
    })
}

fn read_meta(range: &Range<Data>) -> Result<HiddenMeta, String> {
    let pairs: HashMap<String, String> = range
        .rows()
        .filter_map(|row| match row {
            [key, value, ..] => Some((shown_text(key).trim().to_owned(), shown_text(value))),
            _ => None,
        })
        .collect();
    let get = |key: &str| {
        pairs
            .get(key)
            .map(|value| value.trim().to_owned())
            .ok_or_else(|| format!("lacks '{key}'"))
    };
    let format_version: u32 = get(meta_key::FORMAT_VERSION)?
        .parse()
        .map_err(|_| format!("has an unreadable '{}'", meta_key::FORMAT_VERSION))?;
    if format_version > layout::FORMAT_VERSION {
        return Err(format!(
            "says format {format_version}, newer than this Wordmark reads ({})",
            layout::FORMAT_VERSION
        ));
    }
    Ok(HiddenMeta {
        format_version,
        job_id: get(meta_key::JOB_ID)?
            .parse()
            .map_err(|_| format!("has an unreadable '{}'", meta_key::JOB_ID))?,
        wpml_id: get(meta_key::WPML_ID)?,
        checksum: get(meta_key::CHECKSUM)?,
        file_name: get(meta_key::FILE_NAME)?,
    })
}

/// Where the table sits in a sheet, in absolute (0-based) positions.
struct Table {
    header_row: u32,
    key: u32,
    translation: u32,
    comment: Option<u32>,
    part: Option<u32>,
}

impl Table {
    /// The first row holding both the Key and the Translation header.
    fn find(range: &Range<Data>) -> Option<Table> {
        let (first_row, first_col) = range.start()?;
        range.rows().zip(first_row..).find_map(|(cells, row)| {
            let column_of = |column: Column| {
                cells
                    .iter()
                    .zip(first_col..)
                    .find(|(cell, _)| is_header(cell, column))
                    .map(|(_, col)| col)
            };
            Some(Table {
                header_row: row,
                key: column_of(Column::Key)?,
                translation: column_of(Column::Translation)?,
                comment: column_of(Column::Comment),
                part: column_of(Column::Part),
            })
        })
    }

    fn read(&self, range: &Range<Data>) -> (Vec<ImportedRow>, Vec<RowProblem>) {
        let text = |row: u32, col: u32| {
            range
                .get_value((row, col))
                .map(shown_text)
                .unwrap_or_default()
        };
        let mut problems = Vec::new();
        // Key → pieces in sheet order; `order` keeps the keys in sheet order too.
        let mut units: HashMap<String, Vec<Piece>> = HashMap::new();
        let mut order: Vec<String> = Vec::new();
        let last_row = range.end().map_or(self.header_row, |(row, _)| row);
        for row in self.header_row + 1..=last_row {
            let key = text(row, self.key).trim().to_owned();
            let translation = text(row, self.translation);
            let comment = self.comment.map(|col| text(row, col)).unwrap_or_default();
            let row_number = row + 1;
            if key.is_empty() {
                if !translation.trim().is_empty() || !comment.trim().is_empty() {
                    problems.push(RowProblem {
                        row_number,
                        key: None,
                        kind: RowProblemKind::NoKey,
                    });
                }
                continue;
            }
            let part = self
                .part
                .and_then(|col| layout::parse_part_label(&text(row, col)));
            let piece = Piece {
                row_number,
                part,
                translation,
                comment,
            };
            match units.entry(key) {
                Entry::Occupied(mut pieces) => pieces.get_mut().push(piece),
                Entry::Vacant(slot) => {
                    order.push(slot.key().clone());
                    slot.insert(vec![piece]);
                }
            }
        }

        let mut rows = Vec::with_capacity(order.len());
        for key in order {
            let pieces = units.remove(&key).unwrap_or_default();
            if let Some((row_number, translation, comment)) = join(pieces, &key, &mut problems) {
                rows.push(ImportedRow {
                    row_number,
                    key,
                    translation,
                    comment,
                });
            }
        }
        problems.sort_by_key(|p| p.row_number);
        (rows, problems)
    }
}

fn is_header(cell: &Data, column: Column) -> bool {
    matches!(cell, Data::String(text) if text.trim().eq_ignore_ascii_case(column.header()))
}

/// One row of a unit.
struct Piece {
    row_number: u32,
    /// `(part, parts)` for units split over several rows.
    part: Option<(usize, usize)>,
    translation: String,
    comment: String,
}

/// Joins a unit's rows in part order: `(first row number, translation, comment)`, or `None`
/// (with a problem recorded) when a part is missing. Repeated rows are reported and skipped.
fn join(
    pieces: Vec<Piece>,
    key: &str,
    problems: &mut Vec<RowProblem>,
) -> Option<(u32, String, Option<String>)> {
    let mut report = |row_number, kind| {
        problems.push(RowProblem {
            row_number,
            key: Some(key.to_owned()),
            kind,
        })
    };
    let parts = pieces[0].part.map_or(1, |(_, parts)| parts);
    let mut slots: Vec<Option<Piece>> = (0..parts).map(|_| None).collect();
    for piece in pieces {
        let (index, of) = piece.part.map_or((1, 1), |p| p);
        match slots.get_mut(index - 1) {
            Some(slot @ None) if of == parts => *slot = Some(piece),
            _ => report(piece.row_number, RowProblemKind::DuplicateKey),
        }
    }
    let row_number = slots.iter().flatten().map(|p| p.row_number).min()?;
    if slots.iter().any(Option::is_none) {
        report(row_number, RowProblemKind::MissingPart);
        return None;
    }
    let pieces: Vec<Piece> = slots.into_iter().flatten().collect();
    let translation = pieces.iter().map(|p| p.translation.as_str()).collect();
    let comments: Vec<&str> = pieces
        .iter()
        .map(|p| p.comment.trim())
        .filter(|c| !c.is_empty())
        .collect();
    let comment = (!comments.is_empty()).then(|| comments.join("\n"));
    Some((row_number, translation, comment))
}
