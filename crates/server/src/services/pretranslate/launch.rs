//! Starting a project's run: what is left to translate per job (the counts the run's jobs
//! keep for its progress and estimate), the run created and handed to a worker, or a run
//! that is already there resumed.

use std::collections::HashMap;

use sea_orm::DbErr;
use time::OffsetDateTime;
use wordmark_core::segment::Segment;

use super::{NewRunJob, RunState, create_run, find_run, lost_race, worker};
use crate::services::{pretranslate::worker::Runner, translation};

/// Jobs whose untranslated segments are counted at a time: what is held of a large project.
const COUNT_JOBS: usize = 32;

/// What one job has left to translate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pending {
    pub segments: i32,
    /// Characters of source text, without markup: what a provider bills.
    pub characters: i64,
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// No provider is configured, or the configured one cannot be built (its message).
    #[error("{0}")]
    NoProvider(String),
    /// Counting the untranslated text stopped (a panic in the parser).
    #[error("counting the untranslated text failed: {0}")]
    Counting(#[from] tokio::task::JoinError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// What [`start`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Started {
    /// A run was running already: this instance works it unless another live one does.
    Resumed,
    /// A new run with the provider `provider` over `jobs` jobs with work left.
    New { provider: String, jobs: usize },
    /// Another request started the run a moment before this one.
    Raced,
}

/// The project's untranslated segments and their characters (without markup), per job with
/// any, read a few jobs at a time. Parsing every segment is CPU work: off the async threads.
pub async fn untranslated(
    db: &impl sea_orm::ConnectionTrait,
    project_id: i32,
) -> Result<HashMap<i32, Pending>, StartError> {
    let ids: Vec<i32> = translation::jobs::of_project(db, project_id)
        .await?
        .into_iter()
        .map(|job| job.id)
        .collect();
    untranslated_of_jobs(db, &ids).await
}

/// [`untranslated`] for the jobs `ids`.
async fn untranslated_of_jobs(
    db: &impl sea_orm::ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Pending>, StartError> {
    let mut per_job: HashMap<i32, Pending> = HashMap::new();
    for chunk in ids.chunks(COUNT_JOBS) {
        let rows = translation::segments::untranslated_of_jobs(db, chunk).await?;
        // Only the lists of jobs with work left: a finished project's status reads none.
        let mut with_work: Vec<i32> = rows.iter().map(|row| row.job_id).collect();
        with_work.sort_unstable();
        with_work.dedup();
        let shortcodes = translation::jobs::shortcodes(db, &with_work).await?;
        let counted = tokio::task::spawn_blocking(move || {
            let mut per_job: HashMap<i32, Pending> = HashMap::new();
            for row in rows {
                let markup = row.markup.into();
                let text = Segment::parse_with(&row.source, markup, shortcodes.of(row.job_id))
                    .plain_text(markup);
                let pending = per_job.entry(row.job_id).or_default();
                pending.segments += 1;
                pending.characters += text.chars().count() as i64;
            }
            per_job
        })
        .await?;
        per_job.extend(counted);
    }
    Ok(per_job)
}

/// Starts the pre-translation of project `project_id` with the configured provider over its
/// jobs with work left, and hands the run to a worker of this instance; resumes the project's
/// running run instead when it has one (a no-op when a live instance holds it).
pub async fn start(
    runner: &Runner,
    project_id: i32,
    now: OffsetDateTime,
) -> Result<Started, StartError> {
    let db = &runner.db;
    if let Some(run) = find_run(db, project_id).await?
        && run.state == RunState::Running
    {
        worker::spawn(runner.clone(), run.id);
        return Ok(Started::Resumed);
    }
    let active = runner.mt.active(db).await?;
    active.translator().map_err(StartError::NoProvider)?;
    let jobs = translation::jobs::of_project(db, project_id).await?;
    let ids: Vec<i32> = jobs.iter().map(|job| job.id).collect();
    let per_job = untranslated_of_jobs(db, &ids).await?;
    let jobs: Vec<NewRunJob> = jobs
        .into_iter()
        .filter_map(|job| {
            let pending = per_job.get(&job.id)?;
            Some(NewRunJob {
                job_id: job.id,
                file_name: job.file_name,
                segments: pending.segments,
                characters: pending.characters,
            })
        })
        .collect();
    let provider = active.config.kind.as_str();
    let claim = worker::claim(runner);
    match create_run(
        db,
        project_id,
        provider,
        active.is_pseudo(),
        claim,
        &jobs,
        now,
    )
    .await
    {
        Ok(run) => {
            if run.state == RunState::Running {
                worker::spawn(runner.clone(), run.id);
            }
            Ok(Started::New {
                provider: provider.to_owned(),
                jobs: jobs.len(),
            })
        }
        Err(error) if lost_race(&error) => Ok(Started::Raced),
        Err(error) => Err(error.into()),
    }
}
