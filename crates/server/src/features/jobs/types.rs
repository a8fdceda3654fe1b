//! Request and response types of `/api/job...` (the translation contract's Job and Segment).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wordmark_core::field::{self, Field};

use crate::services::translation::{Project, Segment, SegmentMarkup, SegmentOrigin, SegmentStatus};

use crate::{
    http::views::translation::JobResponse,
    services::translation::edits::{SegmentEdit, StaleEdit},
    services::translation::qa_acks::Acknowledgement,
    services::translation::qa_flags::{self, QaFlag},
};

/// The project a job belongs to, as `GET /api/job/{id}` names it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectRef {
    pub id: i32,
    pub name: String,
}

impl From<Project> for ProjectRef {
    fn from(project: Project) -> Self {
        Self {
            id: project.id,
            name: project.name,
        }
    }
}

/// A job with its project and its segments in file order.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobDetail {
    #[serde(flatten)]
    pub job: JobResponse,
    pub project: ProjectRef,
    /// The shortcodes its file lists (WPML's registered names, sorted): only these `[name]`s are
    /// tags in `html` segments, matched case-sensitively as WordPress does. `null` when the
    /// file lists none: then any `[name]` that looks like a shortcode is one.
    pub shortcodes: Option<Vec<String>>,
    pub segments: Vec<SegmentResponse>,
    /// The client's termbase entries whose source term occurs in the job's sources (found
    /// with the termbase's index), for the job page to underline with their targets.
    pub terms: Vec<JobTerm>,
    /// After `PUT`: the segments this request changed that have a customer's draft in an open
    /// review link (the save happened; the draft is now stale and the customer's next save or
    /// submit of it is refused). Empty for `GET`.
    pub review_conflicts: Vec<i64>,
}

/// A termbase entry found in a job.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobTerm {
    pub source: String,
    /// The target variants, the preferred first (none for `do_not_translate`).
    pub targets: Vec<String>,
    /// `preferred`, `forbidden` or `do_not_translate`.
    pub kind: String,
    pub case_sensitive: bool,
}

/// One translatable unit of a job.
#[derive(Debug, Serialize, ToSchema)]
pub struct SegmentResponse {
    #[schema(value_type = i64)]
    pub id: i64,
    /// 0-based order in the file.
    pub position: i32,
    /// Stable key of the unit within its file.
    pub unit_key: String,
    pub unit_id: Option<String>,
    pub resname: Option<String>,
    /// What the unit is on the page (title, body, SEO description, custom field, …) and its
    /// label, from WPML's `id` and `resname`; other tools' units are labelled with their id.
    pub field: Field,
    /// False for `translate="no"` units, which keep their target.
    pub translatable: bool,
    /// How to read the inline markup of `source` and the targets.
    pub markup: SegmentMarkup,
    pub source: String,
    pub target: Option<String>,
    /// What machine translation proposed.
    pub mt_target: Option<String>,
    pub origin: SegmentOrigin,
    pub status: SegmentStatus,
    pub qa_flags: Vec<QaFlag>,
    /// The customer's comment from the review workbook.
    pub comment: Option<String>,
    /// Incremented by every write of the target.
    pub revision: i32,
    /// The draft of an open review link when it differs from the target (staff see both).
    pub review_draft: Option<String>,
    /// The warnings of `qa_flags` someone acknowledged (kept the text after checking), by kind
    /// and message; a warning not among them is open, and delivery waits for it.
    pub qa_acknowledged: Vec<QaAcknowledgement>,
}

/// A QA warning acknowledged: which, by whom, when.
#[derive(Debug, Serialize, ToSchema)]
pub struct QaAcknowledgement {
    pub kind: String,
    pub message: String,
    /// The username (`null` once the account is deleted).
    pub by: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: time::OffsetDateTime,
}

impl From<Acknowledgement> for QaAcknowledgement {
    fn from(ack: Acknowledgement) -> Self {
        Self {
            kind: ack.kind,
            message: ack.message,
            by: ack.by,
            at: ack.at,
        }
    }
}

/// `POST /api/job/{id}/segments/{segment_id}/qa/acknowledge`: the warning, as `qa_flags` name it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct QaAcknowledge {
    pub kind: String,
    pub message: String,
}

impl From<Segment> for SegmentResponse {
    fn from(segment: Segment) -> Self {
        Self {
            qa_flags: qa_flags::decode(&segment.qa_flags),
            field: field::describe(
                segment.unit_id.as_deref(),
                segment.resname.as_deref(),
                &segment.unit_key,
            ),
            id: segment.id,
            position: segment.position,
            unit_key: segment.unit_key,
            unit_id: segment.unit_id,
            resname: segment.resname,
            translatable: segment.translatable,
            markup: segment.markup,
            source: segment.source,
            target: segment.target,
            mt_target: segment.mt_target,
            origin: segment.origin,
            status: segment.status,
            comment: segment.comment,
            revision: segment.revision,
            review_draft: None,
            qa_acknowledged: Vec::new(),
        }
    }
}

/// `PUT /api/job/{id}`: the job object as the app holds it. Fields left out keep their value;
/// other fields of the job (id, counts, …) are read-only and ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct JobUpdate {
    /// Non-empty; unique within the project (it names the file in the downloads).
    pub file_name: Option<String>,
    pub post_type: Option<String>,
    /// Normalised to WPML's form; `""` clears it.
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// Edited targets, each with the `revision` of the segment it was made on: when any segment
    /// was saved since, nothing is saved (409 with both texts of each). Each is QA-checked: a
    /// target whose markup does not match its source's refuses the whole request (422 naming
    /// the unit); accepted ones are saved with origin
    /// `editor` and status `reviewed`, their QA warnings as `qa_flags`; an empty target
    /// removes the target (origin `none`, status `new`).
    #[serde(default)]
    pub segments: Vec<SegmentEdit>,
}

/// A 409 of `PUT /api/job/{id}`: why, and for edits made on an older revision each segment
/// with the text that was not saved and the one it holds now (absent for other conflicts).
/// Only the OpenAPI document uses this type (`ApiError::ConflictWith` writes the body).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct EditConflict {
    pub message: String,
    pub conflicts: Option<Vec<StaleEdit>>,
}

/// The multipart form of `POST /api/job` and `POST /api/translation/{id}/job`. Only the
/// OpenAPI document uses this type (the handlers read the fields one by one).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct JobUpload {
    /// The project to add the job to (`POST /api/job` only; the other route has it in its path).
    pub project_id: Option<i32>,
    /// One XLIFF file (versions 1.0–1.2 and 2.x), whatever its name.
    #[schema(value_type = String, format = Binary)]
    pub job_files: Vec<u8>,
}

/// `PUT /api/job/{id}/segments/{segment_id}`: the editor's save of one segment.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SegmentSave {
    /// The target with its inline markup exactly as it is to be stored; blank removes it.
    pub target: String,
    /// The segment's `revision` the text was made on: 409 with both texts when it was saved
    /// since.
    pub base_revision: i32,
    /// True: the translator confirms it (status `reviewed`, what delivery counts; the memory
    /// learns it at once). False (the default): a draft, the editor's autosave (origin
    /// `editor`, status `translated`).
    #[serde(default)]
    pub confirm: bool,
}
