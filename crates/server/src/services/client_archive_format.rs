//! The client archive's format: one zip of flat entries, described by `manifest.json`. These
//! records name no owner: each table's owner turns its rows into them and back, and
//! [`crate::services::client_archive`] writes and reads the entries.
//!
//! - `manifest.json`: the format's name and version, when and by which Wordmark it was
//!   written, the client's name, counts, the sections and every other entry with its section,
//!   size and SHA-256.
//! - `client.json` (section `client`): the client's name and creation time, and the entries
//!   that hold the rest: `logo.svg`, one `project-NNNN.json` per translation project, the
//!   memory in `memory-NNNN.jsonl` pages, the rebranding projects in `rebranding.json`, the
//!   termbase in `terms.csv` (section `terminology`, since format 1.2; the termbase's own CSV
//!   export, every field of every entry).
//! - `project-NNNN.json` (section `translation`): a project with its status history and its
//!   jobs; each job names its original file (`project-NNNN-job-NNNNN.xliff`, the bytes as
//!   uploaded) and its segments (`….segments.jsonl`, one JSON object per line in file order,
//!   every stored column, with the segment's `revision`, history, review comments and thread
//!   resolution since format 1.1).
//!
//! A segment's history keeps when, what kind of actor (`user`, `review_link`, `system`), from
//! what and the text before and after; not which staff member or review link: accounts and
//! review links belong to one installation. A review comment keeps its author's name as the
//! text it was shown with, and an imported one names no link or account. Imported, a `user` change names no account (shown
//! as after the account's deletion) and a `review_link` change no link. Review links, their
//! drafts and tokens are never archived: a link works on the installation that made it only.
//!
//! Versions are `major.minor`. A newer minor version only adds sections or optional fields:
//! an importer reads what it knows. A section it does not know is skipped when the manifest
//! marks it `required: false` (the exporter does so only for data whose absence leaves the
//! rest of the client whole: the termbase) and refused when `required: true`.
//! A newer major version is refused as a whole.
//!
//! Enumerations are written as the database stores them (`"Translations_Corrected"`, `"mt"`),
//! so an archive reads like the tables it came from.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use wordmark_core::brand::model::RebrandingData;

use crate::db::entities::{
    translation_project::ProjectStatus,
    translation_segment::{SegmentMarkup, SegmentOrigin, SegmentStatus},
    translation_segment_change::{ActorKind, ChangeSource},
    translation_status_change::StatusChangeKind,
};

pub const FORMAT: &str = "wordmark-client-archive";
pub const MAJOR: u32 = 1;
/// 1: segments carry their `revision`, `history`, `comments` and `resolved_at` (optional: a
/// 1.0 archive has none of them). 2: the termbase (`terms.csv`; an older archive has none).
pub const MINOR: u32 = 2;

pub const MANIFEST: &str = "manifest.json";
pub const CLIENT: &str = "client.json";
pub const LOGO: &str = "logo.svg";
pub const REBRANDING: &str = "rebranding.json";
pub const TERMS: &str = "terms.csv";

/// The sections this version writes and reads; all but the termbase are required (a client
/// is whole without it, so an older importer may skip it).
pub const SECTION_CLIENT: &str = "client";
pub const SECTION_TRANSLATION: &str = "translation";
pub const SECTION_MEMORY: &str = "memory";
pub const SECTION_REBRANDING: &str = "rebranding";
pub const SECTION_TERMINOLOGY: &str = "terminology";
pub const SECTIONS: [&str; 5] = [
    SECTION_CLIENT,
    SECTION_TRANSLATION,
    SECTION_MEMORY,
    SECTION_REBRANDING,
    SECTION_TERMINOLOGY,
];

pub fn project_entry(project: usize) -> String {
    format!("project-{project:04}.json")
}

pub fn original_entry(project: usize, job: usize) -> String {
    format!("project-{project:04}-job-{job:05}.xliff")
}

