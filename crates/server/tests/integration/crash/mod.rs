//! Crash safety with the real `wordmark` binary: a server process is started on a test
//! database, killed with SIGKILL (or stopped with SIGTERM) at a chosen moment, started again on
//! the same database, and what it stored is checked. The machine translation provider is the
//! in-repo fake DeepL in this test process, which counts every text it receives and bills.
//!
//! Kill moments are chosen by state, never by sleeping: a number of provider requests answered
//! and written, an acknowledged answer, or a write transaction seen open in the database.

mod kills;
mod outbox;
mod provider;
mod servers;
mod shutdown;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use sea_orm::{
    ColumnTrait, ConnectOptions, ConnectionTrait, Database, DbBackend, EntityTrait, PaginatorTrait,
    QueryFilter,
};
use serde_json::Value;
use wordmark_mt::fake::{FakeServer, TextCount};
use wordmark_server::db::entities::{translation_job as job, translation_segment as segment};

use crate::common::{ADMIN, PASSWORD, TestApp, TestDatabase, json_body};
use crate::mt_support::{DEEPL_KEY, job_ids, segments, xliff};

/// Provider requests in flight per server (`WORDMARK_MT_CONCURRENCY`).
const CONCURRENCY: usize = 4;
/// Texts in one DeepL request (the provider's limit, which the batching fills).
const TEXTS_PER_REQUEST: usize = 50;

/// The environment every server of a test shares, and its database.
pub struct Setup {
    database: Arc<TestDatabase>,
    env: Vec<(String, String)>,
    log: PathBuf,
}

