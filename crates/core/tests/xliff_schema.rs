//! Files written with new targets (replaced, filled, inserted) still validate against the
//! XLIFF 1.2 transitional schema when their input did. Uses `xmllint` (Debian package
//! `libxml2-utils`, which `make test` installs) and the schemas of the reference corpus;
//! ignored without `WORDMARK_CORPUS`.

#[path = "../../testing/corpus.rs"]
mod corpus;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use wordmark_core::segment::Markup;
use wordmark_core::xliff;

/// `Ok(())` when the file validates, `Err(xmllint's errors)` when it does not.
fn validates(file: &Path) -> Result<(), String> {
    let schemas = corpus::schemas().canonicalize().unwrap();
    let output = Command::new("xmllint")
        .env("XML_CATALOG_FILES", schemas.join("catalog.xml"))
        .args(["--nonet", "--noout", "--schema"])
        .arg(schemas.join("xliff-core-1.2-transitional.xsd"))
        .arg(file)
        .output()
        .expect("xmllint runs (Debian package libxml2-utils)");
    match output.status.code() {
        Some(0) => Ok(()),
        Some(3) => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
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
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn written_files_validate_against_the_xliff_12_schema() {
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
    let corpus = corpus::xliff_files();
    let out_dir =
        std::env::temp_dir().join(format!("wordmark-xliff-schema-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut checked = 0;
    for path in own.iter().chain(&corpus) {
        let is_own = path.starts_with(&fixtures);
        match validates(path) {
            Ok(()) => {}
            Err(_) if !is_own => continue, // the tool's own file is not schema-valid
            result => panic!("{} should validate as input: {result:?}", path.display()),
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let written = out_dir.join(&name);
        std::fs::write(&written, rewrite(&name, &std::fs::read(path).unwrap())).unwrap();
        if let Err(errors) = validates(&written) {
            panic!("{name} no longer validates after writing targets:\n{errors}");
        }
        checked += 1;
    }
    std::fs::remove_dir_all(&out_dir).unwrap();
    assert!(checked >= own.len(), "only {checked} files checked");
    eprintln!("{checked} written files validated");
}
