//! Scratch databases for the unit tests of storage code, migrated like the server's: a SQLite
//! file in a folder of its own, or with `WORDMARK_TEST_DATABASE=postgres` a new database on
//! `WORDMARK_TEST_PG_URL` (default `postgres://postgres@127.0.0.1:5432`). Call
//! [`Scratch::remove`] at the end of the test.

use sea_orm::{ConnectionTrait, DatabaseConnection};

pub struct Scratch {
    pub db: DatabaseConnection,
    /// The SQLite folder, or the PostgreSQL server and database name.
    place: Place,
}

enum Place {
    Folder(std::path::PathBuf),
    Postgres { server: String, name: String },
}

impl Scratch {
    pub async fn new() -> Scratch {
        let suffix = hex::encode(rand::random::<[u8; 6]>());
        let postgres = std::env::var("WORDMARK_TEST_DATABASE")
            .is_ok_and(|v| v.eq_ignore_ascii_case("postgres"));
        let (url, place) = if postgres {
            let server = std::env::var("WORDMARK_TEST_PG_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
                .trim_end_matches('/')
                .to_owned();
            let name = format!("wordmark_unit_{suffix}");
            let admin = super::connect(&format!("{server}/postgres")).await.unwrap();
            admin
                .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                .await
                .unwrap();
            admin.close().await.unwrap();
            (format!("{server}/{name}"), Place::Postgres { server, name })
        } else {
            let folder = std::env::temp_dir().join(format!("wordmark-unit-{suffix}"));
            std::fs::create_dir_all(&folder).unwrap();
            let url = format!("sqlite://{}?mode=rwc", folder.join("test.db").display());
            (url, Place::Folder(folder))
        };
        let db = super::connect_and_migrate(&url).await.unwrap();
        Scratch { db, place }
    }

    /// Returns once a session of this database waits for a lock another holds (PostgreSQL's
    /// `pg_locks`): a test that wants a transaction blocked behind another's lock before it
    /// lets the other commit waits for that, not for a while. SQLite shows no waiting writer to
    /// other connections, and serialises writers at `BEGIN` anyway: there this returns at once.
    pub async fn until_a_lock_is_awaited(&self) {
        use sea_orm::Statement;
        if !matches!(self.place, Place::Postgres { .. }) {
            return;
        }
        let waiting = Statement::from_string(
            self.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid \
             WHERE NOT l.granted AND a.datname = current_database()",
        );
        let seen = async {
            loop {
                let row = self
                    .db
                    .query_one_raw(waiting.clone())
                    .await
                    .unwrap()
                    .unwrap();
                if row.try_get::<i64>("", "n").unwrap() > 0 {
                    return;
                }
                tokio::task::yield_now().await;
            }
        };
        // A bound on a failure, not an order: without the lock nobody ever waits.
        tokio::time::timeout(std::time::Duration::from_secs(30), seen)
            .await
            .expect("no session of the database waited for a lock");
    }

    pub async fn remove(self) {
        self.db.close().await.unwrap();
        match self.place {
            Place::Folder(folder) => std::fs::remove_dir_all(folder).unwrap(),
            Place::Postgres { server, name } => {
                let admin = super::connect(&format!("{server}/postgres")).await.unwrap();
                admin
                    .execute_unprepared(&format!("DROP DATABASE \"{name}\" WITH (FORCE)"))
                    .await
                    .unwrap();
                admin.close().await.unwrap();
            }
        }
    }
}
