//! Writing a job's review workbook.

use std::borrow::Cow;

use rust_xlsxwriter::{
    Color, Format, FormatAlign, FormatBorder, ProtectionOptions, Workbook, Worksheet,
};

use super::chunk::{self, CellRuns, Run, RunKind};
use super::layout::{self, Column, META_SHEET, TABLE_SHEET, meta_key};
use super::{ExportRow, WorkbookMeta, XlsxError};
use crate::segment::Segment;

const INSTRUCTION: &str = "Please edit only the Translation column (and add a Comment where \
useful). Keep the coloured tags: you may move them within the sentence, but do not change or \
delete them.";

/// Builds the workbook for one job: the customer's sheet, then the hidden identity sheet.
///
/// Every cell is text (shared or rich strings; `#` is a number so it sorts): content starting
/// with `=`, `+`, `-` or `@` stays text, because strings are never written as formulas and
/// the Translation column is formatted as text (`@`), so what the customer types stays text too.
pub fn export_workbook(meta: &WorkbookMeta, rows: &[ExportRow]) -> Result<Vec<u8>, XlsxError> {
    let build = |source| XlsxError::Build {
        file: meta.file_name.clone(),
        source,
    };
    let mut workbook = Workbook::new();
    // The fastest deflate level: a third larger than the default, in half the time (a project's
    // workbooks are built on every export).
    workbook.set_zip_compression_level(1);
    let formats = Formats::new();
    let sheet = workbook.add_worksheet();
    write_table_sheet(sheet, meta, rows, &formats).map_err(build)?;
    let sheet = workbook.add_worksheet();
    write_meta_sheet(sheet, meta).map_err(build)?;
    workbook.save_to_buffer().map_err(build)
}

/// Formats made once per workbook.
struct Formats {
    title: Format,
    label: Format,
    notice: Format,
    instruction: Format,
    header: Format,
    number: Format,
    locked: Format,
    editable: Format,
    plain_run: Format,
    paired_tag: Format,
    lone_tag: Format,
}

impl Formats {
    fn new() -> Self {
        let cell = Format::new()
            .set_text_wrap()
            .set_align(FormatAlign::Top)
            .set_num_format("@");
        Formats {
            title: Format::new().set_bold().set_font_size(14),
            label: Format::new().set_bold(),
            notice: Format::new()
                .set_bold()
                .set_font_color(Color::RGB(0xC00000)),
            instruction: Format::new().set_italic(),
            header: Format::new()
                .set_bold()
                .set_background_color(Color::RGB(0xD9D9D9))
                .set_border_bottom(FormatBorder::Thin)
                .set_align(FormatAlign::Top),
            number: Format::new().set_align(FormatAlign::Top),
            // Locked cells are shaded so it is clear at a glance where typing goes.
            locked: cell.clone().set_background_color(Color::RGB(0xF2F2F2)),
            editable: cell.set_unlocked(),
            plain_run: Format::new(),
            paired_tag: Format::new().set_font_color(Color::RGB(0x1F5FBF)),
            lone_tag: Format::new().set_font_color(Color::RGB(0x7F7F7F)),
        }
    }

    fn run(&self, kind: RunKind) -> &Format {
        match kind {
            RunKind::Text => &self.plain_run,
            RunKind::PairedTag => &self.paired_tag,
            RunKind::LoneTag => &self.lone_tag,
        }
    }
}

fn write_table_sheet(
    sheet: &mut Worksheet,
    meta: &WorkbookMeta,
    rows: &[ExportRow],
    formats: &Formats,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    sheet.set_name(TABLE_SHEET)?;
    let header_row = write_header_block(sheet, meta, formats)?;

    for column in Column::ALL {
        let col = column.index();
        sheet.set_column_width(col, column.width())?;
        if column.hidden() {
            sheet.set_column_hidden(col)?;
        }
        sheet.write_string_with_format(header_row, col, column.header(), &formats.header)?;
    }

    let mut last_row = header_row;
    for (ordinal, unit) in (1u32..).zip(rows) {
        last_row = write_unit(sheet, last_row + 1, ordinal, unit, formats)?;
    }

    let last_column = Column::ALL[Column::ALL.len() - 1].index();
    // The filter spans the hidden columns too, so sorting moves each row's key with it.
    sheet.autofilter(header_row, 0, last_row, last_column)?;
    sheet.set_freeze_panes(header_row + 1, 0)?;
    sheet.protect_with_options(&ProtectionOptions {
        format_columns: true,
        format_rows: true,
        sort: true,
        use_autofilter: true,
        ..ProtectionOptions::default()
    });
    sheet
        .set_landscape()
        .set_print_fit_to_pages(1, 0)
        .set_repeat_rows(header_row, header_row)?;
    Ok(())
}

