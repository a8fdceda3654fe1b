//! The client archive: `GET /api/client/{id}/archive` and `POST /api/client/archive` (and the
//! command line's `client-export` / `client-import`, in `cli`): a client with everything of
//! theirs moved to a fresh installation unchanged, refusals that leave nothing behind, and who
//! may call.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use reqwest::{
    Method, Response, StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    Statement,
};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::db::entities::{
    client, rebranding_project, review_comment, review_thread, translation_job, translation_memory,
    translation_project, translation_segment, translation_segment_change,
    translation_status_change, user::Role,
};

use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app, spawn_app_with};
use crate::mt_support::{create_project, files, pretranslate};
use crate::rebranding;
use crate::review::{sheet, support::download};

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
    let response = app
        .get(&format!("/api/client/{client_id}/archive"), token)
        .await;
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
    app.request(Method::POST, "/api/client/archive", Some(token))
        .multipart(form)
        .send()
        .await
        .unwrap()
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
        let response = app
            .send_json(
                Method::POST,
                &format!("/api/client/{client}/terms"),
                token,
                term,
            )
            .await;
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
            .send_json(
                Method::POST,
                &format!("/api/translation/{site}/comments"),
                token,
                json!({ "segment_id": key.id, "body": body }),
            )
            .await;
        json_body(response, StatusCode::CREATED).await;
    }
    let response = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{site}/comments/{}/resolve", key.id),
            token,
            json!({ "resolved": true }),
        )
        .await;
    json_body(response, StatusCode::OK).await;
    let response = app
        .send_json(
            Method::POST,
            "/api/rebranding",
            token,
            rebranding::project(client),
        )
        .await;
    json_body(response, StatusCode::CREATED).await;
    // One project delivered (Completed), one left pre-translated.
    download(app, token, site, "download-xliff").await;
    client
}

