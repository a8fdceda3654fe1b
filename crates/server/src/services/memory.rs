//! The translation memory: confirmed translations (the customer's workbook, edits in the job
//! view) per client and language pair. Pre-translation fills exact matches from it (same
//! source text including markup; an entry with the same resname wins) before anything goes
//! to machine translation; fuzzy matches come through its term index ([`fuzzy`]). It owns the
//! `translation_memory` and `translation_memory_terms` tables and knows nothing of projects:
//! callers name the pool ([`Scope`]).

pub mod fuzzy;
pub mod manage;
pub mod tmx_file;

use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::prelude::TimeDateTimeWithTimeZone;
use sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait,
    FromQueryResult, IdenStatic, QueryFilter, QueryOrder, QuerySelect,
};
use sha2::{Digest, Sha256};
use wordmark_core::lang;

use crate::{
    db::entities::{
        translation_memory as tm,
        translation_segment::{SegmentMarkup, SegmentOrigin},
    },
    services::client_archive_format::MemoryRecord,
};

/// A memory entry as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    /// `None`: projects without a client share one pool.
    pub client_id: Option<i32>,
    pub source_lang: String,
    pub target_lang: String,
    pub markup: SegmentMarkup,
    /// SHA-256 of `source`, lower-case hex.
    pub source_hash: String,
    pub source: String,
    pub resname: Option<String>,
    pub target: String,
    /// Who confirmed it: `customer` or `editor`.
    pub origin: SegmentOrigin,
    pub updated_at: time::OffsetDateTime,
    /// The TMX props the entry was imported with: a JSON array of `{type, value}`.
    pub props: Option<String>,
}

impl From<tm::Model> for Entry {
    fn from(row: tm::Model) -> Self {
        Self {
            id: row.id,
            client_id: row.client_id,
            source_lang: row.source_lang,
            target_lang: row.target_lang,
            markup: row.markup,
            source_hash: row.source_hash,
            source: row.source,
            resname: row.resname,
            target: row.target,
            origin: row.origin,
            updated_at: row.updated_at,
            props: row.props,
        }
    }
}

/// Which pool of the memory: a client's (or the no-client pool) for one language pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    pub client_id: Option<i32>,
    pub source_lang: String,
    pub target_lang: String,
}

/// A confirmed translation to remember.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmed {
    pub source: String,
    pub markup: SegmentMarkup,
    pub resname: Option<String>,
    pub target: String,
    /// `Customer` (workbook import) or `Editor` (job view).
    pub origin: SegmentOrigin,
}

/// A segment to look up.
#[derive(Debug, Clone, Copy)]
pub struct Query<'a> {
    pub source: &'a str,
    pub markup: SegmentMarkup,
    pub resname: Option<&'a str>,
}

/// A lookup of more queries than this first checks that the pool holds anything: its one
/// statement of hashes then costs more than the check.
const POOL_CHECK_FROM: usize = 500;

/// A batch lookup's reads of at least this many values (hashes, terms, entry ids) run as two
/// statements at once, each on half the values, on two of the pool's connections: each runs in
/// its own backend on PostgreSQL, on its own worker thread with its own page cache on SQLite
/// (`.cargo/config.toml` builds SQLite without the shared cache), so a large batch's read takes
/// both cores instead of one (at 1,000,000 entries the term read of an analysis' batch fell
/// from 0.59–0.84 s to 0.40–0.46 s on PostgreSQL, from 0.58–0.69 s to 0.31–0.55 s on SQLite).
/// Two, not more: the server aims at two cores, and one lookup never holds more than two
/// connections of the pool. Below this, one statement: a second connection's round trip costs
/// more than half a small read saves, and a single lookup stays one statement per step.
pub(crate) const HALVES_FROM: usize = 256;

/// `values` as the two halves to read at once (the second empty below [`HALVES_FROM`]).
pub(crate) fn halves<T>(values: &[T]) -> (&[T], &[T]) {
    if values.len() < HALVES_FROM {
        (values, &[])
    } else {
        values.split_at(values.len().div_ceil(2))
    }
}

/// What choosing among entries needs of each (the score, the order among equal scores): a
/// lookup reads this of every candidate and the whole entry only of the winners.
#[derive(Debug, Clone, FromQueryResult)]
pub(crate) struct Candidate {
    pub id: i64,
    pub source: String,
    pub markup: SegmentMarkup,
    pub resname: Option<String>,
    pub updated_at: TimeDateTimeWithTimeZone,
}

