//! The TMX files other tools wrote (`fixtures/tmx`, sources and licences in its README) read
//! whole: the units and the entries per language pair are what an independent reader (lxml,
//! in the Python `WORDMARK_PYTHON` names; reported as ignored without it) counts,
//! and written back by Wordmark they keep every inline code's kind and native code, in order.
//! UTF-16 in either byte order reads like UTF-8, and the stream the import reads (the check,
//! then one unit at a time) gives each file the units the whole-document reader gave.

#[path = "../../testing/python.rs"]
mod python;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use sha2::{Digest, Sha256};
use wordmark_core::lang;
use wordmark_core::tm::tmx;

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tmx");
    let mut files = Vec::new();
    for tool in ["okapi", "lisa-compliance-kit", "matecat"] {
        for entry in std::fs::read_dir(root.join(tool)).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    files
}

/// For each file: `pairs` (source code, target code as written → entries: target variants
/// with text of units that have their source variant) and `codes` (per unit, per variant,
/// the inline elements' names and text, in order). No DTD, no entity, no network.
const SCRIPT: &str = r#"
import json, sys
from lxml import etree
XML = "{http://www.w3.org/XML/1998/namespace}lang"
INLINE = {"bpt", "ept", "ph", "it", "ut", "hi"}
parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
out = {}
for path in sys.argv[1:]:
    root = etree.parse(path, parser).getroot()
    header = root.find("header").get("srclang").lower()
    pairs, codes, units = {}, [], 0
    for tu in root.iter("tu"):
        units += 1
        tuvs = [(tuv.get(XML) or tuv.get("lang"), tuv.find("seg")) for tuv in tu.findall("tuv")]
        src = (tu.get("srclang") or header).lower()
        source = [lang for lang, seg in tuvs if lang.lower() == src]
        codes.append([[[e.tag, "".join(e.itertext())] for e in seg.iter() if e.tag in INLINE]
                      for _, seg in tuvs])
        if not source:
            continue
        for lang, seg in tuvs:
            has_text = "".join(seg.itertext()).strip() or len(seg)
            if lang.lower() != src and has_text:
                key = source[0] + " " + lang
                pairs[key] = pairs.get(key, 0) + 1
    out[path] = {"units": units, "pairs": pairs, "codes": codes}
print(json.dumps(out))
"#;

