//! Working publishing runs in the background: claim the run (a lease, so one instance of
//! several works it), keep the claim alive, send the pending jobs one at a time in the
//! project's order (a parent page is written before its children, so the plugin can map the
//! children's parent), and write each job's outcome as soon as the site answered. Runs whose
//! claim expired (their instance died) are taken over by the resumer.

use std::{collections::HashMap, panic::AssertUnwindSafe};

use futures::FutureExt;

use super::{
    Publisher,
    store::{self, Outcome},
};
use crate::{
    db::entities::site_publish_job::PublishJobState,
    services::{
        runs::{self, panic_message},
        sites::{SiteError, credentials, site_jobs, wordpress::Problem},
        translation,
    },
};

/// Works the run in a background task, unless this process already does.
pub fn spawn(publisher: Publisher, run_id: i32) {
    let Some(guard) = publisher.runs.enter(run_id) else {
        return;
    };
    tokio::spawn(async move {
        let _guard = guard;
        if let Err(error) = work(&publisher, run_id).await {
            tracing::error!(run_id, %error, "publishing run stopped");
        }
    });
}

/// Takes over orphaned runs now and keeps looking for them while the server runs.
pub fn spawn_resumer(publisher: Publisher) {
    // Twice per lease: a run nobody holds waits at most one and a half leases.
    let scan = publisher.lease / 2;
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(scan);
        loop {
            ticks.tick().await;
            match store::orphaned(&publisher.db, (publisher.now)()).await {
                Ok(orphans) => {
                    for run_id in orphans {
                        tracing::info!(run_id, "resuming a publishing run");
                        spawn(publisher.clone(), run_id);
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot look for publishing runs to resume"),
            }
        }
    });
}

/// How sending the pending jobs ended.
enum Ended {
    /// Every job has its outcome.
    Finished,
    /// The site went down (or refused everything): the rest stays pending; the message says so.
    Stopped(String),
    /// Another instance holds the run now, or the server is shutting down.
    Left,
}

async fn work(publisher: &Publisher, run_id: i32) -> Result<(), SiteError> {
    if !store::claim(&publisher.db, run_id, publisher.claim(), (publisher.now)()).await? {
        return Ok(());
    }
    let heartbeat = {
        let publisher = publisher.clone();
        runs::keep_claimed(run_id, publisher.lease, move || {
            let publisher = publisher.clone();
            async move {
                store::heartbeat(&publisher.db, run_id, publisher.claim(), (publisher.now)()).await
            }
        })
    };
    // A panic or an unexpected error ends the run as failed with a message the project shows:
    // left running, every instance taking it over would hit the same fault again. Jobs
    // published so far stay published; publishing again sends the rest.
    let outcome = AssertUnwindSafe(send_pending(publisher, run_id))
        .catch_unwind()
        .await;
    heartbeat.abort();
    let error = match outcome {
        Ok(Ok(Ended::Finished)) => None,
        Ok(Ok(Ended::Left)) => return Ok(()),
        Ok(Ok(Ended::Stopped(message))) => Some(message),
        Ok(Err(error)) => {
            tracing::error!(run_id, %error, "publishing run failed");
            Some(internal_failure(&error.to_string()))
        }
        Err(panic) => {
            let detail = panic_message(panic.as_ref());
            tracing::error!(run_id, panic = detail, "publishing run panicked");
            Some(internal_failure(detail))
        }
    };
    store::end_run(
        &publisher.db,
        run_id,
        &publisher.owner,
        error,
        (publisher.now)(),
    )
    .await?;
    Ok(())
}

fn internal_failure(detail: &str) -> String {
    format!(
        "Publishing stopped because of an internal error ({detail}). The jobs published so far are kept; Publish to WordPress sends the rest."
    )
}

/// Whether the site refused this one item (the run goes on with the others) rather than
/// failing as a whole (down, credentials refused, plugin gone: the run stops).
fn refuses_item(problem: &Problem) -> bool {
    matches!(problem, Problem::Refused { status, .. } if (400..500).contains(status))
}

async fn send_pending(publisher: &Publisher, run_id: i32) -> Result<Ended, SiteError> {
    let db = &publisher.db;
    let Some(run) = store::run_by_id(db, run_id).await? else {
        return Ok(Ended::Left);
    };
    let links = site_jobs::of_project(db, run.project_id).await?;
    let Some(site_id) = links.first().map(|link| link.site_id) else {
        return Ok(Ended::Stopped(
            "The project has no jobs of a site any more.".into(),
        ));
    };
    let opened = match credentials(db, &publisher.connector, site_id).await {
        Ok(opened) => opened,
        Err(SiteError::NotFound) => {
            return Ok(Ended::Stopped("The project's site was removed.".into()));
        }
        Err(error) => return Err(error),
    };
    let site = opened.credentials();
    let links: HashMap<i32, site_jobs::SiteJobRow> =
        links.into_iter().map(|link| (link.job_id, link)).collect();
    for job in store::jobs(db, run_id).await? {
        if job.state != PublishJobState::Pending {
            continue;
        }
        if publisher.runs.is_stopping() {
            // Shutdown: the server hands the run back for another instance to finish.
            return Ok(Ended::Left);
        }
        let Some(link) = links.get(&job.job_id) else {
            continue;
        };
        let xliff = translation::export::job_xliff(db, job.job_id).await?;
        let sent = publisher
            .connector
            .wordpress
            .put_translation(&site, link.item_id, &link.lang, run.status.as_str(), xliff)
            .await;
        let outcome = match sent {
            Ok(written) => Outcome::Published {
                post_id: written.post_id,
                edit_link: written.edit_link,
            },
            Err(problem) if refuses_item(&problem) => Outcome::Failed(problem.to_string()),
            Err(problem) => {
                // Named by its page, as the user sees the run's jobs.
                let titles = site_jobs::titles(db, std::slice::from_ref(link)).await?;
                let page = titles
                    .get(&(link.site_id, link.item_id))
                    .map_or_else(|| format!("item {}", link.item_id), |t| format!("\"{t}\""));
                return Ok(Ended::Stopped(format!(
                    "Publishing {page} in \"{}\" failed: {problem} The jobs published so far are kept; Publish to WordPress sends the rest.",
                    link.lang
                )));
            }
        };
        let now = (publisher.now)();
        if !store::finish_job(db, run_id, job.job_id, publisher.claim(), outcome, now).await? {
            tracing::warn!(run_id, "another server took the publishing run over");
            return Ok(Ended::Left);
        }
    }
    Ok(Ended::Finished)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_items_refusal_goes_on_and_a_site_down_stops() {
        let refused = |status| Problem::Refused {
            status,
            message: "m".into(),
        };
        assert!(refuses_item(&refused(422)));
        assert!(refuses_item(&refused(404)));
        assert!(!refuses_item(&refused(500)));
        assert!(!refuses_item(&Problem::Timeout(30)));
        assert!(!refuses_item(&Problem::Unauthorized {
            code: String::new()
        }));
    }
}
