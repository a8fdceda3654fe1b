//! The rewrite on rows stored as before it (on SQLite, or PostgreSQL with
//! `WORDMARK_TEST_DATABASE=postgres`), and which of two rows meeting under one key is kept.

use sea_orm::{ActiveModelTrait, ConnectionTrait, DbBackend, EntityTrait, QueryOrder, Set};
use sea_orm_migration::{MigrationTrait, SchemaManager};
use time::{Duration, OffsetDateTime};
use wordmark_core::{segment::Markup, tm};

use super::{Dropped, Migration, Row, plan, statement};
use crate::db::{
    entities::{
        client, term, term_glossary, term_proposal, translation_job,
        translation_job::OriginalEncoding,
        translation_memory,
        translation_project::{self, Languages, ProjectStatus},
        translation_segment::{SegmentMarkup, SegmentOrigin},
    },
    scratch::Scratch,
};

fn row(id: i64, source_lang: &str, target_lang: &str, key: &str) -> Row {
    Row {
        id,
        source_lang: source_lang.into(),
        target_lang: target_lang.into(),
        key: key.into(),
    }
}

#[test]
fn the_last_of_the_rows_meeting_under_one_key_is_kept() {
    let rows = [
        row(1, "en", "de", "shop"),
        row(2, "en-us", "de-de", "shop"),
        row(3, "en-US", "de", "cart"),
        row(4, "pt_BR", "en-gb", "shop"),
        row(5, "en-gb", "en-us", "shop"),
        row(6, "en", "fr", "shop"),
        row(7, "en-gb", "de-at", "shop"),
    ];
    let (dropped, moved) = plan(&rows);
    assert_eq!(
        dropped,
        [Dropped { id: 1, kept: 7 }, Dropped { id: 2, kept: 7 }]
    );
    assert_eq!(
        moved,
        [
            (3, "en".to_owned(), "de".to_owned()),
            (4, "pt-br".to_owned(), "en".to_owned()),
            (7, "en".to_owned(), "de".to_owned()),
        ]
    );
}

#[test]
fn postgres_placeholders_are_numbered() {
    let sql = |backend| statement(backend, "UPDATE t SET a = ? WHERE b = ?", Vec::new()).sql;
    assert_eq!(sql(DbBackend::Postgres), "UPDATE t SET a = $1 WHERE b = $2");
    assert_eq!(sql(DbBackend::Sqlite), "UPDATE t SET a = ? WHERE b = ?");
}

