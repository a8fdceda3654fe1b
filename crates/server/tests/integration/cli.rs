//! The `wordmark` binary: user create, set-password, backup, migrate, openapi.

use std::process::{Command, Output, Stdio};

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use wordmark_server::db;

use crate::common::{TestApp, is_postgres, spawn_app};

fn wordmark(app: &TestApp, args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_wordmark"))
        .args(args)
        .env("WORDMARK_DATABASE_URL", &app.database_url)
        .env("WORDMARK_LOG", "warn")
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

    // Without --password a password is generated and printed once.
    let out = wordmark(&app, &["user", "create", "joe", "--role", "customer"], None);
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
        app.get("/api/dashboard", &token).await.status(),
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
    let dir = std::env::temp_dir().join(format!(
        "wordmark-backup-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("copy of it's.db"); // a quote and a space in the name
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
    std::fs::remove_dir_all(dir).ok();
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
