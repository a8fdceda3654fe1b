//! The review-workbook reader never panics, and what it reads is consistent: one row per unit
//! key, rows and problems numbered as Excel shows them (1-based, below the header).
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use wordmark_core::xlsx;

fuzz_target!(|bytes: &[u8]| {
    let Ok(workbook) = xlsx::read_workbook("fuzz.xlsx", bytes) else {
        return;
    };
    let mut keys = HashSet::new();
    for row in &workbook.rows {
        assert!(
            row.row_number >= 2,
            "row {} is at or above any header",
            row.row_number
        );
        assert!(!row.key.trim().is_empty(), "a row without a key was read");
        assert!(
            keys.insert(row.key.as_str()),
            "key {:?} was read twice",
            row.key
        );
    }
    for problem in &workbook.problems {
        assert!(problem.row_number >= 2);
        assert!(!problem.to_string().is_empty());
    }
});
