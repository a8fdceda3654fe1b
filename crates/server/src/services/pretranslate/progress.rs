//! Where a project's pre-translation stands: the run's counts summed over its jobs, one line
//! per finished job, and the characters still to translate (the estimate before starting).

use std::collections::HashMap;

use sea_orm::DatabaseConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    LineKind, RunJob, RunJobState, RunState, find_run,
    launch::{Pending, StartError, untranslated},
    notices, run_jobs,
};
use crate::services::mt_settings::MtService;

/// `idle`: no run yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStateView {
    Idle,
    Running,
    Done,
    Failed,
}

/// One job's status line.
#[derive(Debug, Serialize, ToSchema)]
pub struct RunLine {
    pub job_id: i32,
    pub file_name: String,
    pub kind: LineKind,
    /// 'Successfully translated {file}' or 'Errors encountered while translating {file}: {message}'
    pub message: String,
}

/// A project's pre-translation: where the run stands, one line per finished job, and the
/// characters still to translate (the cost estimate before starting).
#[derive(Debug, Serialize, ToSchema)]
pub struct RunStatus {
    pub state: RunStateView,
    /// The provider (`deepl`, `pseudo`, …): the run's, or the configured one before any run.
    pub provider: String,
    /// Pseudo-translation: a dry run, never a real translation.
    pub pseudo: bool,
    pub jobs_total: i64,
    pub jobs_done: i64,
    pub segments_total: i64,
    pub segments_done: i64,
    pub from_memory: i64,
    pub from_mt: i64,
    /// Segments whose markup machine translation damaged: the source was kept, for review.
    pub flagged: i64,
    /// Machine translations the client's termbase warned about (a term, a forbidden term, a
    /// do-not-translate term changed): the job page shows which.
    pub term_warnings: i64,
    /// Characters of source text (without markup) of the segments without a target.
    pub characters_pending: i64,
    pub lines: Vec<RunLine>,
    /// Why the run stopped (the provider's message), when it failed.
    pub error: Option<String>,
    /// What the run wants its user to know without having failed: a glossary the provider
    /// refused to make from the client's termbase.
    pub notices: Vec<String>,
}

fn characters(per_job: &HashMap<i32, Pending>) -> i64 {
    per_job.values().map(|pending| pending.characters).sum()
}

/// The pre-translation of project `project_id` as it stands: its run's, or before any run
/// what is left and the provider that would translate it.
pub async fn status(
    db: &DatabaseConnection,
    mt: &MtService,
    project_id: i32,
) -> Result<RunStatus, StartError> {
    let Some(run) = find_run(db, project_id).await? else {
        let per_job = untranslated(db, project_id).await?;
        let active = mt.active(db).await?;
        return Ok(RunStatus {
            state: RunStateView::Idle,
            provider: active.config.kind.as_str().to_owned(),
            pseudo: active.is_pseudo(),
            jobs_total: per_job.len() as i64,
            jobs_done: 0,
            segments_total: per_job.values().map(|p| i64::from(p.segments)).sum(),
            segments_done: 0,
            from_memory: 0,
            from_mt: 0,
            flagged: 0,
            term_warnings: 0,
            characters_pending: characters(&per_job),
            lines: Vec::new(),
            error: None,
            notices: Vec::new(),
        });
    };
    let jobs = run_jobs(db, run.id).await?;
    let (done, pending): (Vec<_>, Vec<_>) = jobs.iter().partition(|j| j.state == RunJobState::Done);
    // While the run works, the estimate comes from its pending jobs (counted when it
    // started), so frequent polls do not re-read every segment; afterwards it is exact.
    let characters_pending = if run.state == RunState::Running {
        pending.iter().map(|j| j.characters).sum()
    } else {
        characters(&untranslated(db, project_id).await?)
    };
    // A pending job's counts grow with every request written, so progress shows within a
    // large job too; a finished job counts all its segments (failed ones included).
    let sum = |f: fn(&RunJob) -> i32| jobs.iter().map(|j| i64::from(f(j))).sum::<i64>();
    let written = |j: &RunJob| i64::from(j.from_memory + j.from_mt + j.flagged);
    Ok(RunStatus {
        state: match run.state {
            RunState::Running => RunStateView::Running,
            RunState::Done => RunStateView::Done,
            RunState::Failed => RunStateView::Failed,
        },
        provider: run.provider.clone(),
        pseudo: run.pseudo,
        jobs_total: jobs.len() as i64,
        jobs_done: done.len() as i64,
        segments_total: jobs.iter().map(|j| i64::from(j.segments)).sum(),
        segments_done: done.iter().map(|j| i64::from(j.segments)).sum::<i64>()
            + pending.iter().map(|j| written(j)).sum::<i64>(),
        from_memory: sum(|j| j.from_memory),
        from_mt: sum(|j| j.from_mt),
        flagged: sum(|j| j.flagged),
        term_warnings: sum(|j| j.term_warnings),
        characters_pending,
        lines: done
            .iter()
            .filter_map(|j| {
                Some(RunLine {
                    job_id: j.job_id,
                    file_name: j.file_name.clone(),
                    kind: j.kind?,
                    message: j.message.clone()?,
                })
            })
            .collect(),
        notices: notices(&run),
        error: run.error,
    })
}
