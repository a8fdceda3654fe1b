//! QA warnings acknowledged one by one: a translator (or staff) who checked a warning and keeps
//! the text says so, and delivery waits until every warning of the job is fixed (gone from the
//! segment's flags at its last save) or acknowledged. A warning is named by its kind and
//! message, as the flags hold it.

use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};

use super::{Segment, TranslationError, qa_flags, store};
use crate::services::accounts;

/// One acknowledged warning: which, by whom (`None` once their account is gone), when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acknowledgement {
    pub kind: String,
    pub message: String,
    pub by: Option<String>,
    pub at: OffsetDateTime,
}

/// The acknowledgements of `segment_ids`, by segment, with their authors' usernames.
pub async fn of_segments(
    db: &impl ConnectionTrait,
    segment_ids: &[i64],
) -> Result<HashMap<i64, Vec<Acknowledgement>>, DbErr> {
    let acks = store::qa_acks::of_segments(db, segment_ids).await?;
    let users = acks.values().flatten().filter_map(|ack| ack.user_id);
    let names = accounts::usernames(db, users).await?;
    Ok(acks
        .into_iter()
        .map(|(segment, rows)| {
            let rows = rows
                .into_iter()
                .map(|ack| Acknowledgement {
                    by: ack.user_id.and_then(|id| names.get(&id).cloned()),
                    kind: ack.kind,
                    message: ack.message,
                    at: ack.acknowledged_at,
                })
                .collect();
            (segment, rows)
        })
        .collect())
}

/// The acknowledgements of `acks` that name a warning the segment's flags (`qa_flags` as
/// stored) still hold: one of a warning fixed since counts for nothing and is not shown.
pub fn of_current(qa_flags_column: &str, acks: Vec<Acknowledgement>) -> Vec<Acknowledgement> {
    if acks.is_empty() {
        return acks;
    }
    let flags = qa_flags::decode(qa_flags_column);
    acks.into_iter()
        .filter(|ack| {
            flags
                .iter()
                .any(|flag| flag.kind == ack.kind && flag.message == ack.message)
        })
        .collect()
}

/// `user_id` acknowledges the warning `kind`/`message` of the job's segment: 404 for a segment
/// not of the job, 422 when its target has no such warning (fixed meanwhile). Answers the
/// segment.
pub async fn acknowledge(
    db: &DatabaseConnection,
    job_id: i32,
    segment_id: i64,
    kind: &str,
    message: &str,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<Segment, TranslationError> {
    let txn = crate::db::begin_write(db).await?;
    let segment = store::segments::find_in_job(&txn, job_id, segment_id)
        .await?
        .ok_or(TranslationError::SegmentNotFound)?;
    let flagged = qa_flags::decode(&segment.qa_flags)
        .iter()
        .any(|flag| flag.kind == kind && flag.message == message);
    if !flagged {
        return Err(TranslationError::NoSuchWarning);
    }
    store::qa_acks::insert(&txn, segment_id, kind, message, user_id, now).await?;
    txn.commit().await?;
    Ok(segment)
}

/// How many warnings of the job's segments are neither fixed nor acknowledged.
pub async fn open_warnings(db: &impl ConnectionTrait, job_id: i32) -> Result<u64, DbErr> {
    let flagged = store::segments::flagged_of_job(db, job_id).await?;
    let ids: Vec<i64> = flagged.iter().map(|(id, _)| *id).collect();
    let acks = store::qa_acks::of_segments(db, &ids).await?;
    let mut open = 0;
    for (id, column) in &flagged {
        let acked = acks.get(id).map(Vec::as_slice).unwrap_or_default();
        let unacked = qa_flags::decode(column)
            .into_iter()
            .filter(|flag| {
                !acked
                    .iter()
                    .any(|ack| ack.kind == flag.kind && ack.message == flag.message)
            })
            .count();
        open += unacked as u64;
    }
    Ok(open)
}
