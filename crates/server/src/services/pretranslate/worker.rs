//! Working runs in the background: claim the run (a lease in the database, so one instance
//! of several works it), keep the claim alive, translate the pending jobs and write each
//! provider request's answers as soon as it returns (so a crash loses at most the requests in
//! flight). At start, and every so often, runs whose claim expired (their instance died or
//! restarted) are taken over and finished. At shutdown the worker stops and the server hands
//! the run back.

use std::collections::{HashMap, HashSet};
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, OnceLock};

use futures::FutureExt;
use tokio::sync::mpsc;
use wordmark_mt::{MtError, RunId};

use super::{
    engine::{self, Failures},
    lines,
    store::{self, Claim, PartWrite, RunJobKey, WriteError},
};
use crate::{
    db::entities::pretranslate_run_job::RunJobState,
    services::{
        clock::Clock,
        mt_settings::MtService,
        runs::{self, Working, panic_message},
        translation,
    },
};

/// What a worker needs of the server: its database, the machine translation provider, the name
/// of this instance in the runs' leases and how long a lease lasts
/// (`WORDMARK_RUN_CLAIM_TIMEOUT`), and the registry of the runs this process works.
#[derive(Clone)]
pub struct Runner {
    pub db: sea_orm::DatabaseConnection,
    pub mt: Arc<MtService>,
    pub instance_id: Arc<str>,
    pub run_claim_timeout: std::time::Duration,
    pub runs: Arc<Working>,
    /// The time of claims, written targets and the run's end.
    pub clock: Clock,
}

/// This server's claim on the runs it works (`WORDMARK_RUN_CLAIM_TIMEOUT`).
pub fn claim(state: &Runner) -> Claim<'_> {
    Claim {
        owner: &state.instance_id,
        lease: time::Duration::try_from(state.run_claim_timeout)
            .unwrap_or(time::Duration::seconds(30)),
    }
}

/// Works the run in a background task, unless this process already does.
pub fn spawn(state: Runner, run_id: i32) {
    let Some(guard) = state.runs.enter(run_id) else {
        return;
    };
    tokio::spawn(async move {
        let _guard = guard;
        if let Err(error) = work(&state, run_id).await {
            tracing::error!(run_id, error = %error, "pre-translation run stopped");
        }
    });
}

/// Resumes orphaned runs now and keeps looking for them while the server runs.
pub fn spawn_resumer(state: Runner) {
    // Twice per claim timeout: a run nobody holds waits at most one and a half timeouts.
    let scan = state.run_claim_timeout / 2;
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(scan);
        loop {
            ticks.tick().await;
            match store::orphaned_runs(&state.db, state.clock.now()).await {
                Ok(runs) => {
                    for run_id in runs {
                        tracing::info!(run_id, "resuming a pre-translation run");
                        spawn(state.clone(), run_id);
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot look for runs to resume"),
            }
        }
    });
}

async fn work(state: &Runner, run_id: i32) -> anyhow::Result<()> {
    let owner: &str = &state.instance_id;
    if !store::claim(&state.db, run_id, claim(state), state.clock.now()).await? {
        return Ok(());
    }
    let Some(run) = store::run_by_id(&state.db, run_id).await? else {
        return Ok(());
    };
    let heartbeat = {
        let state = state.clone();
        runs::keep_claimed(run_id, state.run_claim_timeout, move || {
            let state = state.clone();
            async move { store::heartbeat(&state.db, run_id, claim(&state), state.clock.now()).await }
        })
    };
    // A panic or an unexpected error while translating ends the run as failed, with a message
    // the page shows: left `running`, the run would never end, and every instance taking it
    // over would hit the same fault again. Jobs written so far stay; starting the run again
    // translates the rest.
    let outcome = AssertUnwindSafe(translate_pending(state, &run))
        .catch_unwind()
        .await;
    heartbeat.abort();
    if state.runs.is_stopping() {
        // Shutdown: the requests in flight were written; the server hands the run back for
        // the next one to finish.
        tracing::info!(run_id, "pre-translation run handed back at shutdown");
        return Ok(());
    }
    let error = match outcome {
        Ok(Ok(error)) => error,
        Ok(Err(WriteError::LostRun)) => {
            tracing::warn!(run_id, "another server took the run over");
            return Ok(());
        }
        Ok(Err(WriteError::Db(error))) => {
            tracing::error!(run_id, %error, "pre-translation run failed");
            Some(internal_failure(&error.to_string()))
        }
        Err(panic) => {
            let detail = panic_message(panic.as_ref());
            tracing::error!(run_id, panic = detail, "pre-translation run panicked");
            Some(internal_failure(detail))
        }
    };
    store::end_run(&state.db, &run, owner, error, state.clock.now()).await?;
    Ok(())
}

