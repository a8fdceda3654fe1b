use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One translatable unit of a job (a 1.x `<trans-unit>` or one 2.x `<segment>`), in file order.
/// `source` and the targets are in the core's display form; `markup` says how to read them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_segments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub job_id: i32,
    /// 0-based order in the file.
    pub position: i32,
    /// `wordmark_core::xliff::Unit::key`: stable across parses of the same bytes.
    #[sea_orm(column_type = "Text")]
    pub unit_key: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub unit_id: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub resname: Option<String>,
    pub translatable: bool,
    pub markup: SegmentMarkup,
    #[sea_orm(column_type = "Text")]
    pub source: String,
    /// The current target (what the exports write).
    #[sea_orm(column_type = "Text", nullable)]
    pub target: Option<String>,
    /// What machine translation proposed, kept next to later corrections.
    #[sea_orm(column_type = "Text", nullable)]
    pub mt_target: Option<String>,
    pub origin: SegmentOrigin,
    pub status: SegmentStatus,
    /// JSON array of QA flags (`wordmark_core::qa::QaWarning` and refusals).
    #[sea_orm(column_type = "Text")]
    pub qa_flags: String,
    /// The customer's comment from the review workbook.
    #[sea_orm(column_type = "Text", nullable)]
    pub comment: Option<String>,
    /// Incremented by every write of `target`: a review draft made on an older revision is
    /// refused instead of overwriting a newer target.
    pub revision: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::translation_job::Entity",
        from = "Column::JobId",
        to = "super::translation_job::Column::Id",
        on_delete = "Cascade"
    )]
    Job,
}

impl Related<super::translation_job::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Job.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// `wordmark_core::segment::Markup`, stored.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(8))")]
#[serde(rename_all = "snake_case")]
pub enum SegmentMarkup {
    #[sea_orm(string_value = "html")]
    Html,
    #[sea_orm(string_value = "xliff")]
    Xliff,
}

impl From<wordmark_core::segment::Markup> for SegmentMarkup {
    fn from(markup: wordmark_core::segment::Markup) -> Self {
        match markup {
            wordmark_core::segment::Markup::Html => SegmentMarkup::Html,
            wordmark_core::segment::Markup::Xliff => SegmentMarkup::Xliff,
        }
    }
}

impl From<SegmentMarkup> for wordmark_core::segment::Markup {
    fn from(markup: SegmentMarkup) -> Self {
        match markup {
            SegmentMarkup::Html => wordmark_core::segment::Markup::Html,
            SegmentMarkup::Xliff => wordmark_core::segment::Markup::Xliff,
        }
    }
}

/// Where the current target came from.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum SegmentOrigin {
    /// No target yet.
    #[sea_orm(string_value = "none")]
    None,
    /// The uploaded file's own target.
    #[sea_orm(string_value = "file")]
    File,
    /// An exact translation-memory match.
    #[sea_orm(string_value = "memory")]
    Memory,
    /// A fuzzy translation-memory match at or above the project's threshold, for review.
    #[sea_orm(string_value = "fuzzy")]
    Fuzzy,
    /// Machine translation.
    #[sea_orm(string_value = "mt")]
    Mt,
    /// Pseudo-translation (a dry run, never for delivery).
    #[sea_orm(string_value = "pseudo")]
    Pseudo,
    /// MT damaged the markup twice: the source was kept as target, flagged for review.
    #[sea_orm(string_value = "source")]
    Source,
    /// The customer's correction from the review workbook.
    #[sea_orm(string_value = "customer")]
    Customer,
    /// Edited in the job view.
    #[sea_orm(string_value = "editor")]
    Editor,
}

/// Where a segment stands in the workflow.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum SegmentStatus {
    /// No target yet (or `translate="no"` units, which keep theirs).
    #[sea_orm(string_value = "new")]
    New,
    /// Pre-translated (memory or MT), not yet reviewed.
    #[sea_orm(string_value = "translated")]
    Translated,
    /// Needs a human look (markup damaged by MT, refused correction, QA warnings).
    #[sea_orm(string_value = "needs_review")]
    NeedsReview,
    /// Confirmed by the customer's workbook or an editor.
    #[sea_orm(string_value = "reviewed")]
    Reviewed,
}
