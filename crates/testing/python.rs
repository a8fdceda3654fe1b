//! The Python of the tests that check a file with an independent reader: the one
//! `WORDMARK_PYTHON` named when the crate was built (`crates/testing/python_switch.rs` turns on
//! `cfg(python)` then). Such tests carry `#[cfg_attr(not(python), ignore = "…")]`.
//!
//! Included with `#[path]` by each test that needs it.

use std::path::PathBuf;

/// The Python to run; panics when it is not there, so such a test never passes without it.
pub fn python() -> PathBuf {
    // Read when the test was built, like the switch: the two always agree.
    let Some(named) = option_env!("WORDMARK_PYTHON").filter(|named| !named.is_empty()) else {
        panic!("cfg(python) is on only with WORDMARK_PYTHON set");
    };
    let python = PathBuf::from(named);
    assert!(
        python.is_file(),
        "WORDMARK_PYTHON names {}, which is not there (`make py-deps` builds it)",
        python.display()
    );
    python
}
