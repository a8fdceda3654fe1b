//! Records the commit and build date shown by `GET /api/build-info`.
//! `WORDMARK_COMMIT` / `WORDMARK_BUILD_DATE` (or `SOURCE_DATE_EPOCH`) override what `git` and
//! the clock say, for reproducible and CI builds. Also turns on `cfg(corpus)` for the tests
//! that read the reference corpus when `WORDMARK_CORPUS` is set.

use std::{
    process::Command,
    time::{SystemTime, UNIX_EPOCH},
};

include!("../testing/corpus_switch.rs");

fn main() {
    corpus_switch();
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
