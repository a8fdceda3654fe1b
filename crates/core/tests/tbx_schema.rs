//! The TBX v3 export validates against the TBX-Basic dialect's RelaxNG schema (LTAC's
//! `TBXcoreStructV03_TBX-Basic_integrated.rng`, which carries no licence and so is not in the
//! repository: it is looked for in the reference corpus, `$WORDMARK_CORPUS/schemas/tbx`). The
//! test is ignored by default and fails when the schema or `xmllint` (Debian package
//! `libxml2-utils`) is missing: run it with `cargo test -p wordmark-core --test tbx_schema --
//! --ignored` once the schema is in place.

use std::path::PathBuf;
use std::process::Command;

use wordmark_core::terms::{TermEntry, TermFormat, TermKind, read_file, write_file};

#[path = "../../testing/corpus.rs"]
mod corpus;

fn schema() -> PathBuf {
    let path = corpus::root().join("schemas/tbx/TBXcoreStructV03_TBX-Basic_integrated.rng");
    assert!(path.is_file(), "no TBX-Basic schema at {}", path.display());
    path
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
#[ignore = "needs LTAC's TBX-Basic schema, which has no licence to ship: put it in $WORDMARK_CORPUS/schemas/tbx"]
fn the_tbx_export_validates_against_the_tbx_basic_schema() {
    let schema = schema();
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
