//! The termbase files other tools wrote (`fixtures/tbx` and `fixtures/glossary`, sources and
//! licences in their READMEs) read whole: every entry, its pair, kind and terms, and the
//! entries skipped, are what an independent reader (`support/count_entries.py`: lxml and
//! Python's csv module, in the Python `WORDMARK_PYTHON` names; reported as ignored without
//! it) finds by the formats' own rules. Exported by Wordmark in every format and read
//! back, they are the same entries.

#[path = "../../testing/python.rs"]
mod python;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use wordmark_core::terms::{TermEntry, TermFile, TermFormat, read_file, read_termbase, write_file};

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files = Vec::new();
    for format in ["tbx", "glossary"] {
        for tool in std::fs::read_dir(root.join(format)).unwrap() {
            let tool = tool.unwrap().path();
            if tool.is_dir() {
                files.extend(std::fs::read_dir(tool).unwrap().map(|f| f.unwrap().path()));
            }
        }
    }
    files.sort();
    files
}

fn read(path: &Path) -> TermFile {
    read_termbase(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the independent reader finds in each file, by path.
fn independent_view(python: &Path, files: &[PathBuf]) -> Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/count_entries.py");
    let output = Command::new(python)
        .arg(script)
        .args(files)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// An entry as the independent reader writes it.
fn as_json(entry: &TermEntry) -> Value {
    json!([
        entry.source_lang,
        entry.target_lang,
        entry.kind.as_str(),
        entry.source,
        entry.targets
    ])
}

/// Entries per language pair and kind, for the failure message and the log.
fn per_pair(entries: &[Value]) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for entry in entries {
        *counts
            .entry(format!("{}→{} {}", entry[0], entry[1], entry[2]).replace('"', ""))
            .or_default() += 1;
    }
    counts
}

#[test]
#[cfg_attr(
    not(python),
    ignore = "needs WORDMARK_PYTHON: a Python with lxml and openpyxl (make py-deps; make test sets it)"
)]
fn other_tools_termbases_read_as_an_independent_reader_reads_them() {
    let files = fixtures();
    assert!(files.len() >= 11, "{files:?}");
    let python = python::python();
    let seen = independent_view(&python, &files);
    for path in &files {
        let name = path.display();
        let file = read(path);
        let expected = &seen[path.to_str().unwrap()];
        let format = match expected["root"].as_str().unwrap() {
            "tbx" => TermFormat::Tbx,
            "martif" => TermFormat::Tbx2,
            _ => TermFormat::Csv,
        };
        assert_eq!(file.format, format, "{name}");
        let wordmark: Vec<Value> = file.entries.iter().map(as_json).collect();
        let independent = expected["entries"].as_array().unwrap();
        assert_eq!(
            per_pair(&wordmark),
            per_pair(independent),
            "{name}: entries per pair"
        );
        assert_eq!(&wordmark, independent, "{name}");
        assert_eq!(file.skipped.count, expected["skipped"], "{name}: skipped");
        eprintln!(
            "{}: {:?}, {} skipped",
            path.file_name().unwrap().to_string_lossy(),
            per_pair(&wordmark),
            file.skipped.count
        );
    }
}

#[test]
fn other_tools_termbases_export_and_import_in_every_format_unchanged() {
    for path in fixtures() {
        let entries = read(&path).entries;
        for format in [
            TermFormat::Tbx,
            TermFormat::Tbx2,
            TermFormat::Csv,
            TermFormat::Xlsx,
        ] {
            let written = write_file(format, &entries).unwrap();
            let (read_format, again) = read_file(&written)
                .unwrap_or_else(|e| panic!("{} as {format:?}: {e}", path.display()));
            assert_eq!(read_format, format, "{}", path.display());
            assert_eq!(again, entries, "{} as {format:?}", path.display());
        }
    }
}