/// Writes one unit from `first_row` on, over as many rows as its longer side needs, and
/// returns the last row written.
fn write_unit(
    sheet: &mut Worksheet,
    first_row: u32,
    ordinal: u32,
    unit: &ExportRow,
    formats: &Formats,
) -> Result<u32, rust_xlsxwriter::XlsxError> {
    let source = Segment::parse(&unit.source, unit.markup);
    let target = Segment::parse(&unit.target, unit.markup);
    let source_cells = chunk::cells(&source);
    let target_cells = chunk::cells(&target);
    let parts = source_cells.len().max(target_cells.len());
    let (locked, editable) = (&formats.locked, &formats.editable);
    let mut row = first_row;
    for part in 0..parts {
        row = first_row + part as u32;
        // `#` is the one number in the sheet, so sorting by it restores the original order.
        sheet.write_number_with_format(row, Column::Number.index(), ordinal, &formats.number)?;
        let context = match part {
            0 => unit.context.clone(),
            _ => layout::continued_marker(part + 1, parts),
        };
        sheet.write_string_with_format(row, Column::Context.index(), context, locked)?;
        let (source_runs, target_runs) = (
            part_runs(&source_cells, part),
            part_runs(&target_cells, part),
        );
        write_runs(sheet, row, Column::Source, source_runs, locked, formats)?;
        write_runs(
            sheet,
            row,
            Column::Translation,
            target_runs,
            editable,
            formats,
        )?;
        sheet.write_blank(row, Column::Comment.index(), editable)?;
        sheet.write_string(row, Column::Key.index(), &unit.key)?;
        if parts > 1 {
            let label = layout::part_label(part + 1, parts);
            sheet.write_string(row, Column::Part.index(), label)?;
        }
    }
    Ok(row)
}

/// The runs of one part of a unit; none when this side needs fewer rows than the other.
fn part_runs<'c, 'a>(cells: &'c [CellRuns<'a>], part: usize) -> &'c [Run<'a>] {
    cells.get(part).map_or(&[], Vec::as_slice)
}

/// Writes the lines above the table and returns the table's header row.
fn write_header_block(
    sheet: &mut Worksheet,
    meta: &WorkbookMeta,
    formats: &Formats,
) -> Result<u32, rust_xlsxwriter::XlsxError> {
    // Labels in column A spill over the empty column B; values start in column C.
    let value_col = Column::Source.index();
    sheet.write_string_with_format(0, 0, &meta.project, &formats.title)?;
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
        sheet.write_string_with_format(row, 0, label, &formats.label)?;
        sheet.write_string(row, value_col, value)?;
        row += 1;
    }
    if let Some(notice) = &meta.mt_notice {
        sheet.write_string_with_format(row, 0, notice, &formats.notice)?;
        row += 1;
    }
    sheet.write_string_with_format(row, 0, INSTRUCTION, &formats.instruction)?;
    Ok(row + 2)
}

/// Writes one cell's runs: blank (but formatted, so an editable cell stays unlocked), plain
/// text, or a rich string when tags need their colour.
fn write_runs(
    sheet: &mut Worksheet,
    row: u32,
    column: Column,
    runs: &[Run<'_>],
    cell_format: &Format,
    formats: &Formats,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    let col = column.index();
    match runs {
        [] => sheet.write_blank(row, col, cell_format)?,
        [run] if run.kind == RunKind::Text => {
            sheet.write_string_with_format(row, col, run.text, cell_format)?
        }
        runs => {
            // Neighbouring runs of one kind (`<p><strong>`) share a colour, so they go out as
            // one: every run costs the writer a font definition.
            let mut merged: Vec<(RunKind, Cow<'_, str>)> = Vec::with_capacity(runs.len());
            for run in runs {
                let text = escape_excel_escapes(run.text);
                match merged.last_mut() {
                    Some((kind, joined)) if *kind == run.kind => joined.to_mut().push_str(&text),
                    _ => merged.push((run.kind, text)),
                }
            }
            let rich: Vec<(&Format, &str)> = merged
                .iter()
                .map(|(kind, text)| (formats.run(*kind), text.as_ref()))
                .collect();
            sheet.write_rich_string_with_format(row, col, &rich, cell_format)?
        }
    };
    Ok(())
}

/// Protects text that reads like Excel's `_xHHHH_` character escape by escaping its underscore
/// (`_x005F_`), as Excel does. rust_xlsxwriter does this for plain strings but not for rich
/// ones, where `_x0041_` would otherwise come back as `A`.
fn escape_excel_escapes(text: &str) -> Cow<'_, str> {
    let looks_escaped = |at: usize| {
        let bytes = &text.as_bytes()[at..];
        bytes.len() >= 7
            && bytes[1] == b'x'
            && bytes[2..6].iter().all(u8::is_ascii_hexdigit)
            && bytes[6] == b'_'
    };
    let starts: Vec<usize> = text
        .match_indices('_')
        .map(|(at, _)| at)
        .filter(|at| looks_escaped(*at))
        .collect();
    if starts.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 6 * starts.len());
    let mut from = 0;
    for at in starts {
        escaped.push_str(&text[from..at]);
        escaped.push_str("_x005F");
        from = at;
    }
    escaped.push_str(&text[from..]);
    Cow::Owned(escaped)
}

fn write_meta_sheet(
    sheet: &mut Worksheet,
    meta: &WorkbookMeta,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    sheet.set_name(META_SHEET)?;
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
        sheet.write_string(row, 0, key)?;
        sheet.write_string(row, 1, value)?;
    }
    sheet.set_column_width(0, 16)?.set_column_width(1, 70)?;
    sheet.set_hidden(true).protect();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_like_excel_escapes_is_escaped_once() {
        assert_eq!(escape_excel_escapes("plain_text"), "plain_text");
        assert_eq!(escape_excel_escapes("_x0041_"), "_x005F_x0041_");
        assert_eq!(
            escape_excel_escapes("a_x00e9_b_xABCD_"),
            "a_x005F_x00e9_b_x005F_xABCD_"
        );
        assert_eq!(
            escape_excel_escapes("_x00G1_ and _x12_"),
            "_x00G1_ and _x12_"
        );
    }
}
