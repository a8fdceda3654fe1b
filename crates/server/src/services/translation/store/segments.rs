//! The `translation_segments` table but its inserts ([`super::bulk`]): what the job view,
//! pre-translation and the exports read, and the three ways targets change afterwards (edits,
//! machine fills, the customer's corrections). Origin and status always come from
//! [`segment_state::after`].
//!
//! Every write of a target increments the segment's `revision` and adds a row to its history
//! (`translation_segment_changes`: who, from what, the text before and after) in the same
//! statement group, inside the caller's transaction: this module is the only writer of both.

use super::untranslated::untranslated;
pub use super::untranslated::{Untranslated, untranslated_of_jobs};
use crate::services::translation::Segment;
use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{
    ActiveEnum,
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{CaseStatement, Expr, ExprTrait, Query, SimpleExpr},
};

use crate::{
    db::entities::{
        translation_segment::{self, Column as S, SegmentMarkup, SegmentOrigin, SegmentStatus},
        translation_segment_change::{self, ActorKind, ChangeSource},
    },
    services::{
        client_archive_format::{SegmentChangeRecord, SegmentRecord},
        translation::segment_state::{self, Change, SegmentState},
    },
};

/// Who writes a target, for the segment's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Author {
    /// A signed-in staff member (the job view, a workbook import).
    User(i32),
    /// A customer submitting through a review link.
    ReviewLink(i32),
    /// Pre-translation.
    System,
}

/// History rows per `INSERT`: 8 values each, far below every backend's limit.
const HISTORY_CHUNK: usize = 2_000;

/// `revision + 1`: every write of a target goes through it.
fn next_revision() -> SimpleExpr {
    Expr::col(S::Revision).add(1)
}

/// The current targets of `ids` (those still without one only, when `untranslated_only`).
async fn current_targets(
    db: &impl ConnectionTrait,
    ids: &[i64],
    untranslated_only: bool,
) -> Result<HashMap<i64, Option<String>>, DbErr> {
    let mut found = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(IN_CHUNK) {
        let mut query = translation_segment::Entity::find()
            .select_only()
            .columns([S::Id, S::Target])
            .filter(S::Id.is_in(chunk.iter().copied()));
        if untranslated_only {
            query = query.filter(untranslated());
        }
        let rows: Vec<(i64, Option<String>)> = query.into_tuple().all(db).await?;
        found.extend(rows);
    }
    Ok(found)
}

/// One change of a target, for [`record_history`].
struct Recorded {
    segment_id: i64,
    source: ChangeSource,
    previous: Option<String>,
    new: Option<String>,
}

/// Adds the changes to the segments' history, with multi-row `INSERT`s.
async fn record_history(
    db: &impl ConnectionTrait,
    author: Author,
    changes: Vec<Recorded>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let (actor_kind, user_id, link_id) = match author {
        Author::User(id) => (ActorKind::User, Some(id), None),
        Author::ReviewLink(id) => (ActorKind::ReviewLink, None, Some(id)),
        Author::System => (ActorKind::System, None, None),
    };
    let mut rows = changes
        .into_iter()
        .map(|c| translation_segment_change::ActiveModel {
            segment_id: Set(c.segment_id),
            changed_at: Set(now),
            actor_kind: Set(actor_kind),
            user_id: Set(user_id),
            link_id: Set(link_id),
            source: Set(c.source),
            previous_target: Set(c.previous),
            new_target: Set(c.new),
            ..Default::default()
        });
    loop {
        let chunk: Vec<_> = rows.by_ref().take(HISTORY_CHUNK).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        translation_segment_change::Entity::insert_many(chunk)
            .exec_without_returning(db)
            .await?;
    }
}

