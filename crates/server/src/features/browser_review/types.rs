//! Request and response types of the review links: the staff's (`/api/translation/{id}/…`,
//! `/api/job/{id}/segments/{segment_id}/history`) and the customer's (`/api/review/{token}/…`).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use wordmark_core::field::Field;

use crate::services::translation::{ActorKind, ChangeSource, SegmentMarkup, qa_flags::QaFlag};
pub use crate::services::{
    browser_review::{customer::ReviewJobSummary, links::ReviewLinkState, threads::ThreadFilter},
    reviews::submit::{RefusedDraft, ReviewSubmitted},
};

/// `POST /api/translation/{id}/review-links`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReviewLinkCreate {
    /// 1–90; 14 when left out.
    pub expires_in_days: Option<i64>,
    /// Shown to the customer on the start page (at most 4,000 characters).
    pub note: Option<String>,
    pub reviewer_name: Option<String>,
    /// Must be an e-mail address when given.
    pub reviewer_email: Option<String>,
}

/// A new link: its token in the clear, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewLinkCreated {
    pub link: ReviewLink,
    pub token: String,
    /// `/review/<token>`: the page the customer opens.
    pub path: String,
    /// Whether a mail with the link is on its way to the reviewer: with SMTP configured and a
    /// reviewer's address, it is queued with the link and sent in the background (retried
    /// while the mail server refuses it).
    pub mail_queued: bool,
}

/// The caller's personal review link: its token, shown in this answer only.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonalReview {
    pub token: String,
    /// `/review/<token>`: the review's page (it needs the caller's session too).
    pub path: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: OffsetDateTime,
    /// Submitted already: the review shows what was sent and changes nothing.
    pub read_only: bool,
}

/// A review link as staff see it (never its token).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewLink {
    pub id: i32,
    pub state: ReviewLinkState,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// The username of who created it; `null` once that account is deleted.
    pub created_by: Option<String>,
    /// A customer's own link, opened signed in from the portal (`created_by` is the customer).
    pub personal: bool,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub revoked_at: Option<OffsetDateTime>,
    pub note: Option<String>,
    pub reviewer_name: Option<String>,
    pub reviewer_email: Option<String>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub first_opened_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_opened_at: Option<OffsetDateTime>,
    /// Segments with a draft or an approval through this link.
    pub segments_reviewed: u64,
    /// This link's comments on segments whose thread is not resolved.
    pub comments_open: u64,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub submitted_at: Option<OffsetDateTime>,
}

/// `POST …/review-links/{link_id}/extend`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReviewLinkExtend {
    /// 1–90: the new expiry is now plus this many days.
    pub days: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentsQuery {
    /// `open`, `resolved` or `all` (the default).
    pub state: Option<ThreadFilter>,
}

/// Who wrote a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CommentAuthorKind {
    Reviewer,
    Staff,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewComment {
    pub id: i64,
    pub author_kind: CommentAuthorKind,
    pub author_name: String,
    pub body: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
}

/// A segment's comments, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct CommentThread {
    pub segment_id: i64,
    pub job_id: i32,
    pub file_name: String,
    pub unit_key: String,
    pub source: String,
    pub target: Option<String>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub resolved_at: Option<OffsetDateTime>,
    pub comments: Vec<ReviewComment>,
}

/// `POST /api/translation/{id}/comments`: a staff reply.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffCommentCreate {
    pub segment_id: i64,
    /// 1–4,000 characters.
    pub body: String,
}

/// `POST /api/translation/{id}/comments/{segment_id}/resolve`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ThreadResolve {
    pub resolved: bool,
}

/// One change of a segment's target.
#[derive(Debug, Serialize, ToSchema)]
pub struct SegmentChange {
    pub id: i64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub changed_at: OffsetDateTime,
    pub actor_kind: ActorKind,
    /// The username, or the reviewer's name (else `Review link #id`); `null` for the system
    /// and deleted accounts.
    pub actor_name: Option<String>,
    pub source: ChangeSource,
    pub previous_target: Option<String>,
    pub new_target: Option<String>,
}

/// `GET /api/review/{token}`: the start page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewStart {
    pub project_name: String,
    pub client_name: Option<String>,
    pub has_logo: bool,
    /// `WORDMARK_AGENCY_NAME`.
    pub agency_name: String,
    pub note: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub submitted_at: Option<OffsetDateTime>,
    /// Submitted: nothing can be changed any more.
    pub read_only: bool,
    pub reviewer_name: Option<String>,
    pub jobs: Vec<ReviewJobSummary>,
}

/// `GET /api/review/{token}/jobs/{job_id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewJob {
    pub id: i32,
    pub file_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// As in the job API: `null` for the generic shortcode rule.
    pub shortcodes: Option<Vec<String>>,
    pub segments: Vec<ReviewSegment>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSegment {
    pub id: i64,
    pub position: i32,
    pub unit_key: String,
    pub resname: Option<String>,
    /// What the unit is on the page and its label (as in the job API).
    pub field: Field,
    pub translatable: bool,
    pub markup: SegmentMarkup,
    pub source: String,
    pub mt_target: Option<String>,
    /// The current saved target.
    pub target: Option<String>,
    /// This link's draft; `null` if none.
    pub draft: Option<String>,
    /// What the next save of this segment sends as `base_revision`.
    pub revision: i32,
    pub approved: bool,
    /// QA of the draft, or else of the target (an `error` kind for markup that does not match).
    pub qa_warnings: Vec<QaFlag>,
    pub comments: Vec<ReviewComment>,
}

/// `PUT /api/review/{token}/segments/{segment_id}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DraftSave {
    pub text: String,
    /// The `revision` the text was made on.
    pub base_revision: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DraftSaved {
    pub draft: String,
    pub revision: i32,
    pub qa_warnings: Vec<QaFlag>,
}

/// 409 of a draft save made on an older revision: what the segment holds now.
#[derive(Debug, Serialize, ToSchema)]
pub struct DraftConflict {
    pub message: String,
    pub current_text: Option<String>,
    pub current_revision: i32,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveBody {
    pub approved: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CommentCreate {
    /// 1–4,000 characters.
    pub body: String,
}
