//! The real `wordmark` binary on a fresh SQLite file in a temporary folder, driven over HTTP.
//! Also compiled into the server's bounded-memory test (`crates/server/tests/bounded_memory.rs`),
//! which runs the same workflow and asserts on the memory it measures.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

const PASSWORD: &str = "bench-admin-password";

pub struct Server {
    child: Child,
    dir: PathBuf,
    pub base: String,
    pub http: reqwest::Client,
    pub token: String,
}

/// One timed step, the server's resident memory when it started and its peak during it.
pub struct Step {
    pub elapsed: Duration,
    pub start_mib: f64,
    pub peak_mib: f64,
}

/// The timed steps; a step is `None` when the server does not offer it yet (404), so the
/// benchmark runs at every stage of the project.
pub struct Workflow {
    pub create: Step,
    pub pretranslate: Option<Step>,
    pub xlsx_export: Option<Step>,
    pub xlsx_import: Option<Step>,
    pub xliff_export: Option<Step>,
    /// Entries of the two downloaded archives (0 when not offered).
    pub workbooks: usize,
    pub xliff_files: usize,
    /// The project's status at the end.
    pub status: String,
}

/// How long pre-translation may take before the workflow gives up.
const PRETRANSLATE_DEADLINE: Duration = Duration::from_secs(1800);

fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