pub fn segments_entry(project: usize, job: usize) -> String {
    format!("project-{project:04}-job-{job:05}.segments.jsonl")
}

pub fn memory_entry(page: usize) -> String {
    format!("memory-{page:04}.jsonl")
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    /// `major.minor`.
    pub version: String,
    #[serde(with = "time::serde::rfc3339")]
    pub exported_at: OffsetDateTime,
    pub wordmark_version: String,
    pub client_name: String,
    pub counts: Counts,
    pub sections: Vec<Section>,
    /// Every entry of the archive but the manifest.
    pub entries: Vec<Entry>,
}

/// What the archive holds, for people reading the manifest and for the import's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Counts {
    pub projects: u64,
    pub jobs: u64,
    pub segments: u64,
    pub status_changes: u64,
    pub memory_entries: u64,
    pub rebranding_projects: u64,
    /// Termbase entries (none in archives before 1.2).
    #[serde(default)]
    pub terms: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Section {
    pub name: String,
    /// Whether an importer that does not know the section must refuse the archive.
    pub required: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    pub path: String,
    pub section: String,
    pub bytes: u64,
    /// Lower-case hex.
    pub sha256: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ClientRecord {
    pub name: String,
    #[serde(with = "time::serde::rfc3339")]
    pub date_created: OffsetDateTime,
    /// The logo's entry (sanitised SVG), if the client has one.
    pub logo: Option<String>,
    /// The projects' entries, oldest first.
    pub projects: Vec<String>,
    /// The memory's pages.
    pub memory: Vec<String>,
    pub rebranding: String,
    /// The termbase's entry, when the client has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ProjectRecord {
    pub name: String,
    #[serde(with = "db_value")]
    pub status: ProjectStatus,
    pub target_lang: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub date_created: OffsetDateTime,
    /// Oldest first.
    pub history: Vec<ChangeRecord>,
    /// In upload order.
    pub jobs: Vec<JobRecord>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ChangeRecord {
    #[serde(with = "db_value")]
    pub from: ProjectStatus,
    #[serde(with = "db_value")]
    pub to: ProjectStatus,
    #[serde(with = "db_value")]
    pub kind: StatusChangeKind,
    /// Made by a person (rather than the pre-translation worker). Who is not kept.
    pub by_user: bool,
    #[serde(with = "time::serde::rfc3339")]
    pub changed_at: OffsetDateTime,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct JobRecord {
    pub file_name: String,
    pub wpml_id: Option<String>,
    pub post_type: Option<String>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub xliff_version: String,
    /// The fingerprint the job's review workbooks carry (kept, so workbooks sent out before
    /// the move can still be imported).
    pub checksum: String,
    /// The WordPress shortcodes its file lists, comma-separated (`None`: the generic rule, for
    /// a file without a list or a job stored before the lists were kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortcodes: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub date_created: OffsetDateTime,
    pub original: String,
    pub segments: String,
    pub segment_count: u64,
}

/// One line of a `segments.jsonl` entry: every column of the segment but its ids.
#[derive(Debug, Serialize, Deserialize)]
pub struct SegmentRecord {
    pub position: i32,
    pub unit_key: String,
    pub unit_id: Option<String>,
    pub resname: Option<String>,
    pub translatable: bool,
    #[serde(with = "db_value")]
    pub markup: SegmentMarkup,
    pub source: String,
    pub target: Option<String>,
    pub mt_target: Option<String>,
    #[serde(with = "db_value")]
    pub origin: SegmentOrigin,
    #[serde(with = "db_value")]
    pub status: SegmentStatus,
    /// The stored JSON text, as stored.
    pub qa_flags: String,
    pub comment: Option<String>,
    /// Since 1.1 (0 in a 1.0 archive).
    #[serde(default)]
    pub revision: i32,
    /// Since 1.1, oldest first (none in a 1.0 archive).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<SegmentChangeRecord>,
    /// Since 1.1, its review comments oldest first (none in a 1.0 archive).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<CommentRecord>,
    /// Since 1.1: when staff resolved its comment thread (`None`: open).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time::serde::rfc3339::option"
    )]
    pub resolved_at: Option<OffsetDateTime>,
}

/// A review comment: its author by the name shown when it was written (see the module's doc).
#[derive(Debug, Serialize, Deserialize)]
pub struct CommentRecord {
    pub author_name: String,
    pub body: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

/// One change of a segment's target. Who made it is not kept (see the module's doc).
#[derive(Debug, Serialize, Deserialize)]
pub struct SegmentChangeRecord {
    #[serde(with = "time::serde::rfc3339")]
    pub changed_at: OffsetDateTime,
    #[serde(with = "db_value")]
    pub actor_kind: ActorKind,
    #[serde(with = "db_value")]
    pub source: ChangeSource,
    pub previous_target: Option<String>,
    pub new_target: Option<String>,
}

/// One line of a `memory-NNNN.jsonl` entry.
#[derive(Debug, Serialize, Deserialize)]
pub struct MemoryRecord {
    pub source_lang: String,
    pub target_lang: String,
    #[serde(with = "db_value")]
    pub markup: SegmentMarkup,
    pub source: String,
    pub resname: Option<String>,
    pub target: String,
    #[serde(with = "db_value")]
    pub origin: SegmentOrigin,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RebrandingRecord {
    #[serde(with = "time::serde::rfc3339")]
    pub date_created: OffsetDateTime,
    pub data: RebrandingData,
}

/// An enumeration as its database value.
mod db_value {
    use sea_orm::ActiveEnum;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<T: ActiveEnum<Value = String>, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&value.to_value())
    }

    pub fn deserialize<'de, T: ActiveEnum<Value = String>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        let value = String::deserialize(deserializer)?;
        T::try_from_value(&value)
            .map_err(|_| D::Error::custom(format!("unknown value \"{value}\"")))
    }
}

