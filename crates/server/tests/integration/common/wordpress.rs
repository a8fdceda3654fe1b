//! A real WordPress site with the Wordmark Connector, for the sites' tests: Debian's
//! `wordpress` package served by PHP's built-in server on MariaDB, started by
//! `connectors/wordpress/test-site/start.sh` (which `make system-deps` and `make mariadb-up`
//! make possible) and stopped, its database dropped, when the value is dropped.
//!
//! Each site gets its own loopback address (Debian's WordPress picks its configuration by the
//! request's host) from this process's id and a counter, so parallel tests and parallel test
//! processes (SQLite and PostgreSQL runs) never share one.

use std::{
    path::PathBuf,
    process::Command,
    sync::atomic::{AtomicU32, Ordering},
};

use serde_json::Value;

static STARTED: AtomicU32 = AtomicU32::new(0);
const PORT: u16 = 8392;

pub struct WordPressSite {
    ip: String,
    db: String,
    /// start.sh's JSON: `url`, `users.<role>.application_password`, `content.<seeded ids>`.
    pub info: Value,
}

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../connectors/wordpress/test-site")
        .join(name)
}

impl WordPressSite {
    /// Starts a site with `multilingual` (`none`, `wpml` or `polylang`: the last two are
    /// stand-ins of those plugins' documented functions, not the plugins).
    pub fn start(multilingual: &str) -> WordPressSite {
        let n = STARTED.fetch_add(1, Ordering::SeqCst);
        let pid = std::process::id();
        let ip = format!("127.41.{}.{}", pid % 250, 10 + n);
        let db = format!("wordmark_rs_{pid}_{n}");
        let output = Command::new(script("start.sh"))
            .args([&ip, &PORT.to_string(), &db, multilingual])
            .output()
            .expect(
                "start.sh runs (make system-deps installs WordPress, PHP and MariaDB's client)",
            );
        // Made before the check, so that a site that half started is stopped too.
        let mut site = WordPressSite {
            ip,
            db,
            info: Value::Null,
        };
        assert!(
            output.status.success(),
            "the WordPress test site did not start (make system-deps mariadb-up): {}",
            String::from_utf8_lossy(&output.stderr)
        );
        site.info = serde_json::from_slice(&output.stdout).expect("start.sh prints JSON");
        site
    }

    pub fn url(&self) -> String {
        self.info["url"].as_str().unwrap().to_owned()
    }

    pub fn password(&self, user: &str) -> String {
        self.info["users"][user]["application_password"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// Stops the site's PHP server (`stop`: returns once it has exited) or starts it again
    /// (`start`: once it answers); its database and files stay.
    pub fn server(&self, action: &str) {
        let status = Command::new(script("serve.sh"))
            .args([action, &self.ip, &PORT.to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "serve.sh {action}");
    }

    /// Switches the plugin off or on (`deactivate`, `activate`).
    pub fn plugin(&self, action: &str) {
        let status = Command::new("php")
            .arg(script("plugin.php"))
            .args([format!("{}:{PORT}", self.ip), action.to_owned()])
            .status()
            .unwrap();
        assert!(status.success(), "plugin.php {action}");
    }
}

impl Drop for WordPressSite {
    fn drop(&mut self) {
        let _ = Command::new(script("stop.sh"))
            .args([&self.ip, &PORT.to_string(), &self.db])
            .status();
    }
}
