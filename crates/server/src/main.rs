use std::process::ExitCode;

use clap::Parser;
use wordmark_server::{cli, config::Config, telemetry};

// The exports build hundreds of workbooks on every core out of many short-lived strings; glibc's
// allocator spent a tenth of that time consolidating freed chunks, mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    telemetry::init(&config);
    match cli::run(cli, config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
