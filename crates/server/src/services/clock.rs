//! The one clock: every decision that depends on the time (expiry, leases, throttling, the
//! dates written on rows and files) reads it through [`Clock`], which the server builds once
//! and hands to every service as a plain `now`. Tests move a [`ManualClock`] instead of sleeping
//! or rewriting rows. Reading the system clock anywhere else is refused by clippy
//! (`disallowed-methods` in `clippy.toml`).

use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};
use std::time::Duration;

use time::OffsetDateTime;

/// The time, in whole seconds like every stored timestamp: SQLite stores timestamps as RFC 3339
/// text and compares them as strings, and a fixed format (UTC, no fractional part) keeps string
/// order equal to time order, so `expires_at > now` means the same on SQLite and PostgreSQL.
/// The server reads the system clock; a test puts a [`ManualClock`] into the state it builds
/// and moves it forward. Nothing in the configuration or the API selects or moves that clock:
/// only code that builds the server's state can.
#[derive(Clone, Default)]
pub struct Clock {
    moved: Option<ManualClock>,
}

impl Clock {
    pub fn now(&self) -> OffsetDateTime {
        let ahead = self
            .moved
            .as_ref()
            .map_or(Duration::ZERO, ManualClock::ahead);
        #[allow(
            clippy::disallowed_methods,
            reason = "the one place that reads the system clock"
        )]
        let system = OffsetDateTime::now_utc();
        (system + ahead)
            .replace_nanosecond(0)
            .expect("zero nanoseconds are valid")
    }
}

/// A clock that runs with the system clock, ahead of it by as much as it has been moved.
#[derive(Clone, Default)]
pub struct ManualClock {
    ahead_ms: Arc<AtomicU64>,
}

impl ManualClock {
    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).expect("a test moves the clock by less than ages");
        self.ahead_ms.fetch_add(ms, Ordering::SeqCst);
    }

    fn ahead(&self) -> Duration {
        Duration::from_millis(self.ahead_ms.load(Ordering::SeqCst))
    }
}

impl From<ManualClock> for Clock {
    fn from(moved: ManualClock) -> Self {
        Self { moved: Some(moved) }
    }
}

/// A fixed time for unit tests that write rows: what they check never depends on the day
/// they run.
#[cfg(test)]
pub const TEST_NOW: OffsetDateTime = time::macros::datetime!(2026-06-01 12:00 UTC);
