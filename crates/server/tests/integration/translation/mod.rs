//! `/api/translation...`: projects from a zip of XLIFF files (every bad-input case refused with
//! a message naming the file, and nothing stored), reading, renaming, statuses, adding jobs,
//! deleting with everything the project holds, and the shared corpus.

mod projects;
mod uploads;

use crate::common::{TestApp, json_body};
use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::Value;
use std::io::{Cursor, Write};
use wordmark_server::db::entities::{
    translation_job::{self},
    translation_project, translation_segment,
};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/xliff");

/// The five readable fixtures: WPML 1.2 with CDATA HTML (de), today's one-line layout with
/// the `tool:` namespace (de), XLIFF 1.0 with a DOCTYPE (fr), BOM + CRLF (pt-BR), XLIFF 2.0 (de).
pub const GOOD_FIXTURES: [&str; 5] = [
    "wpml-page-cdata.xliff",
    "wpml-post-one-line-tool.xliff",
    "wpml-10-doctype.xliff",
    "wpml-bom-crlf.xliff",
    "tool-xliff20.xlf",
];

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap()
}

/// A zip holding `entries` (path, bytes) in order, deflated.
pub fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (path, bytes) in entries {
        if path.ends_with('/') {
            zip.add_directory(*path, options).unwrap();
        } else {
            zip.start_file(*path, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

/// A zip of the given fixtures at the top level.
pub fn zip_of_fixtures(names: &[&str]) -> Vec<u8> {
    let entries: Vec<(&str, Vec<u8>)> = names.iter().map(|n| (*n, fixture(n))).collect();
    zip_of(&entries)
}

pub fn project_form(name: Option<&str>, client_id: Option<&str>, archive: Vec<u8>) -> Form {
    let mut form = Form::new();
    if let Some(name) = name {
        form = form.text("project_name", name.to_owned());
    }
    if let Some(client_id) = client_id {
        form = form.text("client_id", client_id.to_owned());
    }
    let part = Part::bytes(archive)
        .file_name("upload.zip")
        .mime_str("application/zip")
        .unwrap();
    form.part("project_files", part)
}

/// Creates a project named `name` from `archive`, asserting 201.
pub async fn create_project(app: &TestApp, token: &str, name: &str, archive: Vec<u8>) -> Value {
    let form = project_form(Some(name), Some(""), archive);
    json_body(
        app.translations().create(token, form).await,
        StatusCode::CREATED,
    )
    .await
}

pub fn job_form(file_name: &str, bytes: Vec<u8>) -> Form {
    Form::new().part(
        "job_files",
        Part::bytes(bytes).file_name(file_name.to_owned()),
    )
}

/// Rows in the projects, jobs and segments tables.
pub async fn row_counts(app: &TestApp) -> (u64, u64, u64) {
    (
        translation_project::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_job::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_segment::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
    )
}

fn job<'a>(project: &'a Value, file_name: &str) -> &'a Value {
    project["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["file_name"] == file_name)
        .unwrap_or_else(|| panic!("no job {file_name} in {project}"))
}

async fn create_client(app: &TestApp, token: &str, name: &str) -> i64 {
    let form = Form::new().text("client_name", name.to_owned());
    let client = json_body(app.clients().create(token, form).await, StatusCode::CREATED).await;
    client["id"].as_i64().unwrap()
}
