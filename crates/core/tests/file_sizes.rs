//! No source file of the workspace's crates or of the app is over 700 lines: a longer file
//! holds several things, each of which gets a module named for what it does. Generated files
//! (the app's typed API client) are not written by hand and do not count.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 700;

/// Files written by tools, not people.
const GENERATED: [&str; 1] = ["web/src/api/schema.d.ts"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sources(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, extensions, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_700_lines() {
    let root = workspace();
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        sources(&krate.unwrap().path().join("src"), &["rs"], &mut files);
    }
    let rust = files.len();
    sources(&root.join("web/src"), &["ts", "tsx"], &mut files);
    assert!(
        rust > 100 && files.len() > rust,
        "the walk found the sources"
    );
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let shown = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let lines = std::fs::read_to_string(path).unwrap().lines().count();
            (lines > MAX_LINES && !GENERATED.contains(&shown.as_str()))
                .then(|| format!("{shown}: {lines} lines"))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines, to be split into modules named for what they do:\n{}",
        long.join("\n")
    );
}
