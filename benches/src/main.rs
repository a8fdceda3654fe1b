//! `wordmark-bench`: times whole workflows on the real `wordmark` binary (release build, fresh
//! SQLite file) next to named baselines measured on the same machine in the same run:
//!
//! - project creation from 300 WPML files × 120 units vs. merely unzipping and re-zipping the
//!   same archive (issue 4's goal: within 3×), in process with the `zip` crate (the strict
//!   reference) and with Info-ZIP's command-line tools through a folder (for context);
//! - pre-translation with the pseudo provider, then XLSX export, XLSX import and XLIFF export
//!   of that project, the XLSX export vs. a Python script doing it with openpyxl and lxml
//!   (issue 6's goal: at most a tenth of its time);
//! - the server's peak resident memory during each step (the most of all runs), the number the
//!   bounded-memory work keeps flat as projects grow.
//!
//! - with `--wordpress [--pages N]`, the sites benchmark instead (`wordpress`): listing and
//!   pulling 500 pages of the local WordPress test site and publishing their translations, vs.
//!   a bare client of WordPress's REST API doing the same reads and writes.
//!
//! Each workflow runs `--runs` times (5 by default; one project each, on the same server) with
//! the archive baselines in between, and medians are compared; the Python baseline runs once.
//! Results are printed as a Markdown table for `docs/benchmarks.md`. Not a test: numbers vary by
//! machine, so nothing here asserts a time.

mod corpus;
mod python;
mod server;
mod wordpress;

use std::time::{Duration, Instant};

use anyhow::{Context, Result};

struct Args {
    bin: String,
    files: u32,
    units: usize,
    python: bool,
    /// How many times each workflow and its baselines run (medians are compared).
    runs: usize,
    /// Where to also write the generated archive, to time other tools on the same input.
    save_zip: Option<String>,
    /// The sites benchmark instead (`--wordpress`), with this many pages.
    wordpress: Option<usize>,
}

fn args() -> Result<Args> {
    let mut parsed = Args {
        bin: "target/release/wordmark".into(),
        files: 300,
        units: 120,
        python: true,
        runs: 5,
        save_zip: None,
        wordpress: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--bin" => parsed.bin = it.next().context("--bin needs a path")?,
            "--files" => parsed.files = it.next().context("--files needs a number")?.parse()?,
            "--units" => parsed.units = it.next().context("--units needs a number")?.parse()?,
            "--no-python" => parsed.python = false,
            "--runs" => parsed.runs = it.next().context("--runs needs a number")?.parse()?,
            "--save-zip" => parsed.save_zip = Some(it.next().context("--save-zip needs a path")?),
            "--wordpress" => parsed.wordpress = Some(parsed.wordpress.unwrap_or(500)),
            "--pages" => {
                parsed.wordpress = Some(it.next().context("--pages needs a number")?.parse()?)
            }
            other => anyhow::bail!(
                "unknown argument {other}; usage: wordmark-bench [--bin PATH] [--files N] [--units N] [--no-python] [--runs N] [--save-zip PATH] | [--bin PATH] --wordpress [--pages N] [--runs N]"
            ),
        }
    }
    anyhow::ensure!(parsed.runs > 0, "--runs must be at least 1");
    Ok(parsed)
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn ratio(ours: Duration, theirs: Duration) -> String {
    format!("{:.2}×", ours.as_secs_f64() / theirs.as_secs_f64())
}

/// The memory of the run of a step that peaked highest: where it started → its peak.
fn memory<'a>(steps: impl Iterator<Item = &'a server::Step>) -> String {
    steps
        .max_by(|a, b| a.peak_mib.total_cmp(&b.peak_mib))
        .map_or("–".into(), |s| {
            format!("{:.0} → {:.0} MiB", s.start_mib, s.peak_mib)
        })
}

/// Repeated timings of one thing.
struct Timings(Vec<Duration>);

impl Timings {
    fn sorted(&self) -> Vec<Duration> {
        let mut all = self.0.clone();
        all.sort();
        all
    }

    fn median(&self) -> Duration {
        let all = self.sorted();
        all[all.len() / 2]
    }

    /// The median, and the range when there was more than one run.
    fn show(&self) -> String {
        match self.sorted().as_slice() {
            [only] => secs(*only),
            [first, .., last] => format!(
                "{} ({:.2}–{:.2} s)",
                secs(self.median()),
                first.as_secs_f64(),
                last.as_secs_f64()
            ),
            [] => "–".into(),
        }
    }
}

/// The baseline of issue 4: read every entry of the archive and write it into a new archive.
fn unzip_and_rezip(archive: &[u8]) -> Result<Duration> {
    use std::io::{Cursor, Read, Write};
    let started = Instant::now();
    let mut input = zip::ZipArchive::new(Cursor::new(archive))?;
    let mut output = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut buffer = Vec::new();
    for index in 0..input.len() {
        let mut entry = input.by_index(index)?;
        buffer.clear();
        entry.read_to_end(&mut buffer)?;
        output.start_file(entry.name()?.into_owned(), options)?;
        output.write_all(&buffer)?;
    }
    output.finish()?;
    Ok(started.elapsed())
}

