//! `spawn_app()`: a running server on 127.0.0.1:0 with a fresh database, and helpers to call it.
//!
//! Database: a SQLite file in a fresh temporary folder, or with `WORDMARK_TEST_DATABASE=postgres`
//! a new database `wordmark_test_<pid>_<random>` on `WORDMARK_TEST_PG_URL` (default
//! `postgres://postgres@127.0.0.1:5432`), made ahead and dropped after the test in the
//! background ([`postgres_pool`]). Each starts as a copy of a schema migrated once
//! ([`template`]).
//!
//! Requests: [`api`] has a typed method per endpoint (`app.translation(id).get(&token)`);
//! `get`, `send_json` and `request` remain for calls a test makes on purpose by hand.

mod api;
mod postgres_pool;
pub mod smtp;
mod template;
pub mod wordpress;

use std::{
    net::SocketAddr,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use reqwest::{Method, RequestBuilder, Response, StatusCode};
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde_json::{Value, json};
use wordmark_server::{
    AppState,
    config::{Config, DatabaseUrl, Secret, SecretKeySource},
    db::{self, entities::user::Role},
    server,
    services::clock::{Clock, ManualClock},
    services::{
        accounts::{self, NewAccount},
        clients,
        runs::Working,
        secret_box::{self, SecretBox},
    },
};

pub const ADMIN: &str = "admin";
pub const EDITOR: &str = "editor";
pub const PASSWORD: &str = "correct horse battery";

pub struct TestApp {
    pub addr: SocketAddr,
    pub db: DatabaseConnection,
    pub database_url: String,
    pub client: reqwest::Client,
    /// The clock this server decides expiry by: a test moves it instead of sleeping.
    pub clock: ManualClock,
    /// The pre-translation runs this server is working.
    pub runs: Arc<Working>,
    /// The statements this server sends to the database, for tests that hold a request's cost.
    pub statements: Statements,
    database: Arc<TestDatabase>,
}

/// Records the SQL of the statements a server sends while [`Statements::during`] runs.
#[derive(Clone, Default)]
pub struct Statements {
    recording: Arc<AtomicBool>,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Statements {
    /// The server's connection, reporting its statements here.
    fn watch(&self, mut db: DatabaseConnection) -> DatabaseConnection {
        let statements = self.clone();
        db.set_metric_callback(move |info| {
            if statements.recording.load(Ordering::SeqCst) {
                let mut seen = statements.seen.lock().unwrap();
                seen.push(info.statement.sql.clone());
            }
        });
        db
    }

    /// What `work` answered, and the statements the server sent meanwhile, those of its
    /// background tasks (pre-translation runs, WAL checkpoints, the audit log's purge, the
    /// outbox) left out.
    pub async fn during<T>(&self, work: impl Future<Output = T>) -> (T, Vec<String>) {
        self.seen.lock().unwrap().clear();
        self.recording.store(true, Ordering::SeqCst);
        let answer = work.await;
        self.recording.store(false, Ordering::SeqCst);
        let background = [
            "pretranslate_run",
            "wal_checkpoint",
            "audit_events",
            "mail_outbox",
        ];
        let seen = std::mem::take(&mut *self.seen.lock().unwrap())
            .into_iter()
            .filter(|sql| !background.iter().any(|table| sql.contains(table)))
            .collect();
        (answer, seen)
    }
}

/// A new empty database of the backend under test, no schema in it and no server on it yet (a
/// restore's target, say); [`spawn_app_on`] starts one.
pub async fn empty_database() -> Arc<TestDatabase> {
    Arc::new(TestDatabase::new(Schema::None).await)
}

/// A server on `database`, with the configuration adjusted by `configure`.
pub async fn spawn_app_on(
    database: Arc<TestDatabase>,
    configure: impl FnOnce(&mut Config),
) -> TestApp {
    start(database, configure).await
}

pub fn is_postgres() -> bool {
    std::env::var("WORDMARK_TEST_DATABASE").is_ok_and(|v| v.eq_ignore_ascii_case("postgres"))
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like [`spawn_app`], with the configuration adjusted by `configure` first.
pub async fn spawn_app_with(configure: impl FnOnce(&mut Config)) -> TestApp {
    start(Arc::new(TestDatabase::create().await), configure).await
}

async fn start(database: Arc<TestDatabase>, configure: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config::from_lookup(|_| None).expect("the defaults are valid");
    config.database_url = DatabaseUrl::new(database.url.clone());
    config.secret_key = SecretKeySource::Environment(Secret::new(database.secret_key.clone()));
    configure(&mut config);

    let db = db::connect_and_migrate(&database.url)
        .await
        .expect("the test database opens and migrates");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let secrets = SecretBox::load_or_create(&config.secret_key).expect("the test key is valid");
    let clock = ManualClock::default();
    let statements = Statements::default();
    let mut state = AppState::new(statements.watch(db.clone()), config, secrets);
    state.clock = clock.clone().into();
    let runs = Arc::clone(&state.runs);
    tokio::spawn(server::serve(listener, state, std::future::pending()));

    TestApp {
        addr,
        db,
        database_url: database.url.clone(),
        client: reqwest::Client::new(),
        clock,
        runs,
        statements,
        database,
    }
}

impl TestApp {
    /// A client of a server started elsewhere (a `wordmark` process) on `database`.
    pub async fn attach(database: Arc<TestDatabase>, addr: SocketAddr) -> TestApp {
        let db = db::connect(&database.url)
            .await
            .expect("the test database opens");
        TestApp {
            addr,
            db,
            database_url: database.url.clone(),
            client: reqwest::Client::new(),
            // That process has a clock and runs of its own: these stand for nothing there.
            clock: ManualClock::default(),
            runs: Arc::default(),
            statements: Statements::default(),
            database,
        }
    }

    /// Another server on the same database (a second instance, or this one restarted).
    pub async fn spawn_sibling(&self, configure: impl FnOnce(&mut Config)) -> TestApp {
        start(Arc::clone(&self.database), configure).await
    }

    /// The key that seals this app's stored secrets (hex), for `WORDMARK_SECRET_KEY`.
    pub fn secret_key(&self) -> &str {
        &self.database.secret_key
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn request(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let request = self.client.request(method, self.url(path));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    pub async fn get(&self, path: &str, token: &str) -> Response {
        self.request(Method::GET, path, Some(token))
            .send()
            .await
            .unwrap()
    }

    pub async fn send_json(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Value,
    ) -> Response {
        self.request(method, path, Some(token))
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    /// Creates a user directly through the account rules (no HTTP, no admin needed). A
    /// customer belongs to a client of their own, `<username>'s client`, created with them.
    pub async fn create_user(&self, username: &str, role: Role) {
        let client_ids = match role {
            Role::Customer => {
                let name = format!("{username}'s client");
                let client = clients::insert_restored(&self.db, name, None, None, self.now())
                    .await
                    .expect("the customer's client is created");
                vec![client.id]
            }
            _ => Vec::new(),
        };
        self.create_account(username, role, client_ids).await;
    }

    /// Creates a customer of `client_ids`.
    pub async fn create_customer(&self, username: &str, client_ids: Vec<i32>) {
        self.create_account(username, Role::Customer, client_ids)
            .await;
    }

    async fn create_account(&self, username: &str, role: Role, client_ids: Vec<i32>) {
        accounts::create(
            &self.db,
            NewAccount {
                username: username.into(),
                email: format!("{username}@example.com"),
                first_name: format!("{username}-first"),
                last_name: format!("{username}-last"),
                role,
                client_ids,
                password: PASSWORD.into(),
                confirm_password: None,
            },
            self.now(),
        )
        .await
        .expect("test user is created");
    }

    pub async fn login(&self, username: &str, password: &str) -> Response {
        self.client
            .post(self.url("/auth/login"))
            .json(&json!({ "username": username, "password": password }))
            .send()
            .await
            .unwrap()
    }

    /// Signs in and returns the token; panics unless sign-in succeeds.
    pub async fn token(&self, username: &str, password: &str) -> String {
        let response = self.login(username, password).await;
        assert_eq!(response.status(), StatusCode::OK, "sign-in as {username}");
        let body: Value = response.json().await.unwrap();
        body["token"].as_str().unwrap().to_owned()
    }

    /// Creates the user `admin` (role admin) and signs in.
    pub async fn admin_token(&self) -> String {
        self.create_user(ADMIN, Role::Admin).await;
        self.token(ADMIN, PASSWORD).await
    }

    /// Creates the user `editor` (role editor) and signs in.
    pub async fn editor_token(&self) -> String {
        self.create_user(EDITOR, Role::Editor).await;
        self.token(EDITOR, PASSWORD).await
    }

    /// The time by this server's clock.
    pub fn now(&self) -> time::OffsetDateTime {
        Clock::from(self.clock.clone()).now()
    }
}

/// Reads a JSON body, asserting the status first (with the body in the failure message).
pub async fn json_body(response: Response, expected: StatusCode) -> Value {
    let status = response.status();
    let text = response.text().await.unwrap();
    assert_eq!(status, expected, "body: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// Asserts the `{ "message": ... }` error shape and returns the message.
pub async fn error_message(response: Response, expected: StatusCode) -> String {
    let body = json_body(response, expected).await;
    body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message in {body}"))
        .to_owned()
}

/// True when any object key anywhere in `value` mentions a password.
pub fn mentions_password(value: &Value) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| k.to_lowercase().contains("password") || mentions_password(v)),
        Value::Array(items) => items.iter().any(mentions_password),
        _ => false,
    }
}

/// A database that exists for one test.
pub struct TestDatabase {
    pub url: String,
    /// The key that seals this database's secrets, shared by every server on it.
    pub secret_key: String,
    cleanup: Cleanup,
}

enum Cleanup {
    SqliteDir(PathBuf),
    Postgres { server_url: String, name: String },
}

fn random_suffix() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

/// What a new test database holds.
enum Schema {
    None,
    Migrated,
}

impl TestDatabase {
    /// A new database with the current schema and no rows.
    pub async fn create() -> Self {
        Self::new(Schema::Migrated).await
    }

    async fn new(schema: Schema) -> Self {
        if is_postgres() {
            let server_url = std::env::var("WORDMARK_TEST_PG_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
            let server_url = server_url.trim_end_matches('/').to_owned();
            let name = match schema {
                Schema::Migrated => postgres_pool::take(&server_url).await,
                Schema::None => {
                    let name = postgres_pool::new_name();
                    let admin = db::connect(&format!("{server_url}/postgres"))
                        .await
                        .expect("PostgreSQL is reachable (WORDMARK_TEST_PG_URL)");
                    admin
                        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                        .await
                        .expect("test database is created");
                    admin.close().await.ok();
                    name
                }
            };
            Self {
                url: format!("{server_url}/{name}"),
                secret_key: hex::encode(secret_box::new_key()),
                cleanup: Cleanup::Postgres { server_url, name },
            }
        } else {
            let dir = std::env::temp_dir().join(format!("wordmark-test-{}", random_suffix()));
            std::fs::create_dir_all(&dir).unwrap();
            if let Schema::Migrated = schema {
                template::sqlite_copy(&dir.join("wordmark.db")).await;
            }
            Self {
                url: format!("sqlite://{}/wordmark.db?mode=rwc", dir.display()),
                secret_key: hex::encode(secret_box::new_key()),
                cleanup: Cleanup::SqliteDir(dir),
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::SqliteDir(dir) => {
                std::fs::remove_dir_all(dir).ok();
            }
            Cleanup::Postgres { server_url, name } => {
                postgres_pool::give_back(server_url, name.clone());
            }
        }
    }
}

/// Polls `check` every 20 ms until it is true, at most `limit`: a test waits for what it needs,
/// never a fixed time.
pub async fn wait_until<F, Fut>(what: &str, limit: Duration, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let started = std::time::Instant::now();
    while !check().await {
        assert!(started.elapsed() < limit, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The text of a PDF as pdftotext (poppler-utils) reads it, in its layout.
pub fn pdf_text(pdf: &[u8]) -> String {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("document.pdf");
    std::fs::write(&path, pdf).unwrap();
    let text = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils, make system-deps)");
    assert!(text.status.success(), "pdftotext read no PDF");
    String::from_utf8(text.stdout).unwrap()
}
