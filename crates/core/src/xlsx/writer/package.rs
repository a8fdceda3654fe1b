//! The package around the sheets: the parts every XLSX file needs, zipped.
//!
//! Only what Excel, LibreOffice and Google Sheets require: content types, relationships,
//! document properties, the workbook (sheet list, states and defined names), styles and the
//! worksheets. No theme (fonts name Calibri directly) and no shared strings (cells hold
//! inline strings).

use std::fmt::Write as _;
use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::sheet::Sheet;
use super::styles::STYLES_XML;
use super::xml::{push_cell, push_u32};

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";

/// Zips the workbook with `sheets` in order, the first one selected.
pub(in crate::xlsx) fn write_package(sheets: &[Sheet]) -> zip::result::ZipResult<Vec<u8>> {
    // Deflated at the fastest level: a third larger than the default level, in half the time
    // (a project's workbooks are built on every export).
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(1));
    let cells: usize = sheets.iter().map(Sheet::cells_len).sum();
    // Tags and entities compress well; a quarter of the XML is plenty for the whole package.
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(cells / 4 + 4096)));

    let (content_types, workbook, workbook_rels) = (
        content_types(sheets),
        workbook(sheets),
        workbook_rels(sheets),
    );
    let parts: [(&str, &str); 7] = [
        ("[Content_Types].xml", &content_types),
        ("_rels/.rels", ROOT_RELS),
        ("docProps/app.xml", APP_XML),
        ("docProps/core.xml", CORE_XML),
        ("xl/workbook.xml", &workbook),
        ("xl/_rels/workbook.xml.rels", &workbook_rels),
        ("xl/styles.xml", STYLES_XML),
    ];
    for (name, xml) in parts {
        zip.start_file(name, options)?;
        zip.write_all(xml.as_bytes())?;
    }
    for (index, sheet) in sheets.iter().enumerate() {
        zip.start_file(format!("xl/worksheets/sheet{}.xml", index + 1), options)?;
        sheet.write_to(&mut zip, index == 0)?;
    }
    Ok(zip.finish()?.into_inner())
}

