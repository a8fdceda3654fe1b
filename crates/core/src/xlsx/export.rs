//! Writing a job's review workbook.

use super::chunk::{self, CellRuns, Run, RunKind};
use super::layout::{self, Column, META_SHEET, TABLE_SHEET, meta_key};
use super::writer::{ColumnFormat, Protection, RunFont, Sheet, Style, Table, write_package};
use super::{ExportRow, WorkbookMeta, XlsxError};
use crate::segment::{Segment, Shortcodes};

const INSTRUCTION: &str = "Please edit only the Translation column (and add a Comment where \
useful). Keep the coloured tags: you may move them within the sentence, but do not change or \
delete them.";

/// Builds the workbook for one job: the customer's sheet, then the hidden identity sheet.
///
/// Every cell is text (inline strings, rich where tags need their colour; `#` is a number so it
/// sorts): content starting with `=`, `+`, `-` or `@` stays text, because strings are never
/// written as formulas and the Translation column is formatted as text (`@`), so what the
/// customer types stays text too.
pub fn export_workbook(meta: &WorkbookMeta, rows: &[ExportRow]) -> Result<Vec<u8>, XlsxError> {
    let table = table_sheet(meta, rows);
    let identity = meta_sheet(meta);
    write_package(&[table, identity]).map_err(|source| XlsxError::Build {
        file: meta.file_name.clone(),
        source,
    })
}

fn table_sheet(meta: &WorkbookMeta, rows: &[ExportRow]) -> Sheet {
    // Roughly what the cells' XML takes, so the buffer rarely grows: escaped text plus the
    // markup of seven cells and a few coloured runs per row.
    let capacity: usize = rows
        .iter()
        .map(|row| 2 * (row.source.len() + row.target.len()) + row.field.len() + row.key.len())
        .sum::<usize>()
        + 700 * rows.len()
        + 2048;
    let mut sheet = Sheet::new(TABLE_SHEET, capacity);
    let header_row = write_header_block(&mut sheet, meta);

    sheet.set_columns(
        Column::ALL
            .iter()
            .map(|column| ColumnFormat {
                width: column.width(),
                hidden: column.hidden(),
            })
            .collect(),
    );
    for column in Column::ALL {
        sheet.string(header_row, column.index(), column.header(), Style::Header);
    }

    let mut last_row = header_row;
    for (ordinal, unit) in (1u32..).zip(rows) {
        last_row = write_unit(&mut sheet, last_row + 1, ordinal, unit, &meta.shortcodes);
    }

    // The filter spans the hidden columns too, so sorting moves each row's key with it.
    sheet.set_table(Table {
        header_row,
        last_row,
        last_column: Column::ALL[Column::ALL.len() - 1].index(),
    });
    sheet.set_protection(Protection::AllowTableUse);
    sheet.set_print_landscape_one_page_wide();
    sheet
}

/// Writes one unit from `first_row` on, over as many rows as its longer side needs, and
/// returns the last row written.
fn write_unit(
    sheet: &mut Sheet,
    first_row: u32,
    ordinal: u32,
    unit: &ExportRow,
    shortcodes: &Shortcodes,
) -> u32 {
    let source = Segment::parse_with(&unit.source, unit.markup, shortcodes);
    let target = Segment::parse_with(&unit.target, unit.markup, shortcodes);
    let source_cells = chunk::cells(&source);
    let target_cells = chunk::cells(&target);
    let parts = source_cells.len().max(target_cells.len());
    let mut row = first_row;
    for part in 0..parts {
        row = first_row + part as u32;
        // `#` is the one number in the sheet, so sorting by it restores the original order.
        sheet.number(row, Column::Number.index(), ordinal, Style::Number);
        match part {
            0 => sheet.string(row, Column::Field.index(), &unit.field, Style::Locked),
            _ => sheet.string(
                row,
                Column::Field.index(),
                &layout::continued_marker(part + 1, parts),
                Style::Locked,
            ),
        }
        let source_runs = part_runs(&source_cells, part);
        write_runs(sheet, row, Column::Source, source_runs, Style::Locked);
        let target_runs = part_runs(&target_cells, part);
        write_runs(
            sheet,
            row,
            Column::Translation,
            target_runs,
            Style::Editable,
        );
        sheet.blank(row, Column::Comment.index(), Style::Editable);
        match part {
            0 if !unit.terms.is_empty() => {
                sheet.string(row, Column::Terms.index(), &unit.terms, Style::Locked);
            }
            _ => sheet.blank(row, Column::Terms.index(), Style::Locked),
        }
        sheet.string(row, Column::Key.index(), &unit.key, Style::Default);
        if parts > 1 {
            let label = layout::part_label(part + 1, parts);
            sheet.string(row, Column::Part.index(), &label, Style::Default);
        }
    }
    row
}

