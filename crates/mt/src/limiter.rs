//! A concurrency limiter shared by every run of the process that serves waiting runs in turn,
//! so one project with thousands of segments cannot starve another that has a few.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::oneshot;

/// Identifies a run (for example one project's pre-translation); waiting requests are served
/// round-robin between runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RunId(pub u64);

/// At most `capacity` permits out at once; when they are all taken, a released permit goes to
/// the next run in turn, not to whichever run queued the most requests.
pub struct FairLimiter {
    capacity: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    free: usize,
    /// Waiters per run, oldest first. A sender whose receiver is gone is skipped.
    waiting: HashMap<RunId, VecDeque<oneshot::Sender<()>>>,
    /// Runs with waiters, in the order they are served next.
    turn: VecDeque<RunId>,
}

/// A slot for one request; released on drop.
pub struct Permit {
    limiter: Arc<FairLimiter>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.limiter.release();
    }
}

impl FairLimiter {
    /// A limiter with `capacity` permits (at least one).
    pub fn new(capacity: usize) -> Arc<Self> {
        let capacity = capacity.max(1);
        Arc::new(Self {
            capacity,
            state: Mutex::new(State {
                free: capacity,
                ..State::default()
            }),
        })
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Permits currently held.
    pub fn in_use(&self) -> usize {
        self.capacity - self.lock().free
    }

    /// Requests queued for a permit (the tests wait for a queue to form instead of sleeping).
    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.lock().waiting.values().map(VecDeque::len).sum()
    }

    /// Waits for a permit for `run`.
    pub async fn acquire(self: &Arc<Self>, run: RunId) -> Permit {
        let receiver = {
            let mut state = self.lock();
            // Permits are handed straight to live waiters on release, so a free permit means
            // nobody is waiting for it.
            if state.free > 0 {
                state.free -= 1;
                return Permit {
                    limiter: Arc::clone(self),
                };
            }
            let (sender, receiver) = oneshot::channel();
            let queue = state.waiting.entry(run).or_default();
            let first_of_run = queue.is_empty();
            queue.push_back(sender);
            if first_of_run {
                state.turn.push_back(run);
            }
            receiver
        };
        let mut waiter = Waiter {
            receiver: Some(receiver),
            limiter: self,
        };
        if let Some(receiver) = waiter.receiver.as_mut() {
            let granted = receiver.await;
            debug_assert!(granted.is_ok(), "the limiter never drops a live waiter");
        }
        // Granted: the permit now belongs to the caller, not to the waiter's cleanup.
        waiter.receiver = None;
        Permit {
            limiter: Arc::clone(self),
        }
    }

    /// Hands the permit to the next run's oldest live waiter, or frees it.
    fn release(&self) {
        let mut state = self.lock();
        while let Some(run) = state.turn.pop_front() {
            let Some(queue) = state.waiting.get_mut(&run) else {
                continue;
            };
            let sender = queue.pop_front();
            if queue.is_empty() {
                state.waiting.remove(&run);
            } else {
                state.turn.push_back(run);
            }
            if let Some(sender) = sender
                && sender.send(()).is_ok()
            {
                return;
            }
        }
        state.free += 1;
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent even if a holder panicked: every change is one step.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Returns a permit that was granted to a waiter whose future was dropped before it could
/// take it (cancellation safety).
struct Waiter<'a> {
    receiver: Option<oneshot::Receiver<()>>,
    limiter: &'a FairLimiter,
}

impl Drop for Waiter<'_> {
    fn drop(&mut self) {
        if let Some(mut receiver) = self.receiver.take() {
            receiver.close();
            if receiver.try_recv().is_ok() {
                self.limiter.release();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    // The tests run on one thread (`#[tokio::test]`'s runtime): a task that yields lets every
    // other ready task run, so the order of events is set by yields and by what the limiter
    // shows (`waiting`, `in_use`), never by sleeping.

    #[tokio::test]
    async fn never_more_than_capacity() {
        let limiter = FairLimiter::new(3);
        let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let tasks: Vec<_> = (0..30)
            .map(|i| {
                let limiter = Arc::clone(&limiter);
                let peak = Arc::clone(&peak);
                tokio::spawn(async move {
                    let _permit = limiter.acquire(RunId(i % 4)).await;
                    peak.fetch_max(limiter.in_use(), std::sync::atomic::Ordering::SeqCst);
                    // Hold the permit while the others run and queue.
                    tokio::task::yield_now().await;
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(peak.load(std::sync::atomic::Ordering::SeqCst), 3);
        assert_eq!(limiter.in_use(), 0);
    }

    #[tokio::test]
    async fn a_small_run_is_not_starved_by_a_large_one() {
        let limiter = FairLimiter::new(2);
        let finished = Arc::new(Mutex::new(Vec::new()));
        let spawn = |run: u64, count: usize| {
            (0..count)
                .map(|_| {
                    let limiter = Arc::clone(&limiter);
                    let finished = Arc::clone(&finished);
                    tokio::spawn(async move {
                        let _permit = limiter.acquire(RunId(run)).await;
                        tokio::task::yield_now().await;
                        finished.lock().unwrap().push(run);
                    })
                })
                .collect::<Vec<_>>()
        };
        let big = spawn(1, 1000);
        // Run 1 fills the queue before run 2 shows up: every one of its requests holds a permit,
        // has finished or waits.
        while limiter.in_use() + finished.lock().unwrap().len() + limiter.waiting() < 1000 {
            tokio::task::yield_now().await;
        }
        assert!(limiter.waiting() > 900, "run 1's requests queued");
        let done_when_small_arrived = finished.lock().unwrap().len();
        let small = spawn(2, 5);
        for task in small.into_iter().chain(big) {
            task.await.unwrap();
        }
        let order = finished.lock().unwrap();
        let last_small = order.iter().rposition(|&run| run == 2).unwrap();
        // Round-robin: once run 2 waits, the two runs alternate, so its 5 requests are done
        // within about 10 completions (plus the 2 already in flight), not after run 1's 1000.
        assert!(
            last_small - done_when_small_arrived <= 14,
            "run 2 arrived after {done_when_small_arrived} completions and finished at {last_small}"
        );
        assert!(
            done_when_small_arrived < 900,
            "run 1 was nearly done before run 2 arrived"
        );
    }

    #[tokio::test]
    async fn a_cancelled_waiter_does_not_leak_its_permit() {
        let limiter = FairLimiter::new(1);
        let held = limiter.acquire(RunId(1)).await;
        let waiting = tokio::spawn({
            let limiter = Arc::clone(&limiter);
            async move { limiter.acquire(RunId(2)).await }
        });
        while limiter.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        waiting.abort();
        let _ = waiting.await;
        drop(held);
        let again = tokio::time::timeout(Duration::from_secs(1), limiter.acquire(RunId(3))).await;
        assert!(again.is_ok(), "the permit was lost");
        drop(again);
        assert_eq!(limiter.in_use(), 0);
    }
}
