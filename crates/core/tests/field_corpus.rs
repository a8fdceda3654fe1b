//! Field context over real files: every unit of the shared corpus (real WPML exports and other
//! tools' files) and of the WPML-style fixtures gets a label, and each is the expected one.
//! The corpus part needs the reference corpus (`WORDMARK_CORPUS`); without it, it is reported
//! as ignored.

use std::path::{Path, PathBuf};

#[path = "../../testing/corpus.rs"]
mod corpus;

use wordmark_core::field::{self, FieldKind};
use wordmark_core::xliff;

/// `resname` → (kind, label) for every unit the WPML files hold. A unit whose resname is not
/// here fails the test, so a new file's patterns are looked at before they are trusted.
const WPML_LABELS: &[(&str, FieldKind, &str)] = &[
    ("title", FieldKind::Title, "Title"),
    ("body", FieldKind::Body, "Body"),
    ("Ünïcode label", FieldKind::Body, "Body"),
    ("Excerpt", FieldKind::CustomField, "Custom field: Excerpt"),
    (
        "Lesson Excerpt",
        FieldKind::CustomField,
        "Custom field: Lesson Excerpt",
    ),
    (
        "Call to action",
        FieldKind::CustomField,
        "Custom field: Call to action",
    ),
    (
        "stm_lms_question_taxonomy",
        FieldKind::Term,
        "Term: Stm lms question taxonomy",
    ),
    (
        "Titolo (H1)",
        FieldKind::PageBuilder,
        "Page builder: Titolo (H1)",
    ),
    ("Testo", FieldKind::PageBuilder, "Page builder: Testo"),
    (
        "_yoast_wpseo_title",
        FieldKind::SeoTitle,
        "SEO title (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_metadesc",
        FieldKind::SeoDescription,
        "Meta description (Yoast SEO)",
    ),
    (
        "Button label",
        FieldKind::CustomField,
        "Custom field: Button label",
    ),
    (
        "Shortcode",
        FieldKind::PageBuilder,
        "Page builder: Shortcode",
    ),
];

/// String Translation batches name their strings freely; the label is the name.
const STRING_NAME_PREFIX: &str = "Section Title ";

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ["xliff", "xlf", "sdlxliff"].contains(&&*ext.to_string_lossy()))
        })
        .collect();
    files.sort();
    files
}

fn documents(files: &[PathBuf]) -> Vec<(String, xliff::Document)> {
    files
        .iter()
        .filter_map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(path).unwrap();
            // The malformed and `bad-` files are other tests' business.
            xliff::parse(&name, &bytes).ok().map(|doc| (name, doc))
        })
        .collect()
}

fn expected_wpml(resname: &str) -> (FieldKind, String) {
    if let Some(name) = resname.strip_prefix(STRING_NAME_PREFIX) {
        return (
            FieldKind::String,
            format!("String: {STRING_NAME_PREFIX}{name}"),
        );
    }
    let (_, kind, label) = WPML_LABELS
        .iter()
        .find(|(r, _, _)| *r == resname)
        .unwrap_or_else(|| panic!("resname {resname:?} is not in the table"));
    (*kind, (*label).to_owned())
}

/// Checks each WPML unit against the table and returns how many were checked.
fn check_wpml(documents: &[(String, xliff::Document)]) -> usize {
    let mut checked = 0;
    for (name, doc) in documents {
        for unit in &doc.units {
            let got = field::describe(unit.id.as_deref(), unit.resname.as_deref(), &unit.key);
            let resname = unit.resname.as_deref().expect("WPML units have a resname");
            let (kind, label) = expected_wpml(resname);
            assert_eq!(
                (got.kind, got.label.as_str()),
                (kind, label.as_str()),
                "{name}: {}",
                unit.key
            );
            checked += 1;
        }
    }
    checked
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn every_wpml_unit_of_the_corpus_gets_its_label() {
    let root = corpus::root().join("xliff");
    let documents = documents(&files_in(&root.join("wpml")));
    assert!(documents.len() >= 10, "the WPML corpus has lost files");
    assert_eq!(
        check_wpml(&documents),
        32,
        "every unit of the WPML files checked"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn other_tools_units_are_labelled_with_their_id_unless_they_use_wpml_names() {
    let root = corpus::root().join("xliff");
    let documents = documents(&files_in(&root.join("other")));
    assert!(documents.len() >= 10, "the corpus has lost files");
    for (name, doc) in &documents {
        for unit in &doc.units {
            let got = field::describe(unit.id.as_deref(), unit.resname.as_deref(), &unit.key);
            assert!(!got.label.trim().is_empty(), "{name}: {}", unit.key);
            let expected = match unit.id.as_deref() {
                // integreat-cms writes WPML's names.
                Some("title") => (FieldKind::Title, "Title"),
                Some("body") => (FieldKind::Body, "Body"),
                Some(id) => (FieldKind::Other, id),
                None => (FieldKind::Other, unit.key.as_str()),
            };
            assert_eq!(
                (got.kind, got.label.as_str()),
                expected,
                "{name}: {}",
                unit.key
            );
        }
    }
}

#[test]
fn the_wpml_style_fixtures_get_their_labels() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = files_in(&manifest.join("tests/fixtures/xliff"))
        .into_iter()
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("wpml-")
        })
        .collect();
    for dir in ["../../e2e/fixtures/wpml", "../../e2e/fixtures/review"] {
        files.extend(files_in(&manifest.join(dir)));
    }
    let documents = documents(&files);
    assert_eq!(documents.len(), files.len(), "every fixture parses");
    assert!(check_wpml(&documents) >= 12);
}
