use std::process::ExitCode;

use clap::Parser;
use wordmark_server::{cli, config::Config, telemetry};

// The exports build hundreds of workbooks on every core out of many short-lived strings; glibc's
// allocator spent a tenth of that time consolidating freed chunks, mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc asks Linux for transparent huge pages on what it maps, so each 2 MiB region a
/// thread touches becomes resident whole. For a server whose memory is meant to follow the work,
/// not the number of threads that once allocated, that cost 10 MiB at idle and 20 to 50 MiB at
/// the peak of each step of a large project (debug build, 2,000 files × 30 units: 149–193 MiB
/// with huge pages, 116–142 MiB without). The flag covers the whole process and every mapping,
/// including those the allocator made before `main`. Kernels older than 3.15 refuse it, and
/// then nothing changes.
#[cfg(target_os = "linux")]
fn without_huge_pages() {
    // SAFETY: PR_SET_THP_DISABLE takes integers only and reads or writes no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    without_huge_pages();
    let cli = cli::Cli::parse();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let telemetry = telemetry::init(&config);
    // The runtime is built here rather than by `#[tokio::main]` so that the traces are flushed
    // after it ends: their exporter's client blocks, which an async context does not allow.
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("error: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(cli::run(cli, config));
    drop(runtime);
    telemetry.shutdown();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
