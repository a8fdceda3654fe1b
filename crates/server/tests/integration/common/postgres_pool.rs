//! PostgreSQL test databases, made ahead of the tests and reused after them.
//!
//! `CREATE DATABASE … TEMPLATE` and `DROP DATABASE` each make PostgreSQL write the database's
//! files to disk (about a second each on a busy two-core machine): twice per test, they made the
//! PostgreSQL run four times as long as the SQLite one. Emptying a database's tables takes a
//! tenth of that. So one thread keeps [`AHEAD`] databases ready, copied from the template, and a
//! finished test's database is recycled in the background: connections are refused and the old
//! ones ended, the database is *renamed* (so that whatever still knows the old name — a server
//! task of the finished test, a `wordmark` process it started — can never reach it again), its
//! rows deleted and its sequences restarted, and it is checked to hold the template's schema
//! (else dropped: a test that changed the schema does not hand its change on).
//!
//! At the process's exit (an `atexit` hook, which runs whether the tests passed or failed)
//! every database this process made is dropped, at once, so a run leaves nothing on the
//! server. A run that is killed cannot: its databases carry its process id in their name, and
//! the next run drops those of processes that are gone.
//!
//! A database that cannot be made is tried again for [`RETRY_FOR`], each failure printed, before
//! the pool gives up and every test waiting says why: `CREATE DATABASE … TEMPLATE` refuses while
//! a session is connected to the template (the recycler reads its schema once at the start, as
//! may another run's, and PostgreSQL waits only 5 s for such a session to end), and a loaded
//! machine can refuse a connection for a moment. A lock is never left poisoned: one test's
//! panic fails that test alone.
//!
//! Each database is set to `synchronous_commit = off`: a commit returns before PostgreSQL has
//! flushed it, which loses nothing unless the PostgreSQL server itself crashes, and no test
//! crashes it (the crash tests kill Wordmark, not PostgreSQL).

use std::{
    collections::VecDeque,
    sync::{
        Condvar, Mutex, MutexGuard, OnceLock,
        mpsc::{self, Sender},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Statement, TransactionTrait};
use wordmark_server::db;

use super::template;

/// Databases kept ready: enough for the tests running at once to find one waiting.
const AHEAD: usize = 3;
const PREFIX: &str = "wordmark_test_";
/// How long a database that cannot be made is tried again.
const RETRY_FOR: Duration = Duration::from_secs(30);

struct Ready {
    names: VecDeque<String>,
    /// Why the maker stopped, when it could not make a database.
    failed: Option<String>,
    /// Set at exit: make no more.
    stopping: bool,
}

struct Pool {
    server_url: String,
    ready: Mutex<Ready>,
    changed: Condvar,
    to_recycle: Mutex<Option<Sender<String>>>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

static POOL: OnceLock<Pool> = OnceLock::new();

fn pool(server_url: &str) -> &'static Pool {
    POOL.get_or_init(|| {
        let (to_recycle, finished) = mpsc::channel::<String>();
        // A panic of the maker (PostgreSQL unreachable while the template is made) would leave
        // every test waiting for a database: it is every waiting test's failure instead.
        let maker = std::thread::spawn(|| {
            if let Err(panic) = std::panic::catch_unwind(|| run(make_ahead())) {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|why| (*why).to_owned()))
                    .unwrap_or_else(|| "a panic".to_owned());
                fail(POOL.wait(), why);
            }
        });
        let recycler = std::thread::spawn(move || run(recycle_all(finished)));
        // SAFETY: `atexit` only stores the function; `finish` takes no arguments and, being
        // `extern "C"`, aborts rather than unwinds should it ever panic.
        unsafe { libc::atexit(finish) };
        Pool {
            server_url: server_url.to_owned(),
            ready: Mutex::new(Ready {
                names: VecDeque::new(),
                failed: None,
                stopping: false,
            }),
            changed: Condvar::new(),
            to_recycle: Mutex::new(Some(to_recycle)),
            threads: Mutex::new(vec![maker, recycler]),
        }
    })
}

