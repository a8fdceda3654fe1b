//! The segments still without a target: what pre-translation works on, and the condition the
//! other reads of segments share.

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter,
    QueryOrder, QuerySelect,
};

use super::segments::IN_CHUNK;
use crate::db::entities::translation_segment::{self, Column as S, SegmentMarkup};

/// A segment still needs a target: translatable and without one.
pub(super) fn untranslated() -> Condition {
    Condition::all().add(S::Translatable.eq(true)).add(
        Condition::any()
            .add(S::Target.is_null())
            .add(S::Target.eq("")),
    )
}

/// A segment without a target, as pre-translation works on it.
#[derive(Debug, Clone, FromQueryResult)]
pub struct Untranslated {
    pub id: i64,
    pub job_id: i32,
    pub source: String,
    pub markup: SegmentMarkup,
    pub resname: Option<String>,
}

/// The untranslated segments of `job_ids`, by job and then file order.
pub async fn untranslated_of_jobs(
    db: &impl ConnectionTrait,
    job_ids: &[i32],
) -> Result<Vec<Untranslated>, DbErr> {
    let mut found = Vec::new();
    for chunk in job_ids.chunks(IN_CHUNK) {
        let rows: Vec<Untranslated> = translation_segment::Entity::find()
            .select_only()
            .columns([S::Id, S::JobId, S::Source, S::Markup, S::Resname])
            .filter(S::JobId.is_in(chunk.iter().copied()))
            .filter(untranslated())
            .order_by_asc(S::JobId)
            .order_by_asc(S::Position)
            .into_model()
            .all(db)
            .await?;
        found.extend(rows);
    }
    Ok(found)
}
