//! One worksheet: its cells, written as XML while they come in, and the settings around them.
//!
//! Cells are written in order (rows top to bottom, cells left to right), straight into the
//! `<sheetData>` XML. Strings are inline (`t="inlineStr"`) rather than shared: the review
//! workbook repeats almost no text, so a shared-string table would only cost hashing.

use std::io::{self, Write};

use super::styles::{RunFont, Style};
use super::xml::{push_cell, push_column, push_text, push_u32, u32_digits};

/// A column's width in Excel's character units (at least 1), and whether it is hidden.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::xlsx) struct ColumnFormat {
    pub width: f64,
    pub hidden: bool,
}

/// A table with a header row: the rows below it scroll under the frozen header, it carries an
/// autofilter (so it can be sorted and filtered), and its header row repeats on every printed
/// page. Positions are 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::xlsx) struct Table {
    pub header_row: u32,
    pub last_row: u32,
    pub last_column: u16,
}

/// How a protected sheet may still be used (no password in either case; a sheet is not
/// protected until it is given one of these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::xlsx) enum Protection {
    /// Only unlocked cells can be edited.
    Locked,
    /// As [`Protection::Locked`], but columns and rows can be resized and the table sorted and
    /// filtered.
    AllowTableUse,
}

pub(in crate::xlsx) struct Sheet {
    pub(super) name: &'static str,
    pub(super) hidden: bool,
    columns: Vec<ColumnFormat>,
    protection: Option<Protection>,
    table: Option<Table>,
    /// Landscape, one page wide.
    print_landscape: bool,
    /// `<row>` elements so far; the open row is closed by [`Sheet::write_to`].
    cells: String,
    /// The open row (0-based) and its 1-based number, written once for all its cells.
    row: Option<u32>,
    row_number: RowNumber,
    /// The last cell's column, for the sheet's dimension and the order check.
    column: Option<u16>,
    last_column: u16,
}

