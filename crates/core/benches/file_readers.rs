//! Reading memories and termbases the size agencies bring: a TMX of 100,000 units (a third with
//! Trados-style `bpt`/`ept` pairs and `ph` codes, props and notes) and a TBX v3 (TBX-Basic) of
//! 50,000 concept entries, each read by Wordmark's reader (the TMX both as the import reads it,
//! checked whole and then streamed a unit at a time, and collected whole) and, as the baseline
//! in the same run,
//! by Python's lxml (`benches/baseline/file_read.py`: `iterparse`, each unit's text and codes
//! taken and the element cleared, the fastest way lxml reads a large file).
//!
//! Each read runs in a child process of its own (this binary again, or the Python script) so
//! that its peak resident memory (`VmHWM`) is its own; three runs each, medians compared.
//! Run: `cargo bench --locked --workspace --bench file_readers` (after `make py-deps`). Not a test:
//! nothing here asserts a number.

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

const TMX_UNITS: usize = 100_000;
const TBX_ENTRIES: usize = 50_000;
const RUNS: usize = 3;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, kind, path] = args.as_slice()
        && mode == "child"
    {
        child(kind, Path::new(path));
        return;
    }
    let folder = std::env::temp_dir().join(format!("wordmark-file-readers-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temporary folder");
    let tmx = folder.join("memory.tmx");
    std::fs::write(&tmx, generated_tmx()).expect("TMX written");
    let tbx = folder.join("termbase.tbx");
    std::fs::write(&tbx, generated_tbx()).expect("TBX written");
    println!(
        "| file | reader | time (median of {RUNS}) | peak memory | items | vs. lxml (time, memory) |"
    );
    println!("|---|---|---|---|---|---|");
    for (kind, path, what, readers) in [
        (
            "tmx",
            &tmx,
            format!("TMX, {TMX_UNITS} units"),
            &[
                ("Wordmark, checked then streamed", "tmx-stream"),
                ("Wordmark, read whole", "tmx"),
            ][..],
        ),
        (
            "tbx",
            &tbx,
            format!("TBX v3, {TBX_ENTRIES} entries"),
            &[("Wordmark", "tbx")][..],
        ),
    ] {
        let size = std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / (1 << 20) as f64;
        let ours: Vec<(&str, Run)> = readers
            .iter()
            .map(|&(reader, mode)| (reader, median(|| own_read(mode, path))))
            .collect();
        let lxml = median(|| lxml_read(kind, path));
        for (reader, run) in ours.iter().chain([&("lxml iterparse", lxml)]) {
            println!(
                "| {what} ({size:.0} MiB) | {reader} | {:.2} s | {:.0} MiB | {} | {:.2}×, {:.2}× |",
                run.secs,
                run.peak_kib as f64 / 1024.0,
                run.items,
                run.secs / lxml.secs,
                run.peak_kib as f64 / lxml.peak_kib as f64,
            );
            assert_eq!(run.items, lxml.items, "{reader} sees every {kind} item");
        }
    }
    std::fs::remove_dir_all(&folder).ok();
}

/// One read: its time, the process's peak memory and how many units or entries it found.
#[derive(Clone, Copy)]
struct Run {
    secs: f64,
    peak_kib: u64,
    items: usize,
}

fn median(mut run: impl FnMut() -> Run) -> Run {
    let mut runs: Vec<Run> = (0..RUNS).map(|_| run()).collect();
    runs.sort_by(|a, b| a.secs.total_cmp(&b.secs));
    let mut median = runs[RUNS / 2];
    median.peak_kib = runs.iter().map(|r| r.peak_kib).max().unwrap_or(0);
    median
}

/// `secs peak_kib items` as a child prints them.
fn parse_run(output: std::process::Output, who: &str) -> Run {
    assert!(
        output.status.success(),
        "{who} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [secs, peak, items] = fields.as_slice() else {
        panic!("{who} printed {text:?}");
    };
    Run {
        secs: secs.parse().unwrap(),
        peak_kib: peak.parse().unwrap(),
        items: items.parse().unwrap(),
    }
}

fn own_read(mode: &str, path: &Path) -> Run {
    let me = std::env::current_exe().expect("the bench's own path");
    let output = Command::new(me)
        .args(["child", mode])
        .arg(path)
        .output()
        .expect("the bench runs itself");
    parse_run(output, "Wordmark's reader")
}

