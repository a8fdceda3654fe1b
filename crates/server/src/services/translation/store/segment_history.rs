//! A segment's history as this service answers it: the rows of `translation_segment_changes`
//! that [`super::segments`] writes with every change of a target, read back oldest first.

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use time::OffsetDateTime;

use crate::db::entities::translation_segment_change::{self, ActorKind, ChangeSource};

/// One change of a segment's target as this service answers it: when, who (a staff member's
/// id, a review link's id, or neither for the system), from what, and the text before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentChange {
    pub id: i64,
    pub changed_at: OffsetDateTime,
    pub actor_kind: ActorKind,
    /// `None` once the account is deleted, and for the other kinds of actor.
    pub user_id: Option<i32>,
    pub link_id: Option<i32>,
    pub source: ChangeSource,
    pub previous_target: Option<String>,
    pub new_target: Option<String>,
}

impl From<translation_segment_change::Model> for SegmentChange {
    fn from(row: translation_segment_change::Model) -> Self {
        Self {
            id: row.id,
            changed_at: row.changed_at,
            actor_kind: row.actor_kind,
            user_id: row.user_id,
            link_id: row.link_id,
            source: row.source,
            previous_target: row.previous_target,
            new_target: row.new_target,
        }
    }
}

/// A segment's history, oldest first.
pub async fn history(
    db: &impl ConnectionTrait,
    segment_id: i64,
) -> Result<Vec<SegmentChange>, DbErr> {
    Ok(translation_segment_change::Entity::find()
        .filter(translation_segment_change::Column::SegmentId.eq(segment_id))
        .order_by_asc(translation_segment_change::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(SegmentChange::from)
        .collect())
}
