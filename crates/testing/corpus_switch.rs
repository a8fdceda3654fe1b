// The corpus switch, included by the build script of each crate with corpus tests.
//
// `WORDMARK_CORPUS` names the reference corpus outside the repository (`make test` sets it when
// `../shared/corpus` is beside the clone). Set, it turns on `cfg(corpus)`: the tests that read
// the corpus run, and fail when they find nothing there. Unset, those tests are reported as
// ignored, never as passed. `cfg(corpus)` is declared so the compiler knows the name either way.
fn corpus_switch() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    println!("cargo::rerun-if-env-changed=WORDMARK_CORPUS");
    if std::env::var_os("WORDMARK_CORPUS").is_some_and(|value| !value.is_empty()) {
        println!("cargo::rustc-cfg=corpus");
    }
}
