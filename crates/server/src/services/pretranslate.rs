//! Pre-translation: the only code that reads and writes `pretranslate_runs` and
//! `pretranslate_run_jobs` ([`store`]), the engine that translates jobs (memory first, then
//! the provider; [`engine`]) and the background workers that run it ([`worker`]), persisted
//! so runs survive restarts and work with several instances on one database. [`launch`] starts
//! a run, [`progress`] says where it stands, [`lines`] words each job's status line; [`single`]
//! translates one job outside any run.

pub mod engine;
mod launch;
pub mod lines;
mod progress;
pub mod single;
mod store;
pub mod worker;

// The states of a run and of its jobs are values stored in columns: this service's vocabulary
// as they are. The store's runs and the operations on them this service answers with (no other
// module names the store).
pub use crate::db::entities::{
    pretranslate_run::RunState,
    pretranslate_run_job::{LineKind, RunJobState},
};
pub use launch::{Pending, StartError, Started, start, untranslated};
pub use progress::{RunLine, RunStateView, RunStatus, status};
pub use store::{
    NewRunJob, Run, RunJob, create_run, find_run, lost_race, notices, release_claims, run_jobs,
    running_counts,
};
