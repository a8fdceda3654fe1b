//! The `translation_segments` table but its inserts ([`super::bulk`]): what the job view,
//! pre-translation and the exports read, and the three ways targets change afterwards (edits,
//! machine fills, the customer's corrections). Origin and status always come from
//! [`segment_state::after`].

use sea_orm::{
    ActiveEnum,
    ActiveValue::Set,
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter,
    QueryOrder, QuerySelect,
    sea_query::{CaseStatement, Expr},
};

use crate::{
    db::entities::translation_segment::{self, Column as S, SegmentMarkup, SegmentOrigin},
    features::translation::segment_state::{self, Change, SegmentState},
};

/// SQL `IN` lists stay below every backend's parameter limit.
pub(super) const IN_CHUNK: usize = 500;

/// The job's segments in file order.
pub async fn of_job(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<Vec<translation_segment::Model>, DbErr> {
    translation_segment::Entity::find()
        .filter(S::JobId.eq(job_id))
        .order_by_asc(S::Position)
        .all(db)
        .await
}

/// One segment of the job, if it is one of its.
pub async fn find(
    db: &impl ConnectionTrait,
    job_id: i32,
    segment_id: i64,
) -> Result<Option<translation_segment::Model>, DbErr> {
    translation_segment::Entity::find_by_id(segment_id)
        .filter(S::JobId.eq(job_id))
        .one(db)
        .await
}

/// What a review workbook shows of a segment: only these columns are read, so the export
/// does not decode the stored MT target, QA flags and comments of every segment.
#[derive(Debug, FromQueryResult)]
pub struct ExportSegment {
    pub job_id: i32,
    pub unit_key: String,
    pub unit_id: Option<String>,
    pub resname: Option<String>,
    pub translatable: bool,
    pub markup: SegmentMarkup,
    pub source: String,
    pub target: Option<String>,
    pub origin: SegmentOrigin,
}

/// [`ExportSegment`]s of the segments of `job_ids` (a batch of a project's jobs: the exports
/// read a project batch by batch, never whole), by job and then file order.
pub async fn export_segments(
    db: &impl ConnectionTrait,
    job_ids: &[i32],
) -> Result<Vec<ExportSegment>, DbErr> {
    translation_segment::Entity::find()
        .select_only()
        .columns([
            S::JobId,
            S::UnitKey,
            S::UnitId,
            S::Resname,
            S::Translatable,
            S::Markup,
            S::Source,
            S::Target,
            S::Origin,
        ])
        .filter(S::JobId.is_in(job_ids.iter().copied()))
        .order_by_asc(S::JobId)
        .order_by_asc(S::Position)
        .into_model()
        .all(db)
        .await
}

/// A stored target to write into its job's XLIFF file.
#[derive(Debug, FromQueryResult)]
pub struct StoredTarget {
    pub job_id: i32,
    pub unit_key: String,
    pub target: String,
}

/// The segments of `job_ids` (a batch of a project's jobs) that have a target; the units
/// without one keep the file's own. Only these three columns are read, not the sources and
/// everything else of every segment.
pub async fn stored_targets(
    db: &impl ConnectionTrait,
    job_ids: &[i32],
) -> Result<Vec<StoredTarget>, DbErr> {
    translation_segment::Entity::find()
        .select_only()
        .columns([S::JobId, S::UnitKey, S::Target])
        .filter(S::JobId.is_in(job_ids.iter().copied()))
        .filter(S::Target.is_not_null())
        .into_model()
        .all(db)
        .await
}

/// A correction taken from a workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentUpdate {
    pub segment_id: i64,
    /// The new target and its QA verdict; `None` when only the comment changed.
    pub target: Option<NewTarget>,
    /// The new comment; `None` keeps the stored one.
    pub comment: Option<String>,
}

/// A segment's new target and what made it (which decides origin and status).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTarget {
    /// `None` removes the target (emptied in the job view or the workbook).
    pub text: Option<String>,
    pub change: Change,
    /// JSON array of `{kind, message}`.
    pub qa_flags: String,
}

impl NewTarget {
    /// The origin and status the segment gets.
    pub fn state(&self) -> SegmentState {
        segment_state::after(self.change)
    }
}

