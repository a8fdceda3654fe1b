//! `segment_qa_acks`: the QA warnings acknowledged, by segment.

use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    sea_query::OnConflict,
};

use super::segments::IN_CHUNK;
use crate::db::entities::segment_qa_ack::{self, Column as A};

/// One warning of a segment acknowledged: which, by whom, when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ack {
    pub segment_id: i64,
    pub kind: String,
    pub message: String,
    /// `None` once the account is deleted.
    pub user_id: Option<i32>,
    pub acknowledged_at: OffsetDateTime,
}

impl From<segment_qa_ack::Model> for Ack {
    fn from(row: segment_qa_ack::Model) -> Self {
        Ack {
            segment_id: row.segment_id,
            kind: row.kind,
            message: row.message,
            user_id: row.user_id,
            acknowledged_at: row.acknowledged_at,
        }
    }
}

/// Records that `user_id` acknowledged the segment's warning `kind`/`message`; acknowledging it
/// again keeps the first acknowledgement.
pub async fn insert(
    db: &impl ConnectionTrait,
    segment_id: i64,
    kind: &str,
    message: &str,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let row = segment_qa_ack::ActiveModel {
        segment_id: Set(segment_id),
        kind: Set(kind.to_owned()),
        message: Set(message.to_owned()),
        user_id: Set(Some(user_id)),
        acknowledged_at: Set(now),
    };
    segment_qa_ack::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([A::SegmentId, A::Kind, A::Message])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// The acknowledgements of `segment_ids`, by segment, oldest first.
pub async fn of_segments(
    db: &impl ConnectionTrait,
    segment_ids: &[i64],
) -> Result<HashMap<i64, Vec<Ack>>, DbErr> {
    let mut found: HashMap<i64, Vec<Ack>> = HashMap::new();
    for chunk in segment_ids.chunks(IN_CHUNK) {
        let rows = segment_qa_ack::Entity::find()
            .filter(A::SegmentId.is_in(chunk.iter().copied()))
            .order_by_asc(A::AcknowledgedAt)
            .all(db)
            .await?;
        for row in rows {
            found.entry(row.segment_id).or_default().push(row.into());
        }
    }
    Ok(found)
}
