use std::process::ExitCode;

use clap::Parser;
use wordmark_server::{cli, config::Config, telemetry};

mod allocator;

fn main() -> ExitCode {
    allocator::configure();
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
