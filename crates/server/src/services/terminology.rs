//! The clients' termbases: entries per client and language pair (`terms`). A service because
//! machine translation (pre-translation), QA (job edits, the workbook import, the review link)
//! and the clients' API all need the same entries and the same index over them. The only
//! writer of the table.

pub mod glossary;
mod store;

use std::collections::HashMap;
use time::OffsetDateTime;

use bytes::Bytes;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wordmark_core::terms::{self, Skipped, TermEntry, TermFormat, TermIndex, TermKind};

pub use store::{TermQuery, TermSort};

use crate::db::listing::Listing;

/// A stored entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub id: i32,
    pub entry: TermEntry,
    pub updated_at: time::OffsetDateTime,
}

#[derive(Debug, thiserror::Error)]
pub enum TermError {
    /// What is wrong with the entry, for people.
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Duplicate(String),
    #[error("Term not found")]
    NotFound,
    /// An uploaded file is not a termbase Wordmark reads (the reason names the row).
    #[error("'{file}' was refused: {reason}. Nothing was imported.")]
    Refused { file: String, reason: String },
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Reading the file (CPU work, off the async workers) failed to finish.
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TermImportCounts {
    /// Entries that were not in the termbase.
    pub added: u64,
    /// Entries with the same pair, source term and kind, replaced by the file's.
    pub updated: u64,
    /// Entries the file holds exactly as stored.
    pub unchanged: u64,
    /// Entries with the same pair, source term and kind as a later one of the same file,
    /// which replaced them.
    pub merged: u64,
}

/// What an import did. A file with a problem is refused whole (naming the row and the
/// reason), so nothing is ever partly imported.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TermImportReport {
    /// The format read from the file's content.
    pub format: TermFormat,
    /// Entries in the file: `added + updated + unchanged + merged`.
    pub entries: u64,
    #[serde(flatten)]
    pub counts: TermImportCounts,
    /// Entries of the file that give no entry for a language pair (a monolingual TBX entry,
    /// a row without any target), with the first few reasons.
    pub skipped: Skipped,
}

fn duplicate(entry: &TermEntry) -> TermError {
    TermError::Duplicate(format!(
        "The termbase already has the {} term \u{201c}{}\u{201d} for {} \u{2192} {}.",
        entry.kind.as_str(),
        entry.source,
        entry.source_lang,
        entry.target_lang
    ))
}

/// One page of a client's entries.
pub async fn list(
    db: &impl ConnectionTrait,
    client_id: i32,
    query: &TermQuery,
) -> Result<Listing<Term>, DbErr> {
    store::list(db, client_id, query).await
}

/// Adds an entry (validated first).
pub async fn create(
    db: &impl ConnectionTrait,
    client_id: i32,
    entry: TermEntry,
    now: OffsetDateTime,
) -> Result<Term, TermError> {
    let entry = entry.validated().map_err(TermError::Invalid)?;
    if store::find_key(db, client_id, &entry).await?.is_some() {
        return Err(duplicate(&entry));
    }
    Ok(store::insert(db, client_id, &entry, now).await?)
}

/// Replaces entry `id` of the client.
pub async fn update(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
    entry: TermEntry,
    now: OffsetDateTime,
) -> Result<Term, TermError> {
    let entry = entry.validated().map_err(TermError::Invalid)?;
    store::find(db, client_id, id)
        .await?
        .ok_or(TermError::NotFound)?;
    if store::find_key(db, client_id, &entry)
        .await?
        .is_some_and(|other| other.id != id)
    {
        return Err(duplicate(&entry));
    }
    Ok(store::update(db, id, &entry, now).await?)
}

pub async fn delete(db: &impl ConnectionTrait, client_id: i32, id: i32) -> Result<(), TermError> {
    if store::delete(db, client_id, id).await? {
        Ok(())
    } else {
        Err(TermError::NotFound)
    }
}

