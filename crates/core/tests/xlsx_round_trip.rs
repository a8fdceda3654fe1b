//! Export → edit as a spreadsheet program would → import.

mod xlsx_support;

use calamine::Data;
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
use wordmark_core::qa;
use wordmark_core::segment::Markup;
use wordmark_core::xlsx::{
    ExportRow, HiddenMeta, RowProblemKind, XlsxError, export_workbook, read_workbook,
};
use xlsx_support::{cells, header_row, meta, part, row, sheet_xml, type_into, zip_fixture};

fn sample_rows() -> Vec<ExportRow> {
    // The Terms column is for the reader: every import below reads past it.
    let mut welcome = row("u1", "Welcome to <b>Acme</b>", "Willkommen bei <b>Acme</b>");
    welcome.terms = "Acme [do not translate]; welcome \u{2192} willkommen".into();
    vec![
        welcome,
        row(
            "u2",
            r#"Read <a href="/terms">the terms</a>.<br/>"#,
            r#"Lesen Sie <a href="/terms">die Bedingungen</a>.<br/>"#,
        ),
        row("u3", "Opening hours", ""),
    ]
}

/// Row (1-based, as Excel shows it) of the first unit: the header block has 6 lines, the
/// instruction, an empty line, then the table header.
const FIRST_UNIT_ROW: u32 = 10;

