//! The client archive: `GET /api/client/{id}/archive` and `POST /api/client/archive` (and the
//! command line's `client-export` / `client-import`, in `cli`): a client with everything of
//! theirs moved to a fresh installation unchanged, refusals that leave nothing behind, and who
//! may call.

mod moves;
mod refusals;

use crate::common::{TestApp, json_body};
use crate::mt_support::{create_project, files, pretranslate};
use crate::rebranding;
use crate::review::{sheet, support::download};
use reqwest::{
    Response, StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    Statement,
};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use wordmark_server::db::entities::{
    client, rebranding_project, review_comment, review_thread, translation_job, translation_memory,
    translation_project, translation_segment, translation_segment_change,
    translation_status_change,
};

/// The e2e suite's WPML exports, and one file of the shared corpus when it is there.
fn wpml_files() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../e2e/fixtures/wpml");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xliff"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

fn corpus_file() -> Vec<(String, String)> {
    if !cfg!(corpus) {
        // Without the reference corpus, a generated file stands in.
        return files(1, &["Hello <b>world</b>", "Second sentence."]);
    }
    let name = "bridge-project_job-533_en-de_stm-lessons_emoji_h5p-shortcode.REDACTED.xliff";
    let path = crate::corpus::root().join("xliff/wpml").join(name);
    vec![(name.to_owned(), std::fs::read_to_string(path).unwrap())]
}

async fn export(app: &TestApp, token: &str, client_id: i64) -> Vec<u8> {
    let response = app.client(client_id).archive(token).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.bytes().await.unwrap().to_vec();
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(headers["content-type"], "application/zip");
    body
}

async fn import(app: &TestApp, token: &str, archive: Vec<u8>, name: Option<&str>) -> Response {
    let mut form = Form::new().part(
        "file",
        Part::bytes(archive)
            .file_name("acme-archive.zip")
            .mime_str("application/zip")
            .unwrap(),
    );
    if let Some(name) = name {
        form = form.text("client_name", name.to_owned());
    }
    app.clients().import_archive(token, form).await
}