/// `"1.0"` → `(1, 0)`.
pub fn parse_version(version: &str) -> Option<(u32, u32)> {
    let (major, minor) = version.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerations_are_written_as_stored() {
        let record = ChangeRecord {
            from: ProjectStatus::TranslationsCorrected,
            to: ProjectStatus::Completed,
            kind: StatusChangeKind::Workflow,
            by_user: true,
            changed_at: OffsetDateTime::UNIX_EPOCH,
        };
        let json = serde_json::to_string(&record).unwrap();
        assert!(
            json.contains(r#""from":"Translations_Corrected""#),
            "{json}"
        );
        assert!(json.contains(r#""kind":"workflow""#), "{json}");
        let back: ChangeRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back.from, ProjectStatus::TranslationsCorrected);
        let unknown = json.replace("workflow", "robot");
        let err = serde_json::from_str::<ChangeRecord>(&unknown).unwrap_err();
        assert!(err.to_string().contains("unknown value \"robot\""), "{err}");
    }

    #[test]
    fn a_segment_line_of_a_1_0_archive_has_revision_0_and_no_history() {
        let line = r#"{"position":0,"unit_key":"u1","unit_id":null,"resname":null,
            "translatable":true,"markup":"xliff","source":"Hallo","target":null,
            "mt_target":null,"origin":"none","status":"new","qa_flags":"[]",
            "comment":null}"#;
        let record: SegmentRecord = serde_json::from_str(line).unwrap();
        assert_eq!(record.revision, 0);
        assert!(record.history.is_empty() && record.comments.is_empty());
        assert_eq!(record.resolved_at, None);
    }

    #[test]
    fn versions_are_major_dot_minor() {
        assert_eq!(parse_version("1.0"), Some((1, 0)));
        assert_eq!(parse_version("2.13"), Some((2, 13)));
        assert_eq!(parse_version("1"), None);
        assert_eq!(parse_version("one.two"), None);
    }
}
