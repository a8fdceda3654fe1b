//! Fuzzy matches: the term index (`translation_memory_terms`) and lookups through it.
//!
//! An entry keeps up to eight term keys (`wordmark_core::tm::kept_term_keys`). A lookup takes
//! every term of each query, reads at most [`PER_TERM`] entries per term (a term that many
//! entries keep says little about any of them, and reading its whole list would cost time
//! in proportion to the memory's size), ranks the entries by the number of the query's terms
//! they keep, and scores the best [`CANDIDATES`] with `wordmark_core::tm::score`. Queries are
//! looked up together: their terms, their exact matches, their candidates (only what scoring
//! needs) and the winners (whole) are read in one statement each, so an analysis of a whole
//! project costs four statements, not some per segment. A large batch uses both cores: the
//! CPU work between the reads runs as two halves on the blocking pool ([`on_both_cores`]), and
//! the reads as two statements at once ([`super::halves`]; a lookup never holds
//! more than two connections).

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
    time::{Duration, Instant},
};

use sea_orm::{
    ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter, QuerySelect, Statement, Value,
};
use wordmark_core::{
    segment::Markup,
    tm::{self, Comparable},
};

use super::{Candidate, HALVES_FROM, Query, Scope, bound_list, halves, id_in};
use crate::db::entities::{
    translation_memory as entry, translation_memory_term as term,
    translation_segment::SegmentMarkup,
};

/// Entries read per term of a query.
const PER_TERM: u32 = 48;
/// Entries scored per query.
const CANDIDATES: usize = 6;

/// A remembered translation and how well it matches a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// 101: same content and same resname; 100: same content; 50–99: fuzzy.
    pub score: u8,
    pub entry: super::Entry,
}

pub(super) fn pool(scope: &Scope) -> String {
    tm::pool_key(scope.client_id, &scope.source_lang, &scope.target_lang)
}

/// Writes the index rows of entries just stored (their ids known).
pub(super) async fn index(
    conn: &impl ConnectionTrait,
    scope_of: impl Fn(&entry::Model) -> Scope,
    entries: &[entry::Model],
) -> Result<(), DbErr> {
    let mut rows = Vec::new();
    for e in entries {
        let text = Comparable::new(&e.source, Markup::from(e.markup));
        for key in tm::kept_term_keys(&pool(&scope_of(e)), text.text()) {
            rows.push(term::ActiveModel {
                term: sea_orm::ActiveValue::Set(key),
                entry_id: sea_orm::ActiveValue::Set(e.id),
            });
        }
    }
    // Two values a row, far below both databases' limits on bound values.
    for chunk in rows.chunks(10_000) {
        term::Entity::insert_many(chunk.to_vec())
            .on_conflict_do_nothing()
            .exec_without_returning(conn)
            .await?;
    }
    Ok(())
}

/// Entry ids keeping each term, at most [`PER_TERM`] per term (terms no entry keeps left out).
///
/// One statement for all terms, each term's ids joined into one text: a row per (term, entry)
/// pair cost a trip through the driver each (on SQLite, through its worker thread's channel),
/// and statements of a few hundred terms each cost their own round trip. The terms go in as
/// one bound list, a JSON array for SQLite's `json_each`, an array for PostgreSQL's `unnest`,
/// so the statement's text is the same for every batch. A batch's size is bounded by its
/// caller (an analysis looks up 32 jobs at a time). A large batch's terms are read as two
/// halves at once ([`super::halves`]), each half's ids parsed while the other is
/// still read.
async fn postings(
    conn: &impl ConnectionTrait,
    terms: &[i64],
) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    let (first, second) = halves(terms);
    let (mut found, more) =
        futures::try_join!(postings_of(conn, first), postings_of(conn, second))?;
    found.extend(more);
    Ok(found)
}