impl Sheet {
    /// A sheet for about `capacity` bytes of cell XML.
    pub(in crate::xlsx) fn new(name: &'static str, capacity: usize) -> Sheet {
        // Sheet names go into formulas unquoted (see `package::defined_names`).
        debug_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric()));
        Sheet {
            name,
            hidden: false,
            columns: Vec::new(),
            protection: None,
            table: None,
            print_landscape: false,
            cells: String::with_capacity(capacity),
            row: None,
            row_number: RowNumber::default(),
            column: None,
            last_column: 0,
        }
    }

    pub(in crate::xlsx) fn set_columns(&mut self, columns: Vec<ColumnFormat>) {
        self.columns = columns;
    }

    pub(in crate::xlsx) fn set_hidden(&mut self) {
        self.hidden = true;
    }

    pub(in crate::xlsx) fn set_protection(&mut self, protection: Protection) {
        self.protection = Some(protection);
    }

    pub(in crate::xlsx) fn set_table(&mut self, table: Table) {
        self.table = Some(table);
    }

    pub(in crate::xlsx) fn set_print_landscape_one_page_wide(&mut self) {
        self.print_landscape = true;
    }

    pub(super) fn table(&self) -> Option<Table> {
        self.table
    }

    /// The size of the cell XML so far.
    pub(super) fn cells_len(&self) -> usize {
        self.cells.len()
    }

    /// A number cell.
    pub(in crate::xlsx) fn number(&mut self, row: u32, column: u16, number: u32, style: Style) {
        self.open_cell(row, column, style);
        self.cells.push_str("><v>");
        push_u32(&mut self.cells, number);
        self.cells.push_str("</v></c>");
    }

    /// A text cell.
    pub(in crate::xlsx) fn string(&mut self, row: u32, column: u16, text: &str, style: Style) {
        self.open_cell(row, column, style);
        self.cells
            .push_str(r#" t="inlineStr"><is><t xml:space="preserve">"#);
        push_text(&mut self.cells, text);
        self.cells.push_str("</t></is></c>");
    }

    /// A text cell of runs in their own fonts. Neighbouring runs in one font are written as one.
    pub(in crate::xlsx) fn rich<'a>(
        &mut self,
        row: u32,
        column: u16,
        runs: impl IntoIterator<Item = (RunFont, &'a str)>,
        style: Style,
    ) {
        self.open_cell(row, column, style);
        self.cells.push_str(r#" t="inlineStr"><is>"#);
        let mut open: Option<RunFont> = None;
        for (font, text) in runs {
            if open != Some(font) {
                if open.is_some() {
                    self.cells.push_str("</t></r>");
                }
                self.cells.push_str("<r>");
                self.cells.push_str(font.xml());
                self.cells.push_str(r#"<t xml:space="preserve">"#);
            }
            push_text(&mut self.cells, text);
            // Each `<t>` is unescaped on its own, so a run ending in part of something that
            // reads like `_x0041_` closes its element rather than let the next run complete it.
            let tail = &text.as_bytes()[text.len().saturating_sub(6)..];
            open = (!tail.contains(&b'_')).then_some(font);
            if open.is_none() {
                self.cells.push_str("</t></r>");
            }
        }
        if open.is_some() {
            self.cells.push_str("</t></r>");
        }
        self.cells.push_str("</is></c>");
    }

    /// An empty cell that still has a style (an editable cell stays unlocked).
    pub(in crate::xlsx) fn blank(&mut self, row: u32, column: u16, style: Style) {
        self.open_cell(row, column, style);
        self.cells.push_str("/>");
    }

    /// Starts `<c r="…" s="…"`, opening the cell's row first when it is a new one.
    fn open_cell(&mut self, row: u32, column: u16, style: Style) {
        if self.row != Some(row) {
            debug_assert!(self.row.is_none_or(|open| open < row), "rows out of order");
            if self.row.is_some() {
                self.cells.push_str("</row>");
            }
            self.row_number.set(row + 1);
            self.row = Some(row);
            self.column = None;
            self.cells.push_str(r#"<row r=""#);
            self.cells.push_str(self.row_number.as_str());
            self.cells.push_str(r#"">"#);
        }
        debug_assert!(
            self.column.is_none_or(|last| last < column),
            "cells out of order"
        );
        self.column = Some(column);
        self.last_column = self.last_column.max(column);
        self.cells.push_str(r#"<c r=""#);
        push_column(&mut self.cells, column);
        self.cells.push_str(self.row_number.as_str());
        self.cells.push('"');
        if let Some(index) = style.index() {
            self.cells.push_str(r#" s=""#);
            self.cells.push_str(index);
            self.cells.push('"');
        }
    }

    /// Writes the worksheet part. `selected` for the sheet the workbook opens on.
    pub(super) fn write_to(&self, out: &mut impl Write, selected: bool) -> io::Result<()> {
        out.write_all(self.head(selected).as_bytes())?;
        out.write_all(self.cells.as_bytes())?;
        if self.row.is_some() {
            out.write_all(b"</row>")?;
        }
        out.write_all(self.tail().as_bytes())
    }

    /// Everything before the rows: the used range, the view, the columns.
    fn head(&self, selected: bool) -> String {
        let mut xml = String::with_capacity(1024);
        xml.push_str(concat!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            "\n",
            r#"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" "#,
            r#"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">"#,
        ));
        if self.print_landscape {
            xml.push_str(r#"<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>"#);
        }
        xml.push_str(r#"<dimension ref="A1"#);
        if let Some(last_row) = self.row.filter(|&row| row > 0 || self.last_column > 0) {
            xml.push(':');
            push_cell(&mut xml, last_row, self.last_column, false);
        }
        xml.push_str(r#""/><sheetViews><sheetView"#);
        if selected {
            xml.push_str(r#" tabSelected="1""#);
        }
        xml.push_str(r#" workbookViewId="0""#);
        match self.table {
            Some(table) => {
                // The header row and everything above it stay in view.
                let first_scrolled = table.header_row + 1;
                xml.push_str(r#"><pane ySplit=""#);
                push_u32(&mut xml, first_scrolled);
                xml.push_str(r#"" topLeftCell=""#);
                push_cell(&mut xml, first_scrolled, 0, false);
                xml.push_str(concat!(
                    r#"" activePane="bottomLeft" state="frozen"/>"#,
                    r#"<selection pane="bottomLeft"/></sheetView>"#,
                ));
            }
            None => xml.push_str("/>"),
        }
        xml.push_str(r#"</sheetViews><sheetFormatPr defaultRowHeight="15"/>"#);
        self.push_columns(&mut xml);
        xml.push_str("<sheetData>");
        xml
    }

    /// `<cols>`, neighbouring columns of the same format as one range.
    fn push_columns(&self, xml: &mut String) {
        if self.columns.is_empty() {
            return;
        }
        xml.push_str("<cols>");
        let mut first = 0;
        while first < self.columns.len() {
            let format = self.columns[first];
            let mut last = first;
            while self.columns.get(last + 1) == Some(&format) {
                last += 1;
            }
            xml.push_str(r#"<col min=""#);
            push_u32(xml, first as u32 + 1);
            xml.push_str(r#"" max=""#);
            push_u32(xml, last as u32 + 1);
            xml.push_str(r#"" width=""#);
            xml.push_str(&stored_width(format.width).to_string());
            xml.push('"');
            if format.hidden {
                xml.push_str(r#" hidden="1""#);
            }
            xml.push_str(r#" customWidth="1"/>"#);
            first = last + 1;
        }
        xml.push_str("</cols>");
    }

    /// Everything after the rows: protection, the filter, printing.
    fn tail(&self) -> String {
        let mut xml = String::with_capacity(512);
        xml.push_str("</sheetData>");
        if let Some(protection) = self.protection {
            xml.push_str(r#"<sheetProtection sheet="1" objects="1" scenarios="1""#);
            if protection == Protection::AllowTableUse {
                // In a protected sheet these attributes say what stays allowed, by `0`.
                xml.push_str(r#" formatColumns="0" formatRows="0" sort="0" autoFilter="0""#);
            }
            xml.push_str("/>");
        }
        if let Some(table) = self.table {
            xml.push_str(r#"<autoFilter ref=""#);
            push_cell(&mut xml, table.header_row, 0, false);
            xml.push(':');
            push_cell(&mut xml, table.last_row, table.last_column, false);
            xml.push_str(r#""/>"#);
        }
        xml.push_str(concat!(
            r#"<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" "#,
            r#"header="0.3" footer="0.3"/>"#,
        ));
        if self.print_landscape {
            // Fit to one page wide, as many pages tall as it takes.
            xml.push_str(r#"<pageSetup orientation="landscape" fitToHeight="0"/>"#);
        }
        xml.push_str("</worksheet>");
        xml
    }
}

/// A row number's decimal digits.
#[derive(Default)]
struct RowNumber {
    digits: [u8; 10],
    len: usize,
}

impl RowNumber {
    fn set(&mut self, number: u32) {
        self.len = u32_digits(number, &mut self.digits).len();
    }

    fn as_str(&self) -> &str {
        // Only ASCII digits are ever stored.
        std::str::from_utf8(&self.digits[self.digits.len() - self.len..]).unwrap_or_default()
    }
}

/// The width Excel stores for a column `width` characters wide: it adds the cell padding
/// (5 pixels at Calibri 11's 7-pixel digits) and rounds down to 1/256 of a character, so
/// 6 is stored as 6.7109375. Valid from a width of 1.
fn stored_width(width: f64) -> f64 {
    const DIGIT: f64 = 7.0;
    const PADDING: f64 = 5.0;
    ((width * DIGIT + PADDING).round() / DIGIT * 256.0).floor() / 256.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(sheet: &Sheet) -> String {
        sheet.cells.clone()
    }

    #[test]
    fn cells_go_into_rows_with_their_references_and_styles() {
        let mut sheet = Sheet::new("Test", 0);
        sheet.number(9, 0, 42, Style::Number);
        sheet.string(9, 1, "a < b", Style::Default);
        sheet.blank(9, 4, Style::Editable);
        sheet.string(10, 2, " padded ", Style::Locked);
        assert_eq!(
            cells(&sheet),
            concat!(
                r#"<row r="10"><c r="A10" s="6"><v>42</v></c>"#,
                r#"<c r="B10" t="inlineStr"><is><t xml:space="preserve">a &lt; b</t></is></c>"#,
                r#"<c r="E10" s="8"/></row>"#,
                r#"<row r="11"><c r="C11" s="7" t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c>"#,
            )
        );
    }

    #[test]
    fn a_rich_cell_has_one_run_per_font_change() {
        let mut sheet = Sheet::new("Test", 0);
        let runs = [
            (RunFont::Plain, "Read "),
            (RunFont::Blue, "<p>"),
            (RunFont::Blue, r#"<a href="/x">"#),
            (RunFont::Plain, "terms & more"),
            (RunFont::Grey, "<br/>"),
        ];
        sheet.rich(0, 3, runs, Style::Editable);
        let (plain, blue, grey) = (
            RunFont::Plain.xml(),
            RunFont::Blue.xml(),
            RunFont::Grey.xml(),
        );
        let preserve = r#"<t xml:space="preserve">"#;
        assert_eq!(
            cells(&sheet),
            format!(
                concat!(
                    r#"<row r="1"><c r="D1" s="8" t="inlineStr"><is>"#,
                    "<r>{plain}{t}Read </t></r>",
                    r#"<r>{blue}{t}&lt;p&gt;&lt;a href="/x"&gt;</t></r>"#,
                    "<r>{plain}{t}terms &amp; more</t></r>",
                    "<r>{grey}{t}&lt;br/&gt;</t></r>",
                    "</is></c>"
                ),
                plain = plain,
                blue = blue,
                grey = grey,
                t = preserve
            )
        );
    }

    #[test]
    fn runs_are_not_joined_where_that_would_make_an_excel_escape() {
        let mut sheet = Sheet::new("Test", 0);
        sheet.rich(
            0,
            0,
            [(RunFont::Plain, "a_x00"), (RunFont::Plain, "41_")],
            Style::Default,
        );
        let xml = cells(&sheet);
        assert!(xml.contains("a_x00</t></r><r>"), "{xml}");
        assert!(!xml.contains("_x0041_"), "{xml}");
    }

    #[test]
    fn the_sheet_part_has_its_settings_around_the_rows() {
        let mut sheet = Sheet::new("Test", 0);
        sheet.set_columns(vec![
            ColumnFormat {
                width: 6.0,
                hidden: false,
            },
            ColumnFormat {
                width: 60.0,
                hidden: false,
            },
            ColumnFormat {
                width: 60.0,
                hidden: false,
            },
            ColumnFormat {
                width: 12.0,
                hidden: true,
            },
        ]);
        sheet.string(2, 0, "#", Style::Header);
        sheet.number(3, 3, 1, Style::Number);
        sheet.set_table(Table {
            header_row: 2,
            last_row: 3,
            last_column: 3,
        });
        sheet.set_protection(Protection::AllowTableUse);
        sheet.set_print_landscape_one_page_wide();
        let mut out = Vec::new();
        sheet.write_to(&mut out, true).unwrap();
        let xml = String::from_utf8(out).unwrap();
        for expected in [
            r#"<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1:D4"/>"#,
            r#"<sheetView tabSelected="1" workbookViewId="0"><pane ySplit="3" topLeftCell="A4" activePane="bottomLeft" state="frozen"/>"#,
            r#"<col min="1" max="1" width="6.7109375" customWidth="1"/>"#,
            r#"<col min="2" max="3" width="60.7109375" customWidth="1"/>"#,
            r#"<col min="4" max="4" width="12.7109375" hidden="1" customWidth="1"/>"#,
            r#"</c></row></sheetData><sheetProtection sheet="1" objects="1" scenarios="1" formatColumns="0" formatRows="0" sort="0" autoFilter="0"/><autoFilter ref="A3:D4"/>"#,
            r#"<pageSetup orientation="landscape" fitToHeight="0"/></worksheet>"#,
        ] {
            assert!(xml.contains(expected), "{expected}\nnot in\n{xml}");
        }
    }
}
