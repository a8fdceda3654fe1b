//! SQLite's WAL checkpoints, off the request path.
//!
//! SQLite copies the write-ahead log back into the database file (a checkpoint) inside the
//! commit that makes the log pass 1,000 pages, so the request that happens to commit a large
//! upload also pays for writing it a second time (about a fifth of creating a 36,000-segment
//! project). Connections therefore run with `wal_autocheckpoint = 0` and the server checkpoints
//! from a background task instead. Nothing is less durable: a committed transaction is in the
//! log, and readers see it there until it is copied.

use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend};

/// How long committed pages may wait in the log before a checkpoint copies them.
const INTERVAL: Duration = Duration::from_secs(1);

/// The pragma every SQLite connection runs with: no checkpoint inside commits.
pub(super) const AUTOCHECKPOINT_OFF: (&str, &str) = ("wal_autocheckpoint", "0");

/// Checkpoints `db` every [`INTERVAL`] for as long as the runtime runs; nothing for PostgreSQL.
/// `PASSIVE` never waits for readers or writers: pages a reader still needs are copied in a
/// later round, and a round with nothing new costs a few system calls.
pub fn spawn_checkpointer(db: DatabaseConnection) {
    if db.get_database_backend() != DbBackend::Sqlite {
        return;
    }
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(INTERVAL);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(error) = db
                .execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)")
                .await
            {
                tracing::warn!(%error, "WAL checkpoint failed; the next round tries again");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn commits_leave_pages_in_the_log_until_the_checkpointer_copies_them() {
        let (db, file) =
            crate::db::scratch_database("checkpoint", "CREATE TABLE t (x TEXT NOT NULL)").await;
        // About 2 MiB in one commit: more than the 1,000 pages that would trigger SQLite's own
        // checkpoint.
        db.execute_unprepared(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
             INSERT INTO t SELECT printf('%.1000d', i) FROM n",
        )
        .await
        .unwrap();
        let size = || std::fs::metadata(&file).unwrap().len();
        assert!(
            size() < 100_000,
            "the commit did not checkpoint: {}",
            size()
        );

        spawn_checkpointer(db.clone());
        let deadline = tokio::time::Instant::now() + 5 * INTERVAL;
        while size() < 2_000_000 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "no checkpoint within {:?}",
                5 * INTERVAL
            );
            tokio::time::sleep(INTERVAL / 10).await;
        }
        db.close().await.unwrap();
        std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    }
}