#[tokio::test]
async fn a_client_moves_to_a_fresh_installation_unchanged() {
    let source = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = source.admin_token().await;
    let client = full_client(&source, &token).await;
    let before = snapshot(&source.db, client as i32).await;
    assert_eq!(before["projects"].as_array().unwrap().len(), 2);
    assert!(!before["memory"].as_array().unwrap().is_empty(), "{before}");
    // Pre-translation and the corrected workbook left history, and revisions above 0.
    let text = before.to_string();
    for kind in [
        "\"System\",\"Mt\"",
        "\"User\",\"XlsxImport\"",
        "\"Geprüft.\"",
    ] {
        assert!(text.contains(kind), "no {kind} change in {text}");
    }
    let revised = translation_segment::Entity::find()
        .filter(translation_segment::Column::Revision.gt(0))
        .one(&source.db)
        .await
        .unwrap();
    assert!(revised.is_some());
    let mut exports = Vec::new();
    for project in project_ids(&source.db, client as i32).await {
        exports.push(xliff_export(&source, &token, project).await);
    }
    let archive = export(&source, &token, client).await;

    let manifest: Value = serde_json::from_slice(&sheet::unzip(&archive)["manifest.json"]).unwrap();
    assert_eq!(manifest["format"], "wordmark-client-archive");
    assert_eq!(manifest["version"], "1.2");
    assert_eq!(manifest["counts"]["terms"], 2);
    assert_eq!(before["terms"].as_array().unwrap().len(), 2, "{before}");
    assert_eq!(manifest["client_name"], "Acme Süß GmbH");
    assert_eq!(manifest["counts"]["projects"], 2);
    assert_eq!(manifest["counts"]["rebranding_projects"], 1);
    let files = sheet::unzip(&archive);
    for entry in manifest["entries"].as_array().unwrap() {
        let bytes = &files[entry["path"].as_str().unwrap()];
        use sha2::Digest;
        assert_eq!(entry["sha256"], hex::encode(sha2::Sha256::digest(bytes)));
    }

    let target = spawn_app().await;
    let admin = target.admin_token().await;
    let answer = json_body(
        import(&target, &admin, archive.clone(), None).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(answer["client"]["client_name"], "Acme Süß GmbH");
    assert_eq!(answer["counts"], manifest["counts"]);
    let imported = answer["client"]["id"].as_i64().unwrap() as i32;
    assert_eq!(snapshot(&target.db, imported).await, before);
    // The source's accounts are not the target's: no imported change names one.
    let named = translation_segment_change::Entity::find()
        .filter(translation_segment_change::Column::UserId.is_not_null())
        .all(&target.db)
        .await
        .unwrap();
    assert!(named.is_empty(), "{named:?}");
    let resolved = review_thread::Entity::find().all(&target.db).await.unwrap();
    assert!(
        resolved.iter().all(|t| t.resolved_by.is_none()),
        "{resolved:?}"
    );
    // Authors are the importing administrator.
    let projects = project_ids(&target.db, imported).await;
    let row = translation_project::Entity::find_by_id(projects[0] as i32)
        .one(&target.db)
        .await
        .unwrap()
        .unwrap();
    let admin_id = client::Entity::find_by_id(imported)
        .one(&target.db)
        .await
        .unwrap()
        .unwrap()
        .author_id;
    assert_eq!(row.author_id, admin_id);
    assert!(admin_id.is_some());

    for (project, before) in projects.into_iter().zip(exports) {
        assert_eq!(xliff_export(&target, &admin, project).await, before);
    }

    // The same archive again: the name is taken, unless the operator gives another.
    let message = error_message(
        import(&target, &admin, archive.clone(), None).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(
        message.contains("\"Acme Süß GmbH\" already exists"),
        "{message}"
    );
    let renamed = json_body(
        import(&target, &admin, archive, Some("Acme (archived)")).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(renamed["client"]["client_name"], "Acme (archived)");

    let events: Vec<String> = json_body(target.get("/api/audit", &admin).await, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect();
    assert!(events.contains(&"client_imported".to_owned()), "{events:?}");
    let events = json_body(source.get("/api/audit", &token).await, StatusCode::OK).await;
    assert!(events.to_string().contains("client_exported"));
}

/// A small client's archive and the target installation it is refused by.
/// Every file of the shared corpus that uploads, pre-translated by the pseudo provider, moves
/// in an archive: the same rows, and the same bytes from the XLIFF export.
#[tokio::test]
#[cfg_attr(not(corpus), ignore = "needs the reference corpus (WORDMARK_CORPUS)")]
async fn every_corpus_file_moves_unchanged() {
    let files: Vec<(String, String)> = crate::review::support::corpus_files()
        .into_iter()
        // Files that do not parse are refused at upload (tested elsewhere).
        .filter(|(name, bytes)| wordmark_core::xliff::parse(name, bytes).is_ok())
        .filter_map(|(name, bytes)| Some((name, String::from_utf8(bytes).ok()?)))
        .collect();
    let source = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = source.admin_token().await;
    let client = rebranding::create_client(&source, &token, "Corpus GmbH").await;
    let project = create_project(&source, &token, "Corpus", Some(client as i32), &files).await;
    assert_eq!(
        pretranslate(&source, &token, project).await["state"],
        "done"
    );
    let before = snapshot(&source.db, client as i32).await;
    let exported = xliff_export(&source, &token, i64::from(project)).await;
    assert_eq!(exported.len(), files.len());

    let target = spawn_app().await;
    let admin = target.admin_token().await;
    let archive = export(&source, &token, client).await;
    let answer = json_body(
        import(&target, &admin, archive, None).await,
        StatusCode::CREATED,
    )
    .await;
    let imported = answer["client"]["id"].as_i64().unwrap() as i32;
    assert_eq!(snapshot(&target.db, imported).await, before);
    // The source's accounts are not the target's: no imported change names one.
    let named = translation_segment_change::Entity::find()
        .filter(translation_segment_change::Column::UserId.is_not_null())
        .all(&target.db)
        .await
        .unwrap();
    assert!(named.is_empty(), "{named:?}");
    let resolved = review_thread::Entity::find().all(&target.db).await.unwrap();
    assert!(
        resolved.iter().all(|t| t.resolved_by.is_none()),
        "{resolved:?}"
    );
    let moved = project_ids(&target.db, imported).await;
    assert_eq!(xliff_export(&target, &admin, moved[0]).await, exported);
}

async fn small_archive() -> (BTreeMap<String, Vec<u8>>, TestApp, String) {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    let client = rebranding::create_client(&source, &token, "Small").await;
    create_project(&source, &token, "One", Some(client as i32), &wpml_files()).await;
    let archive = export(&source, &token, client).await;
    let target = spawn_app().await;
    let admin = target.admin_token().await;
    (sheet::unzip(&archive), target, admin)
}

fn rezip(entries: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let list: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    sheet::zip(&list)
}

/// Replaces an entry and lists its new checksum in the manifest (as a careful forger would).
fn replace_listed(entries: &mut BTreeMap<String, Vec<u8>>, path: &str, bytes: Vec<u8>) {
    use sha2::Digest;
    let mut manifest: Value = serde_json::from_slice(&entries["manifest.json"]).unwrap();
    for entry in manifest["entries"].as_array_mut().unwrap() {
        if entry["path"] == path {
            entry["sha256"] = json!(hex::encode(sha2::Sha256::digest(&bytes)));
            entry["bytes"] = json!(bytes.len());
        }
    }
    entries.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );
    entries.insert(path.into(), bytes);
}

#[tokio::test]
async fn damaged_archives_are_refused_and_nothing_is_written() {
    let (entries, target, admin) = small_archive().await;
    let empty = row_counts(&target.db).await;
    let original = entries
        .keys()
        .find(|n| n.ends_with(".xliff"))
        .unwrap()
        .clone();
    let segments = entries
        .keys()
        .find(|n| n.ends_with(".segments.jsonl"))
        .unwrap()
        .clone();

    let whole = rezip(&entries);
    let truncated = whole[..whole.len() / 2].to_vec();

    let mut changed = entries.clone();
    let mut text = String::from_utf8(changed[&segments].clone()).unwrap();
    text = text.replacen("\"target\":null", "\"target\":\"forged\"", 1);
    changed.insert(segments.clone(), text.into_bytes());

    let mut newer = entries.clone();
    let mut manifest: Value = serde_json::from_slice(&newer["manifest.json"]).unwrap();
    manifest["version"] = json!("2.0");
    newer.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );

    let mut broken = entries.clone();
    replace_listed(
        &mut broken,
        &original,
        b"<xliff version=\"1.2\"><file>".to_vec(),
    );

    let mut unknown_required = entries.clone();
    let mut manifest: Value = serde_json::from_slice(&unknown_required["manifest.json"]).unwrap();
    manifest["sections"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "terms", "required": true}));
    unknown_required.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );

    let cases: Vec<(&str, Vec<u8>, StatusCode, Vec<String>)> = vec![
        (
            "truncated",
            truncated,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            vec!["'acme-archive.zip' is not a zip archive".into()],
        ),
        (
            "checksum",
            rezip(&changed),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec![
                format!("'{segments}' in 'acme-archive.zip'"),
                "does not match manifest.json".into(),
            ],
        ),
        (
            "newer version",
            rezip(&newer),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["format version 2.0".into(), "Update Wordmark".into()],
        ),
        (
            "unparsable XLIFF",
            rezip(&broken),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec![format!("'{original}' in 'acme-archive.zip'")],
        ),
        (
            "unknown required section",
            rezip(&unknown_required),
            StatusCode::UNPROCESSABLE_ENTITY,
            vec!["section \"terms\"".into()],
        ),
    ];
    for (case, archive, status, expected) in cases {
        let message = error_message(import(&target, &admin, archive, None).await, status).await;
        for part in expected {
            assert!(message.contains(&part), "{case}: {message}");
        }
        assert!(
            message.ends_with("Nothing was imported."),
            "{case}: {message}"
        );
        assert_eq!(row_counts(&target.db).await, empty, "{case}");
    }
}

