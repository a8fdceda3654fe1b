//! A transaction for statements with thousands of bound values, such as the segment rows of a
//! project upload.
//!
//! SeaORM's own transaction copies every bound value of a statement before handing it to sqlx
//! (its drivers build the query from `&Statement`), which for a 36,000-segment upload cost
//! about as much CPU as SQLite's inserting the rows. [`BulkTransaction`] runs on the same
//! pool and hands the values over instead. It implements [`ConnectionTrait`], so every query
//! of the feature modules runs on it unchanged, on SQLite and PostgreSQL alike; dropping it
//! without [`BulkTransaction::commit`] rolls back, like SeaORM's.

use std::sync::Arc;

use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbBackend, DbErr, ExecResult, QueryResult, RuntimeErr,
    Statement, Values,
    sqlx::{self, AssertSqlSafe},
};
use sea_query_sqlx::SqlxValues;
use tokio::sync::Mutex;

pub struct BulkTransaction {
    backend: DbBackend,
    /// `ConnectionTrait` hands out `&self`, sqlx needs the connection mutably.
    open: Mutex<Open>,
}

enum Open {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs `$body` with `$conn` bound to the open transaction's connection, whichever the backend.
macro_rules! on_connection {
    ($open:expr, |$conn:ident| $body:expr) => {
        match $open {
            Open::Sqlite(transaction) => {
                let $conn = &mut **transaction;
                $body
            }
            Open::Postgres(transaction) => {
                let $conn = &mut **transaction;
                $body
            }
        }
    };
}

impl BulkTransaction {
    /// Begins a transaction on a connection of `db`'s pool. It writes, so on SQLite it takes
    /// the write lock at `BEGIN`, for the reason [`crate::db::begin_write`] gives.
    pub async fn begin(db: &DatabaseConnection) -> Result<Self, DbErr> {
        let backend = db.get_database_backend();
        let open = match backend {
            DbBackend::Sqlite => db
                .get_sqlite_connection_pool()
                .begin_with("BEGIN IMMEDIATE")
                .await
                .map(Open::Sqlite),
            DbBackend::Postgres => db
                .get_postgres_connection_pool()
                .begin()
                .await
                .map(Open::Postgres),
            other => return Err(DbErr::Custom(format!("{other:?} is not supported"))),
        }
        .map_err(connection_error)?;
        Ok(BulkTransaction {
            backend,
            open: Mutex::new(open),
        })
    }

