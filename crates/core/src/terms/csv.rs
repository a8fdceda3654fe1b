//! CSV and TSV termbase files: text already decoded, a header row, fields quoted with `"`
//! (doubled inside) and possibly spanning lines. The separator is found on the header line: a
//! tab makes TSV, more `;` than `,` is Excel's dialect for locales with a decimal comma, `,`
//! otherwise. Cells that a spreadsheet would run as a formula are written with a leading
//! apostrophe, which reading removes again ([`crate::csv_cell`]).

use super::{Skipped, TermEntry, TermFileError, table};
use crate::csv_cell;

pub(super) fn read(text: &str) -> Result<(Vec<TermEntry>, Skipped), TermFileError> {
    if text.trim().is_empty() {
        return Err(TermFileError::Empty);
    }
    let separator = separator(text);
    table::read_rows(Records {
        rest: text,
        separator,
        row: 0,
    })
}

fn separator(text: &str) -> char {
    let header = text.lines().next().unwrap_or_default();
    let count = |c: char| header.chars().filter(|h| *h == c).count();
    if count('\t') > 0 {
        '\t'
    } else if count(';') > count(',') {
        ';'
    } else {
        ','
    }
}

/// The records of a delimited text, one after another.
struct Records<'a> {
    rest: &'a str,
    separator: char,
    row: usize,
}

impl Iterator for Records<'_> {
    type Item = Result<Vec<String>, TermFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return None;
        }
        self.row += 1;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut chars = self.rest.char_indices().peekable();
        let mut quoted = false;
        let mut at_field_start = true;
        while let Some((at, c)) = chars.next() {
            if quoted {
                if c == '"' {
                    if chars.peek().is_some_and(|(_, n)| *n == '"') {
                        chars.next();
                        field.push('"');
                    } else {
                        quoted = false;
                    }
                } else {
                    field.push(c);
                }
                continue;
            }
            match c {
                '"' if at_field_start => {
                    quoted = true;
                    at_field_start = false;
                }
                '\r' | '\n' => {
                    let mut end = at + 1;
                    if c == '\r' && chars.peek().is_some_and(|(_, n)| *n == '\n') {
                        end += 1;
                    }
                    fields.push(restored(std::mem::take(&mut field)));
                    self.rest = &self.rest[end..];
                    return Some(Ok(fields));
                }
                c if c == self.separator => {
                    fields.push(restored(std::mem::take(&mut field)));
                    at_field_start = true;
                }
                c => {
                    field.push(c);
                    at_field_start = false;
                }
            }
        }
        self.rest = "";
        if quoted {
            return Some(Err(TermFileError::Row {
                row: self.row,
                reason: "a quoted field is not closed".into(),
            }));
        }
        fields.push(restored(field));
        Some(Ok(fields))
    }
}

fn restored(mut field: String) -> String {
    let guard = field.len() - csv_cell::restore(&field).len();
    field.drain(..guard);
    field
}

/// UTF-8 with a BOM (so Excel opens it as UTF-8), `,` separated, CRLF line ends, fields
/// quoted when they need it.
pub(super) fn write(entries: &[TermEntry]) -> String {
    let mut out = String::from("\u{feff}");
    let mut line = |cells: &[String]| {
        let fields: Vec<String> = cells.iter().map(|c| quote(c)).collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    };
    line(&table::HEADER.map(str::to_owned));
    for entry in entries {
        line(&table::cells_of(entry));
    }
    out
}

fn quote(cell: &str) -> String {
    let cell = csv_cell::defuse(cell);
    if cell.contains([',', '"', '\n', '\r', ';', '\t']) || cell.trim() != cell {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.into_owned()
    }
}