#[test]
fn an_untouched_workbook_reads_back_its_targets_keys_and_identity() {
    let rows = sample_rows();
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let imported = read_workbook("page-12.xlsx", &xlsx).unwrap();

    assert_eq!(
        imported.meta,
        Some(HiddenMeta {
            format_version: 1,
            job_id: 7,
            wpml_id: "4711".into(),
            checksum: meta().checksum,
            file_name: "page-12.xliff".into(),
        })
    );
    let read: Vec<_> = imported
        .rows
        .iter()
        .map(|r| {
            (
                r.row_number,
                r.key.as_str(),
                r.translation.as_str(),
                r.comment.clone(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (FIRST_UNIT_ROW, "u1", rows[0].target.as_str(), None),
            (FIRST_UNIT_ROW + 1, "u2", rows[1].target.as_str(), None),
            (FIRST_UNIT_ROW + 2, "u3", "", None),
        ]
    );
    assert!(imported.problems.is_empty());
}

#[test]
fn the_sheet_is_laid_out_for_a_customer_and_protected() {
    let mut with_notice = meta();
    with_notice.mt_notice = Some("Pseudo-translation: not for delivery".into());
    let xlsx = export_workbook(&with_notice, &sample_rows()).unwrap();
    let sheets = cells(&xlsx);
    let table = &sheets["Translation"];
    let text = |row: u32, col: u32| table.get_value((row, col)).cloned().unwrap_or_default();

    assert_eq!(text(0, 0), Data::String("Acme relaunch".into()));
    assert_eq!(text(1, 2), Data::String("Acme GmbH".into()));
    assert_eq!(text(2, 2), Data::String("page-12.xliff".into()));
    assert_eq!(text(3, 2), Data::String("en".into()));
    assert_eq!(text(4, 2), Data::String("de".into()));
    assert_eq!(text(5, 2), Data::String("2026-11-22".into()));
    assert_eq!(
        text(6, 0),
        Data::String("Pseudo-translation: not for delivery".into())
    );
    let header = header_row(table);
    let headers: Vec<_> = (0..8).map(|c| text(header, c)).collect();
    let expected: Vec<Data> = [
        "#",
        "Field",
        "Source",
        "Translation",
        "Comment",
        "Terms",
        "Key",
        "Part",
    ]
    .map(|h| Data::String(h.into()))
    .into();
    assert_eq!(headers, expected);
    assert_eq!(text(header + 1, 0), Data::Float(1.0));
    assert_eq!(text(header + 1, 1), Data::String("Custom field: u1".into()));
    assert_eq!(
        text(header + 1, 5),
        Data::String("Acme [do not translate]; welcome \u{2192} willkommen".into())
    );

    let sheet = sheet_xml(&xlsx);
    let first = header + 2; // 1-based row of the first unit
    assert!(sheet.contains(r#"<sheetProtection sheet="1""#), "{sheet}");
    assert!(sheet.contains(r#"state="frozen""#));
    assert!(sheet.contains(&format!(r#"<pane ySplit="{}""#, header + 1)));
    assert!(sheet.contains(&format!(
        r#"<autoFilter ref="A{}:H{}"/>"#,
        header + 1,
        first + 2
    )));
    // Key and Part columns hidden, and only they.
    assert_eq!(sheet.matches(r#"hidden="1""#).count(), 1);
    assert!(sheet.contains(r#"<col min="7" max="8" width="12.7109375" hidden="1""#));
    // Translation and Comment cells unlocked, formatted as text.
    let styles = part(&xlsx, "xl/styles.xml");
    assert!(styles.contains(r#"<protection locked="0"/>"#), "{styles}");
    assert!(styles.contains(r#"formatCode="@""#) || styles.contains(r#"numFmtId="49""#));

    let workbook = part(&xlsx, "xl/workbook.xml");
    assert!(
        workbook.contains(r#"<sheet name="wordmark" sheetId="2" state="hidden""#),
        "{workbook}"
    );
}

#[test]
fn tags_are_coloured_runs_in_source_and_translation() {
    let xlsx = export_workbook(&meta(), &sample_rows()).unwrap();
    let sheet = sheet_xml(&xlsx);
    // Paired tags blue, lone tags grey, each in its own run.
    assert!(
        sheet.contains(r#"<r><rPr><sz val="11"/><color rgb="FF1F5FBF"/><rFont val="Calibri"/><family val="2"/></rPr><t xml:space="preserve">&lt;b&gt;</t></r>"#),
        "{sheet}"
    );
    assert!(sheet.contains(r#"<r><rPr><sz val="11"/><color rgb="FF7F7F7F"/><rFont val="Calibri"/><family val="2"/></rPr><t xml:space="preserve">&lt;br/&gt;</t></r>"#));
    assert_eq!(
        sheet
            .matches(r#"<t xml:space="preserve">&lt;/b&gt;</t>"#)
            .count(),
        2,
        "source and target"
    );
}

#[test]
fn edited_cells_arrive_and_a_broken_tag_is_refused_by_qa() {
    let rows = sample_rows();
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let xlsx = type_into(
        &xlsx,
        &format!("D{}", FIRST_UNIT_ROW),
        "Herzlich willkommen bei <b>Acme</b>",
    );
    let xlsx = type_into(
        &xlsx,
        &format!("D{}", FIRST_UNIT_ROW + 1),
        "Lesen Sie die Bedingungen.<br/>",
    );
    let xlsx = type_into(&xlsx, &format!("D{}", FIRST_UNIT_ROW + 2), "Öffnungszeiten");
    let xlsx = type_into(&xlsx, &format!("E{}", FIRST_UNIT_ROW + 2), "Bitte prüfen");

    let imported = read_workbook("page-12.xlsx", &xlsx).unwrap();
    let by_key = |key: &str| imported.rows.iter().find(|r| r.key == key).unwrap();
    assert_eq!(
        by_key("u1").translation,
        "Herzlich willkommen bei <b>Acme</b>"
    );
    assert_eq!(by_key("u3").translation, "Öffnungszeiten");
    assert_eq!(by_key("u3").comment.as_deref(), Some("Bitte prüfen"));

    assert!(!qa::check(&rows[0].source, &by_key("u1").translation, Markup::Html).is_refused());
    let broken = qa::check(&rows[1].source, &by_key("u2").translation, Markup::Html);
    assert_eq!(
        broken.refusal.as_deref(),
        Some(r#"tag <a href="/terms"> is missing"#)
    );
}

#[test]
fn formula_looking_text_stays_text_both_ways() {
    let looks_like_formulas = ["=SUM(A1)", "+49 30 1234567", "-5", "@home", "=1+1"];
    let rows: Vec<_> = looks_like_formulas
        .iter()
        .enumerate()
        .map(|(i, text)| row(&format!("f{i}"), text, text))
        .collect();
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    assert!(!sheet_xml(&xlsx).contains("<f>"));
    assert!(!sheet_xml(&xlsx).contains("<f "));

    // A customer types one more into a text cell.
    let xlsx = type_into(
        &xlsx,
        &format!("D{}", FIRST_UNIT_ROW),
        "=HYPERLINK(\"http://x\")",
    );
    assert!(!sheet_xml(&xlsx).contains("<f>"));
    let imported = read_workbook("page-12.xlsx", &xlsx).unwrap();
    let translations: Vec<_> = imported
        .rows
        .iter()
        .map(|r| r.translation.as_str())
        .collect();
    assert_eq!(
        translations,
        [
            "=HYPERLINK(\"http://x\")",
            "+49 30 1234567",
            "-5",
            "@home",
            "=1+1"
        ]
    );
}

#[test]
fn text_excel_would_misread_survives() {
    // Excel's own escapes (`_x0041_`), control characters, CRLF and edge whitespace.
    let tricky = [
        "Literal _x0041_ stays",
        "<b>Literal _x0041_ in a rich string</b>",
        "line one\r\nline two",
        "bell\u{7}",
        "  padded  ",
        "ampersand &amp; &lt;escaped&gt;",
    ];
    let rows: Vec<_> = tricky
        .iter()
        .enumerate()
        .map(|(i, text)| row(&format!("t{i}"), text, text))
        .collect();
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let imported = read_workbook("page-12.xlsx", &xlsx).unwrap();
    let translations: Vec<_> = imported
        .rows
        .iter()
        .map(|r| r.translation.as_str())
        .collect();
    assert_eq!(translations, tricky);
}

#[test]
fn a_unit_longer_than_a_cell_continues_over_rows_and_joins_again() {
    let sentence = "The quick <b>brown</b> fox jumps over the lazy dog. ";
    let source = sentence.repeat(40_000 / sentence.len() + 1);
    let target = source.replace("quick", "schnelle");
    assert!(source.chars().count() > 40_000);
    let rows = vec![
        row("before", "Hello", "Hallo"),
        row("long", &source, &target),
        row("after", "Bye", "Tschüss"),
    ];
    let xlsx = export_workbook(&meta(), &rows).unwrap();

    let sheets = cells(&xlsx);
    let table = &sheets["Translation"];
    let header = header_row(table);
    let mut long_rows = 0;
    for r in header + 1..=table.end().unwrap().0 {
        for c in 0..7 {
            if let Some(Data::String(text)) = table.get_value((r, c)) {
                assert!(
                    text.encode_utf16().count() <= 32_767,
                    "cell ({r},{c}) too long"
                );
            }
        }
        if table.get_value((r, 6)) == Some(&Data::String("long".into())) {
            long_rows += 1;
            if long_rows > 1 {
                let context = table.get_value((r, 1)).unwrap().to_string();
                assert!(context.starts_with("(continued "), "{context}");
            }
        }
    }
    assert!(long_rows >= 2, "{long_rows}");

    let imported = read_workbook("page-12.xlsx", &xlsx).unwrap();
    let keys: Vec<_> = imported.rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, ["before", "long", "after"]);
    assert_eq!(imported.rows[1].translation, target);
    assert_eq!(imported.rows[2].row_number, FIRST_UNIT_ROW + 1 + long_rows);
}

/// Rebuilds the workbook as another program re-saving it would: every cell of both sheets
/// copied, after `edit` changed the table sheet's grid (absolute positions, `#` header row).
fn resave(xlsx: &[u8], mut edit: impl FnMut(&mut Vec<Vec<Data>>, usize)) -> Vec<u8> {
    let sheets = cells(xlsx);
    let mut workbook = Workbook::new();
    let date = Format::new().set_num_format("dd.mm.yyyy");
    for (name, range) in [
        ("Translation", &sheets["Translation"]),
        ("wordmark", &sheets["wordmark"]),
    ] {
        let (rows, cols) = range.end().map_or((0, 0), |(r, c)| (r + 1, c + 1));
        let mut grid: Vec<Vec<Data>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| range.get_value((r, c)).cloned().unwrap_or_default())
                    .collect()
            })
            .collect();
        if name == "Translation" {
            edit(&mut grid, header_row(range) as usize);
        }
        let sheet = workbook.add_worksheet().set_name(name).unwrap();
        for (r, cells) in grid.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                let (r, c) = (r as u32, c as u16);
                match cell {
                    Data::String(text) => sheet.write_string(r, c, text).map(|_| ()),
                    Data::Float(number) => sheet.write_number(r, c, *number).map(|_| ()),
                    Data::Bool(value) => sheet.write_boolean(r, c, *value).map(|_| ()),
                    Data::DateTime(datetime) => {
                        let value = ExcelDateTime::from_serial_datetime(datetime.as_f64()).unwrap();
                        sheet
                            .write_datetime_with_format(r, c, value, &date)
                            .map(|_| ())
                    }
                    _ => Ok(()),
                }
                .unwrap();
            }
        }
        if name == "wordmark" {
            sheet.set_hidden(true);
        }
    }
    workbook.save_to_buffer().unwrap()
}

fn date_cell(serial: f64) -> Data {
    Data::DateTime(calamine::ExcelDateTime::new(
        serial,
        calamine::ExcelDateTimeType::DateTime,
        false,
    ))
}

#[test]
fn sorted_rows_still_map_by_key_and_split_units_join_in_order() {
    let long = "word ".repeat(9_000);
    let rows = vec![
        row("a", "Apple", "Apfel"),
        row("b", "Banana", "Banane"),
        row("long", &long, &long.replace("word", "Wort")),
        row("c", "Cherry", "Kirsche"),
    ];
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let reversed = resave(&xlsx, |grid, header| grid[header + 1..].reverse());

    let imported = read_workbook("page-12.xlsx", &reversed).unwrap();
    let read: Vec<_> = imported
        .rows
        .iter()
        .map(|r| (r.key.as_str(), r.translation.as_str()))
        .collect();
    let long_target = rows[2].target.as_str();
    assert_eq!(
        read,
        [
            ("c", "Kirsche"),
            ("long", long_target),
            ("b", "Banane"),
            ("a", "Apfel")
        ]
    );
    assert_eq!(imported.rows[0].row_number, FIRST_UNIT_ROW);
    assert!(imported.problems.is_empty());
}

#[test]
fn numbers_and_dates_typed_into_cells_read_as_shown() {
    let rows = vec![
        row("n1", "42", "42"),
        row("n2", "0.1", "0.1"),
        row("n3", "-5", "-5"),
        row("d1", "22/11/2026", "22.11.2026"),
        row("b1", "TRUE", "WAHR"),
    ];
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let typed = resave(&xlsx, |grid, header| {
        let translation = 3;
        grid[header + 1][translation] = Data::Float(42.0);
        grid[header + 2][translation] = Data::Float(0.1);
        grid[header + 3][translation] = Data::Float(-5.0);
        grid[header + 4][translation] = date_cell(46348.0);
        grid[header + 5][translation] = Data::Bool(true);
    });
    // The rebuilt sheet really holds numbers, a date and a boolean now.
    let sheet = sheet_xml(&typed);
    assert!(
        sheet.contains(&format!(r#"<c r="D{FIRST_UNIT_ROW}"><v>42</v></c>"#)),
        "{sheet}"
    );
    assert!(sheet.contains(r#" t="b"><v>1</v>"#));

    let imported = read_workbook("page-12.xlsx", &typed).unwrap();
    let translations: Vec<_> = imported
        .rows
        .iter()
        .map(|r| r.translation.as_str())
        .collect();
    assert_eq!(translations, ["42", "0.1", "-5", "2026-11-22", "TRUE"]);
}

#[test]
fn rows_that_map_to_no_unit_are_reported_not_guessed() {
    let long = "word ".repeat(9_000);
    let rows = vec![row("a", "Apple", "Apfel"), row("long", &long, &long)];
    let xlsx = export_workbook(&meta(), &rows).unwrap();
    let edited = resave(&xlsx, |grid, header| {
        // A copied row, a row added by hand, and the second part of the long unit deleted.
        let copy = grid[header + 1].clone();
        let mut added = copy.clone();
        added[6] = Data::Empty;
        added[3] = Data::String("Neue Zeile".into());
        grid.remove(header + 3);
        grid.push(copy);
        grid.push(added);
    });
    let imported = read_workbook("page-12.xlsx", &edited).unwrap();
    let keys: Vec<_> = imported.rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, ["a"]);
    let problems: Vec<_> = imported
        .problems
        .iter()
        .map(|p| (p.row_number, p.key.as_deref(), p.kind))
        .collect();
    assert_eq!(
        problems,
        [
            (
                FIRST_UNIT_ROW + 1,
                Some("long"),
                RowProblemKind::MissingPart
            ),
            (FIRST_UNIT_ROW + 2, Some("a"), RowProblemKind::DuplicateKey),
            (FIRST_UNIT_ROW + 3, None, RowProblemKind::NoKey),
        ]
    );
    assert_eq!(
        imported.problems[2].to_string(),
        format!(
            "row {} has no unit key (was it added by hand?); it was ignored",
            FIRST_UNIT_ROW + 3
        )
    );
}

#[test]
fn a_workbook_without_the_hidden_sheet_still_reads() {
    let xlsx = export_workbook(&meta(), &sample_rows()).unwrap();
    let sheets = cells(&xlsx);
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    let table = &sheets["Translation"];
    for (r, cells) in table.rows().enumerate() {
        for (c, cell) in cells.iter().enumerate() {
            if let Data::String(text) = cell {
                sheet.write_string(r as u32, c as u16, text).unwrap();
            }
        }
    }
    let imported = read_workbook("renamed.xlsx", &workbook.save_to_buffer().unwrap()).unwrap();
    assert_eq!(imported.meta, None);
    assert_eq!(imported.rows.len(), 3);
}

#[test]
fn a_minimal_package_from_another_writer_reads() {
    // Inline and rich inline strings, a cached string, a number, a boolean; no styles, no
    // shared strings, no hidden sheet; the table elsewhere and its columns reordered.
    let imported = read_workbook("page-12.xlsx", &zip_fixture("minimal-package")).unwrap();
    assert_eq!(imported.meta, None);
    let read: Vec<_> = imported
        .rows
        .iter()
        .map(|r| {
            (
                r.row_number,
                r.key.as_str(),
                r.translation.as_str(),
                r.comment.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (4, "u1", "Hallo <b>Welt</b>", None),
            (5, "u2", "12 Monkeys", None),
            (6, "u3", "3.5", Some("Bitte prüfen")),
            (7, "u4", "FALSE", None),
        ]
    );
}

#[test]
fn what_is_not_a_review_workbook_is_refused_naming_the_file() {
    let error = read_workbook("notes.xlsx", b"Dear customer").unwrap_err();
    assert!(matches!(error, XlsxError::NotXlsx { .. }), "{error}");
    assert_eq!(
        error.to_string(),
        "'notes.xlsx' is not an XLSX workbook (it is not a zip package)"
    );

    let zip =
        wordmark_core::archive::write_zip([("readme.txt".to_owned(), b"hi".to_vec())]).unwrap();
    let error = read_workbook("zipped.xlsx", &zip).unwrap_err();
    assert!(matches!(error, XlsxError::NotXlsx { .. }), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("'zipped.xlsx' is not an XLSX workbook")
    );

    let mut other = Workbook::new();
    other
        .add_worksheet()
        .write_string(0, 0, "Budget 2027")
        .unwrap();
    let error = read_workbook("budget.xlsx", &other.save_to_buffer().unwrap()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'budget.xlsx' has no translation table: no sheet has a header row with the columns 'Key' and 'Translation'"
    );
    assert!(!error.is_too_large());
}

#[test]
fn a_workbook_that_unpacks_to_too_much_is_refused_before_it_is_parsed() {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("xl/worksheets/sheet1.xml", options).unwrap();
    let spaces = vec![b' '; 1024 * 1024];
    for _ in 0..70 {
        std::io::Write::write_all(&mut zip, &spaces).unwrap();
    }
    let bomb = zip.finish().unwrap().into_inner();
    let error = read_workbook("page-12.xlsx", &bomb).unwrap_err();
    assert!(error.is_too_large(), "{error}");
    assert_eq!(
        error.to_string(),
        "'xl/worksheets/sheet1.xml' in 'page-12.xlsx' unpacks to more than 64 MiB"
    );
}