/// [`postings`] in one statement.
async fn postings_of(
    conn: &impl ConnectionTrait,
    terms: &[i64],
) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    if terms.is_empty() {
        return Ok(HashMap::new());
    }
    let backend = conn.get_database_backend();
    let list = bound_list(backend, terms.iter().map(i64::to_string));
    // Each term's list is a bounded range read of the primary key. Terms no entry keeps come
    // back with no list rather than being filtered in SQL: a filter on the list would evaluate
    // its subquery a second time, on both databases.
    let sql = match backend {
        DbBackend::Postgres => format!(
            "SELECT q.term, (SELECT string_agg(entry_id::text, ',') \
             FROM (SELECT entry_id FROM translation_memory_terms \
             WHERE term = q.term LIMIT {PER_TERM}) AS e) \
             FROM unnest($1::bigint[]) AS q(term)"
        ),
        _ => format!(
            "SELECT q.value, (SELECT group_concat(entry_id) \
             FROM (SELECT entry_id FROM translation_memory_terms \
             WHERE term = q.value LIMIT {PER_TERM})) \
             FROM json_each(?) AS q"
        ),
    };
    let rows = conn
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [Value::from(list)],
        ))
        .await?;
    let mut found: HashMap<i64, Vec<i64>> = HashMap::with_capacity(rows.len());
    for row in rows {
        // By position: two columns, and a name looked up per row costs in a large batch.
        let Some(ids) = row.try_get_by_index::<Option<String>>(1)? else {
            continue;
        };
        let term: i64 = row.try_get_by_index(0)?;
        let ids = ids
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<i64>, _>>()
            .map_err(|e| DbErr::Type(format!("term index entry ids {ids:?}: {e}")))?;
        found.insert(term, ids);
    }
    Ok(found)
}

/// The candidates with these ids (only what scoring needs), each with its text prepared for
/// scoring: a large batch's read in two halves at once ([`super::halves`]), the
/// texts in two halves on the blocking pool ([`on_both_cores`]).
async fn candidates(
    conn: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<Vec<(Candidate, Comparable)>, DbErr> {
    let (first, second) = halves(ids);
    let (mut rows, more) =
        futures::try_join!(candidates_of(conn, first), candidates_of(conn, second))?;
    rows.extend(more);
    on_both_cores(Arc::new(()), rows, |(), row| {
        let comparable = Comparable::new(&row.source, Markup::from(row.markup));
        (row, comparable)
    })
    .await
}

/// [`candidates`]' read in one statement.
async fn candidates_of(conn: &impl ConnectionTrait, ids: &[i64]) -> Result<Vec<Candidate>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    entry::Entity::find()
        .select_only()
        .columns(Candidate::COLUMNS)
        .filter(id_in(conn.get_database_backend(), ids))
        .into_model::<Candidate>()
        .all(conn)
        .await
}

/// `work` on each of `items`, in order. From [`HALVES_FROM`] items, as two halves at once on
/// the blocking pool: the phases between the reads (term keys, ranking, scoring) are CPU work
/// that takes one core for up to a few hundred milliseconds in an analysis' batch, and two
/// halves take both of the two cores the server aims at. Below, where it is: a small lookup's
/// work costs less than the trip to another thread.
async fn on_both_cores<S, T, R>(
    shared: Arc<S>,
    mut items: Vec<T>,
    work: fn(&S, T) -> R,
) -> Result<Vec<R>, DbErr>
where
    S: Send + Sync + 'static,
    T: Send + 'static,
    R: Send + 'static,
{
    if items.len() < HALVES_FROM {
        return Ok(items.into_iter().map(|item| work(&shared, item)).collect());
    }
    let second = items.split_off(items.len().div_ceil(2));
    let half = |items: Vec<T>| {
        let shared = Arc::clone(&shared);
        tokio::task::spawn_blocking(move || {
            items
                .into_iter()
                .map(|item| work(&shared, item))
                .collect::<Vec<R>>()
        })
    };
    let (mut done, rest) = futures::try_join!(half(items), half(second))
        .map_err(|e| DbErr::Custom(format!("memory lookup thread: {e}")))?;
    done.extend(rest);
    Ok(done)
}

