use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};

use crate::services::{
    memory::{Entry, fuzzy::Match, manage::Imported},
    translation::{SegmentMarkup, SegmentOrigin},
};

/// A TMX `<prop>` kept with an imported entry.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MemoryProp {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: String,
}

/// One entry of a client's memory.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MemoryEntry {
    pub id: i64,
    pub source_lang: String,
    pub target_lang: String,
    pub markup: SegmentMarkup,
    pub source: String,
    pub target: String,
    /// The context it was confirmed in (WPML's resname); the same context makes a 101 % match.
    pub resname: Option<String>,
    /// `customer` (review workbook), `editor` (job view or this list) or `file` (TMX import).
    pub origin: SegmentOrigin,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
    pub props: Vec<MemoryProp>,
}

impl From<Entry> for MemoryEntry {
    fn from(entry: Entry) -> Self {
        let props = entry
            .props
            .as_deref()
            .and_then(|p| serde_json::from_str(p).ok())
            .unwrap_or_default();
        MemoryEntry {
            id: entry.id,
            source_lang: entry.source_lang,
            target_lang: entry.target_lang,
            markup: entry.markup,
            source: entry.source,
            target: entry.target,
            resname: entry.resname,
            origin: entry.origin,
            updated_at: entry.updated_at,
            props,
        }
    }
}

/// The concordance search's filters.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MemoryFilter {
    /// Text in the source or the target, ignoring case.
    pub q: Option<String>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
}

/// The editor's concordance search.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConcordanceQuery {
    /// Text in the source or the target, ignoring case (required).
    pub q: Option<String>,
}

/// A new target for an entry.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EntryUpdate {
    /// Not blank.
    pub target: String,
}

/// What a TMX import stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct TmxImportReport {
    /// `<tu>` units read.
    pub units: u32,
    /// Entries the file gives: one per target language of a unit with its source. Always
    /// `added + updated + merged`.
    pub entries: u32,
    /// Entries that were not in the memory.
    pub added: u32,
    /// Entries of the memory with the same source and context, replaced by the file's.
    pub updated: u32,
    /// Entries with the same source and context as an earlier one of the same file, which
    /// the later one replaced (the memory holds one translation per source and context).
    pub merged: u32,
    /// The first few merged sources.
    pub merged_examples: Vec<String>,
    /// Units without a variant in their source language, or with an empty source.
    pub skipped: u32,
    /// Target variants without text, not remembered.
    pub empty_targets: u32,
}

impl From<Imported> for TmxImportReport {
    fn from(i: Imported) -> Self {
        TmxImportReport {
            units: i.units,
            entries: i.entries,
            added: i.added,
            updated: i.updated,
            merged: i.merged,
            merged_examples: i.merged_examples,
            skipped: i.skipped,
            empty_targets: i.empty_targets,
        }
    }
}

/// The multipart form of the TMX import (documentation only).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TmxUpload {
    /// A TMX 1.4 file (UTF-8 or UTF-16).
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// A memory match of a segment.
#[derive(Debug, Serialize, ToSchema)]
pub struct SegmentMatch {
    /// 101 (same text and context), 100 (same text) or 50–99 (fuzzy).
    pub score: u8,
    pub entry: MemoryEntry,
}

impl From<Match> for SegmentMatch {
    fn from(m: Match) -> Self {
        SegmentMatch {
            score: m.score,
            entry: m.entry.into(),
        }
    }
}
