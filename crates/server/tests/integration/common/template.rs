//! The migrated schema every test database starts from, made once per build of this test binary
//! and copied for each test: a SQLite file copied as a file, a PostgreSQL template database
//! copied by `CREATE DATABASE … TEMPLATE`. Running every migration for each of the suite's
//! databases took most of its time.
//!
//! The template is named after this binary's size and modification time: a rebuild (a changed
//! migration among them) makes a new one, and a second run of the same build reuses it. Making
//! a new one removes the templates of other builds that are older than [`KEPT_FOR`]: a run of an
//! earlier build may still be copying from its template (two worktrees, or a run started before
//! a rebuild), and a template dropped under it would fail its remaining tests. Processes
//! running at once agree: SQLite's template is written under a name of its own and renamed into
//! place; PostgreSQL's is made under an advisory lock, named with the time it was made.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};
use tokio::sync::OnceCell;
use wordmark_server::db;

const PREFIX: &str = "wordmark_template_";
/// How long another build's template is kept: longer than any run of the suite.
const KEPT_FOR: Duration = Duration::from_secs(6 * 3600);

/// Whether something made at `made` is past [`KEPT_FOR`].
fn outlived(made: SystemTime) -> bool {
    SystemTime::now()
        .duration_since(made)
        .is_ok_and(|age| age > KEPT_FOR)
}

/// This build's key: changes whenever the binary (and so the migrations in it) does.
fn build_key() -> String {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let meta = std::fs::metadata(&exe).expect("the test binary can be read");
    let mut hasher = DefaultHasher::new();
    (exe, meta.len(), meta.modified().ok()).hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Copies the migrated template to `file` (a path in a folder of the test's own).
pub async fn sqlite_copy(file: &Path) {
    static TEMPLATE: OnceCell<PathBuf> = OnceCell::const_new();
    let template = TEMPLATE.get_or_init(sqlite_template).await;
    std::fs::copy(template, file).expect("the template database is copied");
}

async fn sqlite_template() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("database-templates");
    std::fs::create_dir_all(&dir).unwrap();
    let template = dir.join(format!("{PREFIX}{}.db", build_key()));
    if template.exists() {
        return template;
    }
    // Migrated in a scratch folder, then written whole (`VACUUM INTO`: one file, no log beside
    // it) under this process's own name and renamed into place.
    let scratch = dir.join(format!("scratch-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let migrated = db::connect_and_migrate(&format!(
        "sqlite://{}/wordmark.db?mode=rwc",
        scratch.display()
    ))
    .await
    .expect("the template database migrates");
    let written = dir.join(format!(
        "{PREFIX}{}.{}.tmp",
        build_key(),
        std::process::id()
    ));
    std::fs::remove_file(&written).ok();
    migrated
        .execute_unprepared(&format!("VACUUM INTO '{}'", written.display()))
        .await
        .expect("the template database is written");
    migrated.close().await.ok();
    std::fs::remove_dir_all(&scratch).ok();
    std::fs::rename(&written, &template).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let made = entry.metadata().and_then(|meta| meta.modified());
        if name.starts_with(PREFIX) && path != template && made.is_ok_and(outlived) {
            std::fs::remove_file(&path).ok();
        }
    }
    template
}

/// The name of the migrated template database on `server_url`, made when missing.
pub async fn postgres(server_url: &str) -> &'static str {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| postgres_template(server_url))
        .await
        .as_str()
}

/// The template of this build on the server: `wordmark_template_<seconds since 1970 when
/// made>_<build key>`, made when missing.
async fn postgres_template(server_url: &str) -> String {
    let key = format!("_{}", build_key());
    // One session, so that the advisory lock and its release happen on the same connection.
    let mut options = ConnectOptions::new(format!("{server_url}/postgres"));
    options.max_connections(1).sqlx_logging(false);
    let admin = Database::connect(options)
        .await
        .expect("PostgreSQL is reachable (WORDMARK_TEST_PG_URL)");
    admin
        .execute_unprepared("SELECT pg_advisory_lock(hashtext('wordmark test templates'))")
        .await
        .unwrap();
    let existing = databases_named_like(&admin, PREFIX).await;
    let name = match existing.iter().find(|name| name.ends_with(&key)) {
        Some(name) => name.clone(),
        None => {
            let made = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
            let name = format!("{PREFIX}{}{key}", made.as_secs());
            make_postgres_template(&admin, server_url, &name).await;
            drop_outlived(&admin, &existing).await;
            name
        }
    };
    admin
        .execute_unprepared("SELECT pg_advisory_unlock(hashtext('wordmark test templates'))")
        .await
        .unwrap();
    admin.close().await.ok();
    name
}

/// Migrates a new database and names it `name` once complete: a run cut off while migrating
/// leaves no half-made template under a template's name.
async fn make_postgres_template(admin: &DatabaseConnection, server_url: &str, name: &str) {
    let building = format!("{name}_building");
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{building}\""))
        .await
        .expect("the template database is created");
    db::connect_and_migrate(&format!("{server_url}/{building}"))
        .await
        .expect("the template database migrates")
        .close()
        .await
        .unwrap();
    admin
        .execute_unprepared(&format!(
            "ALTER DATABASE \"{building}\" RENAME TO \"{name}\""
        ))
        .await
        .unwrap();
}

/// Drops the templates among `existing` made longer than [`KEPT_FOR`] ago (and any not named
/// with a time: older namings, half-made ones of killed runs). One another process still copies
/// from stays all the same: in use, it cannot be dropped.
async fn drop_outlived(admin: &DatabaseConnection, existing: &[String]) {
    for old in existing {
        let made = old[PREFIX.len()..].split('_').next().unwrap_or_default();
        let outlived = made
            .parse()
            .ok()
            .is_none_or(|secs| outlived(UNIX_EPOCH + Duration::from_secs(secs)));
        if outlived {
            admin
                .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{old}\""))
                .await
                .ok();
        }
    }
}

pub(super) async fn databases_named_like(admin: &DatabaseConnection, prefix: &str) -> Vec<String> {
    admin
        .query_all_raw(sea_orm::Statement::from_sql_and_values(
            admin.get_database_backend(),
            "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
            [prefix.into()],
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "datname").unwrap())
        .collect()
}