/// The job's segments in file order as the client archive holds them, each with its id and
/// its history (oldest first); their review comments are the reviews' to add.
pub async fn archived(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<Vec<(i64, SegmentRecord)>, DbErr> {
    use translation_segment_change::Column as C;
    let segments = Query::select()
        .column(S::Id)
        .from(translation_segment::Entity)
        .and_where(S::JobId.eq(job_id))
        .to_owned();
    let mut history: HashMap<i64, Vec<SegmentChangeRecord>> = HashMap::new();
    for change in translation_segment_change::Entity::find()
        .filter(C::SegmentId.in_subquery(segments))
        .order_by_asc(C::SegmentId)
        .order_by_asc(C::Id)
        .all(db)
        .await?
    {
        history
            .entry(change.segment_id)
            .or_default()
            .push(SegmentChangeRecord {
                changed_at: change.changed_at,
                actor_kind: change.actor_kind,
                source: change.source,
                previous_target: change.previous_target,
                new_target: change.new_target,
            });
    }
    Ok(of_job(db, job_id)
        .await?
        .into_iter()
        .map(|s| {
            let record = SegmentRecord {
                position: s.position,
                unit_key: s.unit_key,
                unit_id: s.unit_id,
                resname: s.resname,
                translatable: s.translatable,
                markup: s.markup,
                source: s.source,
                target: s.target,
                mt_target: s.mt_target,
                origin: s.origin,
                status: s.status,
                qa_flags: s.qa_flags,
                comment: s.comment,
                revision: s.revision,
                history: history.remove(&s.id).unwrap_or_default(),
                comments: Vec::new(),
                resolved_at: None,
            };
            (s.id, record)
        })
        .collect())
}

/// Stores the history of restored segments (the client archive's import) as it was (`ids`: the
/// segments' new ids, in the order of their records). Staff members and review links belong to the
/// installation the archive came from: a restored `user` change names no account (as after
/// the account's deletion) and a `review_link` change no link.
pub async fn restore_history(
    db: &impl ConnectionTrait,
    ids: &[i64],
    segments: &[SegmentRecord],
) -> Result<(), DbErr> {
    let mut rows = Vec::new();
    for (&segment_id, s) in ids.iter().zip(segments) {
        rows.extend(
            s.history
                .iter()
                .map(|c| translation_segment_change::ActiveModel {
                    segment_id: Set(segment_id),
                    changed_at: Set(c.changed_at),
                    actor_kind: Set(c.actor_kind),
                    user_id: Set(None),
                    link_id: Set(None),
                    source: Set(c.source),
                    previous_target: Set(c.previous_target.clone()),
                    new_target: Set(c.new_target.clone()),
                    ..Default::default()
                }),
        );
    }
    let mut rows = rows.into_iter();
    loop {
        let chunk: Vec<_> = rows.by_ref().take(HISTORY_CHUNK).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        translation_segment_change::Entity::insert_many(chunk)
            .exec_without_returning(db)
            .await?;
    }
}

/// The job's segments' ids by position (not their texts: a restored job's history and
/// comments need only the new ids).
pub async fn ids_by_position(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<HashMap<i32, i64>, DbErr> {
    let rows: Vec<(i32, i64)> = translation_segment::Entity::find()
        .select_only()
        .columns([S::Position, S::Id])
        .filter(S::JobId.eq(job_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// How many segments of each of `job_ids` still need someone's confirmation: the
/// translatable ones (`translate="no"` units stay `new` and need none) not `reviewed`, the
/// status an editor's save or the customer's clean correction gives. Jobs with none are absent.
pub async fn unconfirmed_of_jobs(
    db: &impl ConnectionTrait,
    job_ids: &[i32],
) -> Result<HashMap<i32, u64>, DbErr> {
    let rows: Vec<(i32, i64)> = translation_segment::Entity::find()
        .select_only()
        .column(S::JobId)
        .column_as(Expr::col(S::Id).count(), "unconfirmed")
        .filter(S::JobId.is_in(job_ids.iter().copied()))
        .filter(S::Translatable.eq(true))
        .filter(S::Status.ne(SegmentStatus::Reviewed))
        .group_by(S::JobId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(job, count)| (job, u64::try_from(count).unwrap_or(0)))
        .collect())
}

/// The stored QA flags of the segments of `job_id` that need translating and have any, by id.
pub async fn flagged_of_job(
    db: &impl ConnectionTrait,
    job_id: i32,
) -> Result<Vec<(i64, String)>, DbErr> {
    translation_segment::Entity::find()
        .select_only()
        .columns([S::Id, S::QaFlags])
        .filter(S::JobId.eq(job_id))
        .filter(S::Translatable.eq(true))
        .filter(S::QaFlags.ne(super::super::qa_flags::NONE))
        .into_tuple()
        .all(db)
        .await
}

/// SQL `IN` lists stay below every backend's parameter limit.
pub(super) const IN_CHUNK: usize = 500;

/// The job's segments in file order.
pub async fn of_job(db: &impl ConnectionTrait, job_id: i32) -> Result<Vec<Segment>, DbErr> {
    let rows = translation_segment::Entity::find()
        .filter(S::JobId.eq(job_id))
        .order_by_asc(S::Position)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(Segment::from).collect())
}

/// One segment.
pub async fn find(db: &impl ConnectionTrait, id: i64) -> Result<Option<Segment>, DbErr> {
    Ok(translation_segment::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(Segment::from))
}

/// The segments of `ids` (those that exist), by job and then file order.
pub async fn of_ids(db: &impl ConnectionTrait, ids: &[i64]) -> Result<Vec<Segment>, DbErr> {
    let mut found: Vec<Segment> = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(IN_CHUNK) {
        let rows = translation_segment::Entity::find()
            .filter(S::Id.is_in(chunk.iter().copied()))
            .all(db)
            .await?;
        found.extend(rows.into_iter().map(Segment::from));
    }
    found.sort_by_key(|s| (s.job_id, s.position));
    Ok(found)
}

/// One segment of the job, if it is one of its.
pub async fn find_in_job(
    db: &impl ConnectionTrait,
    job_id: i32,
    segment_id: i64,
) -> Result<Option<Segment>, DbErr> {
    Ok(translation_segment::Entity::find_by_id(segment_id)
        .filter(S::JobId.eq(job_id))
        .one(db)
        .await?
        .map(Segment::from))
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

/// Writes the corrections (call inside the import's transaction): `author` made them, from
/// `source` (a workbook import or a submitted review).
pub async fn apply_corrections(
    db: &impl ConnectionTrait,
    author: Author,
    source: ChangeSource,
    updates: &[SegmentUpdate],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let changed: Vec<i64> = updates
        .iter()
        .filter(|u| u.target.is_some())
        .map(|u| u.segment_id)
        .collect();
    let mut previous = current_targets(db, &changed, false).await?;
    let mut history = Vec::with_capacity(changed.len());
    for update in updates {
        let mut statement = translation_segment::Entity::update_many();
        if let Some(target) = &update.target {
            let state = target.state();
            statement = statement
                .col_expr(S::Target, Expr::value(target.text.clone()))
                .col_expr(S::Origin, Expr::value(state.origin.to_value()))
                .col_expr(S::Status, Expr::value(state.status.to_value()))
                .col_expr(S::QaFlags, Expr::value(target.qa_flags.clone()))
                .col_expr(S::Revision, next_revision());
            history.push(Recorded {
                segment_id: update.segment_id,
                source,
                previous: previous.remove(&update.segment_id).flatten(),
                new: target.text.clone(),
            });
        }
        if let Some(comment) = &update.comment {
            statement = statement.col_expr(S::Comment, Expr::value(comment.clone()));
        }
        statement
            .filter(S::Id.eq(update.segment_id))
            .exec(db)
            .await?;
    }
    record_history(db, author, history, now).await
}

/// What an edit needs of a segment of the job: to check it (source, markup, field) and to see
/// whether it was made on the current text (revision, target).
#[derive(Debug, Clone, FromQueryResult)]
pub struct EditableRow {
    pub id: i64,
    pub unit_key: String,
    pub unit_id: Option<String>,
    pub resname: Option<String>,
    pub source: String,
    pub markup: SegmentMarkup,
    pub target: Option<String>,
    pub revision: i32,
}

/// Every segment of the job as an edit needs it.
pub async fn editable(db: &impl ConnectionTrait, job_id: i32) -> Result<Vec<EditableRow>, DbErr> {
    editable_where(db, job_id, None).await
}

/// One segment of the job as an edit needs it (the editor saves one at a time: reading the
/// whole job for each keystroke's autosave would cost a 3,000-segment job every time).
pub async fn editable_one(
    db: &impl ConnectionTrait,
    job_id: i32,
    segment_id: i64,
) -> Result<Vec<EditableRow>, DbErr> {
    editable_where(db, job_id, Some(segment_id)).await
}

async fn editable_where(
    db: &impl ConnectionTrait,
    job_id: i32,
    segment_id: Option<i64>,
) -> Result<Vec<EditableRow>, DbErr> {
    let mut query = translation_segment::Entity::find()
        .select_only()
        .columns([
            S::Id,
            S::UnitKey,
            S::UnitId,
            S::Resname,
            S::Source,
            S::Markup,
            S::Target,
            S::Revision,
        ])
        .filter(S::JobId.eq(job_id));
    if let Some(id) = segment_id {
        query = query.filter(S::Id.eq(id));
    }
    query.into_model().all(db).await
}

/// An edited target from the job view and the revision of the segment it was made on.
pub struct EditWrite {
    pub segment_id: i64,
    pub base_revision: i32,
    pub target: NewTarget,
}

/// Writes edited targets from the job view by `user_id`, one statement per segment (call
/// inside the edit's transaction). Each write happens only while the segment is still at its
/// `base_revision` (compare and swap, so two editors racing past the check cannot both
/// win); returns the ids of the segments that had moved on, and then writes no history: the
/// caller rolls the transaction back.
pub async fn write_edits(
    db: &impl ConnectionTrait,
    user_id: i32,
    edits: &[EditWrite],
    now: OffsetDateTime,
) -> Result<Vec<i64>, DbErr> {
    let ids: Vec<i64> = edits.iter().map(|edit| edit.segment_id).collect();
    let mut previous = current_targets(db, &ids, false).await?;
    let mut history = Vec::with_capacity(edits.len());
    let mut stale = Vec::new();
    for edit in edits {
        let target = &edit.target;
        let state = target.state();
        let written = translation_segment::Entity::update_many()
            .col_expr(S::Target, Expr::value(target.text.clone()))
            .col_expr(S::Origin, Expr::value(state.origin.to_value()))
            .col_expr(S::Status, Expr::value(state.status.to_value()))
            .col_expr(S::QaFlags, Expr::value(target.qa_flags.clone()))
            .col_expr(S::Revision, next_revision())
            .filter(S::Id.eq(edit.segment_id))
            .filter(S::Revision.eq(edit.base_revision))
            .exec(db)
            .await?;
        if written.rows_affected == 0 {
            stale.push(edit.segment_id);
            continue;
        }
        history.push(Recorded {
            segment_id: edit.segment_id,
            source: ChangeSource::StaffEdit,
            previous: previous.remove(&edit.segment_id).flatten(),
            new: target.text.clone(),
        });
    }
    if stale.is_empty() {
        record_history(db, Author::User(user_id), history, now).await?;
    }
    Ok(stale)
}

/// Sends the confirmed segments among `ids` of job `job_id` back to be looked at again (a staff
/// member returning a delivered job): `needs_review`, their text kept, their revision counted
/// so that a view holding the old state reloads before saving. Returns the ids sent back; the
/// others (another job's, not confirmed) are left alone for the caller to refuse.
pub async fn reopen(
    db: &impl ConnectionTrait,
    job_id: i32,
    ids: &[i64],
) -> Result<Vec<i64>, DbErr> {
    let returned: Vec<i64> = translation_segment::Entity::find()
        .select_only()
        .column(S::Id)
        .filter(S::JobId.eq(job_id))
        .filter(S::Id.is_in(ids.iter().copied()))
        .filter(S::Status.eq(SegmentStatus::Reviewed))
        .into_tuple()
        .all(db)
        .await?;
    let state = segment_state::after(Change::Returned);
    translation_segment::Entity::update_many()
        .col_expr(S::Origin, Expr::value(state.origin.to_value()))
        .col_expr(S::Status, Expr::value(state.status.to_value()))
        .col_expr(S::Revision, next_revision())
        .filter(S::Id.is_in(returned.iter().copied()))
        .exec(db)
        .await?;
    Ok(returned)
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

    /// What the history says the target came from.
    fn source(&self) -> ChangeSource {
        match self.change {
            Change::Memory => ChangeSource::Memory,
            _ => ChangeSource::Mt,
        }
    }
}

/// Segments per UPDATE: a few hundred bound values, far below every backend's limit.
const FILL_CHUNK: usize = 100;

/// Writes fills, only into segments that still have no target, with one UPDATE per group of
/// segments that share what made them and their flags (one per job in the usual case): each
/// segment's own target goes through a `CASE` on its id. Per-segment statements made the
/// writer the bottleneck of large runs. The history gets one row per segment filled, in
/// multi-row `INSERT`s; the segments still without a target are found first, with one query
/// per 500 (the fills are written into these only).
pub async fn write_fills(
    db: &impl ConnectionTrait,
    fills: &[Fill],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let ids: Vec<i64> = fills.iter().map(|f| f.segment_id).collect();
    let open = current_targets(db, &ids, true).await?;
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
                .col_expr(S::Revision, next_revision())
                .filter(S::Id.is_in(chunk.iter().map(|fill| fill.segment_id)))
                .filter(untranslated())
                .exec(db)
                .await?;
        }
    }
    let history = fills
        .iter()
        .filter_map(|fill| {
            let previous = open.get(&fill.segment_id)?.clone();
            Some(Recorded {
                segment_id: fill.segment_id,
                source: fill.source(),
                previous,
                new: Some(fill.target.clone()),
            })
        })
        .collect();
    record_history(db, Author::System, history, now).await
}