/// Everything stored of the client, without ids and authors: what must survive the move.
async fn snapshot(db: &DatabaseConnection, client_id: i32) -> Value {
    let client = client::Entity::find_by_id(client_id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    let mut projects = Vec::new();
    for project in translation_project::Entity::find()
        .filter(translation_project::Column::ClientId.eq(client_id))
        .order_by_asc(translation_project::Column::Id)
        .all(db)
        .await
        .unwrap()
    {
        let history: Vec<Value> = translation_status_change::Entity::find()
            .filter(translation_status_change::Column::ProjectId.eq(project.id))
            .order_by_asc(translation_status_change::Column::Id)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|c| {
                json!([
                    format!("{:?}", c.from_status),
                    format!("{:?}", c.to_status),
                    format!("{:?}", c.kind),
                    c.user_id.is_some(),
                    c.changed_at.to_string()
                ])
            })
            .collect();
        let mut comments: HashMap<i64, Vec<Value>> = HashMap::new();
        for c in review_comment::Entity::find()
            .filter(review_comment::Column::ProjectId.eq(project.id))
            .order_by_asc(review_comment::Column::Id)
            .all(db)
            .await
            .unwrap()
        {
            comments.entry(c.segment_id).or_default().push(json!([
                c.author_name,
                c.body,
                c.created_at.to_string()
            ]));
        }
        let mut jobs = Vec::new();
        for job in translation_job::Entity::find()
            .filter(translation_job::Column::ProjectId.eq(project.id))
            .order_by_asc(translation_job::Column::Id)
            .all(db)
            .await
            .unwrap()
        {
            let mut history = job_history(db, job.id).await;
            let mut threads: HashMap<i64, review_thread::Model> = review_thread::Entity::find()
                .all(db)
                .await
                .unwrap()
                .into_iter()
                .map(|t| (t.segment_id, t))
                .collect();
            let segments: Vec<Value> = translation_segment::Entity::find()
                .filter(translation_segment::Column::JobId.eq(job.id))
                .order_by_asc(translation_segment::Column::Position)
                .all(db)
                .await
                .unwrap()
                .into_iter()
                .map(|s| {
                    json!([
                        s.position,
                        s.unit_key,
                        s.unit_id,
                        s.resname,
                        s.translatable,
                        format!("{:?}", s.markup),
                        s.source,
                        s.target,
                        s.mt_target,
                        format!("{:?}", s.origin),
                        format!("{:?}", s.status),
                        s.qa_flags,
                        s.comment,
                        s.revision,
                        history.remove(&s.id).unwrap_or_default(),
                        comments.remove(&s.id).unwrap_or_default(),
                        threads.remove(&s.id).map(|t| t.resolved_at.to_string())
                    ])
                })
                .collect();
            // The count the lists show is the job's segments, before and after the move.
            assert_eq!(
                job.segment_count as usize,
                segments.len(),
                "{}",
                job.file_name
            );
            // How the file is stored (deflated or not) may differ; its bytes may not.
            let original = job
                .original_encoding
                .decode(&job.original)
                .unwrap()
                .to_vec();
            jobs.push(json!({
                "file_name": job.file_name, "wpml_id": job.wpml_id, "post_type": job.post_type,
                "source_lang": job.source_lang, "target_lang": job.target_lang,
                "xliff_version": job.xliff_version, "checksum": job.checksum,
                "date_created": job.date_created.to_string(),
                "original": String::from_utf8(original).unwrap(), "segments": segments,
            }));
        }
        projects.push(json!({
            "name": project.name, "status": format!("{:?}", project.status),
            "target_lang": project.target_lang, "author": project.author_id.is_some(),
            // What the project list shows of the jobs, summed again by the import.
            "summary": [project.job_count, project.segment_count, project.source_lang,
                project.target_langs.0],
            "date_created": project.date_created.to_string(), "history": history, "jobs": jobs,
        }));
    }
    let memory: Vec<Value> = translation_memory::Entity::find()
        .filter(translation_memory::Column::ClientId.eq(client_id))
        .order_by_asc(translation_memory::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|m| {
            json!([
                m.source_lang,
                m.target_lang,
                format!("{:?}", m.markup),
                m.source_hash,
                m.source,
                m.resname,
                m.target,
                format!("{:?}", m.origin),
                m.updated_at.to_string()
            ])
        })
        .collect();
    let rebranding: Vec<Value> = rebranding_project::Entity::find()
        .filter(rebranding_project::Column::ClientId.eq(client_id))
        .order_by_asc(rebranding_project::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            json!([
                r.legal_name,
                r.display_name,
                r.color_scheme,
                r.font_scheme,
                r.locations,
                r.date_created.to_string(),
                r.author_id.is_some()
            ])
        })
        .collect();
    let terms: Vec<Value> = wordmark_server::db::entities::term::Entity::find()
        .filter(wordmark_server::db::entities::term::Column::ClientId.eq(client_id))
        .order_by_asc(wordmark_server::db::entities::term::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|t| {
            json!([
                t.source_lang,
                t.target_lang,
                t.source,
                t.targets,
                t.kind,
                t.case_sensitive,
                t.part_of_speech,
                t.note
            ])
        })
        .collect();
    json!({
        "client": [client.client_name, client.client_logo, client.date_created.to_string(),
                   client.author_id.is_some()],
        "projects": projects, "memory": memory, "rebranding": rebranding, "terms": terms,
    })
}

/// The history rows of the job's segments by segment id, oldest first; who made a change is
/// not compared (accounts stay with their installation), only that no imported row names one.
async fn job_history(db: &DatabaseConnection, job_id: i32) -> HashMap<i64, Vec<Value>> {
    let ids: Vec<i64> = translation_segment::Entity::find()
        .filter(translation_segment::Column::JobId.eq(job_id))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    let mut history: HashMap<i64, Vec<Value>> = HashMap::new();
    for chunk in ids.chunks(500) {
        for c in translation_segment_change::Entity::find()
            .filter(translation_segment_change::Column::SegmentId.is_in(chunk.iter().copied()))
            .order_by_asc(translation_segment_change::Column::Id)
            .all(db)
            .await
            .unwrap()
        {
            history.entry(c.segment_id).or_default().push(json!([
                format!("{:?}", c.actor_kind),
                format!("{:?}", c.source),
                c.previous_target,
                c.new_target,
                c.changed_at.to_string()
            ]));
        }
    }
    history
}