/// The lock's contents even when a thread panicked holding it: every change to [`Ready`] is one
/// assignment, never left half-made, and one test's panic must not fail all the others.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Waits for the next change of [`Ready`], as [`lock`] does for the lock.
fn wait<'a>(pool: &Pool, ready: MutexGuard<'a, Ready>) -> MutexGuard<'a, Ready> {
    pool.changed
        .wait(ready)
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn run<F: Future<Output = ()>>(work: F) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(work)
}

async fn admin(pool: &Pool) -> Result<DatabaseConnection, DbErr> {
    db::connect(&format!("{}/postgres", pool.server_url)).await
}

/// A database with the migrated schema and no rows, for this test alone.
pub async fn take(server_url: &str) -> String {
    let pool = pool(server_url);
    let taken = tokio::task::spawn_blocking(move || {
        let mut ready = lock(&pool.ready);
        loop {
            if let Some(name) = ready.names.pop_front() {
                pool.changed.notify_all();
                return Ok(name);
            }
            if let Some(why) = &ready.failed {
                return Err(why.clone());
            }
            ready = wait(pool, ready);
        }
    })
    .await
    .expect("waiting for a test database does not panic");
    taken.unwrap_or_else(|why| panic!("no PostgreSQL test database: {why}"))
}

/// A name for a database made outside the pool, such that a later run drops it should this one
/// be killed before it could.
pub fn new_name() -> String {
    format!("{PREFIX}{}_{}", std::process::id(), super::random_suffix())
}

/// Takes back a finished test's database `name` on `server_url`: recycled, or dropped.
pub fn give_back(server_url: &str, name: String) {
    if let Some(sender) = lock(&pool(server_url).to_recycle).as_ref() {
        sender.send(name).ok();
    }
}

fn push_ready(pool: &Pool, name: String) {
    lock(&pool.ready).names.push_back(name);
    pool.changed.notify_all();
}

/// The maker stopped for `why`: every test waiting for a database, and every later one, fails
/// saying so.
fn fail(pool: &Pool, why: String) {
    lock(&pool.ready).failed = Some(why);
    pool.changed.notify_all();
}

async fn make_ahead() {
    let pool = POOL.wait();
    let fail = |why| fail(pool, why);
    let template = template::postgres(&pool.server_url).await;
    let admin = match retried("connecting to PostgreSQL", async || admin(pool).await).await {
        Ok(admin) => admin,
        Err(error) => return fail(format!("PostgreSQL is not reachable: {error}")),
    };
    drop_those_of_ended_runs(&admin).await;
    loop {
        {
            let mut ready = lock(&pool.ready);
            while ready.names.len() >= AHEAD && !ready.stopping {
                ready = wait(pool, ready);
            }
            if ready.stopping {
                break;
            }
        }
        let name = new_name();
        let made = async {
            let copy = format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\"");
            retried(&copy, async || admin.execute_unprepared(&copy).await).await?;
            admin
                .execute_unprepared(&format!(
                    "ALTER DATABASE \"{name}\" SET synchronous_commit = off"
                ))
                .await
        };
        if let Err(error) = made.await {
            return fail(format!("a test database could not be created: {error}"));
        }
        push_ready(pool, name);
    }
    admin.close().await.ok();
}

