//! Pre-translation: the only code that reads and writes `pretranslate_runs` and
//! `pretranslate_run_jobs` ([`store`]), the engine that translates jobs (memory first, then
//! the provider; [`engine`]) and the background workers that run it ([`worker`]), persisted
//! so runs survive restarts and work with several instances on one database. [`lines`] words
//! each job's status line; [`single`] translates one job outside any run.

pub mod engine;
pub mod lines;
pub mod single;
pub mod store;
pub mod worker;

pub use crate::db::entities::{
    pretranslate_run::RunState,
    pretranslate_run_job::{LineKind, RunJobState},
};