/// Stores a file's entries (already read and validated by the core), all or none: an entry
/// with the same pair, source term and kind as a stored one replaces it; within the file a
/// later entry with the same key wins (counted as merged), so the counts add up to the
/// file's entries.
pub async fn import(
    db: &DatabaseConnection,
    client_id: i32,
    entries: Vec<TermEntry>,
    now: OffsetDateTime,
) -> Result<TermImportCounts, TermError> {
    let mut counts = TermImportCounts::default();
    let (unique, merged) = one_per_key(entries);
    counts.merged = merged;
    let txn = crate::db::begin_write(db).await?;
    let existing: HashMap<_, Term> = store::all(&txn, client_id)
        .await?
        .into_iter()
        .map(|term| (term.entry.key(), term))
        .collect();
    let mut new = Vec::new();
    for entry in unique {
        match existing.get(&entry.key()) {
            Some(term) if term.entry == entry => counts.unchanged += 1,
            Some(term) => {
                store::update(&txn, term.id, &entry, now).await?;
                counts.updated += 1;
            }
            None => {
                new.push(entry);
                counts.added += 1;
            }
        }
    }
    store::insert_many(&txn, client_id, &new, now).await?;
    txn.commit().await?;
    Ok(counts)
}

/// Reads an uploaded termbase file (CSV/TSV, XLSX or TBX, told apart by the content; CPU
/// work, off the async workers) and stores its entries as [`import`] does, all or none.
pub async fn import_file(
    db: &DatabaseConnection,
    client_id: i32,
    file_name: &str,
    bytes: Bytes,
    now: OffsetDateTime,
) -> Result<TermImportReport, TermError> {
    let file = tokio::task::spawn_blocking(move || terms::read_termbase(&bytes))
        .await?
        .map_err(|error| TermError::Refused {
            file: file_name.to_owned(),
            reason: error.to_string(),
        })?;
    let entries = file.entries.len() as u64;
    let counts = import(db, client_id, file.entries, now).await?;
    Ok(TermImportReport {
        format: file.format,
        entries,
        counts,
        skipped: file.skipped,
    })
}

/// The entries with one per key, in order of first appearance, a later entry replacing an
/// earlier one of the same key; and how many were replaced.
fn one_per_key(entries: Vec<TermEntry>) -> (Vec<TermEntry>, u64) {
    let mut unique: Vec<TermEntry> = Vec::with_capacity(entries.len());
    let mut at: HashMap<_, usize> = HashMap::new();
    let mut merged = 0;
    for entry in entries {
        match at.get(&entry.key()) {
            Some(&index) => {
                unique[index] = entry;
                merged += 1;
            }
            None => {
                at.insert(entry.key(), unique.len());
                unique.push(entry);
            }
        }
    }
    (unique, merged)
}

/// Stores a client archive's entries for a new client, in the caller's transaction (the
/// entries are read and checked by the core). An archive of an older installation may hold
/// one key twice once its regional codes take WPML's form (`en-us` and `en`): the later
/// entry is kept, as an import keeps it.
pub async fn restore(
    db: &impl ConnectionTrait,
    client_id: i32,
    entries: Vec<TermEntry>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let (unique, _) = one_per_key(entries);
    store::insert_many(db, client_id, &unique, now).await
}

/// Every entry of a client, pair by pair, in source order (the export).
pub async fn all(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<TermEntry>, DbErr> {
    Ok(store::all(db, client_id)
        .await?
        .into_iter()
        .map(|term| term.entry)
        .collect())
}

/// The entries of one pair, in source order.
pub async fn pair(
    db: &impl ConnectionTrait,
    client_id: i32,
    source_lang: &str,
    target_lang: &str,
) -> Result<Vec<TermEntry>, DbErr> {
    Ok(store::pair(db, client_id, source_lang, target_lang)
        .await?
        .into_iter()
        .map(|term| term.entry)
        .collect())
}

/// The index the checks and the MT protection use for a project's client and a job's pair;
/// `None` without a client or without entries for the pair.
pub async fn index(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
    source_lang: &str,
    target_lang: &str,
) -> Result<Option<TermIndex>, DbErr> {
    let Some(client_id) = client_id else {
        return Ok(None);
    };
    let entries = pair(db, client_id, source_lang, target_lang).await?;
    Ok((!entries.is_empty()).then(|| TermIndex::new(source_lang, target_lang, entries)))
}

/// Whether `kind` is stored as `text`.
pub(crate) fn kind_from_column(text: &str) -> TermKind {
    TermKind::parse(text).unwrap_or(TermKind::Preferred)
}