/// Writes the corrections (call inside the import's transaction).
pub async fn apply_corrections(
    db: &impl ConnectionTrait,
    updates: &[SegmentUpdate],
) -> Result<(), DbErr> {
    for update in updates {
        let mut active = translation_segment::ActiveModel {
            id: Set(update.segment_id),
            ..Default::default()
        };
        if let Some(target) = &update.target {
            let state = target.state();
            active.target = Set(target.text.clone());
            active.origin = Set(state.origin);
            active.status = Set(state.status);
            active.qa_flags = Set(target.qa_flags.clone());
        }
        if let Some(comment) = &update.comment {
            active.comment = Set(Some(comment.clone()));
        }
        translation_segment::Entity::update(active).exec(db).await?;
    }
    Ok(())
}

/// What an edit needs of a segment: id, key, source and markup of every segment of the job.
pub async fn editable(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<Vec<(i64, String, String, SegmentMarkup)>, DbErr> {
    translation_segment::Entity::find()
        .select_only()
        .columns([S::Id, S::UnitKey, S::Source, S::Markup])
        .filter(S::JobId.eq(job_id))
        .into_tuple()
        .all(db)
        .await
}

/// Writes edited targets from the job view, one statement per segment (call inside the
/// edit's transaction).
pub async fn write_edits(
    db: &impl ConnectionTrait,
    edits: &[(i64, NewTarget)],
) -> Result<(), DbErr> {
    for (segment_id, target) in edits {
        let state = target.state();
        translation_segment::Entity::update_many()
            .col_expr(S::Target, Expr::value(target.text.clone()))
            .col_expr(S::Origin, Expr::value(state.origin.to_value()))
            .col_expr(S::Status, Expr::value(state.status.to_value()))
            .col_expr(S::QaFlags, Expr::value(target.qa_flags.clone()))
            .filter(S::Id.eq(*segment_id))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// A segment still needs a target: translatable and without one.
fn untranslated() -> Condition {
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

/// A target pre-translation found for a segment without one.
#[derive(Debug, Clone)]
pub struct Fill {
    pub segment_id: i64,
    pub target: String,
    /// Memory, machine translation, or the source kept.
    pub change: Change,
    /// JSON array of `{kind, message}`.
    pub qa_flags: String,
}

impl Fill {
    /// Machine translation's proposal is also kept as the segment's `mt_target`.
    fn is_machine_translation(&self) -> bool {
        matches!(self.change, Change::MachineTranslated { .. })
    }
}

/// Segments per UPDATE: a few hundred bound values, far below every backend's limit.
const FILL_CHUNK: usize = 100;

/// Writes fills, only into segments that still have no target, with one UPDATE per group of
/// segments that share what made them and their flags (one per job in the usual case): each
/// segment's own target goes through a `CASE` on its id. Per-segment statements made the
/// writer the bottleneck of large runs.
pub async fn write_fills(db: &impl ConnectionTrait, fills: &[Fill]) -> Result<(), DbErr> {
    let mut groups: Vec<Vec<&Fill>> = Vec::new();
    for fill in fills {
        let shares = |other: &&Fill| other.change == fill.change && other.qa_flags == fill.qa_flags;
        match groups
            .iter_mut()
            .find(|group| group.first().is_some_and(shares))
        {
            Some(group) => group.push(fill),
            None => groups.push(vec![fill]),
        }
    }
    for group in &groups {
        for chunk in group.chunks(FILL_CHUNK) {
            let first = chunk[0];
            let state = segment_state::after(first.change);
            let targets = chunk
                .iter()
                .fold(CaseStatement::new(), |case, fill| {
                    case.case(S::Id.eq(fill.segment_id), Expr::value(fill.target.clone()))
                })
                .finally(Expr::col(S::Target));
            let mt_target: Expr = if first.is_machine_translation() {
                targets.clone().into()
            } else {
                Expr::value(Option::<String>::None)
            };
            translation_segment::Entity::update_many()
                .col_expr(S::Target, targets.into())
                .col_expr(S::MtTarget, mt_target)
                .col_expr(S::Origin, Expr::value(state.origin))
                .col_expr(S::Status, Expr::value(state.status))
                .col_expr(S::QaFlags, Expr::value(first.qa_flags.clone()))
                .filter(S::Id.is_in(chunk.iter().map(|fill| fill.segment_id)))
                .filter(untranslated())
                .exec(db)
                .await?;
        }
    }
    Ok(())
}
