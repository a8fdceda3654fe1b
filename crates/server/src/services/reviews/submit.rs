//! Submitting a review: the link's drafts go through the XLSX import's decision
//! (`corrections::decide`) and apply path (`corrections::apply`, `corrections::finish`), all in
//! one transaction, so both ways of reviewing lead to the same targets, memory and status.

use std::collections::HashMap;

use sea_orm::{DatabaseTransaction, DbErr};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::{
    memory::Confirmed,
    reviews::{self, Draft, Link},
    translation::{
        self, ChangeSource,
        corrections::{self, Decision},
        segments::{Author, SegmentUpdate},
    },
};

/// Why a draft made before the agency's last change of the segment is not taken.
const STALE: &str = "the agency changed this segment after your edit; please check the current text and save your change again";

/// `POST /api/review/{token}/submit`.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct ReviewSubmitted {
    /// Drafts written as the new targets.
    pub applied: u64,
    /// Drafts equal to the target.
    pub unchanged: u64,
    pub approved: u64,
    /// This link's comments.
    pub comments: u64,
    /// Drafts not taken (kept as drafts to fix).
    pub refused: Vec<RefusedDraft>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefusedDraft {
    pub segment_id: i64,
    pub job_id: i32,
    pub file_name: String,
    pub unit_key: String,
    pub reason: String,
}

/// One job's corrections from one source (a review, or a revert to the machine text).
#[derive(Default)]
struct Corrections {
    updates: Vec<SegmentUpdate>,
    confirmed: Vec<Confirmed>,
}

/// Applies the link's drafts in the caller's write transaction `txn` (which commits them with
/// whatever else the submission does); refused ones stay drafts. Without refusals the link is
/// marked submitted at `now` (read-only from then on).
pub async fn run(
    txn: &DatabaseTransaction,
    link: &Link,
    now: OffsetDateTime,
) -> Result<ReviewSubmitted, DbErr> {
    let drafts = reviews::drafts_of_link(txn, link.id).await?;
    let mut result = ReviewSubmitted {
        approved: drafts.iter().filter(|d| d.approved).count() as u64,
        comments: reviews::comment_count(txn, link.id).await?,
        ..Default::default()
    };
    let texts: HashMap<i64, Draft> = drafts
        .into_iter()
        .filter(|d| d.text.is_some())
        .map(|d| (d.segment_id, d))
        .collect();
    let mut done = Vec::new();
    for job in translation::jobs::of_project(txn, link.project_id).await? {
        let segments = translation::segments::of_job(txn, job.id).await?;
        if !segments.iter().any(|s| texts.contains_key(&s.id)) {
            continue;
        }
        let shortcodes = translation::jobs::shortcodes(txn, &[job.id]).await?;
        let terms = translation::job_terms(txn, job.id).await?;
        let (mut review, mut reverts) = (Corrections::default(), Corrections::default());
        for segment in segments {
            let Some(draft) = texts.get(&segment.id) else {
                continue;
            };
            let text = draft.text.as_deref().unwrap_or_default();
            let decision = if draft.base_revision != segment.revision {
                Decision::Refused(STALE.into())
            } else {
                corrections::decide(&segment, text, shortcodes.of(job.id), terms.as_ref())
            };
            match decision {
                Decision::Unchanged => {
                    result.unchanged += 1;
                    done.push(draft.id);
                }
                Decision::Refused(reason) => result.refused.push(RefusedDraft {
                    segment_id: segment.id,
                    job_id: job.id,
                    file_name: job.file_name.clone(),
                    unit_key: segment.unit_key.clone(),
                    reason,
                }),
                Decision::Taken {
                    target, confirmed, ..
                } => {
                    let group = if segment.mt_target.as_deref() == Some(text) {
                        &mut reverts
                    } else {
                        &mut review
                    };
                    group.updates.push(SegmentUpdate {
                        segment_id: segment.id,
                        target: Some(target),
                        comment: None,
                    });
                    group.confirmed.extend(confirmed);
                    result.applied += 1;
                    done.push(draft.id);
                }
            }
        }
        let author = Author::ReviewLink(link.id);
        for (source, group) in [
            (ChangeSource::Review, review),
            (ChangeSource::Revert, reverts),
        ] {
            if !group.updates.is_empty() {
                corrections::apply(
                    txn,
                    (author, source),
                    job.id,
                    &group.updates,
                    &group.confirmed,
                    now,
                )
                .await?;
            }
        }
    }
    reviews::clear_draft_texts(txn, &done).await?;
    corrections::finish(txn, link.project_id, None, now).await?;
    if result.refused.is_empty() {
        let mut submitted = link.clone();
        submitted.submitted_at = Some(now);
        reviews::save_link(txn, submitted).await?;
    }
    Ok(result)
}
