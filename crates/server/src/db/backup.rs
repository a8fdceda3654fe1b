//! Backups of the embedded SQLite database and their restore. PostgreSQL has its own tools
//! (`pg_dump`, `pg_restore`); the errors say so.
//!
//! Both directions go through `VACUUM INTO`, which writes a consistent snapshot of a live
//! database even while the server writes to it (copying the file can catch a half-written
//! WAL). A restore writes the copy beside the database file and renames it into place, so a
//! crash leaves either the old database or the restored one, never a mix.

use std::path::{Path, PathBuf};

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, Statement,
};

use super::{connect, connect_and_migrate, sqlite_file};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "`wordmark backup` and `wordmark restore` work on SQLite databases. For PostgreSQL use \
         pg_dump and pg_restore, e.g. `pg_dump --format=custom --file=wordmark.dump \"$WORDMARK_DATABASE_URL\"` \
         and `pg_restore --clean --if-exists --no-owner --dbname=\"$WORDMARK_DATABASE_URL\" wordmark.dump`."
    )]
    NotSqlite,
    #[error("{0} already exists; choose a new file name.")]
    Exists(PathBuf),
    #[error("{0} does not exist.")]
    Missing(PathBuf),
    #[error("the file name {0} is not valid UTF-8")]
    Name(PathBuf),
    #[error("{file} is not a Wordmark backup: {reason}")]
    NotABackup { file: PathBuf, reason: String },
    #[error(
        "the database {target} is not empty ({rows}); restoring would replace it. Run again \
         with --force to replace it (a copy of it is kept as {keep})."
    )]
    NotEmpty {
        target: PathBuf,
        rows: String,
        keep: PathBuf,
    },
    #[error("{action}: {source}")]
    Io {
        action: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Writes a consistent copy of the live database to `file`, which must not exist.
pub async fn backup(db: &DatabaseConnection, file: &Path) -> Result<(), BackupError> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return Err(BackupError::NotSqlite);
    }
    if file.exists() {
        return Err(BackupError::Exists(file.to_owned()));
    }
    vacuum_into(db, file).await
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    pub target: PathBuf,
    /// Where the database that was replaced was kept (with `--force` over a non-empty one).
    pub kept: Option<PathBuf>,
}

/// Replaces the database at `database_url` with the backup `file`, then brings its schema up
/// to date (a backup of an older version is migrated). Refuses a database that holds users or
/// projects unless `force`; then the replaced database is kept beside it first. The server
/// must be stopped: it would go on writing to the file it had open.
pub async fn restore(
    database_url: &str,
    file: &Path,
    force: bool,
    now: time::OffsetDateTime,
) -> Result<Restored, BackupError> {
    let target = sqlite_file(database_url)
        .ok_or(BackupError::NotSqlite)?
        .to_owned();
    if !file.exists() {
        return Err(BackupError::Missing(file.to_owned()));
    }
    // Opened read-only and as it is: `connect` would switch it to WAL, a write.
    let mut options = ConnectOptions::new(format!("sqlite://{}?mode=ro", utf8(file)?));
    options.sqlx_logging(false).max_connections(1);
    let backup = Database::connect(options)
        .await
        .map_err(|e| not_a_backup(file, e.to_string()))?;
    let migrations = count(&backup, "seaql_migrations")
        .await
        .map_err(|_| not_a_backup(file, "it has no Wordmark schema".into()))?;
    if migrations == 0 {
        return Err(not_a_backup(file, "its schema was never created".into()));
    }

    let mut kept = None;
    if target.exists() {
        let current = connect(database_url).await?;
        let rows = contents(&current).await;
        if !rows.is_empty() {
            let keep = target.with_extension(format!("before-restore-{}.db", now.unix_timestamp()));
            if !force {
                return Err(BackupError::NotEmpty { target, rows, keep });
            }
            vacuum_into(&current, &keep).await?;
            kept = Some(keep);
        }
        current.close().await?;
    }

    let incoming = target.with_extension("restoring");
    remove_if_exists(&incoming)?;
    vacuum_into(&backup, &incoming).await?;
    backup.close().await?;
    // The old database's log belongs to the old file: left beside the new one, SQLite would
    // replay it into the restored database.
    for suffix in ["-wal", "-shm"] {
        remove_if_exists(&PathBuf::from(format!("{}{suffix}", target.display())))?;
    }
    std::fs::rename(&incoming, &target).map_err(|source| BackupError::Io {
        action: format!("cannot move the restored database to {}", target.display()),
        source,
    })?;
    connect_and_migrate(database_url).await?.close().await?;
    Ok(Restored { target, kept })
}

fn not_a_backup(file: &Path, reason: String) -> BackupError {
    BackupError::NotABackup {
        file: file.to_owned(),
        reason,
    }
}

fn utf8(path: &Path) -> Result<&str, BackupError> {
    path.to_str()
        .ok_or_else(|| BackupError::Name(path.to_owned()))
}

async fn vacuum_into(db: &DatabaseConnection, file: &Path) -> Result<(), BackupError> {
    let path = utf8(file)?;
    db.execute_unprepared(&format!("VACUUM INTO '{}'", path.replace('\'', "''")))
        .await?;
    Ok(())
}

fn remove_if_exists(path: &Path) -> Result<(), BackupError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(BackupError::Io {
            action: format!("cannot remove {}", path.display()),
            source: e,
        }),
        _ => Ok(()),
    }
}

async fn count(db: &DatabaseConnection, table: &str) -> Result<i64, DbErr> {
    let row = db
        .query_one_raw(Statement::from_string(
            DbBackend::Sqlite,
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await?
        .ok_or_else(|| DbErr::Custom("COUNT(*) returned no row".into()))?;
    row.try_get::<i64>("", "n")
}

/// What makes a database worth keeping, e.g. "2 users, 1 client": empty when it holds none
/// (a fresh file, or one `wordmark serve` only created its schema in).
async fn contents(db: &DatabaseConnection) -> String {
    let mut parts = Vec::new();
    for (table, what) in [
        ("users", "users"),
        ("clients", "clients"),
        ("translation_projects", "translation projects"),
        ("rebranding_projects", "rebranding projects"),
    ] {
        // A table that does not exist yet holds nothing.
        if let Ok(n) = count(db, table).await
            && n > 0
        {
            parts.push(format!("{n} {what}"));
        }
    }
    parts.join(", ")
}