impl Candidate {
    /// The columns [`Candidate`] is read from.
    const COLUMNS: [tm::Column; 5] = [
        tm::Column::Id,
        tm::Column::Source,
        tm::Column::Markup,
        tm::Column::Resname,
        tm::Column::UpdatedAt,
    ];
}

/// An entry with the query's exact source, and what it translates to.
#[derive(Debug, Clone, FromQueryResult)]
pub(crate) struct Exact {
    #[sea_orm(nested)]
    pub entry: Candidate,
    pub target: String,
}

/// `values` bound as one value, the elements already written as JSON (numbers, or strings in
/// quotes, which a PostgreSQL array literal reads the same way): a JSON array for SQLite's
/// `json_each`, an array for PostgreSQL. A statement then takes any number of them with the
/// same text, where statements of a few hundred bound values cost a round trip each.
pub(crate) fn bound_list(backend: DbBackend, values: impl Iterator<Item = String>) -> String {
    let list = values.collect::<Vec<_>>().join(",");
    match backend {
        DbBackend::Postgres => format!("{{{list}}}"),
        _ => format!("[{list}]"),
    }
}

/// `column` (of `translation_memory`) is one of `values` ([`bound_list`]), each of PostgreSQL
/// type `pg_type`.
fn one_of(
    backend: DbBackend,
    column: tm::Column,
    pg_type: &str,
    values: impl Iterator<Item = String>,
) -> SimpleExpr {
    let list = bound_list(backend, values);
    // Written out whole: the query builder puts a custom right-hand side in parentheses, and
    // PostgreSQL reads `= (ANY(…))` as a syntax error.
    let column = format!("\"translation_memory\".\"{}\"", column.as_str());
    match backend {
        DbBackend::Postgres => {
            Expr::cust_with_values(format!("{column} = ANY($1::{pg_type}[])"), [list])
        }
        _ => Expr::cust_with_values(
            format!("{column} IN (SELECT value FROM json_each(?))"),
            [list],
        ),
    }
}

/// `translation_memory.id` is one of `ids`.
pub(crate) fn id_in(backend: DbBackend, ids: &[i64]) -> SimpleExpr {
    one_of(
        backend,
        tm::Column::Id,
        "bigint",
        ids.iter().map(i64::to_string),
    )
}

fn source_hash(source: &str) -> String {
    hex::encode(Sha256::digest(source.as_bytes()))
}

fn in_scope(scope: &Scope) -> Condition {
    let client = match scope.client_id {
        Some(id) => tm::Column::ClientId.eq(id),
        None => tm::Column::ClientId.is_null(),
    };
    Condition::all()
        .add(client)
        .add(tm::Column::SourceLang.eq(scope.source_lang.as_str()))
        .add(tm::Column::TargetLang.eq(scope.target_lang.as_str()))
}

/// [`in_scope`] for statements that name source hashes, read on
/// `idx_translation_memory_lookup (source_hash, source_lang, target_lang)`: the client's
/// condition is on `client_id + 0`, the same value but no index's column. Otherwise SQLite,
/// which keeps no statistics, rates `idx_translation_memory_pool`'s three equal columns above
/// the hashes and reads the whole pool for each statement (50 ms per lookup at 200,000 entries,
/// 9 s of a 36,000-segment analysis); PostgreSQL did the same while its statistics were stale.
fn hashes_in_scope(scope: &Scope) -> Condition {
    let client = Expr::col((tm::Entity, tm::Column::ClientId)).add(0);
    let client = match scope.client_id {
        Some(id) => client.eq(id),
        None => client.is_null(),
    };
    Condition::all()
        .add(client)
        .add(tm::Column::SourceLang.eq(scope.source_lang.as_str()))
        .add(tm::Column::TargetLang.eq(scope.target_lang.as_str()))
}

/// An entry of the pool if there is one: read on `idx_translation_memory_pool` (m0017).
fn any_in_pool(scope: &Scope) -> sea_orm::Select<tm::Entity> {
    tm::Entity::find()
        .select_only()
        .column(tm::Column::Id)
        .filter(in_scope(scope))
        .limit(1)
}

/// Stores confirmed translations (one entry per source text and resname; a newer confirmation
/// replaces an older one). Call it inside the transaction that saves the corrections, so both
/// land or neither. Empty targets are not remembered.
pub async fn remember(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    confirmed: &[Confirmed],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    remember_with(conn, scope, confirmed, None, now).await?;
    Ok(())
}

