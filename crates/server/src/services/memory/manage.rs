//! A client's memory as people manage it: a concordance search over sources and targets (one
//! page at a time), editing a target, deleting an entry, and importing TMX units.

use super::Entry;
use std::collections::HashSet;
use time::OffsetDateTime;

use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use sha2::{Digest, Sha256};
use wordmark_core::tm::tmx;

use super::{Confirmed, Scope, remember_with};
use crate::db::{
    self,
    entities::{
        translation_memory as tm,
        translation_segment::{SegmentMarkup, SegmentOrigin},
    },
    listing::{self, Listing, Window},
};

/// What a search asks for.
#[derive(Debug, Clone)]
pub struct Search {
    /// Text contained in the source or the target, ignoring case.
    pub q: Option<String>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub window: Window,
}

/// One page of the client's entries, newest first.
pub async fn search(
    conn: &impl ConnectionTrait,
    client_id: i32,
    search: &Search,
) -> Result<Listing<Entry>, DbErr> {
    let matching = matching(client_id, search);
    let total = tm::Entity::find()
        .filter(matching.clone())
        .count(conn)
        .await?;
    let rows = rows_of(conn, matching, &search.window).await?;
    Ok(Listing { rows, total })
}

/// What a search's filters select of the client's entries.
fn matching(client_id: i32, search: &Search) -> Condition {
    let mut matching = Condition::all().add(tm::Column::ClientId.eq(client_id));
    if let Some(q) = &search.q {
        matching = matching.add(
            Condition::any()
                .add(listing::contains(
                    sea_orm::sea_query::Expr::col(tm::Column::Source),
                    q,
                ))
                .add(listing::contains(
                    sea_orm::sea_query::Expr::col(tm::Column::Target),
                    q,
                )),
        );
    }
    if let Some(lang) = &search.source_lang {
        matching = matching.add(tm::Column::SourceLang.eq(lang.as_str()));
    }
    if let Some(lang) = &search.target_lang {
        matching = matching.add(tm::Column::TargetLang.eq(lang.as_str()));
    }
    matching
}

/// One window of the entries `search` finds, without counting them all.
async fn search_rows(
    conn: &impl ConnectionTrait,
    client_id: i32,
    search: &Search,
) -> Result<Vec<Entry>, DbErr> {
    rows_of(conn, matching(client_id, search), &search.window).await
}