fn lxml_read(kind: &str, path: &Path) -> Run {
    let home = std::env::var("HOME").expect("HOME");
    let python = PathBuf::from(home).join(".cache/wordmark/bench-venv/bin/python");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../benches/baseline/file_read.py"
    );
    let output = Command::new(&python)
        .arg(script)
        .arg(kind)
        .arg(path)
        .output()
        .unwrap_or_else(|err| panic!("{} ({err}); run `make py-deps` first", python.display()));
    parse_run(output, "lxml")
}

/// In the child: read the file as the import does (bytes in memory, then the reader).
fn child(mode: &str, path: &Path) {
    let started = Instant::now();
    let bytes = std::fs::read(path).expect("file readable");
    let items = match mode {
        // The import's way: the whole file checked, then each unit read and let go.
        "tmx-stream" => {
            let mut units = 0;
            for unit in wordmark_core::tm::tmx::check(bytes)
                .expect("TMX checked")
                .units()
            {
                unit.expect("TMX unit read");
                units += 1;
            }
            units
        }
        "tmx" => wordmark_core::tm::tmx::read(&bytes)
            .expect("TMX read")
            .units
            .len(),
        "tbx" => {
            let (_, entries) = wordmark_core::terms::read_file(&bytes).expect("TBX read");
            // One entry per concept and target language; the generated file has one target.
            entries.len()
        }
        other => panic!("unknown mode {other}"),
    };
    let secs = started.elapsed().as_secs_f64();
    println!("{secs} {} {items}", peak_kib());
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

/// Words for generated sentences, so that texts differ as real ones do.
const WORDS: &[&str] = &[
    "open", "store", "hours", "delivery", "free", "order", "basket", "account", "price", "size",
    "colour", "return", "within", "days", "contact", "support", "secure", "payment", "shipping",
    "product",
];

fn sentence(seed: usize, words: usize) -> String {
    (0..words)
        .map(|i| WORDS[(seed * 7 + i * 13) % WORDS.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

fn generated_tmx() -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n<header creationtool=\"SDL Language Platform\" creationtoolversion=\"8.1\" o-tmf=\"SDL TM8 Format\" datatype=\"xml\" segtype=\"sentence\" adminlang=\"en-US\" srclang=\"en-US\"/>\n<body>\n",
    );
    for i in 0..TMX_UNITS {
        let text = sentence(i, 8 + i % 12);
        let (source, target) = match i % 3 {
            0 => (
                format!(
                    "{text} <bpt i=\"1\" type=\"bold\">&lt;b&gt;</bpt>{i}<ept i=\"1\">&lt;/b&gt;</ept> now<ph x=\"2\">%s</ph>"
                ),
                format!(
                    "DE {text} <bpt i=\"1\" type=\"bold\">&lt;b&gt;</bpt>{i}<ept i=\"1\">&lt;/b&gt;</ept> jetzt<ph x=\"2\">%s</ph>"
                ),
            ),
            _ => (format!("{text} {i}"), format!("DE {text} {i}")),
        };
        let _ = writeln!(
            out,
            "<tu creationdate=\"20240101T120000Z\" creationid=\"TRANSLATOR\" changedate=\"20240102T120000Z\"><prop type=\"x-Context\">page-{}</prop><note>unit {i}</note><tuv xml:lang=\"en-US\"><seg>{source}</seg></tuv><tuv xml:lang=\"de-DE\"><seg>{target}</seg></tuv></tu>",
            i % 500
        );
    }
    out.push_str("</body>\n</tmx>\n");
    out
}

fn generated_tbx() -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tbx style=\"dca\" type=\"TBX-Basic\" xml:lang=\"en\" xmlns=\"urn:iso:std:iso:30042:ed-2\" xmlns:basic=\"http://www.tbxinfo.net/ns/basic\">\n<tbxHeader><fileDesc><sourceDesc><p>generated</p></sourceDesc></fileDesc></tbxHeader>\n<text><body>\n",
    );
    for i in 0..TBX_ENTRIES {
        let term = format!("{} {i}", sentence(i, 1 + i % 3));
        let status = ["preferred", "admitted", "deprecated"][i % 3];
        let _ = writeln!(
            out,
            "<conceptEntry id=\"c{i}\"><descrip type=\"subjectField\">retail</descrip><langSec xml:lang=\"en\"><termSec><term>{term}</term><termNote type=\"partOfSpeech\">noun</termNote></termSec></langSec><langSec xml:lang=\"de\"><termSec><term>DE {term}</term><termNote type=\"partOfSpeech\">noun</termNote><termNote type=\"administrativeStatus\">{status}Term-admn-sts</termNote></termSec></langSec></conceptEntry>"
        );
    }
    out.push_str("</body></text>\n</tbx>\n");
    out
}