/// The run's message after a fault of the server rather than of the provider.
fn internal_failure(detail: &str) -> String {
    format!(
        "The translation stopped because of an internal error ({detail}). The jobs finished so far are kept; Begin Translation translates the rest."
    )
}

/// Translates the run's pending jobs; `Ok(Some(message))` when the provider stopped the run.
async fn translate_pending(state: &Runner, run: &store::Run) -> Result<Option<String>, WriteError> {
    let active = state.mt.active(&state.db).await?;
    let translator = match active.translator() {
        Ok(translator) => translator.clone(),
        Err(message) => return Ok(Some(message)),
    };
    let memory_use = engine::MemoryUse {
        client_id: translation::projects::head(&state.db, run.project_id)
            .await?
            .and_then(|p| p.client_id),
        fuzzy_threshold: translation::projects::fuzzy_fill_threshold(&state.db, run.project_id)
            .await?,
    };
    // Each pending job with its count of segments when the run started, which sizes the
    // windows the engine reads.
    let pending: HashMap<i32, usize> = store::run_jobs(&state.db, run.id)
        .await?
        .into_iter()
        .filter(|j| j.state == RunJobState::Pending)
        .map(|j| (j.job_id, usize::try_from(j.segments).unwrap_or_default()))
        .collect();
    let jobs = translation::jobs::of_project(&state.db, run.project_id)
        .await?
        .into_iter()
        .filter_map(|job| {
            let segments = *pending.get(&job.id)?;
            Some(engine::Pending { job, segments })
        })
        .collect();

    let run_key = RunId(u64::try_from(run.id).unwrap_or_default());
    let (sender, mut receiver) = mpsc::channel(engine::ANSWERS_WAITING);
    // At shutdown nothing more is read or sent; what is in flight still returns and is written.
    let halt = Arc::new(OnceLock::new());
    let produce = async {
        let translating = engine::translate(
            &state.db,
            memory_use,
            &translator,
            run_key,
            jobs,
            sender,
            Arc::clone(&halt),
            state.clock.now(),
        );
        tokio::pin!(translating);
        tokio::select! {
            read = &mut translating => return read,
            () = state.runs.stopping() => {
                halt.get_or_init(|| MtError::Network("the server is shutting down".into()));
            }
        }
        translating.await
    };
    let pseudo = active.is_pseudo();
    let checker = translator.clone();
    // Owns the receiver: when it returns early, the producer's next send fails and it stops.
    let write = async move {
        let mut failures = Failures::default();
        let mut stopped: Option<String> = None;
        // Jobs with segments that were never sent (the run had stopped, or the server is
        // shutting down): they keep no line and stay pending for the next run, even when a
        // request in flight brings their last answers.
        let mut unfinished: HashSet<i32> = HashSet::new();
        // The answers waiting (requests', or jobs' that needed none) in one transaction.
        while let Some(batch) = engine::next_write(&mut receiver).await {
            let mut writes = Vec::with_capacity(batch.len());
            // The finished jobs' shares of the budget, given back once they are written.
            let mut written = Vec::new();
            for mut answered in batch {
                written.extend(answered.take_reserved());
                let part = engine::finish::finish(&checker, run_key, answered, pseudo).await;
                let stops = part.stops_run();
                if part.error.is_some() && (stops && stopped.is_some() || state.runs.is_stopping())
                {
                    unfinished.insert(part.job_id);
                }
                let line = if unfinished.contains(&part.job_id) {
                    None
                } else {
                    failures.add(&part);
                    part.last.then(|| {
                        let failure = failures.take(part.job_id);
                        lines::line(&part.file_name, failure.as_ref())
                    })
                };
                if stops && stopped.is_none() {
                    stopped = part.error.as_ref().map(ToString::to_string);
                }
                writes.push(PartWrite { part, line });
            }
            let key = RunJobKey {
                run_id: run.id,
                claim: claim(state),
            };
            store::write_parts(&state.db, Some(key), writes, state.clock.now()).await?;
            drop(written);
        }
        // After a stop the answers of the requests still in flight were written too (they are
        // billed); the producer sent nothing new.
        Ok::<_, WriteError>(stopped)
    };
    let (read, outcome) = tokio::join!(produce, write);
    // A failed write stops the reading (nothing receives its parts); after a failed read, what
    // was answered is still written, then the run fails.
    let stopped = outcome?;
    read?;
    Ok(stopped)
}
