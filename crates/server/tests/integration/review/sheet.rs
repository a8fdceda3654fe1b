//! A spreadsheet "program" for the tests: finds a unit's row by its hidden key and types into
//! cells the way Excel and LibreOffice store edits (inline strings, numbers), reorders rows as
//! sorting does, and re-saves whole workbooks with LibreOffice.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use calamine::{Data, Reader, Xlsx};
use zip::write::SimpleFileOptions;
use zip::{ZipArchive, ZipWriter};

pub const SHEET: &str = "xl/worksheets/sheet1.xml";
/// Columns of the table (A `#`, B Field, C Source, D Translation, E Comment, F Key, G Part).
pub const TRANSLATION: &str = "D";
pub const COMMENT: &str = "E";
const KEY_COLUMN: usize = 6;

/// A zip's entries by name, in a sorted map (order does not matter to readers).
pub fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut entry = zip.by_index(i).unwrap();
            let mut data = Vec::new();
            entry.read_to_end(&mut data).unwrap();
            (entry.name().unwrap().into_owned(), data)
        })
        .collect()
}

/// Entry names in archive order.
pub fn names(bytes: &[u8]) -> Vec<String> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..zip.len())
        .map(|i| zip.by_index(i).unwrap().name().unwrap().into_owned())
        .collect()
}

pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        if name.ends_with('/') {
            zip.add_directory(name.trim_end_matches('/'), SimpleFileOptions::default())
                .unwrap();
        } else {
            zip.start_file(*name, SimpleFileOptions::default()).unwrap();
            zip.write_all(bytes).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

fn rezip(parts: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let mut names: Vec<&String> = parts.keys().collect();
    names.sort_by_key(|name| *name != "[Content_Types].xml");
    let entries: Vec<(&str, &[u8])> = names
        .into_iter()
        .map(|n| (n.as_str(), parts[n].as_slice()))
        .collect();
    zip(&entries)
}

/// The customer's sheet as calamine reads it.
pub fn table(xlsx: &[u8]) -> calamine::Range<Data> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(xlsx)).unwrap();
    workbook.worksheet_range("Translation").unwrap()
}

/// 1-based rows holding `key` in the hidden Key column, in sheet order.
pub fn rows_of(xlsx: &[u8], key: &str) -> Vec<u32> {
    let range = table(xlsx);
    let (first_row, first_col) = range.start().unwrap();
    range
        .rows()
        .zip(first_row..)
        .filter(|(cells, _)| {
            cells.get(KEY_COLUMN - first_col as usize) == Some(&Data::String(key.to_owned()))
        })
        .map(|(_, row)| row + 1)
        .collect()
}

pub fn row_of(xlsx: &[u8], key: &str) -> u32 {
    *rows_of(xlsx, key)
        .first()
        .unwrap_or_else(|| panic!("no row for key {key}"))
}