/// [`remember`], with the TMX props (JSON) the entries came with; how many entries were new
/// (the others replaced an entry with the same source and context).
async fn remember_with(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    confirmed: &[Confirmed],
    props: Option<&str>,
    now: OffsetDateTime,
) -> Result<u32, DbErr> {
    let mut added = 0;
    for entry in confirmed.iter().filter(|e| !e.target.trim().is_empty()) {
        let hash = source_hash(&entry.source);
        let resname = match &entry.resname {
            Some(resname) => tm::Column::Resname.eq(resname.as_str()),
            None => tm::Column::Resname.is_null(),
        };
        let existing = tm::Entity::find()
            .filter(hashes_in_scope(scope))
            .filter(tm::Column::SourceHash.eq(hash.as_str()))
            .filter(tm::Column::Markup.eq(entry.markup))
            .filter(resname)
            .all(conn)
            .await?
            .into_iter()
            .find(|row| row.source == entry.source);
        match existing {
            Some(row) => {
                tm::Entity::update(tm::ActiveModel {
                    id: Set(row.id),
                    target: Set(entry.target.clone()),
                    origin: Set(entry.origin),
                    updated_at: Set(now),
                    props: Set(props.map(str::to_owned).or(row.props)),
                    ..Default::default()
                })
                .exec(conn)
                .await?;
            }
            None => {
                let stored = tm::Entity::insert(tm::ActiveModel {
                    client_id: Set(scope.client_id),
                    source_lang: Set(scope.source_lang.clone()),
                    target_lang: Set(scope.target_lang.clone()),
                    markup: Set(entry.markup),
                    source_hash: Set(hash),
                    source: Set(entry.source.clone()),
                    resname: Set(entry.resname.clone()),
                    target: Set(entry.target.clone()),
                    origin: Set(entry.origin),
                    updated_at: Set(now),
                    props: Set(props.map(str::to_owned)),
                    ..Default::default()
                })
                .exec_with_returning(conn)
                .await?;
                fuzzy::index(conn, |_| scope.clone(), &[stored]).await?;
                added += 1;
            }
        }
    }
    Ok(added)
}

/// One page of the client's entries in id order, those after `after_id`: how an export reads
/// a large memory without holding it whole.
pub async fn of_client(
    conn: &impl ConnectionTrait,
    client_id: i32,
    after_id: i64,
    limit: u64,
) -> Result<Vec<Entry>, DbErr> {
    tm::Entity::find()
        .filter(tm::Column::ClientId.eq(client_id))
        .filter(tm::Column::Id.gt(after_id))
        .order_by_asc(tm::Column::Id)
        .limit(limit)
        .all(conn)
        .await
        .map(|rows| rows.into_iter().map(Entry::from).collect())
}

/// A page of the client's memory as the client archive holds it, after the entry `after_id`
/// (0: from the start), with the id of its last entry (for the next page; `None`: no more).
pub async fn archived_page(
    conn: &impl ConnectionTrait,
    client_id: i32,
    after_id: i64,
    limit: u64,
) -> Result<(Vec<MemoryRecord>, Option<i64>), DbErr> {
    let page = of_client(conn, client_id, after_id, limit).await?;
    let last = page.last().map(|entry| entry.id);
    let records = page
        .into_iter()
        .map(|entry| MemoryRecord {
            source_lang: entry.source_lang,
            target_lang: entry.target_lang,
            markup: entry.markup,
            source: entry.source,
            resname: entry.resname,
            target: entry.target,
            origin: entry.origin,
            updated_at: entry.updated_at,
        })
        .collect();
    Ok((records, last))
}

/// Stores entries of another installation's memory for the client as they were (times and
/// origins kept; the hash and the fuzzy index computed here, as for a confirmed translation).
/// Call it inside the import's transaction.
pub async fn restore(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entries: &[MemoryRecord],
) -> Result<(), DbErr> {
    // Ten values a row, well below both databases' limits on bound values per statement.
    for chunk in entries.chunks(2_000) {
        let rows = chunk.iter().map(|entry| tm::ActiveModel {
            client_id: Set(Some(client_id)),
            // An archive of an older installation may hold other tools' regional codes.
            source_lang: Set(lang::normalize(&entry.source_lang)),
            target_lang: Set(lang::normalize(&entry.target_lang)),
            markup: Set(entry.markup),
            source_hash: Set(source_hash(&entry.source)),
            source: Set(entry.source.clone()),
            resname: Set(entry.resname.clone()),
            target: Set(entry.target.clone()),
            origin: Set(entry.origin),
            updated_at: Set(entry.updated_at),
            props: Set(None),
            ..Default::default()
        });
        let stored = tm::Entity::insert_many(rows)
            .exec_with_returning(conn)
            .await?;
        fuzzy::index(conn, scope_of, &stored).await?;
    }
    Ok(())
}

