//! The TBX v3 export validates against the TBX-Basic dialect's RelaxNG schema (LTAC's
//! `TBXcoreStructV03_TBX-Basic_integrated.rng`, which carries no licence and so is not in the
//! repository: it is looked for in `../shared/corpus/schemas/tbx`). Uses `xmllint` (Debian
//! package `libxml2-utils`); skipped with a note when either is missing.

use std::path::PathBuf;
use std::process::Command;

use wordmark_core::terms::{TermEntry, TermFormat, TermKind, read_file, write_file};

fn schema() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/schemas/tbx/TBXcoreStructV03_TBX-Basic_integrated.rng");
    path.is_file().then_some(path)
}

fn entries() -> Vec<TermEntry> {
    let entry = |kind, source: &str, targets: &[&str]| TermEntry {
        source_lang: "en".into(),
        target_lang: "de".into(),
        source: source.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        kind,
        case_sensitive: false,
        part_of_speech: None,
        note: None,
    };
    vec![
        TermEntry {
            part_of_speech: Some("noun".into()),
            note: Some("Where one pays & \"leaves\" <now>".into()),
            case_sensitive: true,
            ..entry(TermKind::Preferred, "checkout", &["Kasse", "Bezahlung"])
        },
        entry(TermKind::Forbidden, "shopping cart", &["Einkaufswagen"]),
        entry(TermKind::DoNotTranslate, "Wordmark", &[]),
        TermEntry {
            target_lang: "pt-br".into(),
            ..entry(TermKind::Preferred, "cart", &["carrinho"])
        },
    ]
}

#[test]
fn the_tbx_export_validates_against_the_tbx_basic_schema() {
    let Some(schema) = schema() else {
        eprintln!("skipped: no TBX-Basic schema in ../shared/corpus/schemas/tbx");
        return;
    };
    if Command::new("xmllint").arg("--version").output().is_err() {
        eprintln!("skipped: no xmllint (Debian package libxml2-utils)");
        return;
    }
    let tbx = write_file(TermFormat::Tbx, &entries()).unwrap();
    assert_eq!(read_file(&tbx).unwrap().1, entries());
    let path = std::env::temp_dir().join(format!("wordmark-tbx-{}.tbx", std::process::id()));
    std::fs::write(&path, &tbx).unwrap();
    let output = Command::new("xmllint")
        .args(["--nonet", "--noout", "--relaxng"])
        .arg(&schema)
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