/// Where [`best_matches_timed`] spent its time, phase by phase, so the benchmark
/// (`benches/memory_lookup.rs`) can tell which part of a lookup to work on.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Phases {
    /// The queries' comparable texts and term keys.
    pub term_keys: Duration,
    /// The term index read ([`postings`]).
    pub postings: Duration,
    /// The exact matches by source hash.
    pub exact: Duration,
    /// Counting each query's shared terms and choosing its candidates.
    pub ranking: Duration,
    /// Reading the candidate entries and preparing their texts for scoring.
    pub candidates: Duration,
    /// Scoring and sorting each query's candidates.
    pub scoring: Duration,
    /// Reading the winners whole.
    pub winners: Duration,
}

/// The time since `clock` was last read, which it now is.
fn lap(clock: &mut Instant) -> Duration {
    let now = Instant::now();
    let since = now - *clock;
    *clock = now;
    since
}

/// The best `best` matches (score 50 or more, best first; among equal scores the newest) of
/// each query, by index into `queries`.
pub async fn best_matches(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
    best: usize,
) -> Result<Vec<Vec<Match>>, DbErr> {
    best_matches_timed(conn, scope, queries, best, &mut Phases::default()).await
}

/// The score of each query's best match (50 or more), by index into `queries`: what
/// [`best_matches`] finds, without reading the entries whole.
pub async fn best_scores(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
) -> Result<Vec<Option<u8>>, DbErr> {
    let ranked = ranked(conn, scope, queries, 1, &mut Phases::default()).await?;
    Ok(ranked
        .into_iter()
        .map(|found| found.first().map(|&(score, _)| score))
        .collect())
}

