//! The review round trip on every file of the shared XLIFF corpus (ignored without
//! `WORDMARK_CORPUS`):
//! XLIFF → pseudo-translated targets → XLSX → a customer's edit → import → QA → XLIFF.

#[path = "../../testing/corpus.rs"]
mod corpus;
mod xlsx_support;

use std::collections::HashMap;

use wordmark_core::xliff::{self, Document};
use wordmark_core::xlsx::{ExportRow, export_workbook, read_workbook};
use wordmark_core::{field, qa};
use xlsx_support::{meta, type_into};

/// A visible change that keeps the source's markup, as a pseudo-translation does.
fn pseudo(source: &str) -> String {
    format!("(xx) {source}")
}

fn rows(document: &Document) -> Vec<ExportRow> {
    document
        .units
        .iter()
        .filter(|unit| unit.translatable)
        .map(|unit| ExportRow {
            key: unit.key.clone(),
            field: field::describe(unit.id.as_deref(), unit.resname.as_deref(), &unit.key).label,
            source: unit.source.clone(),
            target: pseudo(&unit.source),
            markup: unit.markup,
            terms: String::new(),
        })
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn every_corpus_file_survives_the_review_round_trip() {
    let files = corpus::xliff_files();
    let mut checked = 0;
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let bytes = std::fs::read(&path).unwrap();
        // Files the XLIFF reader refuses are its tests' concern, not this round trip's.
        let Ok(document) = xliff::parse(&name, &bytes) else {
            continue;
        };
        let rows = rows(&document);
        if rows.is_empty() {
            continue;
        }
        let xlsx = export_workbook(&meta(), &rows).unwrap_or_else(|e| panic!("{name}: {e}"));

        // The customer rewrites the first unit's translation.
        let first = read_workbook("page.xlsx", &xlsx).unwrap().rows[0].row_number;
        let edited_text = format!("Edited. {}", rows[0].target);
        let xlsx = type_into(&xlsx, &format!("D{first}"), &edited_text);

        let imported = read_workbook("page.xlsx", &xlsx).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            imported.problems.is_empty(),
            "{name}: {:?}",
            imported.problems
        );
        assert_eq!(imported.rows.len(), rows.len(), "{name}");
        let mut targets = HashMap::new();
        for (row, read) in rows.iter().zip(&imported.rows) {
            assert_eq!(read.key, row.key, "{name}");
            let expected = if read.row_number == first {
                &edited_text
            } else {
                &row.target
            };
            assert_eq!(&read.translation, expected, "{name}: unit {}", row.key);
            let outcome = qa::check(&row.source, &read.translation, row.markup);
            assert_eq!(outcome.refusal, None, "{name}: unit {}", row.key);
            targets.insert(read.key.clone(), read.translation.clone());
        }

        let written =
            xliff::write_targets(&name, &bytes, &targets).unwrap_or_else(|e| panic!("{name}: {e}"));
        let reread = xliff::parse(&name, &written).unwrap();
        for unit in reread.units.iter().filter(|u| u.translatable) {
            assert_eq!(
                unit.target.as_ref(),
                targets.get(&unit.key),
                "{name}: unit {}",
                unit.key
            );
        }
        checked += 1;
    }
    eprintln!("{checked} corpus files checked");
    assert!(checked >= 10, "only {checked} corpus files checked");
}