impl Setup {
    /// A fresh database; the servers sign in `admin` with the test password, claim runs for
    /// 2 s (so a killed server's run is resumed within about 3 s) and send at most
    /// [`CONCURRENCY`] requests at once.
    pub async fn new(env: &[(&str, &str)]) -> Self {
        let database = Arc::new(TestDatabase::create().await);
        let log = std::env::temp_dir().join(format!(
            "wordmark-crash-{}.log",
            hex::encode(rand::random::<[u8; 6]>())
        ));
        let mut all: Vec<(String, String)> = [
            ("WORDMARK_DATABASE_URL", database.url.as_str()),
            ("WORDMARK_SECRET_KEY", database.secret_key.as_str()),
            ("WORDMARK_ADMIN_USERNAME", ADMIN),
            ("WORDMARK_ADMIN_PASSWORD", PASSWORD),
            ("WORDMARK_LOG", "warn"),
            ("WORDMARK_RUN_CLAIM_TIMEOUT", "2s"),
            ("WORDMARK_MT_CONCURRENCY", "4"),
            ("WORDMARK_MT_PROVIDER", "none"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        all.extend(env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        Self {
            database,
            env: all,
            log,
        }
    }

    /// A setup whose servers translate with the fake DeepL (5 s timeout, default retries).
    pub async fn with_deepl(fake: &FakeServer, env: &[(&str, &str)]) -> Self {
        let mut all = vec![
            ("WORDMARK_MT_PROVIDER", "deepl"),
            ("WORDMARK_DEEPL_API_KEY", DEEPL_KEY),
            ("WORDMARK_DEEPL_URL", fake.url()),
            ("WORDMARK_MT_TIMEOUT_SECS", "5"),
        ];
        all.extend_from_slice(env);
        Self::new(&all).await
    }

    /// Starts `wordmark serve` and waits until `/healthz` answers.
    pub async fn start(&self) -> Server {
        // A free port: bound and released at once; nothing else in the test binds ports
        // without asking the kernel for a fresh one, so the moment between is harmless.
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port");
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_wordmark"))
            .arg("serve")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env("WORDMARK_ADDR", addr.to_string())
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .kill_on_drop(true)
            .spawn()
            .expect("the wordmark binary starts");
        // The test's connection opens only once the server answers: while the new process
        // starts (migrations, its first writes) opening the file can meet a lock that SQLite
        // reports at once instead of waiting for ("database is locked", seen once in a full run).
        wait_until_healthy(&mut child, addr, &self.log).await;
        Server {
            child,
            app: TestApp::attach(Arc::clone(&self.database), addr).await,
            log: self.log.clone(),
        }
    }
}

impl Drop for Setup {
    fn drop(&mut self) {
        std::fs::remove_file(&self.log).ok();
    }
}

/// Waits until the server at `addr` answers `/healthz`; fails with its log if it exits first or
/// takes over a minute.
async fn wait_until_healthy(child: &mut tokio::process::Child, addr: SocketAddr, log: &Path) {
    let client = reqwest::Client::new();
    let started = Instant::now();
    let log = || std::fs::read_to_string(log).unwrap_or_default();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("wordmark serve exited with {status}:\n{}", log());
        }
        let health = client.get(format!("http://{addr}/healthz")).send().await;
        if health.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "wordmark serve did not become healthy:\n{}",
            log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A running `wordmark serve` process and a client for it.
pub struct Server {
    child: tokio::process::Child,
    pub app: TestApp,
    log: PathBuf,
}

impl Server {
    /// What the servers of this test printed.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The administrator's token.
    pub async fn token(&self) -> String {
        self.app.token(ADMIN, PASSWORD).await
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    pub async fn kill(mut self) {
        self.child.start_kill().expect("the server can be killed");
        self.child.wait().await.unwrap();
    }

    /// SIGTERM, then the exit status (within 60 s).
    pub async fn terminate(mut self) -> ExitStatus {
        self.send_sigterm();
        self.exit_within(Duration::from_secs(60)).await
    }

    /// Sends SIGTERM, as a container runtime does to stop the server, and returns at once.
    pub fn send_sigterm(&self) {
        let pid = self.child.id().expect("the server is running");
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        self.child
            .try_wait()
            .expect("the server's status")
            .is_some()
    }

    /// Waits for the process to exit; fails with its log unless it does within `limit`.
    pub async fn exit_within(&mut self, limit: Duration) -> ExitStatus {
        match tokio::time::timeout(limit, self.child.wait()).await {
            Ok(status) => status.unwrap(),
            Err(_) => panic!("the server did not exit within {limit:?}:\n{}", self.log()),
        }
    }
}

/// `count` WPML files of `units` units each; every source is unique (and starts with `site`),
/// so the fake's count per text is a count per segment.
pub fn unique_files(site: &str, count: u32, units: u32) -> Vec<(String, String)> {
    (1..=count)
        .map(|file| {
            let sources: Vec<String> = (1..=units)
                .map(|unit| format!("{site} page {file} says <strong>hello</strong> {unit} times."))
                .collect();
            let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
            (format!("page-{file}.xliff"), xliff(file, &sources))
        })
        .collect()
}

/// Segments of the project's jobs with a target.
pub async fn translated(app: &TestApp, project_id: i32) -> u64 {
    let jobs: Vec<i32> = job::Entity::find()
        .filter(job::Column::ProjectId.eq(project_id))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|j| j.id)
        .collect();
    segment::Entity::find()
        .filter(segment::Column::JobId.is_in(jobs))
        .filter(segment::Column::Target.is_not_null())
        .count(&app.db)
        .await
        .unwrap()
}

/// Starts the project's pre-translation ("Begin Translation") and returns its status.
pub async fn begin_translation(app: &TestApp, token: &str, project_id: i32) -> Value {
    let response = app.translation(project_id).pretranslate(token).await;
    json_body(response, StatusCode::ACCEPTED).await
}

/// Asserts that a job of the project has a success line exactly when all its segments are
/// translated (which requests of a run the fake answers first is up to the race between
/// them), and returns how many jobs are whole.
pub async fn lines_match_whole_jobs(app: &TestApp, project_id: i32, status: &Value) -> usize {
    let lines = status["lines"].as_array().unwrap();
    let mut whole_jobs = 0;
    for job in job_ids(app, project_id).await {
        let whole = segments(app, job).await.iter().all(|s| s.target.is_some());
        let success = lines
            .iter()
            .any(|l| l["job_id"] == job && l["kind"] == "success");
        assert_eq!(whole, success, "job {job}: {status}");
        whole_jobs += usize::from(whole);
    }
    whole_jobs
}

/// Texts the fake billed more than once: each is a segment paid for twice.
pub fn billed_twice(counts: &HashMap<String, TextCount>) -> Vec<&String> {
    counts
        .iter()
        .filter(|(_, count)| count.billed > 1)
        .map(|(text, _)| text)
        .collect()
}

/// Whether some connection other than `probe`'s holds an open write transaction on the
/// database: on PostgreSQL a backend with a transaction id (assigned at its first write), on
/// SQLite the write lock (`BEGIN IMMEDIATE` fails at once while another connection holds it).
pub struct WriteProbe {
    probe: sea_orm::DatabaseConnection,
}

impl WriteProbe {
    pub async fn new(url: &str) -> Self {
        let mut options = ConnectOptions::new(url.to_owned());
        // One connection, so BEGIN and ROLLBACK meet; no waiting for a lock.
        options.max_connections(1).sqlx_logging(false);
        let probe = Database::connect(options).await.unwrap();
        if probe.get_database_backend() == DbBackend::Sqlite {
            probe
                .execute_unprepared("PRAGMA busy_timeout = 0")
                .await
                .unwrap();
        }
        Self { probe }
    }

    pub async fn write_open(&self) -> bool {
        match self.probe.get_database_backend() {
            DbBackend::Postgres => {
                let row = self
                    .probe
                    .query_one_raw(sea_orm::Statement::from_string(
                        DbBackend::Postgres,
                        "SELECT count(*) AS open FROM pg_stat_activity \
                         WHERE datname = current_database() AND backend_xid IS NOT NULL \
                         AND pid <> pg_backend_pid()",
                    ))
                    .await
                    .unwrap()
                    .unwrap();
                row.try_get::<i64>("", "open").unwrap() > 0
            }
            _ => match self.probe.execute_unprepared("BEGIN IMMEDIATE").await {
                Ok(_) => {
                    self.probe.execute_unprepared("ROLLBACK").await.unwrap();
                    false
                }
                Err(_) => true,
            },
        }
    }
}
