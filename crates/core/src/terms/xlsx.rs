//! XLSX termbase files: the first sheet with the table (header row first), every cell
//! written as a string so Excel never turns a term into a number or a date.

use std::io::Cursor;

use calamine::{Reader, Xlsx};

use super::{Skipped, TermEntry, TermFileError, table};
use crate::archive;
use crate::xlsx::cell_text::shown_text;
use crate::xlsx::import::WORKBOOK_LIMITS;

pub(super) fn read(bytes: &[u8]) -> Result<(Vec<TermEntry>, Skipped), TermFileError> {
    // calamine trusts its input: the package is checked against the review workbooks'
    // limits first.
    archive::check_zip("termbase.xlsx", Cursor::new(bytes), &WORKBOOK_LIMITS)
        .map_err(|e| TermFileError::Workbook(e.to_string()))?;
    let mut workbook: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| TermFileError::Workbook(e.to_string()))?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or_else(|| TermFileError::Workbook("it has no sheet".into()))?
        .map_err(|e| TermFileError::Workbook(e.to_string()))?;
    // The used range starts at the header row, so row numbers match the sheet when the
    // table starts in row 1, as ours do.
    let rows = range
        .rows()
        .map(|row| Ok(row.iter().map(shown_text).collect::<Vec<String>>()));
    table::read_rows(rows)
}

pub(super) fn write(entries: &[TermEntry]) -> Result<Vec<u8>, TermFileError> {
    use rust_xlsxwriter::{Format, Workbook};
    let broken = |e: rust_xlsxwriter::XlsxError| TermFileError::Workbook(e.to_string());
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Terms").map_err(broken)?;
    let bold = Format::new().set_bold();
    for (column, name) in table::HEADER.iter().enumerate() {
        sheet
            .write_string_with_format(0, column as u16, *name, &bold)
            .map_err(broken)?;
    }
    for (row, entry) in entries.iter().enumerate() {
        for (column, cell) in table::cells_of(entry).iter().enumerate() {
            if !cell.is_empty() {
                sheet
                    .write_string(row as u32 + 1, column as u16, cell)
                    .map_err(broken)?;
            }
        }
    }
    sheet.set_freeze_panes(1, 0).map_err(broken)?;
    workbook.save_to_buffer().map_err(broken)
}
