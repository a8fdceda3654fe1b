//! A workbook re-saved by LibreOffice (as a customer using it would) still imports.
//!
//! Needs `soffice` (Debian package `libreoffice-calc-nogui`); skipped with a note without it.

mod xlsx_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use wordmark_core::xlsx::{export_workbook, read_workbook};
use xlsx_support::{meta, row, sheet_xml, type_into};

fn soffice() -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| Path::new(dir).join("soffice"))
        .find(|path| path.is_file())
}

/// A fresh directory under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("wordmark-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn resave_with_libreoffice(soffice: &Path, xlsx: &[u8]) -> Vec<u8> {
    let scratch = Scratch::new("soffice");
    let input = scratch.0.join("page-12.xlsx");
    let out_dir = scratch.0.join("out");
    std::fs::write(&input, xlsx).unwrap();
    // Its own profile, so parallel runs and a user's running LibreOffice do not interfere.
    let profile = format!(
        "-env:UserInstallation=file://{}",
        scratch.0.join("profile").display()
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
        .arg(&input)
        .output()
        .unwrap();
    let resaved = out_dir.join("page-12.xlsx");
    assert!(
        resaved.is_file(),
        "soffice failed: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(resaved).unwrap()
}

#[test]
fn a_workbook_resaved_by_libreoffice_imports() {
    let Some(soffice) = soffice() else {
        eprintln!("skipped: soffice not found (Debian package libreoffice-calc-nogui)");
        return;
    };
    let long = "A long sentence with <b>bold</b> words. ".repeat(1_000);
    let rows = vec![
        row("u1", "Welcome to <b>Acme</b>", "Willkommen bei <b>Acme</b>"),
        row("u2", "Call +49 30 1234567", "+49 30 1234567"),
        row("u3", "=SUM(A1)", "=SUM(A1)"),
        row("u4", "  padded  ", "  gepolstert  "),
        row("u5", "Opening hours", ""),
        row("u6", &long, &long.replace("words", "Wörter")),
    ];
    let exported = export_workbook(&meta(), &rows).unwrap();
    let resaved = resave_with_libreoffice(&soffice, &exported);
    assert_ne!(resaved, exported);
    assert!(!sheet_xml(&resaved).contains("<f>"));

    let imported = read_workbook("page-12.xlsx", &resaved).unwrap();
    assert_eq!(imported.meta.as_ref().map(|m| m.job_id), Some(7));
    let read: Vec<_> = imported
        .rows
        .iter()
        .map(|r| (r.key.as_str(), r.translation.as_str()))
        .collect();
    let expected: Vec<_> = rows
        .iter()
        .map(|r| (r.key.as_str(), r.target.as_str()))
        .collect();
    assert_eq!(read, expected);
    assert!(imported.problems.is_empty());

    // The customer's edit in LibreOffice's own file arrives too.
    let edited = type_into(&resaved, "D14", "Öffnungszeiten");
    let imported = read_workbook("page-12.xlsx", &edited).unwrap();
    assert_eq!(imported.rows[4].key, "u5");
    assert_eq!(imported.rows[4].translation, "Öffnungszeiten");
}
