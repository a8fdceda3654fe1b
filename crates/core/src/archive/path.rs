//! What an entry's path means: a folder, macOS metadata, a file, or an attempt to escape.

/// How an entry's path is treated.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum EntryPath<'a> {
    /// A folder entry (`site/`): ignored, its files come as their own entries.
    Folder,
    /// Finder's metadata (`__MACOSX/…`, `._name`, `.DS_Store`): silently ignored, not reported
    /// as skipped, since macOS adds it to the zips it makes without asking.
    MacJunk,
    /// A file, with its last path component.
    File { file_name: &'a str },
}

/// Classifies an entry path, or says why it is unsafe.
///
/// Backslashes count as separators: Windows tools write `folder\file`, and `..\x` must be
/// caught like `../x`. Refused outright: absolute paths, drive letters, `..`, control
/// characters; an archive that contains one is not something anyone made by accident.
pub(super) fn classify(path: &str) -> Result<EntryPath<'_>, &'static str> {
    if path.chars().any(char::is_control) {
        return Err("it contains control characters");
    }
    if path.starts_with(['/', '\\']) {
        return Err("it is an absolute path");
    }
    let mut components = path
        .split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != ".");
    let first = components.clone().next();
    if first.is_some_and(|c| c.len() >= 2 && c.as_bytes()[1] == b':') {
        return Err("it starts with a drive letter");
    }
    if components.clone().any(|c| c == "..") {
        return Err("it points outside its folder");
    }
    let Some(file_name) = components.next_back() else {
        return Ok(EntryPath::Folder);
    };
    if path.ends_with(['/', '\\']) {
        return Ok(EntryPath::Folder);
    }
    let in_macosx = components.any(|c| c == "__MACOSX") || file_name == "__MACOSX";
    if in_macosx || file_name.starts_with("._") || file_name == ".DS_Store" {
        return Ok(EntryPath::MacJunk);
    }
    Ok(EntryPath::File { file_name })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str) -> Result<EntryPath<'_>, &'static str> {
        Ok(EntryPath::File { file_name: name })
    }

    #[test]
    fn files_in_folders_keep_their_last_component() {
        assert_eq!(classify("page-1.xliff"), file("page-1.xliff"));
        assert_eq!(classify("site/de/page-1.xliff"), file("page-1.xliff"));
        assert_eq!(classify("./site/page-1.xliff"), file("page-1.xliff"));
        assert_eq!(classify("site\\page-1.xliff"), file("page-1.xliff"));
    }

    #[test]
    fn folders_and_mac_metadata_are_recognised() {
        assert_eq!(classify("site/"), Ok(EntryPath::Folder));
        assert_eq!(
            classify("__MACOSX/site/._page.xliff"),
            Ok(EntryPath::MacJunk)
        );
        assert_eq!(classify("site/._page.xliff"), Ok(EntryPath::MacJunk));
        assert_eq!(classify("site/.DS_Store"), Ok(EntryPath::MacJunk));
        assert_eq!(classify("__MACOSX"), Ok(EntryPath::MacJunk));
    }

    #[test]
    fn escapes_are_refused() {
        for path in [
            "../evil.xliff",
            "site/../../evil.xliff",
            "..\\evil.xliff",
            "site\\..\\..\\evil.xliff",
            "/abs.xliff",
            "\\abs.xliff",
            "C:/abs.xliff",
            "c:abs.xliff",
            "site/evil\0.xliff",
        ] {
            assert!(classify(path).is_err(), "{path:?} must be refused");
        }
    }
}
