//! The memory on a scratch database (SQLite, or PostgreSQL with
//! `WORDMARK_TEST_DATABASE=postgres`): exact and fuzzy lookups through the term index.

use super::{Confirmed, Query, Scope, fuzzy, lookup, remember, restore};
use crate::db::{
    entities::{
        client, translation_memory as tm,
        translation_segment::{SegmentMarkup, SegmentOrigin},
    },
    scratch::Scratch,
};
use crate::services::client_archive_format::MemoryRecord;
use crate::services::clock::TEST_NOW;
use sea_orm::{ActiveValue::Set, EntityTrait, PaginatorTrait};

async fn a_client(db: &sea_orm::DatabaseConnection, name: &str) -> i32 {
    client::Entity::insert(client::ActiveModel {
        client_name: Set(name.into()),
        name_key: Set(name.to_lowercase()),
        date_created: Set(crate::services::clock::TEST_NOW),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id
}

fn scope(client_id: i32) -> Scope {
    Scope {
        client_id: Some(client_id),
        source_lang: "en".into(),
        target_lang: "de".into(),
    }
}

fn confirmed(source: &str, resname: Option<&str>, target: &str) -> Confirmed {
    Confirmed {
        source: source.into(),
        markup: SegmentMarkup::Html,
        resname: resname.map(str::to_owned),
        target: target.into(),
        origin: SegmentOrigin::Customer,
    }
}

fn query<'a>(source: &'a str, resname: Option<&'a str>) -> Query<'a> {
    Query {
        source,
        markup: SegmentMarkup::Html,
        resname,
    }
}

#[tokio::test]
async fn fuzzy_lookups_score_and_rank_the_best_three() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client_id = a_client(db, "Acme").await;
    let other = a_client(db, "Other").await;
    remember(
        db,
        &scope(client_id),
        &[
            confirmed(
                "Add the blue shirt to your cart",
                Some("cta"),
                "Legen Sie das blaue Hemd in den Warenkorb",
            ),
            confirmed(
                "Add the red shirt to your cart",
                None,
                "Legen Sie das rote Hemd in den Warenkorb",
            ),
            confirmed(
                "Add the blue shoes to your cart",
                None,
                "Legen Sie die blauen Schuhe in den Warenkorb",
            ),
            confirmed(
                "Add the blue shirt to your wishlist",
                None,
                "Setzen Sie das blaue Hemd auf die Wunschliste",
            ),
            confirmed("Our opening hours", None, "Unsere Öffnungszeiten"),
        ],
        TEST_NOW,
    )
    .await
    .unwrap();
    // Another client's memory is another pool.
    remember(
        db,
        &scope(other),
        &[confirmed("Add the blue shirt to your basket", None, "x")],
        TEST_NOW,
    )
    .await
    .unwrap();

    let queries = [
        query("Add the blue shirt to your cart", Some("cta")),
        query("Add the blue shirt to your cart", None),
        query("Add the blue shirt to your basket", None),
        query("Something else entirely, nothing alike", None),
    ];
    let found = fuzzy::best_matches(db, &scope(client_id), &queries, 3)
        .await
        .unwrap();
    let scores = |i: usize| -> Vec<(u8, String)> {
        found[i]
            .iter()
            .map(|m| (m.score, m.entry.source.clone()))
            .collect()
    };
    // Same content and resname: 101, then the fuzzy neighbours (one word off).
    assert_eq!(
        scores(0)[0],
        (101, "Add the blue shirt to your cart".into())
    );
    assert_eq!(found[0].len(), 3);
    assert!(
        found[0][1..].iter().all(|m| (85..100).contains(&m.score)),
        "{:?}",
        scores(0)
    );
    // Without the resname the same content is 100.
    assert_eq!(scores(1)[0].0, 100);
    // "basket" for "cart": 87 (4 edits in 33 characters), never the other client's entry.
    assert_eq!(scores(2)[0], (87, "Add the blue shirt to your cart".into()));
    assert!(found[3].is_empty(), "{:?}", scores(3));
    // Best one: an exact match is enough (no fuzzy candidates read), the others are scored as
    // for three; an analysis' scores are the same without the entries.
    let best = fuzzy::best_matches(db, &scope(client_id), &queries, 1)
        .await
        .unwrap();
    let firsts: Vec<Option<(u8, i64)>> = found
        .iter()
        .map(|m| m.first().map(|m| (m.score, m.entry.id)))
        .collect();
    assert_eq!(
        best.iter()
            .map(|m| m.first().map(|m| (m.score, m.entry.id)))
            .collect::<Vec<_>>(),
        firsts
    );
    assert_eq!(
        fuzzy::best_scores(db, &scope(client_id), &queries)
            .await
            .unwrap(),
        firsts
            .iter()
            .map(|m| m.map(|(score, _)| score))
            .collect::<Vec<_>>()
    );
    // The exact lookup of pre-translation is unchanged.
    let exact = lookup(db, &scope(client_id), &queries).await.unwrap();
    assert_eq!(exact.len(), 2);
    scratch.remove().await;
}

#[tokio::test]
async fn restored_entries_are_indexed_and_deleting_the_client_drops_the_index() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client_id = a_client(db, "Acme").await;
    let entry = |source: &str| MemoryRecord {
        source_lang: "en".into(),
        target_lang: "de".into(),
        markup: SegmentMarkup::Html,
        source: source.into(),
        resname: None,
        target: format!("DE {source}"),
        origin: SegmentOrigin::Editor,
        updated_at: crate::services::clock::TEST_NOW,
    };
    restore(
        db,
        client_id,
        &[
            entry("Free shipping on all orders over 50 €"),
            entry("Contact us"),
        ],
    )
    .await
    .unwrap();
    let found = fuzzy::best_matches(
        db,
        &scope(client_id),
        &[query("Free shipping on all orders over 80 €", None)],
        3,
    )
    .await
    .unwrap();
    assert_eq!(found[0].len(), 1);
    assert_eq!(
        found[0][0].entry.source,
        "Free shipping on all orders over 50 €"
    );
    assert_eq!(
        found[0][0].entry.source_hash,
        super::source_hash(&found[0][0].entry.source)
    );
    // One character of 37 and the number differ: floor(100 × 36 / 37) − 2 = 95.
    assert_eq!(found[0][0].score, 95);
    assert!(
        crate::db::entities::translation_memory_term::Entity::find()
            .count(db)
            .await
            .unwrap()
            > 0
    );

    client::Entity::delete_by_id(client_id)
        .exec(db)
        .await
        .unwrap();
    assert_eq!(
        crate::db::entities::translation_memory_term::Entity::find()
            .count(db)
            .await
            .unwrap(),
        0
    );
    scratch.remove().await;
}

