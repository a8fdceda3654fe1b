//! The pre-translation runs this process is working. The lease in the database decides which
//! instance works a run; this registry keeps one process from putting two workers on it (the
//! app asking again, the orphan scan).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// The ids of the runs this process is working.
#[derive(Default)]
pub struct Working(Mutex<HashSet<i32>>);

/// Marks a run as worked by this process until dropped.
pub struct WorkingGuard(Arc<Working>, i32);

impl Working {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<i32>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Claims the run for the caller; `None` when this process already works it.
    pub fn enter(self: &Arc<Self>, run_id: i32) -> Option<WorkingGuard> {
        self.lock()
            .insert(run_id)
            .then(|| WorkingGuard(Arc::clone(self), run_id))
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
}
