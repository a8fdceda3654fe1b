//! The reference corpus, for the tests that read it: real WPML exports and other tools' XLIFF
//! files (`xliff/wpml`, `xliff/other`), the XLIFF schemas (`schemas`), and beside it the
//! providers' published documents (`../docs`). It lives outside the repository, in the folder
//! `WORDMARK_CORPUS` names when the crate is built (a relative path counts from the repository's
//! root). Each crate's build script turns on `cfg(corpus)` when the variable is set
//! (`crates/testing/corpus_switch.rs`); tests that read the corpus carry
//! `#[cfg_attr(not(corpus), ignore = "…")]`, and every function here panics when what it looks
//! for is missing, so a corpus test can never pass on an empty folder.
//!
//! Included with `#[path]` by each crate's tests (not a crate: the three crates share no test
//! dependency).

#![allow(dead_code)] // each test binary uses a part

use std::path::{Path, PathBuf};

/// The corpus folder.
pub fn root() -> PathBuf {
    let named = option_env!("WORDMARK_CORPUS")
        .filter(|value| !value.is_empty())
        .expect("WORDMARK_CORPUS names the reference corpus: a corpus test runs only with it");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(named);
    assert!(
        root.is_dir(),
        "WORDMARK_CORPUS: {} is no folder",
        root.display()
    );
    root
}

/// Every file of `xliff/wpml` and `xliff/other`, sorted by path.
pub fn xliff_files() -> Vec<PathBuf> {
    let xliff = root().join("xliff");
    let mut files: Vec<PathBuf> = ["wpml", "other"]
        .iter()
        .flat_map(|folder| {
            let dir = xliff.join(folder);
            std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|entry| entry.expect("a corpus entry").path())
        })
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no XLIFF files in {}", xliff.display());
    files
}

/// The folder of the XLIFF schemas (with their XML catalog).
pub fn schemas() -> PathBuf {
    let schemas = root().join("schemas");
    assert!(
        schemas.join("catalog.xml").is_file(),
        "no XLIFF schemas in {}",
        schemas.display()
    );
    schemas
}

/// A provider's published document, from the `docs` folder beside the corpus.
pub fn provider_document(name: &str) -> PathBuf {
    let path = root().join("../docs").join(name);
    assert!(path.is_file(), "{} is missing", path.display());
    path
}