/// The same with Info-ZIP's `unzip` and `zip` through a temporary folder, as a person would do
/// it on the command line; `None` when either tool is missing. Writing the input is not timed.
fn unzip_and_zip_tools(archive: &[u8]) -> Result<Option<Duration>> {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("wordmark-bench-zip-{}", std::process::id()));
    let unpacked = dir.join("unpacked");
    std::fs::create_dir_all(&unpacked)?;
    let input = dir.join("input.zip");
    std::fs::write(&input, archive)?;
    let started = Instant::now();
    let unzip = Command::new("unzip")
        .arg("-q")
        .arg(&input)
        .arg("-d")
        .arg(&unpacked)
        .status();
    let zip = || {
        Command::new("zip")
            .args(["-q", "-r"])
            .arg(dir.join("output.zip"))
            .arg(".")
            .current_dir(&unpacked)
            .status()
    };
    let done = matches!(unzip, Ok(status) if status.success())
        && matches!(zip(), Ok(status) if status.success());
    let elapsed = started.elapsed();
    std::fs::remove_dir_all(&dir)?;
    Ok(done.then_some(elapsed))
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = args()?;
    if let Some(pages) = args.wordpress {
        return wordpress::run(&args.bin, pages, args.runs).await;
    }
    let archive = corpus::wpml_zip(args.files, args.units);
    if let Some(path) = &args.save_zip {
        std::fs::write(path, &archive).with_context(|| format!("writing {path}"))?;
    }
    let segments = u64::from(args.files) * args.units as u64;
    eprintln!(
        "input: {} files × {} units = {segments} segments, zip {:.1} MiB",
        args.files,
        args.units,
        archive.len() as f64 / 1_048_576.0
    );

    // Both sides run `runs` times in the same process, alternating, so that a busy moment of
    // the machine shows in the range rather than in one side's only number.
    let (mut rezip, mut tools, mut workflows) = (Vec::new(), Vec::new(), Vec::new());
    let server = server::Server::start(&args.bin).await?;
    for _ in 0..args.runs {
        rezip.push(unzip_and_rezip(&archive)?);
        tools.extend(unzip_and_zip_tools(&archive)?);
        let workflow = server.run_workflow(&archive).await?;
        // Every step did its whole job: a workbook and a file per job, the project completed.
        let files = args.files as usize;
        anyhow::ensure!(
            workflow.xliff_export.is_none()
                || (
                    workflow.workbooks,
                    workflow.xliff_files,
                    workflow.status.as_str()
                ) == (files, files, "Completed"),
            "the workflow ended with {} workbooks, {} XLIFF files and status {} for {files} files",
            workflow.workbooks,
            workflow.xliff_files,
            workflow.status
        );
        workflows.push(workflow);
    }
    let python = if args.python {
        Some(python::xlsx_export(&archive)?)
    } else {
        None
    };
    let rezip = Timings(rezip);

    println!(
        "| step ({} runs: median, range) | Wordmark | baseline | ratio of medians | server RSS at the step's start → peak during it (the run with the highest peak) |",
        args.runs
    );
    println!("|---|---|---|---|---|");
    let create = Timings(workflows.iter().map(|w| w.create.elapsed).collect());
    println!(
        "| create project ({segments} segments) | {} | unzip + re-zip: {} | {} | {} |",
        create.show(),
        rezip.show(),
        ratio(create.median(), rezip.median()),
        memory(workflows.iter().map(|w| &w.create))
    );
    if !tools.is_empty() {
        let tools = Timings(tools);
        println!(
            "| create project, against the command-line tools | | unzip + zip (Info-ZIP, via a folder): {} | {} | |",
            tools.show(),
            ratio(create.median(), tools.median())
        );
    }
    let row = |name: &str, step: fn(&server::Workflow) -> Option<&server::Step>| {
        let steps: Option<Vec<&server::Step>> = workflows.iter().map(step).collect();
        let Some(steps) = steps else {
            println!("| {name} | not built yet | | | |");
            return;
        };
        let timings = Timings(steps.iter().map(|s| s.elapsed).collect());
        let (baseline, versus) = match (name, python) {
            ("XLSX export", Some(p)) => (
                format!("openpyxl + lxml (one run): {}", secs(p)),
                ratio(timings.median(), p),
            ),
            ("XLSX export", None) => ("not run".into(), "–".into()),
            _ => (String::new(), String::new()),
        };
        println!(
            "| {name} | {} | {baseline} | {versus} | {} |",
            timings.show(),
            memory(steps.iter().copied())
        );
    };
    row("pre-translate (pseudo)", |w| w.pretranslate.as_ref());
    row("XLSX export", |w| w.xlsx_export.as_ref());
    row("XLSX import", |w| w.xlsx_import.as_ref());
    row("XLIFF export", |w| w.xliff_export.as_ref());
    server.stop();
    Ok(())
}