/// The runs of one part of a unit; none when this side needs fewer rows than the other.
fn part_runs<'c, 'a>(cells: &'c [CellRuns<'a>], part: usize) -> &'c [Run<'a>] {
    cells.get(part).map_or(&[], Vec::as_slice)
}

/// Writes the lines above the table and returns the table's header row.
fn write_header_block(sheet: &mut Sheet, meta: &WorkbookMeta) -> u32 {
    // Labels in column A spill over the empty column B; values start in column C.
    let value_col = Column::Source.index();
    sheet.string(0, 0, &meta.project, Style::Title);
    let client = meta.client.as_deref().unwrap_or("n/a");
    let lines = [
        ("Client", client),
        ("File", meta.file_name.as_str()),
        ("Source language", meta.source_lang.as_str()),
        ("Target language", meta.target_lang.as_str()),
        ("Exported", meta.export_date.as_str()),
    ];
    let mut row = 1;
    for (label, value) in lines {
        sheet.string(row, 0, label, Style::Label);
        sheet.string(row, value_col, value, Style::Default);
        row += 1;
    }
    if let Some(notice) = &meta.mt_notice {
        sheet.string(row, 0, notice, Style::Notice);
        row += 1;
    }
    sheet.string(row, 0, INSTRUCTION, Style::Instruction);
    row + 2
}