    pub async fn commit(self) -> Result<(), DbErr> {
        match self.open.into_inner() {
            Open::Sqlite(transaction) => transaction.commit().await,
            Open::Postgres(transaction) => transaction.commit().await,
        }
        .map_err(execution_error)
    }
}

/// The statement's text and its values, moved (not copied) into sqlx's form.
fn into_query(stmt: Statement) -> (AssertSqlSafe<String>, SqlxValues) {
    (
        AssertSqlSafe(stmt.sql),
        SqlxValues(stmt.values.unwrap_or(Values(Vec::new()))),
    )
}

// sqlx errors wrapped as SeaORM's transaction wraps them, so `DbErr::sql_err` (unique
// violations and the like) reads them the same.
fn connection_error(err: sqlx::Error) -> DbErr {
    DbErr::Conn(RuntimeErr::SqlxError(Arc::new(err)))
}

fn execution_error(err: sqlx::Error) -> DbErr {
    DbErr::Exec(RuntimeErr::SqlxError(Arc::new(err)))
}

fn query_error(err: sqlx::Error) -> DbErr {
    DbErr::Query(RuntimeErr::SqlxError(Arc::new(err)))
}

#[async_trait::async_trait]
impl ConnectionTrait for BulkTransaction {
    fn get_database_backend(&self) -> DbBackend {
        self.backend
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        let (sql, values) = into_query(stmt);
        on_connection!(&mut *self.open.lock().await, |conn| sqlx::query_with(
            sql, values
        )
        .execute(conn)
        .await
        .map(ExecResult::from))
        .map_err(execution_error)
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        let sql = AssertSqlSafe(sql.to_owned());
        on_connection!(&mut *self.open.lock().await, |conn| sqlx::raw_sql(sql)
            .execute(conn)
            .await
            .map(ExecResult::from))
        .map_err(execution_error)
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        let (sql, values) = into_query(stmt);
        on_connection!(&mut *self.open.lock().await, |conn| sqlx::query_with(
            sql, values
        )
        .fetch_optional(conn)
        .await
        .map(|row| row.map(QueryResult::from)))
        .map_err(query_error)
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let (sql, values) = into_query(stmt);
        on_connection!(&mut *self.open.lock().await, |conn| sqlx::query_with(
            sql, values
        )
        .fetch_all(conn)
        .await
        .map(|rows| rows.into_iter().map(QueryResult::from).collect()))
        .map_err(query_error)
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{SqlErr, TransactionTrait, Value};

    use super::*;

    async fn database(name: &str) -> (DatabaseConnection, std::path::PathBuf) {
        let schema = "CREATE TABLE t (k TEXT NOT NULL UNIQUE, n INTEGER)";
        crate::db::scratch_database(&format!("bulk-{name}"), schema).await
    }

    fn insert(k: &str, n: i32) -> Statement {
        Statement::from_sql_and_values(
            DbBackend::Sqlite,
            "INSERT INTO t (k, n) VALUES (?, ?)",
            [Value::from(k), Value::from(n)],
        )
    }

    async fn keys(db: &impl ConnectionTrait) -> Vec<String> {
        let query = Statement::from_string(DbBackend::Sqlite, "SELECT k FROM t ORDER BY k");
        db.query_all_raw(query)
            .await
            .unwrap()
            .iter()
            .map(|row| row.try_get::<String>("", "k").unwrap())
            .collect()
    }

    #[tokio::test]
    async fn commits_what_it_wrote_and_rolls_back_when_dropped() {
        let (db, file) = database("commit").await;
        let txn = BulkTransaction::begin(&db).await.unwrap();
        txn.execute_raw(insert("a", 1)).await.unwrap();
        assert_eq!(keys(&txn).await, ["a"], "its own rows are visible inside");
        assert!(
            keys(&db).await.is_empty(),
            "and not outside before the commit"
        );
        txn.commit().await.unwrap();
        assert_eq!(keys(&db).await, ["a"]);

        let txn = BulkTransaction::begin(&db).await.unwrap();
        txn.execute_raw(insert("b", 2)).await.unwrap();
        drop(txn);
        assert_eq!(
            keys(&db).await,
            ["a"],
            "a dropped transaction leaves nothing"
        );
        db.close().await.unwrap();
        std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    }

    /// A transaction that reads before it writes (adding a file checks the project's file
    /// names first) still writes when another connection wants to write meanwhile: it holds
    /// SQLite's write lock from `BEGIN`, and the other waits for its commit. A deferred one
    /// would fail at its first write with "database is locked", since its snapshot is older than
    /// the other's commit, and no busy timeout helps with that.
    #[tokio::test]
    async fn a_transaction_that_reads_first_still_writes_beside_another_writer() {
        let (db, file) = database("reads-first").await;
        let txn = BulkTransaction::begin(&db).await.unwrap();
        assert!(keys(&txn).await.is_empty());
        // It holds the write lock from `BEGIN`, read only so far: a writer that does not wait
        // is refused at once.
        let probe = db.begin().await.unwrap();
        let timeout = super::super::SQLITE_BUSY_TIMEOUT.as_millis();
        probe
            .execute_unprepared("PRAGMA busy_timeout = 0")
            .await
            .unwrap();
        let refused = probe.execute_raw(insert("c", 3)).await;
        probe
            .execute_unprepared(&format!("PRAGMA busy_timeout = {timeout}"))
            .await
            .unwrap();
        probe.rollback().await.unwrap();
        assert!(
            refused.is_err_and(|err| err.to_string().contains("locked")),
            "the lock is held from BEGIN"
        );
        // Another writer asks meanwhile and waits for the commit.
        let (asking, asked) = tokio::sync::oneshot::channel();
        let other = tokio::spawn({
            let db = db.clone();
            async move {
                asking.send(()).unwrap();
                let other = crate::db::begin_write(&db).await.unwrap();
                other.execute_raw(insert("b", 2)).await.unwrap();
                other.commit().await.unwrap();
            }
        });
        asked.await.unwrap();
        txn.execute_raw(insert("a", 1)).await.unwrap();
        txn.commit().await.unwrap();
        other.await.unwrap();
        assert_eq!(keys(&db).await, ["a", "b"]);
        db.close().await.unwrap();
        std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    }

    #[tokio::test]
    async fn errors_read_like_seaorms() {
        let (db, file) = database("errors").await;
        let txn = BulkTransaction::begin(&db).await.unwrap();
        txn.execute_raw(insert("a", 1)).await.unwrap();
        let err = txn.execute_raw(insert("a", 2)).await.unwrap_err();
        assert!(
            matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))),
            "{err:?}"
        );
        drop(txn);
        db.close().await.unwrap();
        std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    }
}
