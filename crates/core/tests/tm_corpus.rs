//! The translation memory's arithmetic on every unit of the reference XLIFF corpus (ignored
//! without `WORDMARK_CORPUS`): counting, index terms and scores never panic, a unit matches itself at 100 %, and
//! a TMX written from the units reads back with the same tags and the same text.

#[path = "../../testing/corpus.rs"]
mod corpus;

use wordmark_core::segment::Segment;
use wordmark_core::tm::{self, Comparable, tmx};
use wordmark_core::xliff;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn every_corpus_unit_scores_counts_and_goes_through_tmx() {
    let mut units = 0;
    for path in corpus::xliff_files() {
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(document) = xliff::parse(&name, &bytes) else {
            continue;
        };
        let mut out = String::new();
        tmx::write_start(&mut out, "en", "20261124T000000Z");
        let mut written = Vec::new();
        for unit in document.units.iter().filter(|u| u.translatable) {
            let source = Comparable::new(&unit.source, unit.markup);
            assert_eq!(tm::score(&source, &source), 100, "{name}: {}", unit.key);
            let text = source.text();
            assert!(
                tm::count_words(text) <= tm::count_chars(text).max(1),
                "{name}"
            );
            assert!(!tm::index_terms(text).is_empty(), "{name}");
            if let Some(target) = &unit.target {
                tm::score(&source, &Comparable::new(target, unit.markup));
            }
            let tu = tmx::Unit {
                tuid: Some(unit.key.clone()),
                srclang: None,
                markup: unit.markup,
                props: vec![],
                notes: vec![],
                history: tmx::History::default(),
                variants: vec![tmx::Variant {
                    lang: "en".into(),
                    content: unit.source.clone(),
                    ..tmx::Variant::default()
                }],
            };
            tmx::write_unit(&mut out, &tu);
            written.push(tu);
            units += 1;
        }
        tmx::write_end(&mut out);
        let read = tmx::read(out.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(read.units.len(), written.len(), "{name}");
        for (back, unit) in read.units.iter().zip(&written) {
            let original = Segment::parse(&unit.variants[0].content, unit.markup);
            let reread = Segment::parse(&back.variants[0].content, back.markup);
            assert_eq!(
                reread.plain_text(back.markup),
                original.plain_text(unit.markup),
                "{name}: {:?}",
                unit.tuid
            );
            if back.markup == unit.markup {
                assert_eq!(
                    original.check_markup(&reread),
                    Ok(()),
                    "{name}: {:?}",
                    unit.tuid
                );
            }
        }
    }
    assert!(units > 0);
}
