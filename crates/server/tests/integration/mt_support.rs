//! Shared by the pre-translation and settings tests: fake-provider configuration, XLIFF
//! projects built in code, and polling a run to its end.

use std::io::Write;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::Value;
use wordmark_mt::{Backoff, ProviderConfig, ProviderKind};
use wordmark_server::db::entities::{
    translation_job as job,
    translation_project::{self as project, ProjectStatus},
    translation_segment as segment,
};

use crate::common::{TestApp, json_body};

pub const DEEPL_KEY: &str = "fake-deepl-key-0123456789abcd";

/// DeepL at the fake's address, with quick retries so failure tests stay fast.
pub fn deepl(url: &str, key: &str) -> ProviderConfig {
    let mut config = ProviderConfig::new(ProviderKind::Deepl);
    config.api_key = Some(key.into());
    config.base_url = Some(url.into());
    config.max_retries = 1;
    config.request_timeout = Duration::from_secs(5);
    config.backoff = Backoff {
        base: Duration::from_millis(10),
        factor: 1.0,
        cap: Duration::from_millis(50),
        jitter: 0.0,
    };
    config
}

/// A WPML-style XLIFF 1.2 file: one unit per source (HTML content in CDATA), empty targets.
pub fn xliff(wpml_id: u32, sources: &[&str]) -> String {
    let units: String = sources
        .iter()
        .enumerate()
        .map(|(i, source)| {
            format!(
                "   <trans-unit resname=\"field-{i}\" restype=\"string\" datatype=\"html\" id=\"field-{i}\">\n    <source><![CDATA[{source}]]></source>\n    <target><![CDATA[]]></target>\n   </trans-unit>\n"
            )
        })
        .collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n <file original=\"{wpml_id}-e4da3b7fbbce2345d7772b0674a318d5\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">\n  <header></header>\n  <body>\n{units}  </body>\n </file>\n</xliff>\n"
    )
}

pub fn zip(files: &[(String, String)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, content) in files {
        writer
            .start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .unwrap();
        writer.write_all(content.as_bytes()).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// Creates a project with one job per file through `POST /api/translation` (contract), and
/// returns its id.
pub async fn create_project(
    app: &TestApp,
    token: &str,
    name: &str,
    client_id: Option<i32>,
    files: &[(String, String)],
) -> i32 {
    let form = reqwest::multipart::Form::new()
        .text("project_name", name.to_owned())
        .text(
            "client_id",
            client_id.map(|id| id.to_string()).unwrap_or_default(),
        )
        .part(
            "project_files",
            reqwest::multipart::Part::bytes(zip(files)).file_name("project.zip"),
        );
    let response = app.translations().create(token, form).await;
    let body = json_body(response, StatusCode::CREATED).await;
    i32::try_from(body["id"].as_i64().unwrap()).unwrap()
}

/// `count` files named `page-N.xliff`, each with `sources`.
pub fn files(count: u32, sources: &[&str]) -> Vec<(String, String)> {
    (1..=count)
        .map(|n| (format!("page-{n}.xliff"), xliff(n, sources)))
        .collect()
}

pub async fn job_ids(app: &TestApp, project_id: i32) -> Vec<i32> {
    job::Entity::find()
        .filter(job::Column::ProjectId.eq(project_id))
        .order_by_asc(job::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|j| j.id)
        .collect()
}

pub async fn segments(app: &TestApp, job_id: i32) -> Vec<segment::Model> {
    segment::Entity::find()
        .filter(segment::Column::JobId.eq(job_id))
        .order_by_asc(segment::Column::Position)
        .all(&app.db)
        .await
        .unwrap()
}

pub async fn project_status(app: &TestApp, project_id: i32) -> ProjectStatus {
    project::Entity::find_by_id(project_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .status
}

pub async fn run_status(app: &TestApp, token: &str, project_id: i32) -> Value {
    json_body(
        app.translation(project_id).pretranslation(token).await,
        StatusCode::OK,
    )
    .await
}

/// Polls the run until it is no longer running (at most 30 s).
pub async fn wait_for_run(app: &TestApp, token: &str, project_id: i32) -> Value {
    let started = Instant::now();
    loop {
        let status = run_status(app, token, project_id).await;
        if status["state"] != "running" {
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the run did not finish: {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Starts the project's run (202) and waits for its end.
pub async fn pretranslate(app: &TestApp, token: &str, project_id: i32) -> Value {
    let response = app.translation(project_id).pretranslate(token).await;
    json_body(response, StatusCode::ACCEPTED).await;
    wait_for_run(app, token, project_id).await
}
