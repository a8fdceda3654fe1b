//! The Python baseline of the XLSX export (`benches/baseline/xlsx_export.py`, openpyxl + lxml),
//! run in a virtual environment under the build cache so that its packages install once.

use std::{path::PathBuf, process::Command, time::Duration};

use anyhow::{Context, Result, bail};

fn run(command: &mut Command) -> Result<String> {
    let output = command
        .output()
        .with_context(|| format!("running {command:?}"))?;
    if !output.status.success() {
        bail!(
            "{command:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(String::from_utf8(output.stdout)?)
}

fn venv() -> Result<PathBuf> {
    let home = std::env::var("HOME").context("HOME is unset")?;
    let venv = PathBuf::from(home).join(".cache/wordmark/bench-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    let requirements = concat!(env!("CARGO_MANIFEST_DIR"), "/baseline/requirements.txt");
    run(Command::new(&python).args(["-m", "pip", "install", "-q", "-r", requirements]))?;
    Ok(python)
}

/// Seconds the script reports for converting `archive` (its own timer, so interpreter start-up
/// and imports are not counted against it).
pub fn xlsx_export(archive: &[u8]) -> Result<Duration> {
    let python = venv()?;
    let dir = std::env::temp_dir().join(format!("wordmark-bench-py-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let input = dir.join("in.zip");
    std::fs::write(&input, archive)?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/baseline/xlsx_export.py");
    let printed = run(Command::new(python)
        .arg(script)
        .arg(&input)
        .arg(dir.join("out.zip")))?;
    std::fs::remove_dir_all(&dir)?;
    let seconds = serde_json::from_str::<serde_json::Value>(printed.trim())?["seconds"]
        .as_f64()
        .context("the baseline printed no seconds")?;
    Ok(Duration::from_secs_f64(seconds))
}