async fn new_client(db: &sea_orm::DatabaseConnection) -> i32 {
    client::ActiveModel {
        client_name: Set("ACME".into()),
        name_key: Set("acme".into()),
        date_created: Set(OffsetDateTime::UNIX_EPOCH),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id
}

/// A project of two jobs as the store wrote them before the rewrite: one from WPML (`en` →
/// `de`) and one from another tool, with its regional codes as written (`en-US` → `pt_BR`).
/// Written here row by row: a migration's test reads and writes tables, never a service.
async fn project_of_two_tools(db: &sea_orm::DatabaseConnection) -> i32 {
    let project = translation_project::ActiveModel {
        name: Set("Site".into()),
        status: Set(ProjectStatus::Created),
        date_created: Set(OffsetDateTime::UNIX_EPOCH),
        job_count: Set(0),
        segment_count: Set(0),
        target_langs: Set(Languages(Vec::new())),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    for (file_name, source, target) in [("page.xliff", "en", "de"), ("other.xlf", "en-US", "pt_BR")]
    {
        translation_job::ActiveModel {
            project_id: Set(project.id),
            file_name: Set(file_name.into()),
            source_lang: Set(Some(source.into())),
            target_lang: Set(Some(target.into())),
            xliff_version: Set("1.2".into()),
            original: Set(Vec::new()),
            original_encoding: Set(OriginalEncoding::Identity),
            checksum: Set(String::new()),
            segment_count: Set(0),
            date_created: Set(OffsetDateTime::UNIX_EPOCH),
            ..Default::default()
        }
        .insert(db)
        .await
        .unwrap();
    }
    project.id
}

/// A term as an import of another tool's file stored it before.
async fn stored_term(
    db: &sea_orm::DatabaseConnection,
    client_id: i32,
    (source_lang, target_lang): (&str, &str),
    target: &str,
    updated_at: OffsetDateTime,
) -> i32 {
    term::ActiveModel {
        client_id: Set(client_id),
        source_lang: Set(source_lang.into()),
        target_lang: Set(target_lang.into()),
        source: Set("Shop".into()),
        source_key: Set("shop".into()),
        targets: Set(format!("[\"{target}\"]")),
        kind: Set("preferred".into()),
        case_sensitive: Set(false),
        updated_at: Set(updated_at),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id
}

async fn glossary(
    db: &sea_orm::DatabaseConnection,
    client_id: i32,
    (source_lang, target_lang): (&str, &str),
    glossary_id: &str,
    synced_at: OffsetDateTime,
) {
    term_glossary::ActiveModel {
        client_id: Set(client_id),
        provider: Set("deepl".into()),
        source_lang: Set(source_lang.into()),
        target_lang: Set(target_lang.into()),
        glossary_id: Set(glossary_id.into()),
        entries_hash: Set("-".into()),
        synced_at: Set(synced_at),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
}

/// The fuzzy index keys stored for a memory entry.
async fn index_keys(db: &sea_orm::DatabaseConnection, entry_id: i64) -> Vec<i64> {
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT term FROM translation_memory_terms WHERE entry_id = ? ORDER BY term",
            [entry_id.into()],
        ))
        .await
        .unwrap();
    rows.iter()
        .map(|r| r.try_get("", "term").unwrap())
        .collect()
}

#[tokio::test]
async fn stored_codes_take_wpml_form_and_rows_meeting_under_one_key_merge() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client_id = new_client(db).await;
    let day = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);

    // Terms: an older WPML-coded entry and a newer one from a Trados file meet under one key;
    // the newer is kept, and the proposal that became the older one now names it.
    let older = stored_term(db, client_id, ("en", "de"), "Laden", day).await;
    let newer = stored_term(
        db,
        client_id,
        ("en-us", "de-de"),
        "Geschäft",
        day + Duration::hours(1),
    )
    .await;
    let british = stored_term(db, client_id, ("en-gb", "fr-fr"), "boutique", day).await;
    let same = stored_term(db, client_id, ("en-gb", "en-us"), "store", day).await;
    term_proposal::ActiveModel {
        client_id: Set(client_id),
        source_lang: Set("en-US".into()),
        target_lang: Set("de-DE".into()),
        source: Set("Shop".into()),
        target: Set("Laden".into()),
        state: Set(term_proposal::ProposalState::Accepted),
        proposed_at: Set(day),
        term_id: Set(Some(older)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    glossary(db, client_id, ("en", "de"), "old", day + Duration::hours(2)).await;
    glossary(db, client_id, ("en-us", "de-de"), "new", day).await;

    // A memory entry of a job from another tool, indexed in its regional pool.
    let source = "Visit our shop in the old town";
    let entry = translation_memory::ActiveModel {
        client_id: Set(Some(client_id)),
        source_lang: Set("en-us".into()),
        target_lang: Set("de-de".into()),
        markup: Set(SegmentMarkup::Html),
        source_hash: Set("-".into()),
        source: Set(source.into()),
        target: Set("Besuchen Sie unseren Laden".into()),
        origin: Set(SegmentOrigin::Editor),
        updated_at: Set(day),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap()
    .id;
    let text = tm::Comparable::new(source, Markup::Html);
    let keys = |source_lang, target_lang| {
        tm::kept_term_keys(
            &tm::pool_key(Some(client_id), source_lang, target_lang),
            text.text(),
        )
    };
    for key in keys("en-us", "de-de") {
        db.execute_raw(statement(
            db.get_database_backend(),
            "INSERT INTO translation_memory_terms (term, entry_id) VALUES (?, ?)",
            [key.into(), entry.into()],
        ))
        .await
        .unwrap();
    }

    // A project with a job from another tool, summed as the store summed it.
    let project_id = project_of_two_tools(db).await;
    db.execute_unprepared(&crate::db::migrations::m0020_project_summaries::summarize(
        db.get_database_backend(),
    ))
    .await
    .unwrap();

    let manager = SchemaManager::new(db);
    Migration.up(&manager).await.unwrap();

    let terms: Vec<(i32, String, String, String)> = term::Entity::find()
        .order_by_asc(term::Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|t| (t.id, t.source_lang, t.target_lang, t.targets))
        .collect();
    assert_eq!(
        terms,
        [
            (newer, "en".into(), "de".into(), "[\"Geschäft\"]".into()),
            (british, "en".into(), "fr".into(), "[\"boutique\"]".into()),
            // One language on both sides: kept as it was, for people to fix.
            (same, "en-gb".into(), "en-us".into(), "[\"store\"]".into()),
        ]
    );
    let proposal = term_proposal::Entity::find()
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (proposal.source_lang.as_str(), proposal.target_lang.as_str()),
        ("en", "de")
    );
    assert_eq!(proposal.term_id, Some(newer));
    let glossaries: Vec<(String, String, String)> = term_glossary::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|g| (g.source_lang, g.target_lang, g.glossary_id))
        .collect();
    assert_eq!(glossaries, [("en".into(), "de".into(), "old".into())]);

    let memory = translation_memory::Entity::find_by_id(entry)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (memory.source_lang.as_str(), memory.target_lang.as_str()),
        ("en", "de")
    );
    assert_eq!(index_keys(db, entry).await, keys("en", "de"));

    let project = translation_project::Entity::find_by_id(project_id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(project.source_lang.as_deref(), Some("en"));
    assert_eq!(project.target_lang.as_deref(), Some("de"));
    assert_eq!(
        project.target_langs,
        Languages(vec!["de".into(), "pt-br".into()])
    );

    // Once is enough: a second run changes nothing.
    let before = (
        term::Entity::find().all(db).await.unwrap(),
        index_keys(db, entry).await,
    );
    Migration.up(&manager).await.unwrap();
    assert_eq!(
        (
            term::Entity::find().all(db).await.unwrap(),
            index_keys(db, entry).await
        ),
        before
    );
    scratch.remove().await;
}