/// [`best_matches`], adding the time of each phase to `phases` (the benchmark's view).
#[doc(hidden)]
pub async fn best_matches_timed(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
    best: usize,
    phases: &mut Phases,
) -> Result<Vec<Vec<Match>>, DbErr> {
    let ranked = ranked(conn, scope, queries, best, phases).await?;
    let mut clock = Instant::now();
    let mut ids: Vec<i64> = ranked.iter().flatten().map(|&(_, id)| id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut winners: HashMap<i64, entry::Model> = HashMap::with_capacity(ids.len());
    if !ids.is_empty() {
        for row in entry::Entity::find()
            .filter(id_in(conn.get_database_backend(), &ids))
            .all(conn)
            .await?
        {
            winners.insert(row.id, row);
        }
    }
    // An entry deleted since it was scored is left out, as if it had never matched.
    let answers = ranked
        .into_iter()
        .map(|found| {
            found
                .into_iter()
                .filter_map(|(score, id)| {
                    let entry = winners.get(&id)?.clone().into();
                    Some(Match { score, entry })
                })
                .collect()
        })
        .collect();
    phases.winners += lap(&mut clock);
    Ok(answers)
}

/// The best `best` matches of each query as (score, entry id), in the order of
/// [`best_matches`].
async fn ranked(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
    best: usize,
    phases: &mut Phases,
) -> Result<Vec<Vec<(u8, i64)>>, DbErr> {
    let mut clock = Instant::now();
    let texts: Vec<(String, Markup)> = queries
        .iter()
        .map(|q| (q.source.to_owned(), Markup::from(q.markup)))
        .collect();
    let comparables = Arc::new(
        on_both_cores(Arc::new(()), texts, |(), (source, markup)| {
            Comparable::new(&source, markup)
        })
        .await?,
    );
    phases.term_keys += lap(&mut clock);

    // Exact matches first: they score 100 or 101 and nothing else reaches 100 (that needs the
    // same source), so a query with `best` of them needs no fuzzy candidates. In an analysis
    // (best one) every repeated sentence is such a query, a third of the benchmark's project.
    let exact = super::exact_entries(conn, scope, queries).await?;
    // Every entry to score, its text prepared once however many queries it is a candidate of.
    let mut entries: HashMap<i64, (Candidate, Comparable)> = HashMap::new();
    for found in exact.values().flatten() {
        entries.entry(found.entry.id).or_insert_with(|| {
            let comparable = Comparable::new(&found.entry.source, Markup::from(found.entry.markup));
            (found.entry.clone(), comparable)
        });
    }
    phases.exact += lap(&mut clock);

    // The queries to find fuzzy candidates for, by index.
    let fuzzy: Vec<Option<usize>> = (0..queries.len())
        .map(|index| (exact.get(&index).map_or(0, Vec::len) < best).then_some(index))
        .collect();
    let keys = on_both_cores(
        Arc::new((pool(scope), Arc::clone(&comparables))),
        fuzzy,
        |(pool, comparables), index| {
            index.map_or_else(Vec::new, |index| {
                tm::term_keys(pool, comparables[index].text())
            })
        },
    )
    .await?;
    let mut all_keys: Vec<i64> = keys.iter().flatten().copied().collect();
    all_keys.sort_unstable();
    all_keys.dedup();
    phases.term_keys += lap(&mut clock);
    let postings = postings(conn, &all_keys).await?;
    phases.postings += lap(&mut clock);

    let mut candidates = on_both_cores(Arc::new(postings), keys, |postings, keys| {
        // Each entry as often as it keeps one of the query's terms; sorted, an entry's count
        // is the length of its run (cheaper than counting in a map: a query reads a few
        // hundred).
        let mut hits: Vec<i64> = keys
            .iter()
            .flat_map(|key| postings.get(key).into_iter().flatten())
            .copied()
            .collect();
        hits.sort_unstable();
        let mut ranked: Vec<(i64, usize)> = hits
            .chunk_by(|a, b| a == b)
            .map(|run| (run[0], run.len()))
            .collect();
        // Most shared terms first, then the newest entry.
        ranked.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
        ranked
            .iter()
            .take(CANDIDATES)
            .map(|(id, _)| *id)
            .collect::<Vec<i64>>()
    })
    .await?;
    let mut wanted: HashSet<i64> = HashSet::new();
    for (index, chosen) in candidates.iter_mut().enumerate() {
        wanted.extend(chosen.iter().filter(|id| !entries.contains_key(id)));
        chosen.extend(exact.get(&index).into_iter().flatten().map(|e| e.entry.id));
        chosen.sort_unstable();
        chosen.dedup();
    }
    let mut ids: Vec<i64> = wanted.into_iter().collect();
    ids.sort_unstable();
    phases.ranking += lap(&mut clock);
    entries.extend(
        self::candidates(conn, &ids)
            .await?
            .into_iter()
            .map(|found| (found.0.id, found)),
    );
    phases.candidates += lap(&mut clock);

    let scored: Vec<Scored> = queries
        .iter()
        .zip(candidates)
        .enumerate()
        .map(|(index, (query, candidates))| Scored {
            index,
            markup: query.markup,
            resname: query.resname.map(str::to_owned),
            candidates,
        })
        .collect();
    let answers = on_both_cores(
        Arc::new(Scoring {
            comparables,
            entries,
            best,
        }),
        scored,
        score,
    )
    .await?;
    phases.scoring += lap(&mut clock);
    Ok(answers)
}

/// A query to score its candidates against (what [`score`] needs of it, owned to go to the
/// blocking pool).
struct Scored {
    index: usize,
    markup: SegmentMarkup,
    resname: Option<String>,
    candidates: Vec<i64>,
}

/// What scoring shares among the queries: their texts, the entries to score with theirs, and
/// how many matches each query asks for.
struct Scoring {
    comparables: Arc<Vec<Comparable>>,
    entries: HashMap<i64, (Candidate, Comparable)>,
    best: usize,
}

/// The best `best` of a query's candidates as (score, entry id), 50 or more, best first; among
/// equal scores the newest.
fn score(
    Scoring {
        comparables,
        entries,
        best,
    }: &Scoring,
    query: Scored,
) -> Vec<(u8, i64)> {
    let mut matches: Vec<(u8, &Candidate)> = query
        .candidates
        .iter()
        .filter_map(|id| entries.get(id))
        .filter_map(|(row, comparable)| {
            let mut score = tm::score(&comparables[query.index], comparable);
            if score == 100 && row.markup != query.markup {
                score = 99;
            }
            if score == 100 && query.resname.is_some() && row.resname == query.resname {
                score = 101;
            }
            (score >= 50).then_some((score, row))
        })
        .collect();
    matches.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(b.1.updated_at.cmp(&a.1.updated_at))
            .then(b.1.id.cmp(&a.1.id))
    });
    matches
        .into_iter()
        .take(*best)
        .map(|(score, row)| (score, row.id))
        .collect()
}
