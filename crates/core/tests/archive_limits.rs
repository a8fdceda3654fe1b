//! Uploaded archives: every refusal names the archive and the entry, nothing hostile gets through.
//! Archives are built in the tests, byte by byte where a hostile one needs it.

use std::io::{Cursor, Write};

use wordmark_core::archive::{ArchiveError, Limits, ZipIn, check_zip, read_zip};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

const MIB: usize = 1024 * 1024;

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        if name.ends_with('/') {
            zip.add_directory(*name, SimpleFileOptions::default())
                .unwrap();
        } else {
            zip.start_file(*name, SimpleFileOptions::default()).unwrap();
            zip.write_all(bytes).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

fn xliff(path: &str, bytes: Vec<u8>, limits: &Limits) -> Result<Vec<String>, ArchiveError> {
    let extracted = read_zip(path, Cursor::new(bytes), limits, |name| {
        name.ends_with(".xliff")
    })?;
    Ok(extracted.files.into_iter().map(|f| f.path).collect())
}

/// Overwrites a little-endian field of every local and central header in the archive.
fn patch_headers(bytes: &mut [u8], local_offset: usize, central_offset: usize, value: &[u8]) {
    let mut at = 0;
    while at + 4 <= bytes.len() {
        let field = match &bytes[at..at + 4] {
            b"PK\x03\x04" => Some(at + local_offset),
            b"PK\x01\x02" => Some(at + central_offset),
            _ => None,
        };
        if let Some(field) = field {
            bytes[field..field + value.len()].copy_from_slice(value);
        }
        at += 1;
    }
}

fn zeros_zip(name: &str, mebibytes: usize) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file(name, SimpleFileOptions::default()).unwrap();
    let zeros = vec![0u8; MIB];
    for _ in 0..mebibytes {
        zip.write_all(&zeros).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[test]
fn a_zip_bomb_is_refused() {
    // 100 MB of zeros deflate to ~100 KB; its header admits the size, so it stops at once.
    let bomb = zeros_zip("bomb.xliff", 100);
    assert!(bomb.len() < 200 * 1024);
    let error = xliff("upload.zip", bomb, &Limits::default()).unwrap_err();
    assert!(error.is_too_large());
    assert_eq!(
        error.to_string(),
        "'bomb.xliff' in 'upload.zip' unpacks to more than 50 MiB"
    );

    // Under the size limit, the ratio gives it away while unpacking.
    let bomb = zeros_zip("bomb.xliff", 40);
    let error = xliff("upload.zip", bomb.clone(), &Limits::default()).unwrap_err();
    assert!(!error.is_too_large());
    assert_eq!(
        error.to_string(),
        "'bomb.xliff' in 'upload.zip' is compressed more than 200:1, which looks like a zip bomb"
    );

    // The same bounds protect readers that open archives themselves (XLSX).
    let error = check_zip("bomb.xlsx", Cursor::new(bomb), &Limits::default()).unwrap_err();
    assert!(
        matches!(error, ArchiveError::SuspiciousRatio { .. }),
        "{error}"
    );
}

#[test]
fn a_small_file_that_compresses_well_is_no_bomb() {
    let repeated = vec![b'a'; 500 * 1024];
    let archive = zip_of(&[("page.xliff", &repeated)]);
    assert_eq!(
        xliff("upload.zip", archive, &Limits::default()).unwrap(),
        ["page.xliff"]
    );
}

#[test]
fn a_header_that_understates_the_size_does_not_let_the_bytes_through() {
    // 2 MiB claiming to be 10 bytes: refused while unpacking, naming the entry.
    let bytes = vec![b'x'; 2 * MIB];
    let mut lying = zip_of(&[("page.xliff", &bytes)]);
    patch_headers(&mut lying, 22, 24, &10u32.to_le_bytes());
    let error = xliff("upload.zip", lying, &Limits::default()).unwrap_err();
    assert!(
        matches!(&error, ArchiveError::Corrupt { entry, .. } | ArchiveError::EntryTooLarge { entry, .. } if entry == "page.xliff"),
        "{error}"
    );
}

#[test]
fn the_total_of_all_files_is_bounded() {
    let block = vec![b'x'; 600];
    let archive = zip_of(&[("a.xliff", &block), ("b.xliff", &block)]);
    let limits = Limits {
        max_total_bytes: 1000,
        ..Limits::default()
    };
    let error = xliff("upload.zip", archive, &limits).unwrap_err();
    assert!(
        matches!(error, ArchiveError::TotalTooLarge { .. }),
        "{error}"
    );
    assert!(error.is_too_large());
}

#[test]
fn paths_that_leave_the_archive_are_refused() {
    for (path, reason) in [
        ("../evil.xliff", "it points outside its folder"),
        ("site/../../evil.xliff", "it points outside its folder"),
        ("/abs.xliff", "it is an absolute path"),
        ("..\\evil.xliff", "it points outside its folder"),
        ("C:\\evil.xliff", "it starts with a drive letter"),
    ] {
        let archive = zip_of(&[("fine.xliff", b"<xliff/>"), (path, b"<xliff/>")]);
        let error = xliff("upload.zip", archive, &Limits::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("'{path}' in 'upload.zip' has an unsafe path: {reason}")
        );
        assert!(!error.is_too_large());
    }
}

#[test]
fn symbolic_links_and_encrypted_entries_are_refused() {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    zip.add_symlink("page.xliff", "/etc/passwd", SimpleFileOptions::default())
        .unwrap();
    let link = zip.finish().unwrap().into_inner();
    let error = xliff("upload.zip", link, &Limits::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'page.xliff' in 'upload.zip' has an unsafe path: it is a symbolic link"
    );

    // General purpose flag bit 0 marks an entry as encrypted.
    let mut encrypted = zip_of(&[("page.xliff", b"<xliff/>")]);
    patch_headers(&mut encrypted, 6, 8, &1u16.to_le_bytes());
    let error = xliff("upload.zip", encrypted, &Limits::default()).unwrap_err();
    assert!(matches!(error, ArchiveError::Encrypted { .. }), "{error}");
}

#[test]
fn too_many_entries_are_refused_before_reading_any() {
    let names: Vec<String> = (0..10_001).map(|i| format!("p{i}.xliff")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
    let error = xliff("upload.zip", zip_of(&entries), &Limits::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'upload.zip' holds 10001 entries; at most 10000 are accepted"
    );
    assert!(error.is_too_large());
}

#[test]
fn folders_and_macos_metadata_are_ignored_and_other_files_reported() {
    let archive = zip_of(&[
        ("site/", b""),
        ("site/de/", b""),
        ("site/de/home.xliff", b"<xliff>home</xliff>"),
        ("site/about.xliff", b"<xliff>about</xliff>"),
        ("__MACOSX/site/de/._home.xliff", b"\0\x05\x16\x07"),
        ("site/.DS_Store", b"\0\0\0\x01Bud1"),
        ("site/._about.xliff", b"\0\x05\x16\x07"),
        ("site/notes.txt", b"call the client"),
    ]);
    let extracted = read_zip(
        "upload.zip",
        Cursor::new(archive),
        &Limits::default(),
        |name| name.ends_with(".xliff"),
    )
    .unwrap();
    let files: Vec<_> = extracted
        .files
        .iter()
        .map(|f| (f.file_name.as_str(), f.path.as_str(), f.bytes.as_slice()))
        .collect();
    assert_eq!(
        files,
        [
            (
                "home.xliff",
                "site/de/home.xliff",
                &b"<xliff>home</xliff>"[..]
            ),
            (
                "about.xliff",
                "site/about.xliff",
                &b"<xliff>about</xliff>"[..]
            ),
        ]
    );
    assert_eq!(extracted.skipped, ["site/notes.txt"]);
}

#[test]
fn the_same_name_in_two_folders_is_refused_naming_both() {
    let archive = zip_of(&[
        ("de/page.xliff", b"<xliff/>"),
        ("fr/Page.xliff", b"<xliff/>"),
    ]);
    let error = xliff("upload.zip", archive, &Limits::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'upload.zip' holds two files named alike: 'de/page.xliff' and 'fr/Page.xliff'"
    );
}

#[test]
fn bytes_that_are_no_zip_are_refused_with_the_archive_name() {
    let error = xliff(
        "notes.zip",
        b"<xliff>not zipped</xliff>".to_vec(),
        &Limits::default(),
    )
    .unwrap_err();
    assert!(matches!(error, ArchiveError::NotZip { .. }), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("'notes.zip' is not a zip archive")
    );
    assert!(!error.is_too_large());
}

#[test]
fn an_empty_accepted_file_is_refused_but_an_empty_skipped_one_is_not() {
    let archive = zip_of(&[("page.xliff", b"<xliff/>"), ("empty.xliff", b"")]);
    let error = xliff("upload.zip", archive, &Limits::default()).unwrap_err();
    assert_eq!(error.to_string(), "'empty.xliff' in 'upload.zip' is empty");

    let archive = zip_of(&[("page.xliff", b"<xliff/>"), ("empty.txt", b"")]);
    assert_eq!(
        xliff("upload.zip", archive, &Limits::default()).unwrap(),
        ["page.xliff"]
    );
}

#[test]
fn entries_read_by_name_are_judged_like_visited_ones() {
    let bytes = zip_of(&[
        ("site/", b""),
        ("manifest.json", b"{}"),
        ("__MACOSX/._manifest.json", b"junk"),
        ("a.xliff", b"<a/>"),
    ]);
    let mut zip = ZipIn::open("client.zip", Cursor::new(bytes), &Limits::default()).unwrap();
    assert_eq!(zip.paths(), ["manifest.json", "a.xliff"]);
    let file = zip.read("a.xliff").unwrap().unwrap();
    assert_eq!(
        (file.file_name.as_str(), file.bytes.as_slice()),
        ("a.xliff", &b"<a/>"[..])
    );
    assert!(zip.read("b.xliff").unwrap().is_none());

    // Every read counts against the total, however often an entry is read.
    let limits = Limits {
        max_total_bytes: 5,
        ..Limits::default()
    };
    let bytes = zip_of(&[("a.xliff", b"<a/>")]);
    let mut zip = ZipIn::open("client.zip", Cursor::new(bytes), &limits).unwrap();
    zip.read("a.xliff").unwrap();
    let err = zip.read("a.xliff").unwrap_err();
    assert!(matches!(err, ArchiveError::TotalTooLarge { .. }), "{err}");

    // An unsafe path refuses the archive when it opens.
    let bytes = zip_of(&[("../escape.json", b"{}")]);
    let err = ZipIn::open("client.zip", Cursor::new(bytes), &Limits::default())
        .err()
        .unwrap();
    assert!(
        err.to_string().contains("'../escape.json' in 'client.zip'"),
        "{err}"
    );
}
