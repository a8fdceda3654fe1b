use serde::Serialize;
use utoipa::ToSchema;

use crate::{http::views::translation::JobResponse, services::pretranslate::LineKind};

/// `idle`: no run yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStateView {
    Idle,
    Running,
    Done,
    Failed,
}

/// One job's status line.
#[derive(Debug, Serialize, ToSchema)]
pub struct RunLine {
    pub job_id: i32,
    pub file_name: String,
    pub kind: LineKind,
    /// 'Successfully translated {file}' or 'Errors encountered while translating {file}: {message}'
    pub message: String,
}

/// A project's pre-translation: where the run stands, one line per finished job, and the
/// characters still to translate (the cost estimate before starting).
#[derive(Debug, Serialize, ToSchema)]
pub struct RunStatus {
    pub state: RunStateView,
    /// The provider (`deepl`, `pseudo`, …): the run's, or the configured one before any run.
    pub provider: String,
    /// Pseudo-translation: a dry run, never a real translation.
    pub pseudo: bool,
    pub jobs_total: i64,
    pub jobs_done: i64,
    pub segments_total: i64,
    pub segments_done: i64,
    pub from_memory: i64,
    pub from_mt: i64,
    /// Segments whose markup machine translation damaged: the source was kept, for review.
    pub flagged: i64,
    /// Machine translations the client's termbase warned about (a term, a forbidden term, a
    /// do-not-translate term changed): the job page shows which.
    pub term_warnings: i64,
    /// Characters of source text (without markup) of the segments without a target.
    pub characters_pending: i64,
    pub lines: Vec<RunLine>,
    /// Why the run stopped (the provider's message), when it failed.
    pub error: Option<String>,
    /// What the run wants its user to know without having failed: a glossary the provider
    /// refused to make from the client's termbase.
    pub notices: Vec<String>,
}

/// The job after `POST /api/job/{id}/translate`, with what filled its segments.
#[derive(Debug, Serialize, ToSchema)]
pub struct TranslatedJob {
    #[serde(flatten)]
    pub job: JobResponse,
    pub from_memory: i64,
    pub from_mt: i64,
    pub flagged: i64,
}
