//! Turns on `cfg(corpus)` for the tests that read the reference corpus when `WORDMARK_CORPUS`
//! is set.

include!("../testing/corpus_switch.rs");

fn main() {
    corpus_switch();
}
