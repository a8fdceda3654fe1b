//! The termbase readers of other tools' layouts (TBX v3 and v2, a spreadsheet with a column
//! per language) never panic; the first byte picks the layout's opening so that the fuzzer's
//! time goes into that reader rather than into finding it. What they accept is valid, and
//! written back as CSV, TBX v3 and TBX v2 reads back as the same entries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wordmark_core::terms::{self, TermFormat};

const OPENINGS: [&str; 4] = [
    "<tbx type=\"TBX-Basic\" style=\"dca\" xml:lang=\"en\" xmlns=\"urn:iso:std:iso:30042:ed-2\"><text><body><conceptEntry id=\"c1\">",
    "<martif type=\"TBX-Basic-V1\" xml:lang=\"en\"><text><body><termEntry id=\"t1\">",
    "Forbidden,Definition,en-US,Notes,de-DE,fr\n",
    "en\tde\tpt_BR\n",
];

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let mut input = OPENINGS[usize::from(pick) % OPENINGS.len()]
        .as_bytes()
        .to_vec();
    input.extend_from_slice(rest);
    let Ok(file) = terms::read_termbase(&input) else {
        return;
    };
    assert!(!file.entries.is_empty(), "an empty file is refused");
    for entry in &file.entries {
        assert_eq!(entry.clone().validated().as_ref(), Ok(entry));
    }
    for format in [TermFormat::Csv, TermFormat::Tbx, TermFormat::Tbx2] {
        let written = terms::write_file(format, &file.entries).expect("CSV and TBX always write");
        let again = terms::read_termbase(&written).expect("an export reads back");
        assert_eq!(again.entries, file.entries, "{format:?}");
    }
});
