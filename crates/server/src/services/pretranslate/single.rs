//! Translating one job now, outside any run (the job page's button): the memory first, then
//! the provider, through the same engine and writes as a run, answered when it is done.

use sea_orm::{DatabaseConnection, DbErr};
use time::OffsetDateTime;
use tokio::sync::mpsc;
use wordmark_mt::{MtError, RunId, Translator};

use super::{
    engine,
    store::{self, PartWrite, WriteError},
};
use crate::services::translation::{self, jobs::JobRow};

/// What translating the job filled.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Filled {
    pub from_memory: i64,
    pub from_mt: i64,
    pub flagged: i64,
}

/// Why the job was not translated.
#[derive(Debug, thiserror::Error)]
pub enum SingleJobError {
    /// The provider failed (quota spent, key refused, unreachable…).
    #[error("{0}")]
    Provider(MtError),
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Single-job translations share the limiter with runs under ids no run can have.
fn job_run_id(job_id: i32) -> RunId {
    RunId((1 << 40) | u64::try_from(job_id).unwrap_or_default())
}

/// Translates `job` of a project of the client `client_id` with `translator` (`pseudo`: the
/// pseudo provider, whose answers are marked as such).
pub async fn translate_job(
    db: &DatabaseConnection,
    translator: &Translator,
    pseudo: bool,
    client_id: Option<i32>,
    job: JobRow,
    now: OffsetDateTime,
) -> Result<Filled, SingleJobError> {
    let id = job.id;
    let memory_use = engine::MemoryUse {
        client_id,
        fuzzy_threshold: translation::projects::fuzzy_fill_threshold(db, job.project_id).await?,
    };
    let (sender, mut receiver) = mpsc::channel(engine::ANSWERS_WAITING);
    let translating = engine::translate(
        db,
        memory_use,
        translator,
        job_run_id(id),
        // One job: its share of the budget is all of it.
        vec![engine::Pending {
            job,
            segments: usize::MAX,
        }],
        sender,
        Default::default(),
        now,
    );
    let writing = async {
        let mut filled = Filled::default();
        let mut failures = engine::Failures::default();
        // The answers waiting (or the job, when it needed none) in one write.
        while let Some(message) = engine::next_write(&mut receiver).await {
            let mut writes = Vec::with_capacity(message.len());
            let mut reserved = Vec::new();
            for mut answered in message {
                reserved.extend(answered.take_reserved());
                let part =
                    engine::finish::finish(translator, job_run_id(id), answered, pseudo).await;
                filled.from_memory += i64::from(part.from_memory);
                filled.from_mt += i64::from(part.from_mt);
                filled.flagged += i64::from(part.flagged);
                failures.add(&part);
                writes.push(PartWrite { part, line: None });
            }
            store::write_parts(db, None, writes, now).await?;
            drop(reserved);
        }
        Ok::<_, SingleJobError>((filled, failures))
    };
    let (read, written) = tokio::join!(translating, writing);
    let (filled, mut failures) = written?;
    read?;
    match failures.take(id) {
        Some(error) => Err(SingleJobError::Provider(error)),
        None => Ok(filled),
    }
}