/// The text of a cell (`D12`), as calamine reads it.
pub fn cell_text(xlsx: &[u8], column: &str, row: u32) -> String {
    let col = u32::from(column.as_bytes()[0] - b'A');
    match table(xlsx).get_value((row - 1, col)) {
        Some(Data::String(s)) => s.clone(),
        Some(Data::Empty) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

/// Replaces one cell's XML, keeping its style.
fn replace_cell(xlsx: &[u8], cell: &str, content: impl FnOnce(&str) -> String) -> Vec<u8> {
    let mut parts = unzip(xlsx);
    let sheet = String::from_utf8(parts.remove(SHEET).unwrap()).unwrap();
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
    let edited = format!(
        "{}{}{}",
        &sheet[..start],
        content(&format!("<c r=\"{cell}\"{style}")),
        &sheet[end..]
    );
    parts.insert(SHEET.into(), edited.into_bytes());
    rezip(&parts)
}

/// Types text into a cell: an inline string, as several programs store edited cells (carriage
/// returns escaped as Excel does, since XML readers turn a literal CR LF into LF).
pub fn type_text(xlsx: &[u8], column: &str, row: u32, text: &str) -> Vec<u8> {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\r', "_x000D_");
    replace_cell(xlsx, &format!("{column}{row}"), |open| {
        format!("{open} t=\"inlineStr\"><is><t xml:space=\"preserve\">{escaped}</t></is></c>")
    })
}

/// Types a number into a cell: what Excel stores when a customer types `42` into a cell that
/// was not formatted as text.
pub fn type_number(xlsx: &[u8], column: &str, row: u32, number: &str) -> Vec<u8> {
    replace_cell(xlsx, &format!("{column}{row}"), |open| {
        format!("{open}><v>{number}</v></c>")
    })
}

/// Sets the Translation of the unit `key` (its only row).
pub fn translate(xlsx: &[u8], key: &str, text: &str) -> Vec<u8> {
    type_text(xlsx, TRANSLATION, row_of(xlsx, key), text)
}

/// Reverses the order of the unit rows (what sorting by a column does), keeping the header.
pub fn reverse_rows(xlsx: &[u8], first_row: u32) -> Vec<u8> {
    let mut parts = unzip(xlsx);
    let sheet = String::from_utf8(parts.remove(SHEET).unwrap()).unwrap();
    let rows_start = sheet.find(&format!("<row r=\"{first_row}\"")).unwrap();
    let rows_end = sheet.find("</sheetData>").unwrap();
    let rows: Vec<&str> = sheet[rows_start..rows_end]
        .split_inclusive("</row>")
        .collect();
    let numbers: Vec<u32> = (first_row..).take(rows.len()).collect();
    let mut reordered = String::new();
    for (row, number) in rows.iter().rev().zip(&numbers) {
        let old: u32 = row["<row r=\"".len()..]
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut moved = row.replacen(
            &format!("<row r=\"{old}\""),
            &format!("<row r=\"{number}\""),
            1,
        );
        for col in ["A", "B", "C", "D", "E", "F", "G", "H"] {
            moved = moved.replace(
                &format!("r=\"{col}{old}\""),
                &format!("r=\"{col}{number}\""),
            );
        }
        reordered.push_str(&moved);
    }
    let edited = format!(
        "{}{}{}",
        &sheet[..rows_start],
        reordered,
        &sheet[rows_end..]
    );
    parts.insert(SHEET.into(), edited.into_bytes());
    rezip(&parts)
}

fn soffice() -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| Path::new(dir).join("soffice"))
        .find(|path| path.is_file())
}

/// Re-saves every workbook with LibreOffice (`soffice --headless --convert-to xlsx`), as a
/// customer using it would; `None` (with a note) when LibreOffice is not installed.
pub fn resave_with_libreoffice(workbooks: &[(String, Vec<u8>)]) -> Option<Vec<(String, Vec<u8>)>> {
    let Some(soffice) = soffice() else {
        eprintln!(
            "note: soffice not found (Debian package libreoffice-calc-nogui); LibreOffice re-save skipped"
        );
        return None;
    };
    let dir = std::env::temp_dir().join(format!(
        "wordmark-review-soffice-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    let out_dir = dir.join("out");
    std::fs::create_dir_all(dir.join("in")).unwrap();
    let inputs: Vec<PathBuf> = workbooks
        .iter()
        .map(|(name, bytes)| {
            let path = dir.join("in").join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect();
    // Its own profile, so parallel runs and a user's running LibreOffice do not interfere.
    let profile = format!(
        "-env:UserInstallation=file://{}",
        dir.join("profile").display()
    );
    let output = Command::new(soffice)
        .args([
            profile.as_str(),
            "--headless",
            "--norestore",
            "--convert-to",
            "xlsx",
            "--outdir",
        ])
        .arg(&out_dir)
        .args(&inputs)
        .output()
        .unwrap();
    let resaved = workbooks
        .iter()
        .map(|(name, _)| {
            let bytes = std::fs::read(out_dir.join(name)).unwrap_or_else(|_| {
                panic!(
                    "soffice did not write {name}: {}\n{}",
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr)
                )
            });
            (name.clone(), bytes)
        })
        .collect();
    std::fs::remove_dir_all(&dir).ok();
    Some(resaved)
}
