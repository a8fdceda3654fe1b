// The Python switch, included by the build script of each crate with tests that check a file
// with an independent reader (lxml, openpyxl, Python's csv module).
//
// `WORDMARK_PYTHON` names a Python with those packages (`make py-deps` builds one and `make test`
// sets the variable to it). Set, it turns on `cfg(python)`: those tests run, and fail when the
// Python cannot run. Unset, they are reported as ignored, never as passed.
fn python_switch() {
    println!("cargo::rustc-check-cfg=cfg(python)");
    println!("cargo::rerun-if-env-changed=WORDMARK_PYTHON");
    if std::env::var_os("WORDMARK_PYTHON").is_some_and(|value| !value.is_empty()) {
        println!("cargo::rustc-cfg=python");
    }
}
