//! Every XLIFF file of the shared corpus (real WPML exports and other tools' files) parses,
//! writing its own targets back gives the same bytes, and writing new targets changes nothing
//! but target contents. Ignored without `WORDMARK_CORPUS`.

#[path = "../../testing/corpus.rs"]
mod corpus;
mod xliff_support;

use std::collections::HashMap;
use std::path::PathBuf;

use wordmark_core::segment::{Markup, Segment};
use wordmark_core::xliff::{self, XliffErrorKind};
use xliff_support::without_target_contents;

fn corpus_files() -> Vec<PathBuf> {
    let files = corpus::xliff_files();
    assert!(files.len() >= 20, "the corpus has lost files: {files:?}");
    files
}

fn name(path: &std::path::Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn every_file_parses_and_writes_back_byte_identical() {
    let files = corpus_files();
    for path in files.iter().filter(|p| !name(p).contains("MALFORMED")) {
        let bytes = std::fs::read(path).unwrap();
        let document = xliff::parse(&name(path), &bytes).unwrap_or_else(|e| panic!("{e}"));
        assert!(!document.units.is_empty(), "{}", name(path));
        let own: HashMap<String, String> = document
            .units
            .iter()
            .map(|u| (u.key.clone(), u.target.clone().unwrap_or_default()))
            .collect();
        assert_eq!(
            own.len(),
            document.units.len(),
            "{}: keys are unique",
            name(path)
        );
        let written = xliff::write_targets(&name(path), &bytes, &own).unwrap();
        assert!(
            written == bytes,
            "{} changed when written with its own targets",
            name(path)
        );
        assert_eq!(
            xliff::parse(&name(path), &bytes).unwrap(),
            document,
            "{}: parsing is stable",
            name(path)
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn new_targets_change_only_target_contents() {
    let files = corpus_files();
    for path in files.iter().filter(|p| !name(p).contains("MALFORMED")) {
        let bytes = std::fs::read(path).unwrap();
        let document = xliff::parse(&name(path), &bytes).unwrap();
        let new: HashMap<String, String> = document
            .units
            .iter()
            .filter(|u| u.target.is_some())
            .map(|u| {
                let target = match u.markup {
                    Markup::Html => format!("Ü {} ]]> & x < y ]", u.source),
                    Markup::Xliff => format!("Ü {} &amp; ✓", u.source),
                };
                (u.key.clone(), target)
            })
            .collect();
        let written =
            xliff::write_targets(&name(path), &bytes, &new).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            without_target_contents(&String::from_utf8(written.clone()).unwrap()),
            without_target_contents(&String::from_utf8(bytes.clone()).unwrap()),
            "{}",
            name(path)
        );
        let reread = xliff::parse(&name(path), &written).unwrap_or_else(|e| panic!("{e}"));
        for (before, after) in document.units.iter().zip(&reread.units) {
            assert_eq!(after.key, before.key);
            assert_eq!(after.source, before.source, "{}", name(path));
            let expected = new.get(&before.key).or(before.target.as_ref());
            assert_eq!(
                after.target.as_ref(),
                expected,
                "{} unit {}",
                name(path),
                before.key
            );
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn wpml_exports_carry_job_metadata() {
    let files = corpus_files();
    let wpml: Vec<_> = files
        .iter()
        .filter(|p| p.parent().unwrap().ends_with("wpml"))
        .collect();
    assert_eq!(wpml.len(), 10);
    for path in wpml {
        let document = xliff::parse(&name(path), &std::fs::read(path).unwrap()).unwrap();
        let job: u64 = name(path)
            .split("job-")
            .nth(1)
            .unwrap()
            .split('_')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(document.wpml_id, Some(job), "{}", name(path));
        assert!(
            document
                .original
                .as_deref()
                .unwrap()
                .starts_with(&format!("{job}-"))
        );
        assert!(document.post_type.is_some(), "{}", name(path));
        let langs = name(path).split('_').nth(2).unwrap().to_owned();
        assert_eq!(
            format!(
                "{}-{}",
                document.source_lang.unwrap(),
                document.target_lang.unwrap()
            ),
            langs
        );
        assert!(
            document
                .units
                .iter()
                .all(|u| u.markup == Markup::Html && u.datatype.as_deref() == Some("html"))
        );
        // Untranslated jobs: each target is a copy of its source.
        assert!(
            document
                .units
                .iter()
                .all(|u| u.target.as_deref() == Some(u.source.as_str()))
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn the_malformed_file_is_refused_with_file_line_and_column() {
    let files = corpus_files();
    let path = files
        .iter()
        .find(|p| name(p).contains("MALFORMED"))
        .expect("the corpus has a malformed file");
    let error = xliff::parse(&name(path), &std::fs::read(path).unwrap()).unwrap_err();
    assert!(
        matches!(error.kind, XliffErrorKind::NotWellFormed(_)),
        "{error}"
    );
    assert_eq!(error.line, 91, "{error}");
    assert!(error.to_string().starts_with(&format!(
        "{}: line 91, column {}: ",
        name(path),
        error.column
    )));
    assert!(error.to_string().contains("iws"), "{error}");
}

/// The segment model on real content: every source and target round-trips exactly, and its
/// MT form comes back with the same tags and text.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn every_unit_content_round_trips_through_the_segment_model() {
    let files = corpus_files();
    let mut contents = 0;
    for path in files.iter().filter(|p| !name(p).contains("MALFORMED")) {
        let document = xliff::parse(&name(path), &std::fs::read(path).unwrap()).unwrap();
        for unit in &document.units {
            for content in std::iter::once(&unit.source).chain(&unit.target) {
                let segment = Segment::parse(content, unit.markup);
                assert_eq!(
                    &segment.to_content(),
                    content,
                    "{} {}",
                    name(path),
                    unit.key
                );
                let back =
                    Segment::from_mt_xml(&segment.to_mt_xml(unit.markup), &segment, unit.markup)
                        .unwrap_or_else(|e| panic!("{} {}: {e}", name(path), unit.key));
                assert_eq!(
                    back.tags().collect::<Vec<_>>(),
                    segment.tags().collect::<Vec<_>>()
                );
                assert_eq!(
                    back.plain_text(unit.markup),
                    segment.plain_text(unit.markup)
                );
                assert_eq!(
                    segment.check_markup(&Segment::parse(&back.to_content(), unit.markup)),
                    Ok(())
                );
                contents += 1;
            }
        }
    }
    assert!(contents > 500, "{contents}");
}

/// A translation that leaves the text alone (an identity provider) gives back the source's
/// bytes: character references (`&ndash;`, `&nbsp;`, `&#8217;`), bare `&` and all, so the file
/// written with those targets has each target's bytes equal to its source's.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn an_unchanged_translation_writes_the_source_bytes_exactly() {
    let files = corpus_files();
    for path in files.iter().filter(|p| !name(p).contains("MALFORMED")) {
        let bytes = std::fs::read(path).unwrap();
        let document = xliff::parse(&name(path), &bytes).unwrap();
        let mut targets = HashMap::new();
        for unit in &document.units {
            let source = unit.source_segment();
            let answer = source.to_mt_xml(unit.markup);
            let identity = Segment::from_mt_xml(&answer, &source, unit.markup)
                .unwrap_or_else(|e| panic!("{} {}: {e}", name(path), unit.key));
            assert_eq!(
                identity.to_content(),
                unit.source,
                "{} {}: {answer}",
                name(path),
                unit.key
            );
            targets.insert(unit.key.clone(), identity.to_content());
        }
        let written = xliff::write_targets(&name(path), &bytes, &targets).unwrap();
        if document
            .units
            .iter()
            .all(|u| u.target.as_deref() == Some(u.source.as_str()))
        {
            assert!(written == bytes, "{} changed", name(path));
        }
        let reread = xliff::parse(&name(path), &written).unwrap();
        for unit in &reread.units {
            assert_eq!(unit.target.as_ref(), Some(&unit.source), "{}", name(path));
        }
    }
}

/// Every WPML export lists the site's registered shortcodes; with that list, the shortcodes of
/// real content stay tags (`[h5p …]`, `[presto_player …]`, `[multiple_pins_map …]`) while
/// bracketed words of the text (`[Source]`, `[MBA Thesis]`) are text.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
fn wpml_shortcode_lists_decide_which_brackets_are_tags() {
    let files = corpus_files();
    let mut kept = std::collections::BTreeSet::new();
    let mut now_text = std::collections::BTreeSet::new();
    for path in files
        .iter()
        .filter(|p| p.parent().unwrap().ends_with("wpml"))
    {
        let document = xliff::parse(&name(path), &std::fs::read(path).unwrap()).unwrap();
        let file = &document.files[0];
        assert!(file.shortcodes.len() > 300, "{}", name(path));
        assert!(file.shortcodes.iter().any(|s| s == "caption"));
        let listed = file.shortcodes();
        for unit in &document.units {
            let any = Segment::parse(&unit.source, unit.markup);
            let only = Segment::parse_with(&unit.source, unit.markup, &listed);
            assert_eq!(only.to_content(), unit.source);
            let brackets = |segment: &Segment| -> Vec<(String, String)> {
                segment
                    .tags()
                    .filter(|t| t.raw.starts_with('['))
                    .map(|t| (t.name.clone(), t.raw.clone()))
                    .collect()
            };
            for (name, _) in brackets(&only) {
                assert!(listed.contains(&name), "{name}");
                kept.insert(name);
            }
            for (name, raw) in brackets(&any) {
                if !listed.contains(&name) {
                    now_text.insert(raw);
                }
            }
        }
    }
    for name in ["h5p", "presto_player", "multiple_pins_map"] {
        assert!(kept.contains(name), "{name}: {kept:?}");
    }
    assert!(now_text.contains("[MBA Thesis]"), "{now_text:?}");
    assert!(now_text.contains("[Source]"), "{now_text:?}");
}
