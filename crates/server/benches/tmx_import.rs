//! What a large TMX import holds in memory (not a test): a generated TMX of
//! `WORDMARK_BENCH_UNITS` units (100,000 by default; every unit with a prop, a note, dates and
//! an English and a German variant, a third of them with HTML codes) imported as the import
//! route does it, into a client of a fresh SQLite file: the bytes read whole, `tmx::check`,
//! then `memory::manage::import` in one write transaction. The import runs in a child process
//! of its own, so that its peak resident memory (`VmHWM`) is the import's, not the generator's.
//! Prints the file's size, the import's time, its peak memory and its report.
//!
//! Run: `cargo bench --locked --workspace --bench tmx_import`.

use std::{path::Path, process::Command, time::Instant};

use sea_orm::{ActiveValue::Set, EntityTrait};
use wordmark_core::{
    segment::Markup,
    tm::tmx::{self, History, Prop, Unit, Variant},
};
use wordmark_server::{
    db::{self, entities::client},
    services::{clock::Clock, memory::manage},
};

const WORDS: &[&str] = &[
    "open", "store", "hours", "delivery", "free", "order", "basket", "account", "price", "size",
    "colour", "return", "within", "days", "contact", "support", "secure", "payment", "shipping",
    "product",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, path] = args.as_slice()
        && mode == "child"
    {
        child(Path::new(path));
        return;
    }
    let units: usize = std::env::var("WORDMARK_BENCH_UNITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let folder = tempfile::tempdir().expect("temporary folder");
    let path = folder.path().join("memory.tmx");
    std::fs::write(&path, generated(units)).expect("TMX written");
    let size = std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / (1 << 20) as f64;
    let output = Command::new(std::env::current_exe().expect("the bench's own path"))
        .arg("child")
        .arg(&path)
        .output()
        .expect("the bench runs itself");
    assert!(
        output.status.success(),
        "the import failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    print!("TMX of {units} units ({size:.0} MiB): ");
    print!("{}", String::from_utf8_lossy(&output.stdout));
}

/// In the child: the import, timed, with the process's peak memory after it.
fn child(path: &Path) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!(
            "sqlite://{}?mode=rwc",
            folder.path().join("bench.db").display()
        );
        let conn = db::connect_and_migrate(&url).await.expect("database");
        let client_id = client::Entity::insert(client::ActiveModel {
            client_name: Set("Bench".into()),
            name_key: Set("bench".into()),
            date_created: Set(Clock::default().now()),
            ..Default::default()
        })
        .exec(&conn)
        .await
        .expect("client")
        .last_insert_id;
        let started = Instant::now();
        let bytes = std::fs::read(path).expect("TMX read");
        let document = tokio::task::spawn_blocking(move || tmx::check(bytes))
            .await
            .expect("check finished")
            .expect("TMX checked");
        let checked = started.elapsed().as_secs_f64();
        let txn = db::begin_write(&conn).await.expect("transaction");
        let report = manage::import(&txn, client_id, document, Clock::default().now())
            .await
            .expect("import");
        txn.commit().await.expect("commit");
        println!(
            "checked in {checked:.2} s, imported in {:.1} s, peak memory {:.0} MiB; {report:?}",
            started.elapsed().as_secs_f64(),
            peak_kib() as f64 / 1024.0,
        );
    });
}

/// The process's peak resident memory so far (`VmHWM` of /proc/self/status), in KiB.
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// A TMX as Wordmark's export writes it, with sentences that differ as real ones do.
fn generated(units: usize) -> String {
    let mut out = String::new();
    tmx::write_start(&mut out, "en", "20261127T000000Z");
    for i in 0..units {
        let text: Vec<&str> = (0..8 + i % 12)
            .map(|w| WORDS[(i * 7 + w * 13) % WORDS.len()])
            .collect();
        let text = text.join(" ");
        let (source, target) = if i % 3 == 0 {
            (
                format!("{text} <b>{i}</b> now"),
                format!("DE {text} <b>{i}</b> jetzt"),
            )
        } else {
            (format!("{text} {i}"), format!("DE {text} {i}"))
        };
        let variant = |lang: &str, content: String| Variant {
            lang: lang.into(),
            content,
            ..Variant::default()
        };
        let unit = Unit {
            tuid: None,
            srclang: None,
            markup: Markup::Html,
            props: vec![Prop {
                kind: "x-Context".into(),
                value: format!("page-{}", i % 500),
            }],
            notes: vec![format!("unit {i}")],
            history: History {
                creationdate: Some("20240101T120000Z".into()),
                creationid: Some("TRANSLATOR".into()),
                ..History::default()
            },
            variants: vec![variant("en", source), variant("de", target)],
        };
        tmx::write_unit(&mut out, &unit);
    }
    tmx::write_end(&mut out);
    out
}
