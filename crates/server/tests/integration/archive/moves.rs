//! A client moved to another installation: every row and every exported file the same.

use super::{export, full_client, import, project_ids, snapshot, xliff_export};
use crate::common::{error_message, json_body, spawn_app, spawn_app_with};
use crate::mt_support::{create_project, files, pretranslate};
use crate::rebranding;
use crate::review::sheet;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::db::entities::{
    client, review_thread, translation_job, translation_memory, translation_project,
    translation_segment, translation_segment_change,
};

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

    let events: Vec<String> = json_body(target.audit().list(&admin, "").await, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect();
    assert!(events.contains(&"client_imported".to_owned()), "{events:?}");
    let events = json_body(source.audit().list(&token, "").await, StatusCode::OK).await;
    assert!(events.to_string().contains("client_exported"));
}

/// Restored through each table's owner, a client exports to the same records again: every
/// entry the same bytes, the manifest the same but for its time, and what the store derives
/// (segment counts, project summaries, memory hashes) computed as the source computed it.
#[tokio::test]
async fn a_restored_client_exports_the_same_records() {
    let source = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = source.admin_token().await;
    let client = full_client(&source, &token).await;
    let first = export(&source, &token, client).await;

    let target = spawn_app().await;
    let admin = target.admin_token().await;
    let answer = json_body(
        import(&target, &admin, first.clone(), None).await,
        StatusCode::CREATED,
    )
    .await;
    let imported = answer["client"]["id"].as_i64().unwrap();
    let second = export(&target, &admin, imported).await;

    let (mut first, mut second) = (sheet::unzip(&first), sheet::unzip(&second));
    let manifest = |files: &mut BTreeMap<String, Vec<u8>>| {
        let mut manifest: Value =
            serde_json::from_slice(&files.remove("manifest.json").unwrap()).unwrap();
        manifest.as_object_mut().unwrap().remove("exported_at");
        manifest
    };
    assert_eq!(manifest(&mut second), manifest(&mut first));
    assert!(first.keys().any(|path| path.ends_with(".segments.jsonl")));
    assert!(first.keys().any(|path| path.starts_with("memory-")));
    assert!(first.contains_key("terms.csv"));
    assert_eq!(
        second.keys().collect::<Vec<_>>(),
        first.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &first {
        assert!(
            second[path] == *bytes,
            "{path} differs:\n{}\n---\n{}",
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(&second[path])
        );
    }
    let derived_before = derived(&source.db, client as i32).await;
    assert!(derived_before.to_string().contains("source_hash"));
    assert_eq!(derived(&target.db, imported as i32).await, derived_before);
}

/// What the store computes rather than the archive carries: each project's summary, each
/// job's segment count and each memory entry's source hash.
async fn derived(db: &sea_orm::DatabaseConnection, client_id: i32) -> Value {
    let mut projects = Vec::new();
    for id in project_ids(db, client_id).await {
        let project = translation_project::Entity::find_by_id(id as i32)
            .one(db)
            .await
            .unwrap()
            .unwrap();
        let jobs: Vec<Value> = translation_job::Entity::find()
            .filter(translation_job::Column::ProjectId.eq(project.id))
            .order_by_asc(translation_job::Column::Id)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|job| json!([job.file_name, job.segment_count]))
            .collect();
        projects.push(json!({
            "job_count": project.job_count,
            "segment_count": project.segment_count,
            "source_lang": project.source_lang,
            "target_langs": format!("{:?}", project.target_langs),
            "jobs": jobs,
        }));
    }
    let memory: Vec<Value> = translation_memory::Entity::find()
        .filter(translation_memory::Column::ClientId.eq(client_id))
        .order_by_asc(translation_memory::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|entry| json!({ "source": entry.source, "source_hash": entry.source_hash }))
        .collect();
    json!({ "projects": projects, "memory": memory })
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