#[tokio::test]
async fn tmx_round_trip_keeps_the_entries_and_a_broken_file_stores_nothing() {
    use super::manage;
    use wordmark_core::tm::tmx;

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let from = a_client(db, "From").await;
    let to = a_client(db, "To").await;
    let trados = r#"<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en-US" creationtool="SDL" segtype="sentence" datatype="xml" adminlang="en" o-tmf="x"/>
<body>
<tu><prop type="x-Origin">TM</prop>
  <tuv xml:lang="en-US"><seg>Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept></seg></tuv>
  <tuv xml:lang="de-DE"><seg>Klicken Sie auf <bpt i="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept></seg></tuv>
  <tuv xml:lang="fr-FR"><seg>Cliquez sur <bpt i="1">&lt;b&gt;</bpt>Enregistrer<ept i="1">&lt;/b&gt;</ept></seg></tuv>
</tu>
<tu><prop type="resname">title</prop>
  <tuv xml:lang="en-US"><seg>About us</seg></tuv>
  <tuv xml:lang="de-DE"><seg>Über uns</seg></tuv>
</tu>
<tu><tuv xml:lang="de-DE"><seg>Nur Deutsch</seg></tuv></tu>
</body></tmx>"#;
    let document = tmx::check(trados.as_bytes().to_vec()).unwrap();
    let report = manage::import(db, from, document, TEST_NOW).await.unwrap();
    assert_eq!(
        report,
        manage::Imported {
            units: 3,
            entries: 3,
            added: 3,
            skipped: 1,
            ..manage::Imported::default()
        }
    );
    let all = |client| async move {
        let search = manage::Search {
            q: None,
            source_lang: None,
            target_lang: None,
            window: crate::db::listing::Window {
                limit: 50,
                offset: 0,
            },
        };
        let mut rows = manage::search(db, client, &search).await.unwrap().rows;
        rows.sort_by(|a, b| (&a.target_lang, &a.source).cmp(&(&b.target_lang, &b.source)));
        rows
    };
    let stored = all(from).await;
    let summary: Vec<(&str, &str, &str, Option<&str>)> = stored
        .iter()
        .map(|e| {
            (
                e.target_lang.as_str(),
                e.source.as_str(),
                e.target.as_str(),
                e.resname.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("de", "About us", "Über uns", Some("title")),
            (
                "de",
                "Click <b>Save</b>",
                "Klicken Sie auf <b>Speichern</b>",
                None
            ),
            (
                "fr",
                "Click <b>Save</b>",
                "Cliquez sur <b>Enregistrer</b>",
                None
            ),
        ]
    );
    assert_eq!(
        stored[1].props.as_deref(),
        Some(r#"[{"type":"x-Origin","value":"TM"}]"#)
    );

    // Export → import into another client: the same entries.
    let mut out = String::new();
    tmx::write_start(&mut out, "en-us", "20261124T000000Z");
    for entry in &stored {
        tmx::write_unit(&mut out, &manage::to_unit(entry));
    }
    tmx::write_end(&mut out);
    manage::import(db, to, tmx::check(out.into_bytes()).unwrap(), TEST_NOW)
        .await
        .unwrap();
    let copied = all(to).await;
    let key = |e: &super::Entry| {
        (
            e.source_lang.clone(),
            e.target_lang.clone(),
            e.markup,
            e.source.clone(),
            e.target.clone(),
            e.resname.clone(),
            e.props.clone(),
        )
    };
    assert_eq!(
        copied.iter().map(key).collect::<Vec<_>>(),
        stored.iter().map(key).collect::<Vec<_>>()
    );

    // A broken file is refused by the reader, before anything is stored.
    let broken = trados.replace("</seg></tuv>\n</tu>\n<tu><tuv", "</tuv>\n</tu>\n<tu><tuv");
    let error = tmx::read(broken.as_bytes()).unwrap_err();
    assert_eq!((error.line, error.column), (11, 38), "{error}");
    scratch.remove().await;
}

/// An import larger than a batch of units stores every batch, and an entry that repeats one
/// of an earlier batch is merged into it, as within one batch.
#[tokio::test]
async fn an_import_larger_than_a_batch_stores_every_batch() {
    use super::manage;
    use wordmark_core::{
        segment::Markup,
        tm::tmx::{self, History, Unit, Variant},
    };

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client = a_client(db, "Large").await;
    let mut out = String::new();
    tmx::write_start(&mut out, "en", "20261127T000000Z");
    for i in 0..1_100 {
        // The 1,051st unit (in the second batch) repeats the 11th's source.
        let source = if i == 1_050 { 10 } else { i };
        let variant = |lang: &str, content: String| Variant {
            lang: lang.into(),
            content,
            ..Variant::default()
        };
        let unit = Unit {
            tuid: None,
            srclang: None,
            markup: Markup::Html,
            props: Vec::new(),
            notes: Vec::new(),
            history: History::default(),
            variants: vec![
                variant("en", format!("Sentence {source}")),
                variant("de", format!("Satz {i}")),
            ],
        };
        tmx::write_unit(&mut out, &unit);
    }
    tmx::write_end(&mut out);
    let report = manage::import(db, client, tmx::check(out.into_bytes()).unwrap(), TEST_NOW)
        .await
        .unwrap();
    assert_eq!(
        report,
        manage::Imported {
            units: 1_100,
            entries: 1_100,
            added: 1_099,
            merged: 1,
            merged_examples: vec!["Sentence 10".into()],
            ..manage::Imported::default()
        }
    );
    let stored = tm::Entity::find().all(db).await.unwrap();
    assert_eq!(stored.len(), 1_099);
    let repeated: Vec<&str> = stored
        .iter()
        .filter(|e| e.source == "Sentence 10")
        .map(|e| e.target.as_str())
        .collect();
    assert_eq!(repeated, ["Satz 1050"]);
    scratch.remove().await;
}

/// Whether a pool holds anything is read on its index, not by scanning every client's memory.
/// SQLite's plan is checked; PostgreSQL picks a scan for a table this small whatever indexes
/// it has, so there the test checks the answer only.
#[tokio::test]
async fn the_pool_check_reads_the_pool_index() {
    use sea_orm::DbBackend;

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (a, b) = (a_client(db, "A").await, a_client(db, "B").await);
    remember(
        db,
        &scope(a),
        &[confirmed("Add to cart", None, "In den Warenkorb")],
        TEST_NOW,
    )
    .await
    .unwrap();
    let holds = |client: i32| async move {
        super::any_in_pool(&scope(client))
            .into_tuple::<i64>()
            .one(db)
            .await
            .unwrap()
            .is_some()
    };
    assert!(holds(a).await);
    assert!(!holds(b).await);
    if db.get_database_backend() == DbBackend::Sqlite {
        let plan = sqlite_plan(db, super::any_in_pool(&scope(b))).await;
        assert!(plan.contains("idx_translation_memory_pool"), "{plan}");
    }
    scratch.remove().await;
}

/// SQLite's plan for `select`, its steps joined by `; `.
async fn sqlite_plan(
    db: &sea_orm::DatabaseConnection,
    select: sea_orm::Select<tm::Entity>,
) -> String {
    use sea_orm::{ConnectionTrait, DbBackend, QueryTrait, Statement};

    let probe = select.build(DbBackend::Sqlite);
    db.query_all_raw(Statement::from_sql_and_values(
        DbBackend::Sqlite,
        format!("EXPLAIN QUERY PLAN {}", probe.sql),
        probe.values.map(|v| v.0).unwrap_or_default(),
    ))
    .await
    .unwrap()
    .iter()
    .map(|row| row.try_get::<String>("", "detail").unwrap())
    .collect::<Vec<_>>()
    .join("; ")
}

/// The exact lookup reads the hashes' index, not the pool's (m0019): with both indexes naming
/// the pool, SQLite took the pool's and read the whole pool per statement.
#[tokio::test]
async fn the_exact_lookup_reads_the_hash_index() {
    use sea_orm::DbBackend;

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client_id = a_client(db, "A").await;
    remember(
        db,
        &scope(client_id),
        &[confirmed("Add to cart", None, "In den Warenkorb")],
        TEST_NOW,
    )
    .await
    .unwrap();
    let found = lookup(db, &scope(client_id), &[query("Add to cart", None)])
        .await
        .unwrap();
    assert_eq!(found.get(&0).map(String::as_str), Some("In den Warenkorb"));
    if db.get_database_backend() == DbBackend::Sqlite {
        let hashes = [
            super::source_hash("Add to cart"),
            super::source_hash("Checkout"),
        ];
        let plan = sqlite_plan(
            db,
            super::with_hashes(DbBackend::Sqlite, &scope(client_id), &hashes),
        )
        .await;
        assert!(plan.contains("idx_translation_memory_lookup"), "{plan}");
    }
    scratch.remove().await;
}

/// A batch large enough to be worked on in two halves on the blocking pool and read in two
/// halves at once (`HALVES_FROM` distinct hashes, terms and candidates), finds for
/// each query what that query finds alone, which is one statement per step.
#[tokio::test]
async fn a_batch_in_halves_finds_what_each_query_finds_alone() {
    // A word per number, letters only (digits are scored apart from words).
    fn word(n: usize) -> String {
        let letters = b"bdfgklmnprstvz";
        let (a, b, c) = (n % 14, n / 14 % 14, n / 196 % 14);
        format!(
            "{}a{}o{}e",
            letters[a] as char, letters[b] as char, letters[c] as char
        )
    }
    fn sentence(seed: usize) -> String {
        [1, 7, 13, 17, 19, 23]
            .iter()
            .map(|k| word(seed * k % 997 + k))
            .collect::<Vec<_>>()
            .join(" ")
    }
    // Two candidates read for each query of two in three: enough for two halves.
    const SIZE: usize = 2 * super::HALVES_FROM;

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let client_id = a_client(db, "A").await;
    let remembered: Vec<Confirmed> = (0..SIZE)
        .map(|i| confirmed(&sentence(i), None, &format!("t{i}")))
        .collect();
    remember(db, &scope(client_id), &remembered, TEST_NOW)
        .await
        .unwrap();
    // A third copies, a third with one word changed, a third half of one entry and half of
    // another (of the second third, so not read as an exact match already).
    let sources: Vec<String> = (0..SIZE)
        .map(|i| match i % 3 {
            0 => sentence(i),
            1 => sentence(i).replacen(' ', " zuzu ", 1),
            _ => {
                let (first, second) = (sentence(i), sentence(i + 2));
                let (first, second): (Vec<&str>, Vec<&str>) =
                    (first.split(' ').collect(), second.split(' ').collect());
                [&first[..3], &second[3..]].concat().join(" ")
            }
        })
        .collect();
    let queries: Vec<Query> = sources.iter().map(|s| query(s, None)).collect();

    let batch = fuzzy::best_matches(db, &scope(client_id), &queries, 3)
        .await
        .unwrap();
    let mut alone = Vec::new();
    for q in &queries {
        alone.extend(
            fuzzy::best_matches(db, &scope(client_id), std::slice::from_ref(q), 3)
                .await
                .unwrap(),
        );
    }
    assert_eq!(batch, alone);
    let firsts: Vec<Option<u8>> = batch.iter().map(|m| m.first().map(|m| m.score)).collect();
    // Not an empty answer agreeing with itself: exact and fuzzy matches, on both halves.
    for half in firsts.chunks(SIZE.div_ceil(2)) {
        assert!(half.contains(&Some(100)), "{half:?}");
        assert!(half.iter().any(|s| s.is_some_and(|s| s < 100)), "{half:?}");
    }
    assert_eq!(
        fuzzy::best_scores(db, &scope(client_id), &queries)
            .await
            .unwrap(),
        firsts
    );
    // Pre-translation's exact lookup reads its hashes in two halves too.
    let exact = lookup(db, &scope(client_id), &queries).await.unwrap();
    let copies: Vec<(usize, String)> = (0..SIZE).step_by(3).map(|i| (i, format!("t{i}"))).collect();
    let mut found: Vec<(usize, String)> = exact.into_iter().collect();
    found.sort_unstable();
    assert_eq!(found, copies);
    scratch.remove().await;
}
