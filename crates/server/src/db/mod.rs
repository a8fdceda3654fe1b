//! Storage: connection setup, migrations and entities shared by SQLite and PostgreSQL.

pub mod backup;
mod bulk;
mod checkpoint;
pub mod entities;
pub mod listing;
pub mod migrations;
#[cfg(test)]
pub mod scratch;

pub use bulk::BulkTransaction;
pub use checkpoint::spawn_checkpointer;

use std::{path::Path, time::Duration};

use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
};
use sea_orm_migration::MigratorTrait;

/// How long a SQLite writer waits for the lock before giving up with "database is locked".
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// WAL allows concurrent readers next to one writer; a small pool is enough for a team tool.
const SQLITE_MAX_CONNECTIONS: u32 = 4;
/// Page size of a new database file (an existing file keeps its own): segment rows are about
/// 220 bytes, and 16 KiB pages mean fewer page splits and log frames when an upload inserts
/// tens of thousands of them (project creation 7–10 % faster than with 4 KiB pages).
const SQLITE_PAGE_SIZE: u32 = 16 * 1024;

/// Connects to the database named by `url` (`sqlite:` or `postgres:`). For SQLite the folder of
/// the file is created (with [`SQLITE_PAGE_SIZE`] when new), and every connection runs with WAL,
/// foreign keys on and a busy timeout; checkpoints are left to [`spawn_checkpointer`].
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url);
    options.sqlx_logging(false);
    if url.starts_with("sqlite:") {
        if let Some(dir) = sqlite_file(url).and_then(Path::parent) {
            std::fs::create_dir_all(dir).map_err(|e| {
                DbErr::Custom(format!(
                    "cannot create the database folder {}: {e}",
                    dir.display()
                ))
            })?;
        }
        options
            .max_connections(SQLITE_MAX_CONNECTIONS)
            .map_sqlx_sqlite_opts(|opts| {
                opts.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .page_size(SQLITE_PAGE_SIZE)
                    .foreign_keys(true)
                    .busy_timeout(SQLITE_BUSY_TIMEOUT)
                    .pragma(
                        checkpoint::AUTOCHECKPOINT_OFF.0,
                        checkpoint::AUTOCHECKPOINT_OFF.1,
                    )
            });
    }
    Database::connect(options).await
}

/// Connects and brings the schema up to date, then connects again: the connections the
/// migrations ran beside may have read the schema before a migration changed it, and SQLite
/// connections opened before a column was added answered NULL for it from `INSERT … RETURNING`
/// now and then (the test `rows_inserted_after_the_migrations_come_back_whole`). The server
/// runs on connections that only ever saw the schema as the migrations left it.
pub async fn connect_and_migrate(url: &str) -> Result<DatabaseConnection, DbErr> {
    let db = connect(url).await?;
    migrations::Migrator::up(&db, None).await?;
    db.close().await?;
    connect(url).await
}

/// The file path of a `sqlite:` URL, `None` for in-memory databases.
pub(crate) fn sqlite_file(url: &str) -> Option<&Path> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| Path::new(path))
}

/// The connection pool's use: `(open connections, idle ones)`.
pub fn pool_use(db: &DatabaseConnection) -> (u32, usize) {
    match db.get_database_backend() {
        DbBackend::Postgres => {
            let pool = db.get_postgres_connection_pool();
            (pool.size(), pool.num_idle())
        }
        _ => {
            let pool = db.get_sqlite_connection_pool();
            (pool.size(), pool.num_idle())
        }
    }
}

/// The backend's name as shown in Build Info.
pub fn backend_name(db: &DatabaseConnection) -> &'static str {
    match db.get_database_backend() {
        DbBackend::Sqlite => "sqlite",
        DbBackend::Postgres => "postgresql",
        _ => "unsupported",
    }
}