fn lxml_view(python: &Path, files: &[PathBuf]) -> Value {
    let output = Command::new(python)
        .args(["-c", SCRIPT])
        .args(files)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Entries per language pair as Wordmark pairs them (codes normalised as it stores them).
fn wordmark_pairs(document: &tmx::Tmx) -> BTreeMap<String, u64> {
    let mut pairs = BTreeMap::new();
    for unit in &document.units {
        let srclang = unit.srclang.as_deref().unwrap_or(&document.srclang);
        let Some(source) = unit.variants.iter().find(|v| v.lang == srclang) else {
            continue;
        };
        for target in unit.variants.iter().filter(|v| v.lang != source.lang) {
            if !target.content.trim().is_empty() {
                *pairs
                    .entry(format!("{} {}", source.lang, target.lang))
                    .or_default() += 1;
            }
        }
    }
    pairs
}

fn written(document: &tmx::Tmx) -> String {
    let mut out = String::new();
    tmx::write_start(&mut out, &document.srclang, "20261127T000000Z");
    for unit in &document.units {
        tmx::write_unit(&mut out, unit);
    }
    tmx::write_end(&mut out);
    out
}

#[test]
#[cfg_attr(
    not(python),
    ignore = "needs WORDMARK_PYTHON: a Python with lxml and openpyxl (make py-deps; make test sets it)"
)]
fn other_tools_tmx_files_read_whole_and_write_back_the_same_codes() {
    let files = fixtures();
    assert!(files.len() >= 5, "{files:?}");
    let python = python::python();
    let scratch = std::env::temp_dir().join(format!("wordmark-tmx-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut rewritten = Vec::new();
    let mut documents = Vec::new();
    for path in &files {
        let document = tmx::read(&std::fs::read(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again = scratch.join(path.file_name().unwrap());
        std::fs::write(&again, written(&document)).unwrap();
        rewritten.push(again);
        documents.push(document);
    }
    let original = lxml_view(&python, &files);
    let back = lxml_view(&python, &rewritten);
    let _ = std::fs::remove_dir_all(&scratch);
    for ((path, again), document) in files.iter().zip(&rewritten).zip(&documents) {
        let name = path.display();
        let seen = &original[path.to_str().unwrap()];
        assert_eq!(seen["units"], document.units.len(), "{name}");
        let mut expected = BTreeMap::new();
        for (pair, count) in seen["pairs"].as_object().unwrap() {
            let (source, target) = pair.split_once(' ').unwrap();
            let (source, target) = (lang::normalize(source), lang::normalize(target));
            // Wordmark keeps WPML's codes, in which `en-GB` is `en`: a variant in a region of
            // the source language gives no pair.
            if source != target {
                *expected.entry(format!("{source} {target}")).or_default() +=
                    count.as_u64().unwrap();
            }
        }
        assert_eq!(wordmark_pairs(document), expected, "{name}");
        eprintln!(
            "{}: {} units, entries per pair {expected:?}",
            path.file_name().unwrap().to_string_lossy(),
            document.units.len()
        );
        assert_eq!(
            back[again.to_str().unwrap()]["codes"],
            seen["codes"],
            "{name}: inline codes changed kind, content or order"
        );
    }
}

#[test]
fn utf16_in_either_byte_order_reads_like_utf8() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tmx/lisa-compliance-kit/ImportTest2A-0index.tmx");
    let text = std::fs::read_to_string(path).unwrap();
    let utf8 = tmx::read(text.as_bytes()).unwrap();
    assert_eq!(utf8.units.len(), 7);
    let mut little = vec![0xFF, 0xFE];
    let mut big = vec![0xFE, 0xFF];
    for unit in text.encode_utf16() {
        little.extend(unit.to_le_bytes());
        big.extend(unit.to_be_bytes());
    }
    assert_eq!(tmx::read(&little).unwrap(), utf8);
    assert_eq!(tmx::read(&big).unwrap(), utf8);
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(text.as_bytes());
    assert_eq!(tmx::read(&bom).unwrap(), utf8);
}

#[test]
fn notes_usage_and_history_of_the_compliance_kit_are_kept() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tmx/lisa-compliance-kit/ImportTest1L.tmx");
    let document = tmx::read(&std::fs::read(path).unwrap()).unwrap();
    let unit = &document.units[0];
    assert_eq!(unit.notes, ["Text of tu note 1", "Text of tu note 2"]);
    assert_eq!(unit.history.usagecount.as_deref(), Some("100"));
    assert_eq!(unit.history.creationid.as_deref(), Some("ys"));
    assert_eq!(
        unit.history.lastusagedate.as_deref(),
        Some("20020523T091200Z")
    );
    assert_eq!(unit.variants[1].notes.len(), 2);
    let again = tmx::read(written(&document).as_bytes()).unwrap();
    assert_eq!(again.units, document.units);
}

#[test]
fn matecat_props_and_tabs_are_kept() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tmx/matecat/exampleForTestOriginal.tmx");
    let document = tmx::read(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(document.units.len(), 2);
    let unit = &document.units[0];
    assert_eq!(unit.tuid.as_deref(), Some("196899968"));
    let status = unit.props.iter().find(|p| p.kind == "x-MateCAT-status");
    assert_eq!(status.map(|p| p.value.as_str()), Some("TRANSLATED"));
    // A tab written as itself and one written as `&#x09;` are both text.
    assert!(unit.variants[0].content.starts_with("3.2\tcomprendere"));
    assert!(unit.variants[1].content.starts_with("3.2 \tUnderstanding"));
    let again = tmx::read(written(&document).as_bytes()).unwrap();
    assert_eq!(again.units, document.units);
}

/// SHA-256 of the `Debug` form of what `tmx::read` gave each fixture before reading was split
/// into a check and a stream of units (the UTF-16 forms read the same).
const READ_BEFORE_THE_STREAM: [(&str, &str); 4] = [
    (
        "lisa-compliance-kit/ImportTest1L.tmx",
        "f6434031007043902d5d81f5d458c6506502554268208f69a601b380b5b1bc38",
    ),
    (
        "lisa-compliance-kit/ImportTest2A-0index.tmx",
        "e4196e11b14edf6ebaee565058d1640a730a89689e7ac668a6511b4f0d705900",
    ),
    (
        "okapi/olifant-attributes.tmx",
        "d332fb02637dab2c6ccb23bef81d3afd48f5723340af7d9eb85308040ad0cff1",
    ),
    (
        "okapi/omegat-pensieve.tmx",
        "eb98b6151f7b4f1a35c2fd4c2eb9a2613d5a79713e311c87fc3778c6224b9764",
    ),
];

fn digest(document: &tmx::Tmx) -> String {
    hex::encode(Sha256::digest(format!("{document:?}").as_bytes()))
}

#[test]
fn the_stream_gives_every_fixture_the_units_read_whole_gave() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tmx");
    for (name, before) in READ_BEFORE_THE_STREAM {
        let utf8 = std::fs::read(root.join(name)).unwrap();
        let text = String::from_utf8(utf8.clone()).unwrap();
        let (mut little, mut big) = (vec![0xFF, 0xFE], vec![0xFE, 0xFF]);
        for unit in text.encode_utf16() {
            little.extend(unit.to_le_bytes());
            big.extend(unit.to_be_bytes());
        }
        for bytes in [utf8, little, big] {
            let whole = tmx::read(&bytes).unwrap();
            let document = tmx::check(bytes).unwrap();
            let srclang = document.srclang.clone();
            let mut units = Vec::new();
            for (index, unit) in document.units().enumerate() {
                let unit = unit.unwrap();
                assert_eq!(Some(&unit), whole.units.get(index), "{name}, unit {index}");
                units.push(unit);
            }
            assert_eq!(units.len(), whole.units.len(), "{name}");
            assert_eq!(digest(&tmx::Tmx { srclang, units }), before, "{name}");
        }
    }
}