async fn rows_of(
    conn: &impl ConnectionTrait,
    matching: Condition,
    window: &Window,
) -> Result<Vec<Entry>, DbErr> {
    Ok(tm::Entity::find()
        .filter(matching)
        .order_by_desc(tm::Column::UpdatedAt)
        .order_by_desc(tm::Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(conn)
        .await?
        .into_iter()
        .map(Entry::from)
        .collect())
}

/// The concordance of a job's editor: the entries of the job's client and language pair
/// (`scope`) whose source or target contains `q`, ignoring case, newest first, at most
/// `limit`. A job without a client finds nothing: there is no memory to search.
pub async fn concordance(
    conn: &impl ConnectionTrait,
    scope: &Scope,
    q: &str,
    limit: u64,
) -> Result<Vec<Entry>, DbErr> {
    let Some(client_id) = scope.client_id else {
        return Ok(Vec::new());
    };
    let search = Search {
        q: Some(q.to_owned()),
        source_lang: Some(scope.source_lang.clone()),
        target_lang: Some(scope.target_lang.clone()),
        window: Window { limit, offset: 0 },
    };
    search_rows(conn, client_id, &search).await
}

/// The client's entry, if it is one of theirs.
pub async fn find(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
) -> Result<Option<Entry>, DbErr> {
    tm::Entity::find_by_id(entry_id)
        .filter(tm::Column::ClientId.eq(client_id))
        .one(conn)
        .await
        .map(|found| found.map(Entry::from))
}

/// Replaces an entry's target (an edit by a person: origin `editor`); `None` when the client
/// has no such entry.
pub async fn update_target(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
    target: String,
    now: OffsetDateTime,
) -> Result<Option<Entry>, DbErr> {
    if find(conn, client_id, entry_id).await?.is_none() {
        return Ok(None);
    }
    tm::Entity::update(tm::ActiveModel {
        id: Set(entry_id),
        target: Set(target),
        origin: Set(SegmentOrigin::Editor),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(conn)
    .await?;
    find(conn, client_id, entry_id).await
}

/// Deletes an entry (its index rows go with it); `false` when the client has no such entry.
pub async fn delete(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
) -> Result<bool, DbErr> {
    let deleted = tm::Entity::delete_many()
        .filter(tm::Column::Id.eq(entry_id))
        .filter(tm::Column::ClientId.eq(client_id))
        .exec(conn)
        .await?;
    Ok(deleted.rows_affected == 1)
}

/// What an import did. Its numbers add up: `entries` = `added` + `updated` + `merged`, and the
/// memory holds `added` entries more than before.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Imported {
    /// Units read.
    pub units: u32,
    /// Entries the file gives: one per target variant with text of a unit that has its source.
    pub entries: u32,
    /// Entries that were not in the memory.
    pub added: u32,
    /// Entries of the memory (same pair, source and context) that the file's replaced.
    pub updated: u32,
    /// Entries with the same pair, source and context as an earlier one of the same file: the
    /// later one is kept (the memory holds one translation per source and context).
    pub merged: u32,
    /// The first few merged sources, for people.
    pub merged_examples: Vec<String>,
    /// Units without their source language's variant, or with an empty source.
    pub skipped: u32,
    /// Target variants without text, which are not remembered.
    pub empty_targets: u32,
}

/// How many merged sources [`Imported`] names.
const MERGED_EXAMPLES: usize = 5;
/// Longest example named, in characters.
const EXAMPLE_CHARS: usize = 80;

/// The props that name an entry's context (resname) in Wordmark's own export and in other
/// tools' (Trados writes `x-Context`… with its own hashes, which are not resnames, so only ours
/// and a plain `resname`).
const RESNAME_PROPS: [&str; 2] = ["x-wordmark-resname", "resname"];

/// How many units are read from the document and stored at a time: what bounds the import's
/// units in memory, whatever the file's size.
const BATCH_UNITS: usize = 1_000;

/// Why an import stored nothing.
#[derive(Debug, thiserror::Error)]
pub enum TmxImportError {
    /// The uploaded file is not a TMX document Wordmark reads (the reason names line and
    /// column).
    #[error("'{file}' was refused: {reason}. Nothing was imported.")]
    Refused { file: String, reason: String },
    /// The document's second pass read a unit otherwise than its check did.
    #[error(transparent)]
    Tmx(#[from] tmx::TmxError),
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Reading a batch of units (CPU work, off the async workers) failed to finish.
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

/// Imports a checked TMX document into the client's memory in one write transaction: the
/// import lands whole or not at all.
pub async fn import_whole(
    db: &DatabaseConnection,
    client_id: i32,
    document: tmx::Document<'static>,
    now: OffsetDateTime,
) -> Result<Imported, TmxImportError> {
    let txn = db::begin_write(db).await?;
    let report = import(&txn, client_id, document, now).await?;
    txn.commit().await?;
    Ok(report)
}

/// Stores a checked TMX document's units for the client, a batch of [`BATCH_UNITS`] at a time
/// as they are read: each unit's source variant (the unit's `srclang`, else the header's; the
/// first variant for `*all*`) paired with each other variant, with the unit's props, its notes
/// and the source's and target's, and its history (the target's where the unit has none). Call
/// it inside one transaction: an import lands whole or not at all.
pub async fn import(
    conn: &impl ConnectionTrait,
    client_id: i32,
    document: tmx::Document<'static>,
    now: OffsetDateTime,
) -> Result<Imported, TmxImportError> {
    let mut import = Import {
        client_id,
        now,
        srclang: document.srclang.clone(),
        report: Imported::default(),
        seen: HashSet::new(),
    };
    let mut units = document.units();
    loop {
        // Reading is CPU work: off the async workers, the reader going there and back.
        let (rest, batch) = tokio::task::spawn_blocking(move || {
            let batch: Result<Vec<tmx::Unit>, _> = units.by_ref().take(BATCH_UNITS).collect();
            (units, batch)
        })
        .await?;
        units = rest;
        let batch = batch?;
        if batch.is_empty() {
            return Ok(import.report);
        }
        for unit in &batch {
            import.store(conn, unit).await?;
        }
    }
}

/// An import under way: what it stored so far.
struct Import {
    client_id: i32,
    /// When the entries are stored (their `updated_at`).
    now: OffsetDateTime,
    /// The header's source language.
    srclang: String,
    report: Imported,
    /// The entries stored so far, by a digest of their pair, markup, context and source (a
    /// later one with the same is merged): a few bytes an entry, not its text.
    seen: HashSet<[u8; 32]>,
}

impl Import {
    async fn store(&mut self, conn: &impl ConnectionTrait, unit: &tmx::Unit) -> Result<(), DbErr> {
        let report = &mut self.report;
        report.units += 1;
        let srclang = unit.srclang.as_deref().unwrap_or(&self.srclang);
        let source = if srclang == "*all*" {
            unit.variants.first()
        } else {
            unit.variants.iter().find(|v| v.lang == srclang)
        };
        let Some(source) = source.filter(|s| !s.content.trim().is_empty()) else {
            report.skipped += 1;
            return Ok(());
        };
        let resname = unit
            .props
            .iter()
            .find(|p| RESNAME_PROPS.contains(&p.kind.as_str()))
            .map(|p| p.value.clone());
        let props: Vec<tmx::Prop> = unit
            .props
            .iter()
            .filter(|p| !RESNAME_PROPS.contains(&p.kind.as_str()))
            .cloned()
            .collect();
        for target in unit.variants.iter().filter(|v| v.lang != source.lang) {
            if target.content.trim().is_empty() {
                report.empty_targets += 1;
                continue;
            }
            report.entries += 1;
            let notes: Vec<String> = [&unit.notes, &source.notes, &target.notes]
                .into_iter()
                .flatten()
                .cloned()
                .collect();
            let history = unit.history.clone().or(&target.history);
            let packed = tmx::pack(props.clone(), &notes, &history);
            let packed =
                (!packed.is_empty()).then(|| serde_json::to_string(&packed).unwrap_or_default());
            let scope = Scope {
                client_id: Some(self.client_id),
                source_lang: source.lang.clone(),
                target_lang: target.lang.clone(),
            };
            let markup: SegmentMarkup = unit.markup.into();
            let key = entry_key(&scope, markup, resname.as_deref(), &source.content);
            let confirmed = Confirmed {
                source: source.content.clone(),
                markup,
                resname: resname.clone(),
                target: target.content.clone(),
                origin: SegmentOrigin::File,
            };
            let added =
                remember_with(conn, &scope, &[confirmed], packed.as_deref(), self.now).await?;
            if !self.seen.insert(key) {
                report.merged += 1;
                if report.merged_examples.len() < MERGED_EXAMPLES {
                    report
                        .merged_examples
                        .push(source.content.chars().take(EXAMPLE_CHARS).collect());
                }
            } else if added > 0 {
                report.added += 1;
            } else {
                report.updated += 1;
            }
        }
        Ok(())
    }
}

/// What makes two entries of a file the same one: pair, markup, context and source, each
/// field length-prefixed so that no two keys run together.
fn entry_key(
    scope: &Scope,
    markup: SegmentMarkup,
    resname: Option<&str>,
    source: &str,
) -> [u8; 32] {
    let mut digest = Sha256::new();
    let resname = resname.map_or(String::new(), |r| format!("+{r}"));
    let markup = if markup == SegmentMarkup::Xliff {
        "xliff"
    } else {
        "html"
    };
    for field in [
        scope.source_lang.as_str(),
        &scope.target_lang,
        markup,
        &resname,
        source,
    ] {
        digest.update((field.len() as u64).to_le_bytes());
        digest.update(field.as_bytes());
    }
    digest.finalize().into()
}

/// The TMX unit of an entry: its source and target variants, its resname, props, notes and
/// history.
pub fn to_unit(entry: &Entry) -> tmx::Unit {
    let packed: Vec<tmx::Prop> = entry
        .props
        .as_deref()
        .and_then(|p| serde_json::from_str(p).ok())
        .unwrap_or_default();
    let (mut props, notes, history) = tmx::unpack(packed);
    if let Some(resname) = &entry.resname {
        props.insert(
            0,
            tmx::Prop {
                kind: RESNAME_PROPS[0].into(),
                value: resname.clone(),
            },
        );
    }
    tmx::Unit {
        tuid: Some(entry.id.to_string()),
        srclang: Some(entry.source_lang.clone()),
        markup: entry.markup.into(),
        props,
        notes,
        history,
        variants: vec![
            tmx::Variant {
                lang: entry.source_lang.clone(),
                content: entry.source.clone(),
                ..tmx::Variant::default()
            },
            tmx::Variant {
                lang: entry.target_lang.clone(),
                content: entry.target.clone(),
                ..tmx::Variant::default()
            },
        ],
    }
}
