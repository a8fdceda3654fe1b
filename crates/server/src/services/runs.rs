//! Background runs (pre-translation, publishing to WordPress) and the leases they are worked
//! under. The lease in the database decides which instance works a run: a claim is one
//! conditional update ([`claimable`]), kept alive by a heartbeat ([`keep_claimed`]), and a
//! run whose claim expired ([`orphaned`]) is taken over by whichever instance looks first. The
//! registry ([`Working`]) keeps one process from putting two workers on a run (the app asking
//! again, the orphan scan), and tells them to stop at shutdown.

use std::any::Any;
use std::collections::HashSet;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::{ColumnTrait, Condition, DbErr};
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;

/// Who works a run, and how long the claim holds without a heartbeat
/// (`WORDMARK_RUN_CLAIM_TIMEOUT`): after that another instance (or this one, restarted) takes
/// the run over.
#[derive(Debug, Clone, Copy)]
pub struct Claim<'a> {
    pub owner: &'a str,
    pub lease: time::Duration,
}

/// The rows `owner` may claim at `now`: unclaimed, claimed by `owner` already, or with an
/// expired claim. Used in one conditional update, so only one instance wins.
pub fn claimable(
    lease_owner: impl ColumnTrait,
    lease_until: impl ColumnTrait,
    owner: &str,
    now: OffsetDateTime,
) -> Condition {
    Condition::any()
        .add(lease_owner.is_null())
        .add(lease_owner.eq(owner))
        .add(lease_until.lt(now))
}

/// The rows nobody holds at `now` (their instance died, or handed them back at shutdown).
pub fn orphaned(
    lease_owner: impl ColumnTrait,
    lease_until: impl ColumnTrait,
    now: OffsetDateTime,
) -> Condition {
    Condition::any()
        .add(lease_owner.is_null())
        .add(lease_until.lt(now))
}

/// Renews a claim three times per `lease` (one renewal may fail or come late without losing
/// the run) until `renew` says the claim is lost; abort the task when the work ends.
pub fn keep_claimed<F, Fut>(run_id: i32, lease: Duration, renew: F) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = Result<bool, DbErr>> + Send,
{
    let every = lease / 3;
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            match renew().await {
                Ok(true) => {}
                Ok(false) => break,
                Err(error) => tracing::warn!(run_id, %error, "cannot renew the run's claim"),
            }
        }
    })
}

/// What a panic said (`panic!` with a literal or with a formatted message).
pub fn panic_message(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}

/// The ids of the runs of one kind this process is working.
#[derive(Default)]
pub struct Working {
    runs: Mutex<HashSet<i32>>,
    stop: CancellationToken,
}

/// Marks a run as worked by this process until dropped.
pub struct WorkingGuard(Arc<Working>, i32);

impl Working {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<i32>> {
        self.runs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Claims the run for the caller; `None` when this process already works it or is
    /// shutting down.
    pub fn enter(self: &Arc<Self>, run_id: i32) -> Option<WorkingGuard> {
        if self.stop.is_cancelled() {
            return None;
        }
        self.lock()
            .insert(run_id)
            .then(|| WorkingGuard(Arc::clone(self), run_id))
    }

    /// Completes when the workers must stop (shutdown).
    pub async fn stopping(&self) {
        self.stop.cancelled().await;
    }

    /// Whether the workers were told to stop.
    pub fn is_stopping(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// Tells every worker to stop (they finish the provider requests they have in flight).
    pub fn stop(&self) {
        self.stop.cancel();
    }

    /// Tells every worker to stop and waits (at most `patience`) until they have; true when
    /// they all did.
    pub async fn stop_all(&self, patience: Duration) -> bool {
        self.stop();
        let deadline = tokio::time::Instant::now() + patience;
        while !self.lock().is_empty() {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        true
    }
}

impl Drop for WorkingGuard {
    fn drop(&mut self) {
        self.0.lock().remove(&self.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_entered_once_until_its_guard_drops() {
        let working = Arc::new(Working::default());
        let guard = working.enter(7).expect("a free run can be entered");
        assert!(working.enter(7).is_none());
        assert!(working.enter(8).is_some());
        drop(guard);
        assert!(working.enter(7).is_some());
    }

    #[tokio::test]
    async fn stopping_waits_for_the_workers_and_lets_none_start() {
        let working = Arc::new(Working::default());
        let guard = working.enter(1).unwrap();
        let worker = {
            let working = Arc::clone(&working);
            tokio::spawn(async move {
                working.stopping().await;
                drop(guard);
            })
        };
        assert!(working.stop_all(Duration::from_secs(5)).await);
        worker.await.unwrap();
        assert!(working.enter(2).is_none(), "no new worker during shutdown");

        let stuck = Arc::new(Working::default());
        let _held = stuck.enter(3).unwrap();
        assert!(!stuck.stop_all(Duration::from_millis(30)).await);
    }
}