#[tokio::test]
async fn unknown_optional_sections_are_skipped() {
    let (mut entries, target, admin) = small_archive().await;
    let terms = b"{\"terms\": []}".to_vec();
    use sha2::Digest;
    let mut manifest: Value = serde_json::from_slice(&entries["manifest.json"]).unwrap();
    manifest["version"] = json!("1.7");
    manifest["sections"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "terms", "required": false}));
    manifest["entries"].as_array_mut().unwrap().push(json!({
        "path": "terms.json", "section": "terms", "bytes": terms.len(),
        "sha256": hex::encode(sha2::Sha256::digest(&terms)),
    }));
    entries.insert(
        "manifest.json".into(),
        serde_json::to_vec(&manifest).unwrap(),
    );
    entries.insert("terms.json".into(), terms);
    let answer = json_body(
        import(&target, &admin, rezip(&entries), None).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(answer["counts"]["projects"], 1);
}

#[tokio::test]
async fn only_administrators_export_and_import() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let client = rebranding::create_client(&app, &admin, "Guarded").await;
    let archive = export(&app, &admin, client).await;
    for (name, role) in [
        ("ed", Role::Editor),
        ("tr", Role::Translator),
        ("cu", Role::Customer),
    ] {
        app.create_user(name, role).await;
        let token = app.token(name, PASSWORD).await;
        let response = app
            .get(&format!("/api/client/{client}/archive"), &token)
            .await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{name}");
        let response = import(&app, &token, archive.clone(), Some("Other")).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{name}");
    }
    let response = app.get("/api/client/9999/archive", &admin).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let response = app
        .request(Method::POST, "/api/client/archive", Some(&admin))
        .body("not multipart")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn an_oversized_upload_is_refused() {
    let app = spawn_app_with(|c| c.max_upload_bytes = 10_000).await;
    let admin = app.admin_token().await;
    let message = error_message(
        import(&app, &admin, vec![0; 20_000], None).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    // The body limit answers before the archive is read.
    assert!(message.contains("too large"), "{message}");
}

/// A client with one 2,000-file project: exported job by job and imported whole.
#[tokio::test]
async fn a_two_thousand_file_project_moves_job_by_job() {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    let client = rebranding::create_client(&source, &token, "Large").await;
    let sentences = ["One sentence.", "Another <b>one</b>."];
    create_project(
        &source,
        &token,
        "Large",
        Some(client as i32),
        &files(2_000, &sentences),
    )
    .await;
    let started = std::time::Instant::now();
    let archive = export(&source, &token, client).await;
    let exported_in = started.elapsed();
    let entries = sheet::names(&archive);
    // Two entries a job, the project, client, logo, rebranding, manifest.
    assert_eq!(entries.len(), 2 * 2_000 + 5, "{:?}", &entries[..5]);
    let target = spawn_app().await;
    let admin = target.admin_token().await;
    let started = std::time::Instant::now();
    let answer = json_body(
        import(&target, &admin, archive, None).await,
        StatusCode::CREATED,
    )
    .await;
    eprintln!(
        "2,000 jobs: export {exported_in:?}, import {:?}",
        started.elapsed()
    );
    assert_eq!(answer["counts"]["jobs"], 2_000);
    assert_eq!(answer["counts"]["segments"], 4_000);
}
