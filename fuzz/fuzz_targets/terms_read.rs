//! The termbase file reader (CSV/TSV, TBX; XLSX reaches calamine behind the zip limits) never
//! panics, and what it accepts is valid and written back by every format without a failure;
//! a CSV or TBX export of it reads back as the same entries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wordmark_core::terms::{self, TermFormat};

fuzz_target!(|bytes: &[u8]| {
    let Ok((_, entries)) = terms::read_file(bytes) else {
        return;
    };
    for entry in &entries {
        assert_eq!(entry.clone().validated().as_ref(), Ok(entry));
    }
    assert!(!entries.is_empty(), "a file that gives no entry is refused");
    for format in [TermFormat::Csv, TermFormat::Tbx, TermFormat::Tbx2] {
        let written = terms::write_file(format, &entries).expect("CSV and TBX always write");
        let (_, again) = terms::read_file(&written).expect("an export reads back");
        assert_eq!(again, entries, "{format:?}");
    }
});
