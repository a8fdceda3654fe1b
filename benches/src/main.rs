//! `wordmark-bench`: times whole workflows on the real `wordmark` binary (release build, fresh
//! SQLite file) next to named baselines measured on the same machine in the same run:
//!
//! - project creation from 300 WPML files × 120 units vs. merely unzipping and re-zipping the
//!   same archive (issue 4's goal: within 3×), in process with the `zip` crate (the strict
//!   reference) and with Info-ZIP's command-line tools through a folder (for context);
//! - XLSX export, XLSX import and XLIFF export of that project vs. a Python script doing the
//!   XLSX export with openpyxl and lxml (issue 6's goal: at most a tenth of its time).
//!
//! Results are printed as a Markdown table for `docs/benchmarks.md`. Not a test: numbers vary by
//! machine, so nothing here asserts a time.

mod corpus;
mod python;
mod server;

use std::time::{Duration, Instant};

use anyhow::{Context, Result};

struct Args {
    bin: String,
    files: u32,
    units: usize,
    python: bool,
    /// Where to also write the generated archive, to time other tools on the same input.
    save_zip: Option<String>,
}

fn args() -> Result<Args> {
    let mut parsed = Args {
        bin: "target/release/wordmark".into(),
        files: 300,
        units: 120,
        python: true,
        save_zip: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--bin" => parsed.bin = it.next().context("--bin needs a path")?,
            "--files" => parsed.files = it.next().context("--files needs a number")?.parse()?,
            "--units" => parsed.units = it.next().context("--units needs a number")?.parse()?,
            "--no-python" => parsed.python = false,
            "--save-zip" => parsed.save_zip = Some(it.next().context("--save-zip needs a path")?),
            other => anyhow::bail!(
                "unknown argument {other}; usage: wordmark-bench [--bin PATH] [--files N] [--units N] [--no-python] [--save-zip PATH]"
            ),
        }
    }
    Ok(parsed)
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn ratio(ours: Duration, theirs: Duration) -> String {
    format!("{:.2}×", ours.as_secs_f64() / theirs.as_secs_f64())
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

    let rezip = unzip_and_rezip(&archive)?;
    let tools = unzip_and_zip_tools(&archive)?;
    let server = server::Server::start(&args.bin).await?;
    let run = server.run_workflow(&archive).await?;
    let python = if args.python {
        Some(python::xlsx_export(&archive)?)
    } else {
        None
    };

    println!("| step | Wordmark | baseline | ratio | server peak RSS after the step |");
    println!("|---|---|---|---|---|");
    println!(
        "| create project ({segments} segments) | {} | unzip + re-zip: {} | {} | {:.0} MiB |",
        secs(run.create.elapsed),
        secs(rezip),
        ratio(run.create.elapsed, rezip),
        run.create.peak_mib
    );
    if let Some(tools) = tools {
        println!(
            "| create project, against the command-line tools | | unzip + zip (Info-ZIP, via a folder): {} | {} | |",
            secs(tools),
            ratio(run.create.elapsed, tools)
        );
    }
    let python_cell = |d: Option<Duration>, ours: Duration| {
        d.map_or(("not run".into(), "–".into()), |p| {
            (format!("openpyxl + lxml: {}", secs(p)), ratio(ours, p))
        })
    };
    let row = |name: &str, step: &Option<server::Step>, baseline: (String, String)| match step {
        Some(step) => println!(
            "| {name} | {} | {} | {} | {:.0} MiB |",
            secs(step.elapsed),
            baseline.0,
            baseline.1,
            step.peak_mib
        ),
        None => println!("| {name} | not built yet | | | |"),
    };
    let xlsx_baseline = match &run.xlsx_export {
        Some(step) => python_cell(python, step.elapsed),
        None => (String::new(), String::new()),
    };
    row("XLSX export", &run.xlsx_export, xlsx_baseline);
    row("XLSX import", &run.xlsx_import, Default::default());
    row("XLIFF export", &run.xliff_export, Default::default());
    server.stop();
    Ok(())
}