/// A transaction that writes; every writing transaction of the server begins here. On SQLite it
/// takes the write lock at `BEGIN` (`IMMEDIATE`): a deferred transaction that read first cannot
/// take the lock later once another connection has committed (SQLite answers "database is
/// locked" at once instead of waiting for the busy timeout), so of two concurrent writers that
/// read first, one would fail. PostgreSQL ignores the mode.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// A fresh SQLite file in a temporary folder of its own, connected as the server connects, with
/// `schema` run on it: for the unit tests of this module's parts. Remove the file's folder when
/// done.
#[cfg(test)]
async fn scratch_database(name: &str, schema: &str) -> (DatabaseConnection, std::path::PathBuf) {
    use sea_orm::ConnectionTrait;
    let dir = std::env::temp_dir().join(format!("wordmark-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("test.db");
    let db = connect(&format!("sqlite://{}?mode=rwc", file.display()))
        .await
        .unwrap();
    db.execute_unprepared(schema).await.unwrap();
    (db, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_file_paths() {
        assert_eq!(
            sqlite_file("sqlite://data/wordmark.db?mode=rwc"),
            Some(Path::new("data/wordmark.db"))
        );
        assert_eq!(
            sqlite_file("sqlite:/tmp/x.db"),
            Some(Path::new("/tmp/x.db"))
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://localhost/db"), None);
    }

    /// A row inserted right after the migrations comes back whole from `RETURNING`. Columns
    /// that a migration added came back NULL, now and then, on SQLite connections that the pool
    /// had opened before the migration altered their table (seen with `target_langs`, m0020,
    /// on project creation). The pool that ran the migrations is closed for that reason. Eight
    /// databases at a time, twenty-five times each; SQLite only (a PostgreSQL database takes
    /// far longer to create, and it never showed this).
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn rows_inserted_after_the_migrations_come_back_whole() {
        use sea_orm::{ActiveModelTrait, Set};

        use entities::translation_project::{ActiveModel, Languages, ProjectStatus};

        let first = scratch::Scratch::new().await;
        let backend = first.db.get_database_backend();
        first.remove().await;
        if backend != DbBackend::Sqlite {
            return;
        }
        let rounds = (0..8).map(|_| {
            tokio::spawn(async {
                for _ in 0..25 {
                    let scratch = scratch::Scratch::new().await;
                    let inserted = ActiveModel {
                        name: Set("new".into()),
                        status: Set(ProjectStatus::Created),
                        date_created: Set(time::macros::datetime!(2026-06-01 12:00 UTC)),
                        ..Default::default()
                    }
                    .insert(&scratch.db)
                    .await
                    .unwrap();
                    assert_eq!(inserted.target_langs, Languages::default());
                    scratch.remove().await;
                }
            })
        });
        for round in rounds.collect::<Vec<_>>() {
            round.await.unwrap();
        }
    }

    /// The bundled SQLite is compiled as `.cargo/config.toml` asks: no page cache shared by all
    /// connections, no global lock for memory statistics, plans that do not depend on bound
    /// values (see the reasons there). A build that misses the setting (cargo run from outside
    /// the repository) fails here.
    #[tokio::test]
    async fn sqlite_is_built_as_the_repository_asks() {
        use sea_orm::ConnectionTrait;
        let db = connect("sqlite::memory:").await.unwrap();
        let rows = db
            .query_all_raw(sea_orm::Statement::from_string(
                DbBackend::Sqlite,
                "PRAGMA compile_options",
            ))
            .await
            .unwrap();
        let options: Vec<String> = rows
            .iter()
            .map(|row| row.try_get_by_index(0).unwrap())
            .collect();
        let has = |option: &str| options.iter().any(|o| o == option);
        assert!(has("DEFAULT_MEMSTATUS=0"), "{options:?}");
        assert!(has("ENABLE_QPSG"), "{options:?}");
        assert!(!has("ENABLE_MEMORY_MANAGEMENT"), "{options:?}");
        // The options the build keeps are listed the same way (the check reads the right list).
        assert!(has("ENABLE_FTS5"), "{options:?}");
    }
}