/// Writes one cell's runs: blank (but styled, so an editable cell stays unlocked), plain text,
/// or rich text when tags need their colour.
fn write_runs(sheet: &mut Sheet, row: u32, column: Column, runs: &[Run<'_>], style: Style) {
    let col = column.index();
    match runs {
        [] => sheet.blank(row, col, style),
        [run] if run.kind == RunKind::Text => sheet.string(row, col, run.text, style),
        runs => sheet.rich(
            row,
            col,
            runs.iter().map(|run| (run_font(run.kind), run.text)),
            style,
        ),
    }
}

/// Paired tags blue, lone tags grey, so customers see what to keep and what belongs together.
fn run_font(kind: RunKind) -> RunFont {
    match kind {
        RunKind::Text => RunFont::Plain,
        RunKind::PairedTag => RunFont::Blue,
        RunKind::LoneTag => RunFont::Grey,
    }
}

/// The hidden, protected sheet with the job's identity, one key and value per row.
fn meta_sheet(meta: &WorkbookMeta) -> Sheet {
    let mut sheet = Sheet::new(META_SHEET, 2048);
    let version = layout::FORMAT_VERSION.to_string();
    let job_id = meta.job_id.to_string();
    let pairs = [
        (meta_key::FORMAT_VERSION, version.as_str()),
        (meta_key::JOB_ID, job_id.as_str()),
        (meta_key::WPML_ID, meta.wpml_id.as_str()),
        (meta_key::CHECKSUM, meta.checksum.as_str()),
        (meta_key::FILE_NAME, meta.file_name.as_str()),
    ];
    for (row, (key, value)) in (0u32..).zip(pairs) {
        sheet.string(row, 0, key, Style::Default);
        sheet.string(row, 1, value, Style::Default);
    }
    sheet.set_columns(vec![
        ColumnFormat {
            width: 16.0,
            hidden: false,
        },
        ColumnFormat {
            width: 70.0,
            hidden: false,
        },
    ]);
    sheet.set_hidden();
    sheet.set_protection(Protection::Locked);
    sheet
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Read};

    use super::*;
    use crate::segment::Markup;

    fn sheet_xml(xlsx: &[u8]) -> String {
        let mut zip = zip::ZipArchive::new(Cursor::new(xlsx)).unwrap();
        let mut xml = String::new();
        zip.by_name("xl/worksheets/sheet1.xml")
            .unwrap()
            .read_to_string(&mut xml)
            .unwrap();
        xml
    }

    fn meta() -> WorkbookMeta {
        WorkbookMeta {
            project: "P".into(),
            client: None,
            file_name: "f.xliff".into(),
            source_lang: "en".into(),
            target_lang: "de".into(),
            export_date: "2026-11-22".into(),
            job_id: 1,
            wpml_id: "1".into(),
            checksum: "c".into(),
            mt_notice: None,
            shortcodes: Shortcodes::Any,
        }
    }

    const PLAIN: &str = r#"<rPr><sz val="11"/><rFont val="Calibri"/><family val="2"/></rPr>"#;
    const BLUE: &str = r#"<rPr><sz val="11"/><color rgb="FF1F5FBF"/><rFont val="Calibri"/><family val="2"/></rPr>"#;

    #[test]
    fn a_unit_row_has_its_cells_in_their_styles() {
        let meta = meta();
        let unit = ExportRow {
            key: "k1".into(),
            field: "Title".into(),
            source: "Hello <b>world</b>".into(),
            target: "".into(),
            markup: Markup::Html,
            terms: "world \u{2192} Welt".into(),
        };
        let xml = sheet_xml(&export_workbook(&meta, &[unit]).unwrap());
        let (plain, blue) = (PLAIN, BLUE);
        let t = r#"<t xml:space="preserve">"#;
        // The header block has 6 lines and the instruction, then an empty line and the header.
        let expected = format!(
            concat!(
                r#"<row r="10"><c r="A10" s="6"><v>1</v></c>"#,
                r#"<c r="B10" s="7" t="inlineStr"><is>{t}Title</t></is></c>"#,
                r#"<c r="C10" s="7" t="inlineStr"><is><r>{plain}{t}Hello </t></r>"#,
                r#"<r>{blue}{t}&lt;b&gt;</t></r><r>{plain}{t}world</t></r>"#,
                r#"<r>{blue}{t}&lt;/b&gt;</t></r></is></c>"#,
                r#"<c r="D10" s="8"/><c r="E10" s="8"/>"#,
                "<c r=\"F10\" s=\"7\" t=\"inlineStr\"><is>{t}world \u{2192} Welt</t></is></c>",
                r#"<c r="G10" t="inlineStr"><is>{t}k1</t></is></c></row></sheetData>"#,
            ),
            t = t,
            plain = plain,
            blue = blue
        );
        assert!(xml.contains(&expected), "{expected}\nnot in\n{xml}");
        assert!(xml.contains(r#"<row r="2"><c r="A2" s="2" t="inlineStr"><is><t xml:space="preserve">Client</t></is></c><c r="C2" t="inlineStr"><is><t xml:space="preserve">n/a</t></is></c></row>"#));
    }

    /// With the file's list, only listed shortcodes are coloured as tags to keep.
    #[test]
    fn only_listed_shortcodes_are_coloured() {
        let unit = ExportRow {
            key: "k1".into(),
            field: "Title".into(),
            source: "[CS] [caption]x[/caption]".into(),
            target: "".into(),
            markup: Markup::Html,
            terms: String::new(),
        };
        let t = r#"<t xml:space="preserve">"#;
        let mut meta = meta();
        meta.shortcodes = Shortcodes::from_list("caption,gallery");
        let xml = sheet_xml(&export_workbook(&meta, std::slice::from_ref(&unit)).unwrap());
        let expected = format!("<r>{PLAIN}{t}[CS] </t></r><r>{BLUE}{t}[caption]</t></r>");
        assert!(xml.contains(&expected), "{xml}");
        meta.shortcodes = Shortcodes::Any;
        let xml = sheet_xml(&export_workbook(&meta, &[unit]).unwrap());
        // Without a list any `[name]` is a shortcode: `[CS]` stands alone, in grey.
        let grey = r#"<rPr><sz val="11"/><color rgb="FF7F7F7F"/><rFont val="Calibri"/><family val="2"/></rPr>"#;
        assert!(xml.contains(&format!("<r>{grey}{t}[CS]</t></r>")), "{xml}");
    }
}
