//! Spreading CPU-bound work over the machine's cores, from inside `spawn_blocking`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `items.iter().map(work)`, run on up to as many threads as there are cores, results in item
/// order. Workbooks and XLIFF files are independent, so a project's files build side by side.
pub fn map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
                    let result = work(item);
                    results.lock().expect("no worker panics while holding it")[index] =
                        Some(result);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|r| r.expect("every item was processed"))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_come_back_in_item_order() {
        let items: Vec<u32> = (0..100).collect();
        assert_eq!(
            super::map(&items, |n| n * 2),
            (0..100).map(|n| n * 2).collect::<Vec<_>>()
        );
        assert_eq!(super::map(&[] as &[u32], |n| *n), Vec::<u32>::new());
    }
}
