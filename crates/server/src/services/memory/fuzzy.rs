//! Fuzzy matches: the term index (`translation_memory_terms`) and lookups through it.
//!
//! An entry keeps up to eight term keys (`wordmark_core::tm::kept_term_keys`). A lookup takes
//! every term of each query, reads at most [`PER_TERM`] entries per term (a term that many
//! entries keep says little about any of them, and reading its whole list would cost time
//! in proportion to the memory's size), ranks the entries by the number of the query's terms
//! they keep, and scores the best [`CANDIDATES`] with `wordmark_core::tm::score`. Queries are
//! looked up together: their terms are read in statements of [`TERMS_PER_STATEMENT`], their
//! candidates in statements of 500 ids, so an analysis of a whole project costs a few hundred
//! statements, not one per segment.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter, Statement, Value,
};
use wordmark_core::{
    segment::Markup,
    tm::{self, Comparable},
};

use super::{LOOKUP_CHUNK, Query, Scope};
use crate::db::entities::{translation_memory as entry, translation_memory_term as term};

/// Entries read per term of a query.
const PER_TERM: u32 = 48;
/// Entries scored per query.
const CANDIDATES: usize = 6;
/// Terms per statement: SQLite allows at most 500 parts in one `UNION ALL`.
const TERMS_PER_STATEMENT: usize = 400;

/// A remembered translation and how well it matches a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// 101: same content and same resname; 100: same content; 50–99: fuzzy.
    pub score: u8,
    pub entry: entry::Model,
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

/// Entry ids keeping each term, at most [`PER_TERM`] per term.
async fn postings(
    conn: &impl ConnectionTrait,
    terms: &[i64],
) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    let backend = conn.get_database_backend();
    let mut found: HashMap<i64, Vec<i64>> = HashMap::new();
    for chunk in terms.chunks(TERMS_PER_STATEMENT) {
        // One bounded range read of the primary key per term.
        let parts: Vec<String> = (1..=chunk.len())
            .map(|i| {
                let param = match backend {
                    DbBackend::Postgres => format!("${i}"),
                    _ => "?".to_owned(),
                };
                format!(
                    "SELECT * FROM (SELECT term, entry_id FROM translation_memory_terms \
                     WHERE term = {param} LIMIT {PER_TERM}) AS t{i}"
                )
            })
            .collect();
        let rows = conn
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                parts.join(" UNION ALL "),
                chunk.iter().map(|&t| Value::from(t)),
            ))
            .await?;
        for row in rows {
            let term: i64 = row.try_get("", "term")?;
            let entry_id: i64 = row.try_get("", "entry_id")?;
            found.entry(term).or_default().push(entry_id);
        }
    }
    Ok(found)
}

/// The best `best` matches (score 50 or more, best first; among equal scores the newest) of
/// each query, by index into `queries`.
pub async fn best_matches(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
    best: usize,
) -> Result<Vec<Vec<Match>>, DbErr> {
    let pool = pool(scope);
    let comparables: Vec<Comparable> = queries
        .iter()
        .map(|q| Comparable::new(q.source, Markup::from(q.markup)))
        .collect();
    let keys: Vec<Vec<i64>> = comparables
        .iter()
        .map(|c| tm::term_keys(&pool, c.text()))
        .collect();
    let mut all_keys: Vec<i64> = keys.iter().flatten().copied().collect();
    all_keys.sort_unstable();
    all_keys.dedup();
    let postings = postings(conn, &all_keys).await?;

    // Exact matches are found by their hash whatever the index holds.
    let exact = super::exact_entries(conn, scope, queries).await?;

    let mut candidates: Vec<Vec<i64>> = Vec::with_capacity(queries.len());
    let mut wanted: HashSet<i64> = exact.values().flatten().map(|e| e.id).collect();
    for query_keys in &keys {
        let mut hits: HashMap<i64, u32> = HashMap::new();
        for key in query_keys {
            for &id in postings.get(key).into_iter().flatten() {
                *hits.entry(id).or_default() += 1;
            }
        }
        let mut ranked: Vec<(i64, u32)> = hits.into_iter().collect();
        // Most shared terms first, then the newest entry.
        ranked.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
        let chosen: Vec<i64> = ranked.iter().take(CANDIDATES).map(|(id, _)| *id).collect();
        wanted.extend(&chosen);
        candidates.push(chosen);
    }
    let mut ids: Vec<i64> = wanted.into_iter().collect();
    ids.sort_unstable();
    let mut entries: HashMap<i64, (entry::Model, Comparable)> = HashMap::new();
    for chunk in ids.chunks(LOOKUP_CHUNK) {
        for row in entry::Entity::find()
            .filter(entry::Column::Id.is_in(chunk.iter().copied()))
            .all(conn)
            .await?
        {
            let comparable = Comparable::new(&row.source, Markup::from(row.markup));
            entries.insert(row.id, (row, comparable));
        }
    }

    let mut answers = Vec::with_capacity(queries.len());
    for (index, query) in queries.iter().enumerate() {
        let mut ids: Vec<i64> = candidates[index].clone();
        ids.extend(exact.get(&index).into_iter().flatten().map(|e| e.id));
        ids.sort_unstable();
        ids.dedup();
        let mut matches: Vec<Match> = ids
            .iter()
            .filter_map(|id| entries.get(id))
            .filter_map(|(row, comparable)| {
                let mut score = tm::score(&comparables[index], comparable);
                if score == 100 && row.markup != query.markup {
                    score = 99;
                }
                if score == 100
                    && query.resname.is_some()
                    && row.resname.as_deref() == query.resname
                {
                    score = 101;
                }
                (score >= 50).then(|| Match {
                    score,
                    entry: row.clone(),
                })
            })
            .collect();
        matches.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(b.entry.updated_at.cmp(&a.entry.updated_at))
                .then(b.entry.id.cmp(&a.entry.id))
        });
        matches.truncate(best);
        answers.push(matches);
    }
    Ok(answers)
}