/// The pool an entry belongs to.
fn scope_of(entry: &tm::Model) -> Scope {
    Scope {
        client_id: entry.client_id,
        source_lang: entry.source_lang.clone(),
        target_lang: entry.target_lang.clone(),
    }
}

/// The remembered target for each query that has an exact match (same source and markup), by
/// index into `queries`. An entry with the query's resname is preferred, then the newest.
pub async fn lookup(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
) -> Result<HashMap<usize, String>, DbErr> {
    // A pool with nothing in it (a new client, a new pair) needs no lookups at all; for a few
    // queries, the statement of their hashes answers as fast as the check would.
    if queries.len() > POOL_CHECK_FROM && pool_is_empty(conn, scope).await? {
        return Ok(HashMap::new());
    }
    let entries = exact_entries(conn, scope, queries).await?;
    let mut found = HashMap::new();
    for (index, candidates) in entries {
        let query = &queries[index];
        let best = candidates
            .iter()
            .find(|row| row.entry.resname.as_deref() == query.resname && query.resname.is_some())
            .or_else(|| candidates.first());
        if let Some(row) = best {
            found.insert(index, row.target.clone());
        }
    }
    Ok(found)
}

/// Whether the pool holds no entry at all.
async fn pool_is_empty(conn: &impl ConnectionTrait, scope: &Scope) -> Result<bool, DbErr> {
    Ok(any_in_pool(scope)
        .into_tuple::<i64>()
        .one(conn)
        .await?
        .is_none())
}

/// The pool's entries with one of `hashes` (all of them, bound as one list), newest first.
fn with_hashes(
    backend: DbBackend,
    scope: &Scope,
    hashes: &[String],
) -> sea_orm::Select<tm::Entity> {
    let hashes = one_of(
        backend,
        tm::Column::SourceHash,
        "text",
        hashes.iter().map(|hash| format!("\"{hash}\"")),
    );
    tm::Entity::find()
        .select_only()
        .columns(Candidate::COLUMNS)
        .column(tm::Column::Target)
        .filter(hashes_in_scope(scope))
        .filter(hashes)
        .order_by_desc(tm::Column::UpdatedAt)
        .order_by_desc(tm::Column::Id)
}

/// The entries with each query's exact source and markup, newest first, by index into
/// `queries` (queries without any left out). One statement, whatever the number of queries
/// (two at once from [`HALVES_FROM`] distinct sources).
async fn exact_entries(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    queries: &[Query<'_>],
) -> Result<HashMap<usize, Vec<Exact>>, DbErr> {
    let mut hashes: Vec<String> = queries.iter().map(|q| source_hash(q.source)).collect();
    hashes.sort_unstable();
    hashes.dedup();
    let read = |hashes: &[String]| {
        let select = with_hashes(conn.get_database_backend(), scope, hashes);
        let empty = hashes.is_empty();
        async move {
            if empty {
                return Ok(Vec::new());
            }
            select.into_model::<Exact>().all(conn).await
        }
    };
    // A source's entries all have its hash, so they come from one half, newest first still.
    let (first, second) = halves(&hashes);
    let (mut rows, more) = futures::try_join!(read(first), read(second))?;
    rows.extend(more);
    // By source: an entry with the query's hash but not its source (a collision) is no match.
    let mut by_source: HashMap<&str, Vec<&Exact>> = HashMap::new();
    for row in &rows {
        by_source.entry(&row.entry.source).or_default().push(row);
    }
    let mut found = HashMap::new();
    for (index, query) in queries.iter().enumerate() {
        let exact: Vec<Exact> = by_source
            .get(query.source)
            .into_iter()
            .flatten()
            .filter(|row| row.entry.markup == query.markup)
            .map(|&row| row.clone())
            .collect();
        if !exact.is_empty() {
            found.insert(index, exact);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests;
