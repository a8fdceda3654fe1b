//! Helpers for the XLSX tests: a sample job, and a spreadsheet "program" that edits cells the
//! way Excel or LibreOffice store them (in the package's XML) or rebuilds the workbook the way
//! another program would re-save it.

#![allow(dead_code)] // Each test binary uses its own subset.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use calamine::{Data, Reader, Xlsx};
use wordmark_core::segment::{Markup, Shortcodes};
use wordmark_core::xlsx::{ExportRow, WorkbookMeta};
use zip::write::SimpleFileOptions;
use zip::{ZipArchive, ZipWriter};

pub fn meta() -> WorkbookMeta {
    WorkbookMeta {
        project: "Acme relaunch".into(),
        client: Some("Acme GmbH".into()),
        file_name: "page-12.xliff".into(),
        source_lang: "en".into(),
        target_lang: "de".into(),
        export_date: "2026-11-22".into(),
        job_id: 7,
        wpml_id: "4711".into(),
        checksum: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".into(),
        mt_notice: None,
        shortcodes: Shortcodes::Any,
    }
}

pub fn row(key: &str, source: &str, target: &str) -> ExportRow {
    ExportRow {
        key: key.into(),
        field: format!("Custom field: {key}"),
        source: source.into(),
        target: target.into(),
        markup: Markup::Html,
        terms: String::new(),
    }
}

/// The package's parts by name.
pub fn unzip(xlsx: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = ZipArchive::new(Cursor::new(xlsx)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut entry = zip.by_index(i).unwrap();
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).unwrap();
            (entry.name().unwrap().into_owned(), bytes)
        })
        .collect()
}

pub fn rezip(parts: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    // `[Content_Types].xml` first, as Office writes it.
    let mut names: Vec<&String> = parts.keys().collect();
    names.sort_by_key(|name| *name != "[Content_Types].xml");
    for name in names {
        zip.start_file(name.as_str(), SimpleFileOptions::default())
            .unwrap();
        zip.write_all(&parts[name]).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

pub fn part(xlsx: &[u8], name: &str) -> String {
    String::from_utf8(unzip(xlsx).remove(name).unwrap()).unwrap()
}

/// The customer's sheet's XML.
pub fn sheet_xml(xlsx: &[u8]) -> String {
    part(xlsx, "xl/worksheets/sheet1.xml")
}

/// Types `text` into a cell as an inline string, keeping the cell's style: what several
/// programs write for edited cells, and a different path than shared strings.
pub fn type_into(xlsx: &[u8], cell: &str, text: &str) -> Vec<u8> {
    let mut parts = unzip(xlsx);
    let sheet = String::from_utf8(parts.remove("xl/worksheets/sheet1.xml").unwrap()).unwrap();
    let start = sheet
        .find(&format!("<c r=\"{cell}\""))
        .unwrap_or_else(|| panic!("no cell {cell}"));
    let open_end = start + sheet[start..].find('>').unwrap();
    let end = if sheet.as_bytes()[open_end - 1] == b'/' {
        open_end + 1
    } else {
        open_end + sheet[open_end..].find("</c>").unwrap() + "</c>".len()
    };
    let style = sheet[start..open_end]
        .split_once(" s=\"")
        .map(|(_, rest)| format!(" s=\"{}\"", &rest[..rest.find('"').unwrap()]))
        .unwrap_or_default();
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let edited = format!(
        "{}<c r=\"{cell}\"{style} t=\"inlineStr\"><is><t xml:space=\"preserve\">{escaped}</t></is></c>{}",
        &sheet[..start],
        &sheet[end..]
    );
    parts.insert("xl/worksheets/sheet1.xml".into(), edited.into_bytes());
    rezip(&parts)
}

/// Every sheet's cells as calamine reads them, by sheet name.
pub fn cells(xlsx: &[u8]) -> BTreeMap<String, calamine::Range<Data>> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(xlsx)).unwrap();
    workbook.worksheets().into_iter().collect()
}

/// The absolute (0-based) row of the first cell in column A reading `#`.
pub fn header_row(range: &calamine::Range<Data>) -> u32 {
    let (first_row, _) = range.start().unwrap();
    range
        .rows()
        .position(|r| matches!(r.first(), Some(Data::String(s)) if s == "#"))
        .map(|i| first_row + i as u32)
        .unwrap()
}

/// Zips a fixture folder (a package's parts as plain files) into an XLSX.
pub fn zip_fixture(folder: &str) -> Vec<u8> {
    fn collect(
        root: &std::path::Path,
        dir: &std::path::Path,
        parts: &mut BTreeMap<String, Vec<u8>>,
    ) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect(root, &path, parts);
            } else {
                let name = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .replace('\\', "/");
                parts.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/xlsx")
        .join(folder);
    let mut parts = BTreeMap::new();
    collect(&root, &root, &mut parts);
    rezip(&parts)
}
