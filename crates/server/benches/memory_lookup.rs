//! The fuzzy translation memory at agency scale (not a test): a client's memory of
//! `WORDMARK_BENCH_ENTRIES` entries (1,000,000 by default) for one language pair, written
//! through `memory::restore` (entries and their index rows), then
//!
//! * single lookups (`fuzzy::best_matches`, best three) of 1,000 segments: p50 and p99;
//! * one batch of 36,000 segments, a large project's analysis (best match of each, then the
//!   best score of each as the analysis asks for it);
//! * the disk the memory takes.
//!
//! Baseline, measured in the same run on the same segments: the exact lookup by source hash
//! that pre-translation has always made (`memory::lookup`). Text is synthetic: sentences of
//! 4–20 words drawn from 30,000 words with Zipf's law (s = 1), like natural text; the project's
//! segments are a third copies of entries, a third entries with one to three words changed and
//! a third new sentences.
//!
//! SQLite by default (a file in a temporary folder); `WORDMARK_BENCH_DATABASE_URL=postgres://…`
//! for a PostgreSQL database. Run with
//! `cargo bench --workspace --bench memory_lookup`. The single lookups and the batch print
//! their time per phase (`fuzzy::Phases`).
//!
//! Writing 1,000,000 entries takes about ten minutes, so a memory written once can be measured
//! again: `WORDMARK_BENCH_KEEP=/path/memory.db` keeps the SQLite file there instead of in a
//! temporary folder, and a database (that file, or the PostgreSQL database named by the URL)
//! whose "Bench" client already holds `WORDMARK_BENCH_ENTRIES` entries is not written again.
//! The texts come from a seeded generator, so the memory read back is the one that would have
//! been written, and the project's segments drawn from it are the same. A database holding
//! another number of entries is refused (delete it, or drop and create the PostgreSQL one).

use std::time::{Duration, Instant};

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    TransactionTrait,
};
use wordmark_server::{
    db::{
        self,
        entities::{
            client, translation_memory as tm,
            translation_segment::{SegmentMarkup, SegmentOrigin},
        },
    },
    services::{
        client_archive_format::MemoryRecord,
        clock::Clock,
        memory::{self, Query, Scope, fuzzy},
    },
};

const WORDS: usize = 30_000;
const SINGLE: usize = 1_000;
const PROJECT: usize = 36_000;

/// xorshift64*: deterministic, so every run measures the same texts.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Text {
    words: Vec<String>,
    /// Cumulative Zipf weights.
    cumulative: Vec<f64>,
}

impl Text {
    fn new(rng: &mut Rng) -> Text {
        const SYLLABLES: [&str; 24] = [
            "ka", "lo", "mi", "ne", "ru", "ta", "ve", "so", "pi", "da", "er", "in", "on", "us",
            "ba", "gre", "sch", "tor", "lan", "mar", "wen", "zu", "hel", "dor",
        ];
        let words = (0..WORDS)
            .map(|_| {
                let n = 1 + rng.below(4);
                (0..n)
                    .map(|_| SYLLABLES[rng.below(SYLLABLES.len())])
                    .collect()
            })
            .collect();
        let mut total = 0.0;
        let cumulative = (1..=WORDS)
            .map(|rank| {
                total += 1.0 / rank as f64;
                total
            })
            .collect();
        Text { words, cumulative }
    }

    fn word(&self, rng: &mut Rng) -> &str {
        let at = rng.unit() * self.cumulative[WORDS - 1];
        let index = self.cumulative.partition_point(|&c| c < at);
        &self.words[index.min(WORDS - 1)]
    }

    fn sentence(&self, rng: &mut Rng) -> Vec<String> {
        let n = 4 + rng.below(17);
        (0..n).map(|_| self.word(rng).to_owned()).collect()
    }
}

