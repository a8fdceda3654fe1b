//! The sites benchmark (`wordmark-bench --wordpress [--pages N] [--runs N]`): against the local
//! WordPress test site (`connectors/wordpress/test-site`, Debian's WordPress on PHP's built-in
//! server and MariaDB, WPML's part played by its stand-in) with `--pages` block-editor pages
//! added, Wordmark lists the site and pulls every added page into a project (the site's
//! content read, then one XLIFF per page), pre-translates it (pseudo, for context), and
//! publishes the translations; a bare client of WordPress's own REST API does the same reads
//! (the page list, then each page with its meta) and writes (a new page per translation,
//! with title, content and meta) on the same site in the same run. The goal is at most 1.5×
//! the bare client's time. Each run starts its own site; the bare client reads before Wordmark
//! writes and writes after it, so both read the same site.

use std::{
    path::PathBuf,
    process::Command,
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail, ensure};
use futures::{StreamExt, TryStreamExt, stream};
use serde_json::{Value, json};

use crate::{Timings, ratio, secs, server::Server};

/// The bare client's reads at once, as many as Wordmark's (`FETCH_CONCURRENCY`).
const CONCURRENCY: usize = 4;
const PORT: u16 = 8396;

/// A test site, stopped and removed when dropped.
struct Site {
    ip: String,
    db: String,
    url: String,
    password: String,
    pages: Vec<i64>,
}

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../connectors/wordpress/test-site")
        .join(name)
}

impl Site {
    fn start(run: usize, pages: usize) -> Result<Site> {
        let pid = std::process::id();
        let ip = format!("127.45.{}.{}", pid % 250, 10 + run);
        let db = format!("wordmark_bench_{pid}_{run}");
        let output = Command::new(script("start.sh"))
            .args([&ip, &PORT.to_string(), &db, "wpml"])
            .output()
            .context("start.sh (make system-deps mariadb-up)")?;
        let mut site = Site {
            ip,
            db,
            url: String::new(),
            password: String::new(),
            pages: Vec::new(),
        };
        ensure!(
            output.status.success(),
            "the test site did not start: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let info: Value = serde_json::from_slice(&output.stdout)?;
        site.url = info["url"].as_str().context("no url")?.to_owned();
        site.password = info["users"]["editor"]["application_password"]
            .as_str()
            .context("no password")?
            .to_owned();
        let added = Command::new("php")
            .arg(script("bulk.php"))
            .args([format!("{}:{PORT}", site.ip), pages.to_string()])
            .output()?;
        ensure!(
            added.status.success(),
            "bulk.php: {}",
            String::from_utf8_lossy(&added.stderr)
        );
        site.pages = serde_json::from_slice(&added.stdout)?;
        Ok(site)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = Command::new(script("stop.sh"))
            .args([&self.ip, &PORT.to_string(), &self.db])
            .status();
    }
}

/// The bare client: WordPress's REST API as an editor with an application password.
struct Bare<'a> {
    http: reqwest::Client,
    site: &'a Site,
}

impl Bare<'_> {
    async fn call(&self, request: reqwest::RequestBuilder) -> Result<reqwest::Response> {
        let response = request
            .basic_auth("editor", Some(&self.site.password))
            .send()
            .await?;
        if !response.status().is_success() {
            bail!("{}: {}", response.status(), response.text().await?);
        }
        Ok(response)
    }

    /// Every page listed (100 a page, as the plugin lists), then each added page read whole.
    async fn read(&self) -> Result<Vec<Value>> {
        let mut listed = 0;
        for page in 1.. {
            let url = format!(
                "{}/wp-json/wp/v2/pages?per_page=100&page={page}&context=edit&_fields=id,title,status,parent,modified",
                self.site.url
            );
            let response = self.call(self.http.get(url)).await?;
            let pages: u64 = response.headers()["x-wp-totalpages"].to_str()?.parse()?;
            listed += response.json::<Vec<Value>>().await?.len();
            if page >= pages {
                break;
            }
        }
        ensure!(listed >= self.site.pages.len(), "listed {listed} pages");
        stream::iter(&self.site.pages)
            .map(|id| async move {
                let url = format!("{}/wp-json/wp/v2/pages/{id}?context=edit", self.site.url);
                anyhow::Ok(self.call(self.http.get(url)).await?.json::<Value>().await?)
            })
            .buffered(CONCURRENCY)
            .try_collect()
            .await
    }

    /// A new page per translation, one at a time as Wordmark publishes.
    async fn write(&self, sources: &[Value]) -> Result<()> {
        for source in sources {
            let body = json!({
                "title": format!("[!! {} !!]", source["title"]["raw"].as_str().unwrap_or("")),
                "content": source["content"]["raw"],
                "status": "publish",
                "parent": source["parent"],
                "meta": source["meta"],
            });
            let url = format!("{}/wp-json/wp/v2/pages", self.site.url);
            self.call(self.http.post(url).json(&body)).await?;
        }
        Ok(())
    }
}

