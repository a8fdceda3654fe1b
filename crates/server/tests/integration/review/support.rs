//! Projects for the review tests: created through `POST /api/translation`, pre-translated by a
//! fake MT written straight into the segments, and the checks on exported XLIFF files.

use std::path::Path;
use std::process::Command;

use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde_json::Value;
use wordmark_core::xliff::{self, Version};
use wordmark_server::db::entities::{
    translation_job,
    translation_project::{self, ProjectStatus},
    translation_segment::{self, SegmentOrigin, SegmentStatus},
};

use super::sheet;
use crate::common::{TestApp, json_body};

pub const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/review");

/// `(file name, bytes)` of every XLIFF file of the reference corpus, in its order.
pub fn corpus_files() -> Vec<(String, Vec<u8>)> {
    crate::corpus::xliff_files()
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

/// `(file name, bytes)` of a folder's files, sorted by name; empty when the folder is missing.
pub fn files_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

pub fn fixtures() -> Vec<(String, Vec<u8>)> {
    files_in(Path::new(FIXTURES))
}

/// A created project: its id and its jobs' ids by file name.
pub struct Project {
    pub id: i32,
    pub jobs: Vec<(String, i32)>,
}

impl Project {
    pub fn job(&self, file_name: &str) -> i32 {
        self.jobs
            .iter()
            .find(|(name, _)| name == file_name)
            .unwrap_or_else(|| panic!("no job {file_name}"))
            .1
    }
}

/// Creates a project from `files` (zipped flat) through `POST /api/translation`.
pub async fn create_project(
    app: &TestApp,
    token: &str,
    name: &str,
    files: &[(String, Vec<u8>)],
) -> Project {
    let entries: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let form = Form::new()
        .text("project_name", name.to_owned())
        .text("client_id", "")
        .part(
            "project_files",
            Part::bytes(sheet::zip(&entries))
                .file_name("files.zip")
                .mime_str("application/zip")
                .unwrap(),
        );
    let response = app.translations().create(token, form).await;
    let body = json_body(response, StatusCode::CREATED).await;
    Project {
        id: body["id"].as_i64().unwrap() as i32,
        jobs: body["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                (
                    j["file_name"].as_str().unwrap().to_owned(),
                    j["id"].as_i64().unwrap() as i32,
                )
            })
            .collect(),
    }
}

/// The fake MT's translation: the source with a marker in front, markup intact.
pub fn fake_mt(source: &str) -> String {
    format!("DE {source}")
}

/// Pre-translates every translatable segment of the project with [`fake_mt`].
pub async fn pretranslate(app: &TestApp, project_id: i32, origin: SegmentOrigin) {
    for segment in segments(app, project_id).await {
        if !segment.translatable {
            continue;
        }
        let target = fake_mt(&segment.source);
        let mut active: translation_segment::ActiveModel = segment.into();
        active.target = Set(Some(target.clone()));
        active.mt_target = Set(Some(target));
        active.origin = Set(origin);
        active.status = Set(SegmentStatus::Translated);
        active.update(&app.db).await.unwrap();
    }
}

/// The project's segments, by job and position.
pub async fn segments(app: &TestApp, project_id: i32) -> Vec<translation_segment::Model> {
    translation_segment::Entity::find()
        .inner_join(translation_job::Entity)
        .filter(translation_job::Column::ProjectId.eq(project_id))
        .order_by_asc(translation_segment::Column::JobId)
        .order_by_asc(translation_segment::Column::Position)
        .all(&app.db)
        .await
        .unwrap()
}

pub async fn status(app: &TestApp, project_id: i32) -> ProjectStatus {
    translation_project::Entity::find_by_id(project_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .status
}

/// POSTs an action (`download-xlsx`, `download-xliff`) and returns the zip, checking the
/// download headers.
pub async fn download(
    app: &TestApp,
    token: &str,
    project_id: i32,
    action: &str,
) -> (String, Vec<u8>) {
    let translation = app.translation(project_id);
    let response = match action {
        "download-xlsx" => translation.download_xlsx(token).await,
        "download-xliff" => translation.download_xliff(token).await,
        other => panic!("no download {other}"),
    };
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.bytes().await.unwrap().to_vec();
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(headers["content-type"], "application/zip");
    let disposition = headers["content-disposition"].to_str().unwrap().to_owned();
    (disposition, body)
}

/// Uploads `archive` as the XLSX import and returns the answer (status and body).
pub async fn upload(
    app: &TestApp,
    token: &str,
    project_id: i32,
    file_name: &str,
    mime: &str,
    archive: Vec<u8>,
) -> reqwest::Response {
    let form = Form::new().part(
        "xlsx_files",
        Part::bytes(archive)
            .file_name(file_name.to_owned())
            .mime_str(mime)
            .unwrap(),
    );
    app.translation(project_id).upload_xlsx(token, form).await
}

pub async fn upload_ok(app: &TestApp, token: &str, project_id: i32, archive: Vec<u8>) -> Value {
    let response = upload(
        app,
        token,
        project_id,
        "corrected.zip",
        "application/zip",
        archive,
    )
    .await;
    json_body(response, StatusCode::OK).await
}

/// The file with every `<target>` element (and the whitespace before it) removed: what must
/// stay byte-identical when only targets are written.
pub fn outside_targets(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(offset) = find(&bytes[at..], b"<target") {
        let start = at + offset;
        let after = bytes.get(start + "<target".len()).copied();
        if !matches!(after, Some(b' ' | b'>' | b'/' | b'\t' | b'\r' | b'\n')) {
            out.extend_from_slice(&bytes[at..start + 1]);
            at = start + 1;
            continue;
        }
        let mut keep_end = start;
        while keep_end > at && bytes[keep_end - 1].is_ascii_whitespace() {
            keep_end -= 1;
        }
        out.extend_from_slice(&bytes[at..keep_end]);
        let tag_end = start + find(&bytes[start..], b">").unwrap();
        at = if bytes[tag_end - 1] == b'/' {
            tag_end + 1
        } else {
            start + find(&bytes[start..], b"</target>").unwrap() + "</target>".len()
        };
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Whether `bytes` validate against the XLIFF schema of their version: `None` when that cannot
/// be checked here (no reference corpus, which holds the schemas; no xmllint; a version without
/// a schema).
pub fn schema_valid(name: &str, bytes: &[u8]) -> Option<Result<(), String>> {
    if !cfg!(corpus) {
        return None;
    }
    let schemas = crate::corpus::schemas().canonicalize().unwrap();
    let schema = match xliff::parse(name, bytes).ok()?.version {
        Version::V1_2 => "xliff-core-1.2-transitional.xsd",
        Version::V2_0 => "xliff-core-2.0.xsd",
        _ => return None,
    };
    let dir = std::env::temp_dir().join(format!(
        "wordmark-review-xmllint-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("file.xml");
    std::fs::write(&file, bytes).unwrap();
    let output = Command::new("xmllint")
        .env("XML_CATALOG_FILES", schemas.join("catalog.xml"))
        .args(["--nonet", "--noout", "--schema"])
        .arg(schemas.join(schema))
        .arg(&file)
        .output()
        .ok();
    std::fs::remove_dir_all(&dir).ok();
    let output = output?;
    match output.status.code() {
        Some(0) => Some(Ok(())),
        Some(3) => Some(Err(String::from_utf8_lossy(&output.stderr).into_owned())),
        _ => None,
    }
}