impl Server {
    pub async fn start(bin: &str) -> Result<Self> {
        let dir = std::env::temp_dir().join(format!("wordmark-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let port = free_port()?;
        let child = Command::new(bin)
            .arg("serve")
            .env("WORDMARK_ADDR", format!("127.0.0.1:{port}"))
            .env(
                "WORDMARK_DATABASE_URL",
                format!("sqlite://{}?mode=rwc", dir.join("wordmark.db").display()),
            )
            // Its own key file beside its database, not `data/` of whatever folder it runs in.
            .env("WORDMARK_SECRET_KEY_FILE", dir.join("secret.key"))
            .env("WORDMARK_ADMIN_USERNAME", "admin")
            .env("WORDMARK_ADMIN_PASSWORD", PASSWORD)
            .env("WORDMARK_MAX_UPLOAD_BYTES", (1u64 << 31).to_string())
            .env("WORDMARK_MT_PROVIDER", "pseudo")
            .env("WORDMARK_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {bin} (run `make build` first)"))?;
        let base = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while http.get(format!("{base}/healthz")).send().await.is_err() {
            if Instant::now() > deadline {
                bail!("{bin} did not answer /healthz within 30 s");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let login: Value = http
            .post(format!("{base}/auth/login"))
            .json(&json!({ "username": "admin", "password": PASSWORD }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let token = login["token"]
            .as_str()
            .context("login answer without token")?
            .to_owned();
        Ok(Self {
            child,
            dir,
            base,
            http,
            token,
        })
    }

    /// Starts a new peak: VmHWM drops to what the process holds now (Linux's `clear_refs`
    /// value 5), so the next [`Self::peak_mib`] is the peak of one step, not of the whole run.
    /// Returns what the process holds now (VmRSS): memory freed by an earlier step and kept by
    /// the allocator counts, so a step's peak is never below it.
    pub fn reset_peak(&self) -> Result<f64> {
        std::fs::write(format!("/proc/{}/clear_refs", self.child.id()), "5")
            .context("resetting the peak resident memory (/proc/<pid>/clear_refs)")?;
        self.status_mib("VmRSS:")
    }

    /// VmHWM: the most memory the server process has held at once since the last reset.
    pub fn peak_mib(&self) -> Result<f64> {
        self.status_mib("VmHWM:")
    }

    /// A memory line of `/proc/<pid>/status`, in MiB.
    fn status_mib(&self, field: &str) -> Result<f64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))?;
        let kib: f64 = status
            .lines()
            .find_map(|line| line.strip_prefix(field))
            .with_context(|| format!("no {field} in /proc status"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()?;
        Ok(kib / 1024.0)
    }

    async fn timed(&self, request: reqwest::RequestBuilder) -> Result<(Step, Vec<u8>)> {
        self.timed_if_built(request)
            .await?
            .context("the server does not offer this call (404)")
    }

    /// Like [`Self::timed`], but `None` when the call answers 404 (not built yet).
    async fn timed_if_built(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<Option<(Step, Vec<u8>)>> {
        let start_mib = self.reset_peak()?;
        let started = Instant::now();
        let response = request.bearer_auth(&self.token).send().await?;
        let status = response.status();
        let body = response.bytes().await?.to_vec();
        let elapsed = started.elapsed();
        if status == reqwest::StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !status.is_success() {
            bail!("{status}: {}", String::from_utf8_lossy(&body));
        }
        let step = Step {
            elapsed,
            start_mib,
            peak_mib: self.peak_mib()?,
        };
        Ok(Some((step, body)))
    }

    /// Starts pre-translation (the configured provider: pseudo) and waits until every job is
    /// done; `None` when the server does not offer it.
    pub async fn pretranslate(&self, id: i64) -> Result<Option<Step>> {
        let url = format!("{}/api/translation/{id}/pretranslate", self.base);
        let start_mib = self.reset_peak()?;
        let started = Instant::now();
        let response = self.http.post(&url).bearer_auth(&self.token).send().await?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let mut run: Value = response.error_for_status()?.json().await?;
        while run["state"] == "running" {
            if started.elapsed() > PRETRANSLATE_DEADLINE {
                bail!("pre-translation still running after {PRETRANSLATE_DEADLINE:?}");
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
            run = self
                .http
                .get(&url)
                .bearer_auth(&self.token)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
        }
        if run["state"] != "done" {
            bail!("pre-translation ended {}: {}", run["state"], run["error"]);
        }
        Ok(Some(Step {
            elapsed: started.elapsed(),
            start_mib,
            peak_mib: self.peak_mib()?,
        }))
    }

    /// Create → pre-translate → XLSX export → import of the exported workbooks → XLIFF export,
    /// each timed.
    pub async fn run_workflow(&self, archive: &[u8]) -> Result<Workflow> {
        let form = Form::new()
            .text("project_name", "Benchmark")
            .text("client_id", "")
            .part(
                "project_files",
                Part::bytes(archive.to_vec())
                    .file_name("bench.zip")
                    .mime_str("application/zip")?,
            );
        let (create, body) = self
            .timed(
                self.http
                    .post(format!("{}/api/translation", self.base))
                    .multipart(form),
            )
            .await?;
        let project: Value = serde_json::from_slice(&body)?;
        let id = project["id"].as_i64().context("create answer without id")?;
        let url = |action: &str| format!("{}/api/translation/{id}/{action}", self.base);
        let pretranslate = self.pretranslate(id).await?;

        let exported = self
            .timed_if_built(self.http.post(url("download-xlsx")))
            .await?;
        let (xlsx_export, xlsx_import, workbook_count) = match exported {
            None => (None, None, 0),
            Some((step, workbooks)) => {
                let count = entries(&workbooks)?;
                let form = Form::new().part(
                    "xlsx_files",
                    Part::bytes(workbooks)
                        .file_name("corrected.zip")
                        .mime_str("application/zip")?,
                );
                let imported = self
                    .timed(self.http.post(url("upload-xlsx")).multipart(form))
                    .await?;
                (Some(step), Some(imported.0), count)
            }
        };
        let (xliff_export, xliff_files) = match self
            .timed_if_built(self.http.post(url("download-xliff")))
            .await?
        {
            None => (None, 0),
            Some((step, files)) => (Some(step), entries(&files)?),
        };
        let project: Value = self
            .http
            .get(format!("{}/api/translation/{id}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        Ok(Workflow {
            create,
            pretranslate,
            xlsx_export,
            xlsx_import,
            xliff_export,
            workbooks: workbook_count,
            xliff_files,
            status: project["status"].as_str().unwrap_or_default().to_owned(),
        })
    }

    /// Stops the server and removes its folder.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The entries of a downloaded zip.
fn entries(archive: &[u8]) -> Result<usize> {
    Ok(zip::ZipArchive::new(std::io::Cursor::new(archive))?.len())
}
