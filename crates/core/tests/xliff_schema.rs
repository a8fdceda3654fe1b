//! Files written with new targets (replaced, filled, inserted) still validate against the
//! XLIFF 1.2 transitional schema when their input did. Uses `xmllint` (Debian package
//! `libxml2-utils`) and the schemas in `../shared/corpus/schemas`; skipped with a note when
//! either is missing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use wordmark_core::segment::Markup;
use wordmark_core::xliff;

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

/// `Some(Ok(()))` when the file validates, `Some(Err(xmllint's errors))` when it does not,
/// `None` when validation is not possible here.
fn validates(file: &Path) -> Option<Result<(), String>> {
    let schemas = shared().join("schemas").canonicalize().ok()?;
    let output = Command::new("xmllint")
        .env("XML_CATALOG_FILES", schemas.join("catalog.xml"))
        .args(["--nonet", "--noout", "--schema"])
        .arg(schemas.join("xliff-core-1.2-transitional.xsd"))
        .arg(file)
        .output()
        .ok()?;
    match output.status.code() {
        Some(0) => Some(Ok(())),
        Some(3) => Some(Err(String::from_utf8_lossy(&output.stderr).into_owned())),
        other => panic!(
            "xmllint failed ({other:?}): {}",
            String::from_utf8_lossy(&output.stderr)
        ),
    }
}

/// Every unit gets a new target, so missing targets are inserted and empty ones filled.
fn rewrite(name: &str, bytes: &[u8]) -> Vec<u8> {
    let document = xliff::parse(name, bytes).unwrap();
    let new: HashMap<String, String> = document
        .units
        .iter()
        .map(|u| {
            let target = match u.markup {
                Markup::Html => "Ü <b>neu</b> ]]> &amp; x".to_owned(),
                Markup::Xliff => u.source.clone(),
            };
            (u.key.clone(), target)
        })
        .collect();
    xliff::write_targets(name, bytes, &new).unwrap()
}

#[test]
fn written_files_validate_against_the_xliff_12_schema() {
    if Command::new("xmllint").arg("--version").output().is_err()
        || !shared().join("schemas").is_dir()
    {
        eprintln!(
            "note: xmllint (libxml2-utils) or ../shared/corpus/schemas is missing; schema test skipped"
        );
        return;
    }
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/xliff");
    let own = [
        "wpml-12-indented-crlf-bom.xliff",
        "wpml-one-line-tool.xliff",
        "self-closing-target.xlf",
        "cdata-terminator.xliff",
        "seg-source.xlf",
        "groups-two-files.xlf",
    ]
    .map(|name| fixtures.join(name));
    let mut corpus: Vec<PathBuf> = ["wpml", "other"]
        .iter()
        .flat_map(|folder| {
            std::fs::read_dir(shared().join("xliff").join(folder))
                .into_iter()
                .flatten()
        })
        .map(|entry| entry.unwrap().path())
        .collect();
    corpus.sort();
    let out_dir =
        std::env::temp_dir().join(format!("wordmark-xliff-schema-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut checked = 0;
    for path in own.iter().chain(&corpus) {
        let is_own = path.starts_with(&fixtures);
        match validates(path) {
            Some(Ok(())) => {}
            Some(Err(_)) if !is_own => continue, // the tool's own file is not schema-valid
            result => panic!("{} should validate as input: {result:?}", path.display()),
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let written = out_dir.join(&name);
        std::fs::write(&written, rewrite(&name, &std::fs::read(path).unwrap())).unwrap();
        if let Some(Err(errors)) = validates(&written) {
            panic!("{name} no longer validates after writing targets:\n{errors}");
        }
        checked += 1;
    }
    std::fs::remove_dir_all(&out_dir).unwrap();
    assert!(checked >= own.len(), "only {checked} files checked");
    eprintln!("{checked} written files validated");
}
