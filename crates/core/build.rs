//! Turns on `cfg(corpus)` for the tests that read the reference corpus when `WORDMARK_CORPUS`
//! is set, and `cfg(python)` for those that check a file with Python's readers when
//! `WORDMARK_PYTHON` is.

include!("../testing/corpus_switch.rs");
include!("../testing/python_switch.rs");

fn main() {
    corpus_switch();
    python_switch();
}