fn content_types(sheets: &[Sheet]) -> String {
    let mut xml = String::from(XML_DECLARATION);
    xml.push_str(concat!(
        r#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#,
        r#"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#,
        r#"<Default Extension="xml" ContentType="application/xml"/>"#,
        r#"<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>"#,
        r#"<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>"#,
        r#"<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#,
        r#"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>"#,
    ));
    for number in 1..=sheets.len() {
        let _ = write!(
            xml,
            r#"<Override PartName="/xl/worksheets/sheet{number}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        );
    }
    xml.push_str("</Types>");
    xml
}

const ROOT_RELS: &str = concat!(
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n",
    r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#,
    r#"<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>"#,
    r#"<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>"#,
    r#"<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>"#,
    "</Relationships>",
);

const APP_XML: &str = concat!(
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n",
    r#"<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" "#,
    r#"xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">"#,
    "<Application>Wordmark</Application><DocSecurity>0</DocSecurity>",
    "</Properties>",
);

const CORE_XML: &str = concat!(
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n",
    r#"<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" "#,
    r#"xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" "#,
    r#"xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">"#,
    "<dc:creator>Wordmark</dc:creator>",
    "</cp:coreProperties>",
);

/// The sheet list (with hidden sheets' state) and each table's defined names.
fn workbook(sheets: &[Sheet]) -> String {
    let mut xml = String::from(XML_DECLARATION);
    xml.push_str(concat!(
        r#"<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" "#,
        r#"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">"#,
        r#"<workbookPr/><bookViews><workbookView xWindow="240" yWindow="15" windowWidth="16095" windowHeight="9660"/></bookViews>"#,
        "<sheets>",
    ));
    for (index, sheet) in sheets.iter().enumerate() {
        let number = index + 1;
        let state = if sheet.hidden {
            r#" state="hidden""#
        } else {
            ""
        };
        let _ = write!(
            xml,
            r#"<sheet name="{}" sheetId="{number}"{state} r:id="rId{number}"/>"#,
            sheet.name
        );
    }
    xml.push_str("</sheets>");
    defined_names(&mut xml, sheets);
    xml.push_str("</workbook>");
    xml
}

/// For each table: the filter's range (a hidden name Excel keeps for every autofilter) and the
/// header row to repeat on printed pages. Sheet names are plain words, so they need no quotes.
fn defined_names(xml: &mut String, sheets: &[Sheet]) {
    let tables: Vec<_> = sheets
        .iter()
        .enumerate()
        .filter_map(|(index, sheet)| Some((index, sheet.name, sheet.table()?)))
        .collect();
    if tables.is_empty() {
        return;
    }
    xml.push_str("<definedNames>");
    for (index, name, table) in tables {
        let _ = write!(
            xml,
            r#"<definedName name="_xlnm._FilterDatabase" localSheetId="{index}" hidden="1">{name}!"#
        );
        push_cell(xml, table.header_row, 0, true);
        xml.push(':');
        push_cell(xml, table.last_row, table.last_column, true);
        let _ = write!(
            xml,
            r#"</definedName><definedName name="_xlnm.Print_Titles" localSheetId="{index}">{name}!$"#
        );
        push_u32(xml, table.header_row + 1);
        xml.push_str(":$");
        push_u32(xml, table.header_row + 1);
        xml.push_str("</definedName>");
    }
    xml.push_str("</definedNames>");
}

fn workbook_rels(sheets: &[Sheet]) -> String {
    let mut xml = String::from(XML_DECLARATION);
    xml.push_str(
        r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#,
    );
    for number in 1..=sheets.len() {
        let _ = write!(
            xml,
            r#"<Relationship Id="rId{number}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{number}.xml"/>"#
        );
    }
    let _ = write!(
        xml,
        r#"<Relationship Id="rId{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>"#,
        sheets.len() + 1
    );
    xml.push_str("</Relationships>");
    xml
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;
    use crate::xlsx::writer::{Protection, Style, Table};

    fn parts(xlsx: &[u8]) -> Vec<(String, String)> {
        let mut zip = zip::ZipArchive::new(Cursor::new(xlsx)).unwrap();
        (0..zip.len())
            .map(|i| {
                let mut entry = zip.by_index(i).unwrap();
                let mut text = String::new();
                entry.read_to_string(&mut text).unwrap();
                (entry.name().unwrap().into_owned(), text)
            })
            .collect()
    }

    #[test]
    fn the_package_lists_its_sheets_their_states_and_the_tables_names() {
        let mut table = Sheet::new("Table", 0);
        table.string(0, 0, "Key", Style::Header);
        table.string(1, 0, "a", Style::Default);
        table.set_table(Table {
            header_row: 0,
            last_row: 1,
            last_column: 2,
        });
        let mut hidden = Sheet::new("Meta", 0);
        hidden.string(0, 0, "id", Style::Default);
        hidden.set_hidden();
        hidden.set_protection(Protection::Locked);
        let parts = parts(&write_package(&[table, hidden]).unwrap());

        let names: Vec<&str> = parts.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            names,
            [
                "[Content_Types].xml",
                "_rels/.rels",
                "docProps/app.xml",
                "docProps/core.xml",
                "xl/workbook.xml",
                "xl/_rels/workbook.xml.rels",
                "xl/styles.xml",
                "xl/worksheets/sheet1.xml",
                "xl/worksheets/sheet2.xml",
            ]
        );
        let part = |name: &str| &parts.iter().find(|(n, _)| n == name).unwrap().1;
        assert!(
            part("[Content_Types].xml")
                .contains(r#"<Override PartName="/xl/worksheets/sheet2.xml""#)
        );
        assert!(part("xl/_rels/workbook.xml.rels").contains(r#"Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles""#));
        let workbook = part("xl/workbook.xml");
        for expected in [
            r#"<sheet name="Table" sheetId="1" r:id="rId1"/>"#,
            r#"<sheet name="Meta" sheetId="2" state="hidden" r:id="rId2"/>"#,
            r#"<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">Table!$A$1:$C$2</definedName>"#,
            r#"<definedName name="_xlnm.Print_Titles" localSheetId="0">Table!$1:$1</definedName></definedNames>"#,
        ] {
            assert!(
                workbook.contains(expected),
                "{expected}\nnot in\n{workbook}"
            );
        }
        let (first, second) = (
            part("xl/worksheets/sheet1.xml"),
            part("xl/worksheets/sheet2.xml"),
        );
        assert!(first.contains(r#"<sheetView tabSelected="1" workbookViewId="0">"#));
        assert!(!first.contains("<sheetProtection"));
        assert!(second.contains(r#"<sheetView workbookViewId="0"/>"#));
        assert!(second.contains(r#"<dimension ref="A1"/>"#));
        assert!(second.contains(r#"<sheetProtection sheet="1" objects="1" scenarios="1"/>"#));
    }
}
