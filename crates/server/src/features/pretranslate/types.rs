use serde::Serialize;
use utoipa::ToSchema;

use crate::http::views::translation::JobResponse;

/// The job after `POST /api/job/{id}/translate`, with what filled its segments.
#[derive(Debug, Serialize, ToSchema)]
pub struct TranslatedJob {
    #[serde(flatten)]
    pub job: JobResponse,
    pub from_memory: i64,
    pub from_mt: i64,
    pub flagged: i64,
}