fn join(words: &[String]) -> String {
    let mut text = words.join(" ");
    if let Some(first) = text.get(..1) {
        text.replace_range(..1, &first.to_uppercase());
    }
    text.push('.');
    text
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The phases' times divided by `runs`, in seconds times `scale` (`unit`).
fn phase_list(phases: &fuzzy::Phases, runs: u32, unit: &str, scale: f64) -> String {
    let fuzzy::Phases {
        term_keys,
        postings,
        exact,
        ranking,
        candidates,
        scoring,
        winners,
    } = *phases;
    [
        ("term keys", term_keys),
        ("postings", postings),
        ("exact", exact),
        ("ranking", ranking),
        ("candidates", candidates),
        ("scoring", scoring),
        ("winners", winners),
    ]
    .iter()
    .map(|(name, time)| format!("{name} {:.3} {unit}", (*time / runs).as_secs_f64() * scale))
    .collect::<Vec<_>>()
    .join(", ")
}

async fn disk(conn: &impl ConnectionTrait, path: Option<&std::path::Path>) -> String {
    match path {
        Some(path) => {
            conn.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
                .await
                .unwrap();
            let bytes = std::fs::metadata(path).unwrap().len();
            format!(
                "SQLite file {:.0} MiB (all tables and indexes)",
                bytes as f64 / 1048576.0
            )
        }
        None => {
            let row = conn
                .query_one_raw(sea_orm::Statement::from_string(
                    conn.get_database_backend(),
                    "SELECT pg_total_relation_size('translation_memory') AS entries, \
                     pg_total_relation_size('translation_memory_terms') AS terms",
                ))
                .await
                .unwrap()
                .unwrap();
            let entries: i64 = row.try_get("", "entries").unwrap();
            let terms: i64 = row.try_get("", "terms").unwrap();
            format!(
                "PostgreSQL: entries {:.0} MiB + term index {:.0} MiB",
                entries as f64 / 1048576.0,
                terms as f64 / 1048576.0
            )
        }
    }
}

#[tokio::main]
async fn main() {
    let entries: usize = std::env::var("WORDMARK_BENCH_ENTRIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let folder = tempfile::tempdir().unwrap();
    let sqlite = std::env::var_os("WORDMARK_BENCH_KEEP")
        .map_or_else(|| folder.path().join("memory.db"), std::path::PathBuf::from);
    let url = std::env::var("WORDMARK_BENCH_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}?mode=rwc", sqlite.display()));
    let on_sqlite = url.starts_with("sqlite");
    let conn = db::connect_and_migrate(&url).await.unwrap();
    let kept = client::Entity::find()
        .filter(client::Column::NameKey.eq("bench"))
        .one(&conn)
        .await
        .unwrap();
    let client = match &kept {
        Some(kept) => kept.id,
        None => {
            client::Entity::insert(client::ActiveModel {
                client_name: Set("Bench".into()),
                name_key: Set("bench".into()),
                date_created: Set(Clock::default().now()),
                ..Default::default()
            })
            .exec(&conn)
            .await
            .unwrap()
            .last_insert_id
        }
    };
    let held = tm::Entity::find()
        .filter(tm::Column::ClientId.eq(client))
        .count(&conn)
        .await
        .unwrap() as usize;
    let write = held == 0;
    assert!(
        write || held == entries,
        "{url} holds a memory of {held} entries, not {entries}: delete it to write a new one"
    );
    let scope = Scope {
        client_id: Some(client),
        source_lang: "en".into(),
        target_lang: "de".into(),
    };

    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let text = Text::new(&mut rng);
    let started = Instant::now();
    let mut sentences: Vec<Vec<String>> = Vec::with_capacity(entries);
    let now = Clock::default().now();
    for batch in 0..entries.div_ceil(10_000) {
        let rows: Vec<MemoryRecord> = (0..10_000.min(entries - batch * 10_000))
            .map(|_| {
                let words = text.sentence(&mut rng);
                let row = MemoryRecord {
                    source_lang: "en".into(),
                    target_lang: "de".into(),
                    markup: SegmentMarkup::Html,
                    source: join(&words),
                    resname: None,
                    target: format!("DE {}", join(&words)),
                    origin: SegmentOrigin::Customer,
                    updated_at: now,
                };
                sentences.push(words);
                row
            })
            .collect();
        // The texts are generated either way: the project's segments are drawn from them.
        if write {
            let txn = conn.begin().await.unwrap();
            memory::restore(&txn, client, &rows).await.unwrap();
            txn.commit().await.unwrap();
        }
    }
    let written = started.elapsed();
    if write && !on_sqlite {
        // A served database is vacuumed and has statistics (autovacuum); without them
        // PostgreSQL plans the exact lookup's 500 hashes as a scan of the pool. The local test
        // server runs with autovacuum off, so the memory is vacuumed here, as it would be.
        conn.execute_unprepared("VACUUM ANALYZE translation_memory, translation_memory_terms")
            .await
            .unwrap();
    }
    println!(
        "{entries} entries {} in {:.1} s ({})",
        if write {
            "written"
        } else {
            "kept from an earlier run, generated"
        },
        written.as_secs_f64(),
        if on_sqlite { "SQLite" } else { "PostgreSQL" }
    );
    println!(
        "{}",
        disk(&conn, on_sqlite.then_some(sqlite.as_path())).await
    );

    // The project's segments.
    let segments: Vec<String> = (0..PROJECT)
        .map(|i| match i % 3 {
            0 => join(&sentences[rng.below(sentences.len())]),
            1 => {
                let mut words = sentences[rng.below(sentences.len())].clone();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(words.len());
                    words[at] = text.word(&mut rng).to_owned();
                }
                join(&words)
            }
            _ => join(&text.sentence(&mut rng)),
        })
        .collect();
    let queries: Vec<Query> = segments
        .iter()
        .map(|s| Query {
            source: s,
            markup: SegmentMarkup::Html,
            resname: None,
        })
        .collect();

    let mut fuzzy_times = Vec::with_capacity(SINGLE);
    let mut exact_times = Vec::with_capacity(SINGLE);
    let mut single_phases = fuzzy::Phases::default();
    let mut found = 0;
    for query in queries.iter().take(SINGLE) {
        let at = Instant::now();
        let matches = fuzzy::best_matches_timed(
            &conn,
            &scope,
            std::slice::from_ref(query),
            3,
            &mut single_phases,
        )
        .await
        .unwrap();
        fuzzy_times.push(at.elapsed());
        found += usize::from(!matches[0].is_empty());
        let at = Instant::now();
        memory::lookup(&conn, &scope, std::slice::from_ref(query))
            .await
            .unwrap();
        exact_times.push(at.elapsed());
    }
    fuzzy_times.sort();
    exact_times.sort();
    println!(
        "single lookup, best three: p50 {:.2} ms, p99 {:.2} ms ({found} of {SINGLE} with a match ≥ 50 %)",
        ms(percentile(&fuzzy_times, 0.5)),
        ms(percentile(&fuzzy_times, 0.99)),
    );
    println!(
        "baseline, exact lookup: p50 {:.2} ms, p99 {:.2} ms (fuzzy/exact p99 ×{:.1})",
        ms(percentile(&exact_times, 0.5)),
        ms(percentile(&exact_times, 0.99)),
        percentile(&fuzzy_times, 0.99).as_secs_f64() / percentile(&exact_times, 0.99).as_secs_f64()
    );
    println!(
        "single lookup, mean per phase: {}",
        phase_list(&single_phases, SINGLE as u32, "ms", 1000.0)
    );

    let mut batch_phases = fuzzy::Phases::default();
    let at = Instant::now();
    let matches = fuzzy::best_matches_timed(&conn, &scope, &queries, 1, &mut batch_phases)
        .await
        .unwrap();
    let batch = at.elapsed();
    let mut bands = std::collections::BTreeMap::new();
    for m in &matches {
        let band = wordmark_core::tm::Band::of(m.first().map_or(0, |m| m.score));
        *bands.entry(band).or_insert(0) += 1;
    }
    let at = Instant::now();
    memory::lookup(&conn, &scope, &queries).await.unwrap();
    let exact = at.elapsed();
    println!(
        "{PROJECT} segments, best match each: {:.2} s; baseline exact lookup {:.2} s (×{:.1}); bands {bands:?}",
        batch.as_secs_f64(),
        exact.as_secs_f64(),
        batch.as_secs_f64() / exact.as_secs_f64()
    );
    println!(
        "{PROJECT} segments, per phase: {}",
        phase_list(&batch_phases, 1, "s", 1.0)
    );
    // What an analysis calls: the same lookup without reading the winners whole.
    let at = Instant::now();
    let scores = fuzzy::best_scores(&conn, &scope, &queries).await.unwrap();
    let analysis = at.elapsed();
    assert!(
        scores
            .iter()
            .zip(&matches)
            .all(|(score, m)| *score == m.first().map(|m| m.score)),
        "best_scores differs from best_matches"
    );
    println!(
        "{PROJECT} segments, best score each (an analysis, `best_scores`): {:.2} s",
        analysis.as_secs_f64()
    );
    conn.close().await.unwrap();
}