/// A JSON call to the server as its administrator; the answer's JSON (`null` when empty).
async fn call(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> Result<Value> {
    let mut request = server
        .http
        .request(method, format!("{}{path}", server.base))
        .bearer_auth(&server.token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await?;
    let status = response.status();
    let text = response.text().await?;
    ensure!(status.is_success(), "{path}: {status}: {text}");
    Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
}

struct RunTimes {
    wordmark_read: Duration,
    wordmark_publish: Duration,
    pretranslate: Duration,
    bare_read: Duration,
    bare_write: Duration,
    peak_mib: f64,
    start_mib: f64,
}

async fn one_run(server: &Server, run: usize, pages: usize) -> Result<RunTimes> {
    let site = Site::start(run, pages)?;
    let bare = Bare {
        http: reqwest::Client::new(),
        site: &site,
    };
    let started = Instant::now();
    let sources = bare.read().await?;
    let bare_read = started.elapsed();

    let form = reqwest::multipart::Form::new().text("client_name", format!("Site client {run}"));
    let client: Value = server
        .http
        .post(format!("{}/api/client", server.base))
        .bearer_auth(&server.token)
        .multipart(form)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let client = client["id"].as_i64().context("client id")?;
    let form = json!({
        "url": site.url, "username": "editor", "application_password": site.password,
    });
    let added = call(
        server,
        reqwest::Method::POST,
        &format!("/api/client/{client}/sites"),
        Some(form),
    )
    .await?;
    let id = added["id"].as_i64().context("site id")?;
    let checked = call(
        server,
        reqwest::Method::POST,
        &format!("/api/sites/{id}/check"),
        None,
    )
    .await?;
    ensure!(
        checked["problem_kind"].is_null(),
        "the site's check: {checked}"
    );

    let start_mib = server.reset_peak()?;
    let started = Instant::now();
    call(
        server,
        reqwest::Method::POST,
        &format!("/api/sites/{id}/refresh"),
        None,
    )
    .await?;
    let body = json!({ "project_name": "Site", "items": site.pages, "target_langs": ["de"] });
    let project = call(
        server,
        reqwest::Method::POST,
        &format!("/api/sites/{id}/projects"),
        Some(body),
    )
    .await?;
    let wordmark_read = started.elapsed();
    let project = project["id"].as_i64().context("project id")?;
    let mut peak_mib = server.peak_mib()?;

    let started = Instant::now();
    server
        .pretranslate(project)
        .await?
        .context("the server does not pre-translate")?;
    let pretranslate = started.elapsed();

    server.reset_peak()?;
    let started = Instant::now();
    let path = format!("/api/translation/{project}/publish");
    call(
        server,
        reqwest::Method::POST,
        &path,
        Some(json!({ "status": "publish" })),
    )
    .await?;
    let run_state = loop {
        let publishing = call(server, reqwest::Method::GET, &path, None).await?;
        if publishing["run"]["state"] != "running" {
            break publishing["run"].clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let wordmark_publish = started.elapsed();
    peak_mib = peak_mib.max(server.peak_mib()?);
    ensure!(run_state["state"] == "done", "publishing ended {run_state}");

    let started = Instant::now();
    bare.write(&sources).await?;
    let bare_write = started.elapsed();
    Ok(RunTimes {
        wordmark_read,
        wordmark_publish,
        pretranslate,
        bare_read,
        bare_write,
        peak_mib,
        start_mib,
    })
}

/// Runs the sites benchmark `runs` times and prints its table.
pub async fn run(bin: &str, pages: usize, runs: usize) -> Result<()> {
    let server = Server::start(bin).await?;
    let mut all = Vec::new();
    for run in 0..runs {
        let times = one_run(&server, run, pages).await?;
        eprintln!(
            "run {run}: Wordmark {} + {}, bare {} + {}",
            secs(times.wordmark_read),
            secs(times.wordmark_publish),
            secs(times.bare_read),
            secs(times.bare_write)
        );
        all.push(times);
    }
    server.stop();
    let timings = |f: fn(&RunTimes) -> Duration| Timings(all.iter().map(f).collect());
    let (read, bare_read) = (timings(|t| t.wordmark_read), timings(|t| t.bare_read));
    let (publish, bare_write) = (timings(|t| t.wordmark_publish), timings(|t| t.bare_write));
    let peak = all
        .iter()
        .max_by(|a, b| a.peak_mib.total_cmp(&b.peak_mib))
        .context("no run")?;
    println!(
        "| step ({runs} runs: median, range) | Wordmark | WordPress REST API, bare client | ratio of medians |"
    );
    println!("|---|---|---|---|");
    println!(
        "| list the site and pull {pages} pages | {} | {} | {} |",
        read.show(),
        bare_read.show(),
        ratio(read.median(), bare_read.median())
    );
    println!(
        "| publish {pages} translations | {} | {} | {} |",
        publish.show(),
        bare_write.show(),
        ratio(publish.median(), bare_write.median())
    );
    println!(
        "| pre-translate (pseudo, for context) | {} | | |",
        timings(|t| t.pretranslate).show()
    );
    println!(
        "\nWordmark's resident memory: {:.0} MiB before the reads, {:.0} MiB at most during reads and publishing (the run with the highest peak).",
        peak.start_mib, peak.peak_mib
    );
    Ok(())
}
