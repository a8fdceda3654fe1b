use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_core::terms::{TermEntry, TermKind};

use crate::services::terminology::Term;

/// An entry as sent to create or change it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TermBody {
    /// Language codes (`en`, `de`, `pt-br`; other spellings such as `pt_BR` are normalised).
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    /// Target variants, the preferred first; ignored for `do_not_translate`.
    #[serde(default)]
    pub targets: Vec<String>,
    pub kind: TermKind,
    #[serde(default)]
    pub case_sensitive: bool,
    #[serde(default)]
    pub part_of_speech: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

impl From<TermBody> for TermEntry {
    fn from(body: TermBody) -> TermEntry {
        TermEntry {
            source_lang: body.source_lang,
            target_lang: body.target_lang,
            source: body.source,
            targets: body.targets,
            kind: body.kind,
            case_sensitive: body.case_sensitive,
            part_of_speech: body.part_of_speech,
            note: body.note,
        }
    }
}

impl From<TermEntry> for TermBody {
    fn from(entry: TermEntry) -> TermBody {
        TermBody {
            source_lang: entry.source_lang,
            target_lang: entry.target_lang,
            source: entry.source,
            targets: entry.targets,
            kind: entry.kind,
            case_sensitive: entry.case_sensitive,
            part_of_speech: entry.part_of_speech,
            note: entry.note,
        }
    }
}

/// A stored entry.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TermResponse {
    pub id: i32,
    #[serde(flatten)]
    pub term: TermBody,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
}

impl From<Term> for TermResponse {
    fn from(term: Term) -> TermResponse {
        TermResponse {
            id: term.id,
            term: term.entry.into(),
            updated_at: term.updated_at,
        }
    }
}

/// An entry the client's brand suggests, to accept with one click (posting `term`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TermSuggestion {
    pub term: TermBody,
    /// Where it comes from, for people (`legal name of the rebranding project …`).
    pub reason: String,
}

/// The import form.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TermUpload {
    /// A CSV/TSV, XLSX or TBX file; the format is read from the content.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}