/// The rows of every table an import writes, for "nothing was written".
async fn row_counts(db: &DatabaseConnection) -> Vec<(String, i64)> {
    let mut counts = Vec::new();
    for table in [
        "clients",
        "translation_projects",
        "translation_status_changes",
        "translation_jobs",
        "translation_segments",
        "translation_segment_changes",
        "translation_memory",
        "review_comments",
        "review_threads",
        "rebranding_projects",
        "terms",
    ] {
        let sql = format!("SELECT COUNT(*) AS n FROM {table}");
        let row = db
            .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
            .await
            .unwrap()
            .unwrap();
        counts.push((table.to_owned(), row.try_get::<i64>("", "n").unwrap()));
    }
    counts
}

/// The project's XLIFF export, unpacked (zip timestamps aside, the files must be equal).
async fn xliff_export(app: &TestApp, token: &str, project_id: i64) -> BTreeMap<String, Vec<u8>> {
    sheet::unzip(
        &download(app, token, project_id as i32, "download-xliff")
            .await
            .1,
    )
}

async fn project_ids(db: &DatabaseConnection, client_id: i32) -> Vec<i64> {
    translation_project::Entity::find()
        .filter(translation_project::Column::ClientId.eq(client_id))
        .order_by_asc(translation_project::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|p| i64::from(p.id))
        .collect()
}

/// A client with a logo, two pre-translated projects (one corrected through a workbook, so
/// the memory has entries), and a rebranding project.
async fn full_client(app: &TestApp, token: &str) -> i64 {
    let client = rebranding::create_client(app, token, "Acme Süß GmbH").await;
    // A termbase: every field of an entry set once.
    for term in [
        json!({ "source_lang": "en", "target_lang": "de", "source": "checkout",
                "targets": ["Kasse", "Bezahlen"], "kind": "preferred", "case_sensitive": true,
                "part_of_speech": "noun", "note": "Shop; \"always\" this" }),
        json!({ "source_lang": "en", "target_lang": "fr", "source": "Acme Süß",
                "targets": [], "kind": "do_not_translate" }),
    ] {
        let response = app.client(client).terms().add(token, term).await;
        json_body(response, StatusCode::CREATED).await;
    }
    let site = create_project(app, token, "Site DE", Some(client as i32), &wpml_files()).await;
    let corpus = create_project(app, token, "Corpus", Some(client as i32), &corpus_file()).await;
    for project in [site, corpus] {
        assert_eq!(pretranslate(app, token, project).await["state"], "done");
    }
    // The customer corrects one row of the first workbook.
    let (_, workbooks) = download(app, token, site, "download-xlsx").await;
    let mut workbooks = sheet::unzip(&workbooks);
    let (name, bytes) = workbooks.pop_first().unwrap();
    let key = translation_segment::Entity::find()
        .filter(translation_segment::Column::Translatable.eq(true))
        .inner_join(translation_job::Entity)
        .filter(translation_job::Column::ProjectId.eq(site))
        .order_by_asc(translation_segment::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let job_file = translation_job::Entity::find_by_id(key.job_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .file_name;
    let (name, bytes) = if name.starts_with(job_file.trim_end_matches(".xliff")) {
        (name, bytes)
    } else {
        workbooks
            .into_iter()
            .find(|(n, _)| n.starts_with(job_file.trim_end_matches(".xliff")))
            .unwrap()
    };
    let corrected = sheet::translate(&bytes, &key.unit_key, &format!("Kunde: {}", key.source));
    crate::review::support::upload_ok(app, token, site, sheet::zip(&[(&name, &corrected)])).await;
    // Two comments on the corrected segment, its thread resolved.
    for body in ["Bitte prüfen.", "Geprüft."] {
        let response = app
            .translation(site)
            .add_comment(token, json!({ "segment_id": key.id, "body": body }))
            .await;
        json_body(response, StatusCode::CREATED).await;
    }
    let response = app
        .translation(site)
        .resolve_comments(token, key.id, json!({ "resolved": true }))
        .await;
    json_body(response, StatusCode::OK).await;
    let response = app
        .rebrandings()
        .create(token, rebranding::project(client))
        .await;
    json_body(response, StatusCode::CREATED).await;
    // One project delivered (Completed), one left pre-translated.
    download(app, token, site, "download-xliff").await;
    client
}
