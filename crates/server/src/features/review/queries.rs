//! Storage of the review round trip: what the exports read, and the import's writes.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult,
    QueryFilter, QueryOrder, QuerySelect,
};

use crate::db::entities::{
    translation_job::{self, Column as J, OriginalEncoding},
    translation_project::{self, ProjectStatus},
    translation_segment::{self, SegmentMarkup, SegmentOrigin, SegmentStatus},
};

/// A job without its file, for the workbooks and for matching them back.
#[derive(Debug, Clone, FromQueryResult)]
pub struct JobHead {
    pub id: i32,
    pub file_name: String,
    pub wpml_id: Option<String>,
    pub checksum: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
}

/// A job's original file, for the XLIFF export.
#[derive(Debug, FromQueryResult)]
pub struct JobFile {
    pub id: i32,
    pub file_name: String,
    pub original: Vec<u8>,
    pub original_encoding: OriginalEncoding,
}

pub async fn job_heads(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<JobHead>, DbErr> {
    translation_job::Entity::find()
        .select_only()
        .columns([
            J::Id,
            J::FileName,
            J::WpmlId,
            J::Checksum,
            J::SourceLang,
            J::TargetLang,
        ])
        .filter(J::ProjectId.eq(project_id))
        .order_by_asc(J::Id)
        .into_model()
        .all(db)
        .await
}

pub async fn job_files(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<JobFile>, DbErr> {
    translation_job::Entity::find()
        .select_only()
        .columns([J::Id, J::FileName, J::Original, J::OriginalEncoding])
        .filter(J::ProjectId.eq(project_id))
        .order_by_asc(J::Id)
        .into_model()
        .all(db)
        .await
}

/// Every segment of the project, by job and then file order.
pub async fn segments(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<translation_segment::Model>, DbErr> {
    use translation_segment::Column as S;
    translation_segment::Entity::find()
        .inner_join(translation_job::Entity)
        .filter(J::ProjectId.eq(project_id))
        .order_by_asc(S::JobId)
        .order_by_asc(S::Position)
        .all(db)
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

/// [`ExportSegment`]s of every segment of the project, by job and then file order.
pub async fn export_segments(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<ExportSegment>, DbErr> {
    use translation_segment::Column as S;
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
        .inner_join(translation_job::Entity)
        .filter(J::ProjectId.eq(project_id))
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

/// The project's segments that have a target; the units without one keep the file's own.
/// Only these three columns are read, not the sources and everything else of every segment.
pub async fn stored_targets(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<StoredTarget>, DbErr> {
    use translation_segment::Column as S;
    translation_segment::Entity::find()
        .select_only()
        .columns([S::JobId, S::UnitKey, S::Target])
        .inner_join(translation_job::Entity)
        .filter(J::ProjectId.eq(project_id))
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTarget {
    /// `None` removes the target (the customer emptied the cell).
    pub text: Option<String>,
    pub status: SegmentStatus,
    /// JSON array of `{kind, message}`.
    pub qa_flags: String,
}

/// Writes the corrections (call inside the import's transaction).
pub async fn apply(db: &impl ConnectionTrait, updates: &[SegmentUpdate]) -> Result<(), DbErr> {
    for update in updates {
        let mut active = translation_segment::ActiveModel {
            id: Set(update.segment_id),
            ..Default::default()
        };
        if let Some(target) = &update.target {
            active.target = Set(target.text.clone());
            active.origin = Set(if target.text.is_some() {
                SegmentOrigin::Customer
            } else {
                SegmentOrigin::None
            });
            active.status = Set(target.status);
            active.qa_flags = Set(target.qa_flags.clone());
        }
        if let Some(comment) = &update.comment {
            active.comment = Set(Some(comment.clone()));
        }
        translation_segment::Entity::update(active).exec(db).await?;
    }
    Ok(())
}

pub async fn set_status(
    db: &impl ConnectionTrait,
    project_id: i32,
    status: ProjectStatus,
) -> Result<(), DbErr> {
    translation_project::Entity::update(translation_project::ActiveModel {
        id: Set(project_id),
        status: Set(status),
        ..Default::default()
    })
    .exec(db)
    .await?;
    Ok(())
}
