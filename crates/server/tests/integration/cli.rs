//! The `wordmark` binary: user create, set-password, backup, restore, rotate-secret-key,
//! migrate, openapi.

use std::process::{Command, Output, Stdio};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::{
    config::SecretKeySource,
    db::{self, entities::translation_project::ProjectStatus},
};

use crate::common::{
    ADMIN, PASSWORD, TestApp, empty_database, is_postgres, json_body, spawn_app, spawn_app_on,
    spawn_app_with,
};
use crate::mt_support::{create_project, files, pretranslate, project_status};

fn wordmark(app: &TestApp, args: &[&str], stdin: Option<&str>) -> Output {
    wordmark_with(app, args, stdin, &[])
}

/// `wordmark ARGS` on the app's database and key, with `env` set on top.
fn command(app: &TestApp, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_wordmark"));
    command
        .args(args)
        .env("WORDMARK_DATABASE_URL", &app.database_url)
        .env("WORDMARK_SECRET_KEY", app.secret_key())
        .env("WORDMARK_LOG", "warn")
        .envs(env.iter().copied());
    command
}

fn wordmark_with(
    app: &TestApp,
    args: &[&str],
    stdin: Option<&str>,
    env: &[(&str, &str)],
) -> Output {
    use std::io::Write;
    let mut child = command(app, args, env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the wordmark binary runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn user_create_then_sign_in() {
    let app = spawn_app().await;
    let out = wordmark(
        &app,
        &[
            "user",
            "create",
            "jane",
            "--role",
            "editor",
            "--password",
            "janes password",
            "--first-name",
            "Jane",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Created user \"jane\" with role editor."));
    app.token("jane", "janes password").await;

    // A customer needs a client.
    let out = wordmark(&app, &["user", "create", "joe", "--role", "customer"], None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("client_ids"),
        "{}",
        text(&out.stderr)
    );
    let client = wordmark_server::services::clients::insert_restored(
        &app.db,
        "Joe's".into(),
        None,
        None,
        wordmark_server::services::clock::Clock::default().now(),
    )
    .await
    .unwrap()
    .id
    .to_string();

    // Without --password a password is generated and printed once.
    let customer = [
        "user", "create", "joe", "--role", "customer", "--client", &client,
    ];
    let out = wordmark(&app, &customer, None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let password = stdout
        .lines()
        .find_map(|l| l.strip_prefix("password: "))
        .expect("the generated password is printed");
    app.token("joe", password).await;

    let again = wordmark(
        &app,
        &[
            "user",
            "create",
            "jane",
            "--role",
            "editor",
            "--password",
            "whatever123",
        ],
        None,
    );
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("already exists"),
        "{}",
        text(&again.stderr)
    );
    let bad_role = wordmark(&app, &["user", "create", "x", "--role", "boss"], None);
    assert!(!bad_role.status.success());
    assert!(
        text(&bad_role.stderr).contains("Unknown role"),
        "{}",
        text(&bad_role.stderr)
    );
}

#[tokio::test]
async fn set_password_from_stdin_or_flag() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let out = wordmark(
        &app,
        &["user", "set-password", "admin"],
        Some("from stdin 123\n"),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    app.token("admin", "from stdin 123").await;
    // Old sessions are signed out.
    assert_eq!(
        app.dashboard(&token).await.status(),
        StatusCode::UNAUTHORIZED
    );

    let out = wordmark(
        &app,
        &[
            "user",
            "set-password",
            "admin",
            "--password",
            "from the flag",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    app.token("admin", "from the flag").await;

    let short = wordmark(
        &app,
        &["user", "set-password", "admin", "--password", "short"],
        None,
    );
    assert!(!short.status.success());
    let missing = wordmark(
        &app,
        &[
            "user",
            "set-password",
            "nobody",
            "--password",
            "long enough",
        ],
        None,
    );
    assert!(text(&missing.stderr).contains("There is no user \"nobody\""));
}

#[tokio::test]
async fn backup_writes_an_openable_copy_of_sqlite_and_refuses_postgresql() {
    let app = spawn_app().await;
    app.admin_token().await;
    let dir = temp_dir("backup");
    let file = dir.path().join("copy of it's.db"); // a quote and a space in the name
    let out = wordmark(&app, &["backup", file.to_str().unwrap()], None);

    if is_postgres() {
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains("pg_dump"),
            "{}",
            text(&out.stderr)
        );
    } else {
        assert!(out.status.success(), "{}", text(&out.stderr));
        // Opened like any Wordmark database (read-write: WAL mode is set on open).
        let copy = db::connect(&format!("sqlite://{}?mode=rw", file.display()))
            .await
            .unwrap();
        let row = copy
            .query_one_raw(Statement::from_string(
                copy.get_database_backend(),
                "SELECT username FROM users",
            ))
            .await
            .unwrap()
            .expect("the copy has the user");
        assert_eq!(row.try_get::<String>("", "username").unwrap(), "admin");
        // A second backup to the same file is refused rather than overwriting it.
        let again = wordmark(&app, &["backup", file.to_str().unwrap()], None);
        assert!(!again.status.success());
    }
}

#[tokio::test]
async fn migrate_and_openapi_commands() {
    let app = spawn_app().await;
    let out = wordmark(&app, &["migrate"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = wordmark(&app, &["openapi"], None);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc["paths"]["/api/user"].is_object());
}

/// A folder of the test's own, removed when it is dropped: also when the test returns early (the
/// PostgreSQL branches) or fails.
fn temp_dir(purpose: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("wordmark-{purpose}-"))
        .tempdir()
        .unwrap()
}

/// Every project's jobs have their segments: none was caught half-created.
async fn assert_whole_projects(app: &TestApp) {
    let half = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM translation_jobs j WHERE NOT EXISTS \
             (SELECT 1 FROM translation_segments s WHERE s.job_id = j.id)",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get::<i64>("", "n")
        .unwrap();
    assert_eq!(half, 0, "jobs without segments");
}

/// A backup taken while projects are being created restores into a fresh database, on which
/// the whole workflow runs; restore refuses to overwrite data without --force, and refuses a
/// file that is not a backup.
#[tokio::test]
async fn a_backup_taken_during_writes_restores_and_the_workflow_runs_on_it() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let admin = app.admin_token().await;
    let dir = temp_dir("restore");
    let file = dir.path().join("backup.db");
    let file_arg = file.to_str().unwrap().to_owned();
    if is_postgres() {
        let out = wordmark(&app, &["restore", &file_arg], None);
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains("pg_restore"),
            "{}",
            text(&out.stderr)
        );
        return;
    }
    let page = ["Hello <b>world</b>", "Second sentence."];
    create_project(&app, &admin, "Before the backup", None, &files(3, &page)).await;

    // Projects keep being created while the backup runs.
    let mut backup = command(&app, &["backup", &file_arg], &[]);
    let backup = tokio::task::spawn_blocking(move || backup.output().unwrap());
    let mut during = 0;
    while !backup.is_finished() {
        during += 1;
        let name = format!("During the backup {during}");
        create_project(&app, &admin, &name, None, &files(5, &page)).await;
    }
    let out = backup.await.unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(during > 0, "the backup ran alongside writes");

    let target = empty_database().await;
    let target_url = target.url.clone();
    let restore = |args: &[&str]| {
        let mut all = vec!["restore"];
        all.extend_from_slice(args);
        wordmark_with(&app, &all, None, &[("WORDMARK_DATABASE_URL", &target_url)])
    };
    let not_a_backup = dir.path().join("notes.txt");
    std::fs::write(&not_a_backup, "not a database").unwrap();
    let out = restore(&[not_a_backup.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("is not a Wordmark backup"),
        "{}",
        text(&out.stderr)
    );

    let out = restore(&[&file_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let restored = spawn_app_on(target, |c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    assert_whole_projects(&restored).await;
    let token = restored.token(ADMIN, PASSWORD).await;
    // Searched by name: a slow backup lets the loop above create more projects than a page
    // holds (156 in one CI run), and the list is newest first.
    let list = json_body(
        restored
            .translations()
            .list(&token, "q=Before%20the%20backup")
            .await,
        StatusCode::OK,
    )
    .await;
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["project_name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Before the backup"), "{names:?}");

    // The whole workflow on the restored database.
    let project = create_project(
        &restored,
        &token,
        "After the restore",
        None,
        &files(2, &page),
    )
    .await;
    pretranslate(&restored, &token, project).await;
    assert_eq!(
        project_status(&restored, project).await,
        ProjectStatus::Pretranslated
    );
    let translation = restored.translation(project);
    for (download, response) in [
        ("download-xlsx", translation.download_xlsx(&token).await),
        ("download-xliff", translation.download_xliff(&token).await),
    ] {
        assert_eq!(response.status(), StatusCode::OK, "{download}");
        assert!(!response.bytes().await.unwrap().is_empty());
    }
    assert_eq!(
        project_status(&restored, project).await,
        ProjectStatus::TranslationsInCorrection
    );

    // The restored database holds data now: replacing it needs --force, and keeps a copy.
    let out = restore(&[&file_arg]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );
}

/// Rotating the key file: a new key seals the stored API key, the file holds only it, and a
/// server with the new file reads the key; the old key no longer opens it.
#[tokio::test]
async fn rotating_the_key_file_reseals_the_stored_api_key() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let saved = app
        .settings()
        .set_mt(
            &admin,
            serde_json::json!({ "provider": "deepl", "api_key": "rotate-me-key-1234" }),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);

    let dir = temp_dir("rotate");
    let key_file = dir.path().join("secret.key");
    std::fs::write(&key_file, format!("{}\n", app.secret_key())).unwrap();
    let file_env = [
        ("WORDMARK_SECRET_KEY", ""),
        ("WORDMARK_SECRET_KEY_FILE", key_file.to_str().unwrap()),
    ];
    let out = wordmark_with(&app, &["rotate-secret-key"], None, &file_env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let keys = std::fs::read_to_string(&key_file).unwrap();
    assert_eq!(keys.lines().count(), 1, "{keys}");
    assert_ne!(keys.trim(), app.secret_key());

    let path = key_file.clone();
    let rotated = app
        .spawn_sibling(move |c| c.secret_key = SecretKeySource::File(path))
        .await;
    let read = json_body(rotated.settings().mt(&admin).await, StatusCode::OK).await;
    assert_eq!(read["api_key_hint"], "1234");
    // The server still on the old key cannot open it any more.
    let stale = app.settings().mt(&admin).await;
    assert_eq!(stale.status(), StatusCode::INTERNAL_SERVER_ERROR);

    // With WORDMARK_SECRET_KEY, one key is not enough: the new one goes first.
    let out = wordmark(&app, &["rotate-secret-key"], None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("<new>,<old>"),
        "{}",
        text(&out.stderr)
    );
}

/// What a fake OpenTelemetry collector received: `(path, content type, body)` per request.
type Received = std::sync::Arc<std::sync::Mutex<Vec<(String, String, Vec<u8>)>>>;

/// A collector that accepts every OTLP/HTTP export and keeps it.
async fn fake_collector() -> (String, Received) {
    use axum::{body::Bytes, extract::State, http::HeaderMap, http::Uri};
    let received = Received::default();
    let app = axum::Router::new()
        .fallback(
            |State(received): State<Received>, uri: Uri, headers: HeaderMap, body: Bytes| async move {
                let content_type = headers
                    .get("content-type")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_owned();
                received
                    .lock()
                    .unwrap()
                    .push((uri.path().to_owned(), content_type, body.to_vec()));
                ""
            },
        )
        .with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, received)
}

/// With WORDMARK_OTLP_ENDPOINT set, the server's request spans reach the collector as OTLP
/// protobuf, at the latest when it shuts down on SIGTERM.
#[tokio::test]
async fn request_traces_reach_the_otlp_collector() {
    let app = spawn_app().await;
    let (collector, received) = fake_collector().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let address = format!("127.0.0.1:{port}");
    let mut server = command(
        &app,
        &["serve"],
        &[
            ("WORDMARK_ADDR", &address),
            ("WORDMARK_OTLP_ENDPOINT", &collector),
            ("WORDMARK_LOG", "info"),
        ],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let health = format!("http://{address}/healthz");
    let mut up = false;
    for _ in 0..100 {
        if let Ok(response) = app.client.get(&health).send().await
            && response.status() == StatusCode::OK
        {
            up = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(up, "the server answers /healthz");
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exited = tokio::task::spawn_blocking(move || server.wait().unwrap())
        .await
        .unwrap();
    assert!(exited.success(), "{exited:?}");

    let received = received.lock().unwrap();
    let traces: Vec<_> = received
        .iter()
        .filter(|(path, _, _)| path == "/v1/traces")
        .collect();
    assert!(!traces.is_empty(), "no export reached /v1/traces");
    let (_, content_type, body) = traces[0];
    assert_eq!(content_type, "application/x-protobuf");
    let all: Vec<u8> = traces.iter().flat_map(|(_, _, b)| b.clone()).collect();
    let contains = |needle: &[u8]| all.windows(needle.len()).any(|w| w == needle);
    assert!(contains(b"wordmark"), "the service name is in the export");
    assert!(contains(b"request"), "the request span is in the export");
    assert!(!body.is_empty());
}

#[tokio::test]
async fn a_client_moves_through_client_export_and_client_import() {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    let client = crate::rebranding::create_client(&source, &token, "Moved GmbH").await;
    create_project(
        &source,
        &token,
        "Site",
        Some(client as i32),
        &files(2, &["Hello.", "World."]),
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("moved.zip");
    let file = file.to_str().unwrap();
    let out = wordmark(&source, &["client-export", &client.to_string(), file], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Client \"Moved GmbH\" written to"),
        "{}",
        text(&out.stdout)
    );

    let target = spawn_app().await;
    let out = wordmark(&target, &["client-import", file], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Imported client \"Moved GmbH\"") && stdout.contains("jobs: 2,"),
        "{stdout}"
    );
    // Again: the name is taken, and nothing is written; under another name it goes in.
    let out = wordmark(&target, &["client-import", file], None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("\"Moved GmbH\" already exists"),
        "{}",
        text(&out.stderr)
    );
    let out = wordmark(&target, &["client-import", file, "--name", "Moved 2"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let admin = target.admin_token().await;
    let clients = json_body(target.clients().list(&admin, "").await, StatusCode::OK).await;
    let names: Vec<&str> = clients
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["client_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Moved 2", "Moved GmbH"]);
    // From the command line there is no author; the audit log names the command line.
    assert_eq!(clients[0]["author"], serde_json::Value::Null);
    let events = json_body(target.audit().list(&admin, "").await, StatusCode::OK).await;
    assert!(events.to_string().contains("command line"), "{events}");
}
