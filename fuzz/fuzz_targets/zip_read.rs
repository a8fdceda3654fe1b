//! The archive reader never panics and never returns more than its limits allow. Small limits
//! so that the fuzzer reaches them.
#![no_main]

use std::collections::HashSet;
use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use wordmark_core::archive::{self, Limits};

const LIMITS: Limits = Limits {
    max_entries: 16,
    max_entry_bytes: 64 * 1024,
    max_total_bytes: 256 * 1024,
    max_ratio: 50,
    ratio_floor_bytes: 4 * 1024,
};

fuzz_target!(|bytes: &[u8]| {
    let accept = |name: &str| !name.ends_with(".skip");
    let read = archive::read_zip("fuzz.zip", Cursor::new(bytes), &LIMITS, accept);
    // The check before a library opens an archive must not panic either.
    let _ = archive::check_zip("fuzz.zip", Cursor::new(bytes), &LIMITS);
    let Ok(extracted) = read else {
        return;
    };
    let files = &extracted.files;
    assert!(files.len() + extracted.skipped.len() <= LIMITS.max_entries);
    let mut total = 0u64;
    let mut names = HashSet::new();
    for file in files {
        let size = file.bytes.len() as u64;
        assert!(
            size <= LIMITS.max_entry_bytes,
            "{} holds {size} bytes",
            file.path
        );
        assert!(size > 0, "{} is empty", file.path);
        total += size;
        assert!(accept(&file.file_name));
        assert!(file.path.ends_with(&file.file_name));
        assert!(!file.file_name.is_empty() && !file.file_name.contains(['/', '\\']));
        assert!(
            !file.path.starts_with(['/', '\\'])
                && !file.path.split(['/', '\\']).any(|part| part == ".."),
            "unsafe path {:?}",
            file.path
        );
        assert!(
            names.insert(file.file_name.to_lowercase()),
            "two files named {}",
            file.file_name
        );
        if let Some(stream) = &file.deflated {
            assert!(archive::inflate(stream).expect("the kept stream inflates") == file.bytes);
        }
    }
    assert!(total <= LIMITS.max_total_bytes, "{total} bytes in all");
});