/// `attempt` until it succeeds or [`RETRY_FOR`] has passed, each failure printed with `what`.
async fn retried<T>(what: &str, attempt: impl AsyncFn() -> Result<T, DbErr>) -> Result<T, DbErr> {
    let started = Instant::now();
    loop {
        match attempt().await {
            Err(error) if started.elapsed() < RETRY_FOR => {
                eprintln!("warning: {what} failed, trying again: {error}");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            outcome => return outcome,
        }
    }
}

/// Recycles each finished database sent, until the sender is taken away at exit.
async fn recycle_all(finished: mpsc::Receiver<String>) {
    let pool = POOL.wait();
    let admin = admin(pool).await.expect("PostgreSQL is reachable");
    let template = template::postgres(&pool.server_url).await;
    let expected = shape(&format!("{}/{template}", pool.server_url))
        .await
        .expect("the template's schema is read");
    while let Ok(name) = finished.recv() {
        let renamed = new_name();
        match recycle(&admin, &pool.server_url, &name, &renamed, &expected).await {
            Ok(true) => push_ready(pool, renamed),
            outcome => {
                if let Err(error) = outcome {
                    eprintln!("warning: test database {name} is dropped, not reused: {error}");
                }
                drop_database(&admin, &name).await;
                drop_database(&admin, &renamed).await;
            }
        }
    }
    admin.close().await.ok();
}

/// What a usable database holds besides rows: its applied migrations and its tables.
#[derive(Debug, PartialEq)]
struct Shape {
    migrations: Vec<String>,
    tables: Vec<String>,
}

async fn shape(url: &str) -> Result<Shape, DbErr> {
    let db = db::connect(url).await?;
    let shape = read_shape(&db).await;
    db.close().await.ok();
    shape
}

async fn read_shape(db: &impl ConnectionTrait) -> Result<Shape, DbErr> {
    let strings = |sql: &'static str| async move {
        db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
            .await?
            .iter()
            .map(|row| row.try_get_by_index::<String>(0))
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(Shape {
        migrations: strings("SELECT version FROM seaql_migrations ORDER BY version").await?,
        tables: strings(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
        )
        .await?,
    })
}

/// Shuts `name` off from its old connections, renames it `renamed` and empties it; false when
/// its schema is not the template's (left to be dropped).
async fn recycle(
    admin: &DatabaseConnection,
    server_url: &str,
    name: &str,
    renamed: &str,
    expected: &Shape,
) -> Result<bool, DbErr> {
    let run = |sql: String| async move { admin.execute_unprepared(&sql).await.map(|_| ()) };
    run(format!(
        "ALTER DATABASE \"{name}\" WITH ALLOW_CONNECTIONS false"
    ))
    .await?;
    // Waits (up to 5 s each) until every old session has ended: a rename needs none left.
    run(format!(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity \
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .await?;
    run(format!("ALTER DATABASE \"{name}\" RENAME TO \"{renamed}\"")).await?;
    run(format!(
        "ALTER DATABASE \"{renamed}\" WITH ALLOW_CONNECTIONS true"
    ))
    .await?;

    let db = db::connect(&format!("{server_url}/{renamed}")).await?;
    let emptied = async {
        if read_shape(&db).await? != *expected {
            return Ok(false);
        }
        let txn = db.begin().await?;
        // Replica mode skips the foreign-key triggers, so that the tables empty in any order.
        txn.execute_unprepared("SET LOCAL session_replication_role = replica")
            .await?;
        for table in expected.tables.iter().filter(|t| *t != "seaql_migrations") {
            txn.execute_unprepared(&format!("DELETE FROM \"{table}\""))
                .await?;
        }
        txn.execute_unprepared(
            "SELECT setval(format('%I.%I', schemaname, sequencename), 1, false) \
             FROM pg_sequences WHERE schemaname = 'public'",
        )
        .await?;
        txn.commit().await?;
        Ok::<_, DbErr>(true)
    }
    .await;
    db.close().await.ok();
    emptied
}

/// Drops the test databases of processes that no longer run (a run killed before its exit).
async fn drop_those_of_ended_runs(admin: &DatabaseConnection) {
    for name in template::databases_named_like(admin, PREFIX).await {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or_default();
        let ended = pid
            .parse::<u32>()
            .is_ok_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists());
        if ended {
            drop_database(admin, &name).await;
        }
    }
}

async fn drop_database(admin: &DatabaseConnection, name: &str) {
    let statement = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
    if let Err(error) = admin.execute_unprepared(&statement).await {
        eprintln!("warning: could not drop test database {name}: {error}");
    }
}

/// At exit: stop making and recycling, then drop every database left, all at once (their
/// drops share PostgreSQL's checkpoints).
extern "C" fn finish() {
    let Some(pool) = POOL.get() else { return };
    lock(&pool.ready).stopping = true;
    pool.changed.notify_all();
    lock(&pool.to_recycle).take();
    for thread in std::mem::take(&mut *lock(&pool.threads)) {
        thread.join().ok();
    }
    let left = std::mem::take(&mut lock(&pool.ready).names);
    run(async {
        let Ok(admin) = admin(pool).await else { return };
        futures::future::join_all(left.iter().map(|name| drop_database(&admin, name))).await;
        admin.close().await.ok();
    });
}
