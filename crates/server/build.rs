//! Records the commit and build date shown by `GET /api/build-info`.
//! `WORDMARK_COMMIT` / `WORDMARK_BUILD_DATE` (or `SOURCE_DATE_EPOCH`) override what `git` and
//! the clock say, for reproducible and CI builds. Also turns on `cfg(corpus)` for the tests
//! that read the reference corpus when `WORDMARK_CORPUS` is set, and packs the WordPress plugin
//! (`connectors/wordpress/wordmark-connector/`) into the zip the server offers for download.

use std::{
    fs,
    io::{Cursor, Write},
    path::{Path, PathBuf},
    process::Command,
    time::{SystemTime, UNIX_EPOCH},
};

include!("../testing/corpus_switch.rs");

/// The plugin's folder, relative to this crate; also the zip's top folder, as WordPress's
/// "Upload Plugin" expects it.
const PLUGIN_DIR: &str = "../../connectors/wordpress/wordmark-connector";
const PLUGIN_FOLDER: &str = "wordmark-connector";

fn main() {
    corpus_switch();
    plugin_zip();
    for var in [
        "WORDMARK_COMMIT",
        "WORDMARK_BUILD_DATE",
        "SOURCE_DATE_EPOCH",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    // Rerun (new date, new commit) whenever the server's sources change.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build.rs");
    // Release builds embed `web/dist` (rust-embed): rebuild when the app is (re)built. While
    // `dist` does not exist, watch `web/` so its creation is noticed (watching a missing path
    // would rerun this script on every build). Debug builds read the folder when they serve it,
    // so they watch nothing there: bundling the app (as `make test` does beside the Rust build)
    // must not recompile the server.
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        let web_dist = std::path::Path::new("../../web/dist");
        let watched = if web_dist.exists() {
            "../../web/dist"
        } else {
            "../../web"
        };
        println!("cargo:rerun-if-changed={watched}");
    }

    let commit = env("WORDMARK_COMMIT")
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".into());
    let date = env("WORDMARK_BUILD_DATE").unwrap_or_else(|| {
        let epoch = env("SOURCE_DATE_EPOCH")
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            });
        rfc3339_utc(epoch)
    });
    println!("cargo:rustc-env=WORDMARK_BUILD_COMMIT={commit}");
    println!("cargo:rustc-env=WORDMARK_BUILD_DATE={date}");
}

/// Writes `$OUT_DIR/wordmark-connector.zip` and sets `WORDMARK_PLUGIN_VERSION` from the main
/// file's `Version:` header. The zip is the same bytes for the same files: entries sorted by
/// path, every date 1980-01-01, every mode 0644, so a rebuild changes nothing it need not.
fn plugin_zip() {
    println!("cargo:rerun-if-changed={PLUGIN_DIR}");
    let root = Path::new(PLUGIN_DIR);
    let main_file = root.join(format!("{PLUGIN_FOLDER}.php"));
    let header = fs::read_to_string(&main_file)
        .unwrap_or_else(|error| panic!("{}: {error}", main_file.display()));
    let version = header
        .lines()
        .find_map(|line| {
            let line = line.trim_start_matches([' ', '\t', '*', '/']);
            line.strip_prefix("Version:").map(str::trim)
        })
        .filter(|version| !version.is_empty())
        .unwrap_or_else(|| panic!("{} has no `Version:` header", main_file.display()));
    println!("cargo:rustc-env=WORDMARK_PLUGIN_VERSION={version}");

    let mut files = Vec::new();
    collect_files(root, &mut files);
    files.sort();
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    for file in files {
        let relative = file.strip_prefix(root).expect("collected under the root");
        let name: Vec<_> = relative
            .components()
            .map(|part| {
                part.as_os_str()
                    .to_str()
                    .expect("plugin file names are UTF-8")
            })
            .collect();
        zip.start_file(format!("{PLUGIN_FOLDER}/{}", name.join("/")), options)
            .and_then(|()| {
                zip.write_all(&fs::read(&file)?)?;
                Ok(())
            })
            .unwrap_or_else(|error| panic!("{}: {error}", file.display()));
    }
    let bytes = zip
        .finish()
        .expect("the zip is written to memory")
        .into_inner();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("wordmark-connector.zip"), bytes).expect("OUT_DIR is writable");
}

/// Every file under `dir`, in its folders too.
fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("the plugin's folder is readable").path();
        if path.is_dir() {
            collect_files(&path, files);
        } else {
            files.push(path);
        }
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn git_commit() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()?;
    let commit = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (out.status.success() && !commit.is_empty()).then_some(commit)
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a Unix time (Howard Hinnant's civil-from-days), so the build
/// script needs no date crate.
fn rfc3339_utc(epoch: u64) -> String {
    let days = (epoch / 86_400) as i64;
    let secs = epoch % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}
