use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Something a user is told of in the app.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i32,
    pub kind: NotificationKind,
    pub subject_type: SubjectType,
    pub subject_id: i32,
    /// The subject's path in the app (`/translation/7`).
    #[sea_orm(column_type = "Text")]
    pub link: String,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub read_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What happened. Stored and JSON values never change; new kinds are added as they
/// come.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    EnumIter,
    DeriveActiveEnum,
    Serialize,
    Deserialize,
    ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    #[sea_orm(string_value = "review_link_created")]
    ReviewLinkCreated,
    #[sea_orm(string_value = "review_submitted")]
    ReviewSubmitted,
    #[sea_orm(string_value = "comment_added")]
    CommentAdded,
    #[sea_orm(string_value = "project_completed")]
    ProjectCompleted,
    #[sea_orm(string_value = "request_received")]
    RequestReceived,
    #[sea_orm(string_value = "quote_sent")]
    QuoteSent,
    #[sea_orm(string_value = "quote_accepted")]
    QuoteAccepted,
    #[sea_orm(string_value = "quote_declined")]
    QuoteDeclined,
    #[sea_orm(string_value = "term_proposed")]
    TermProposed,
    #[sea_orm(string_value = "term_proposal_answered")]
    TermProposalAnswered,
    #[sea_orm(string_value = "assignment_offered")]
    AssignmentOffered,
    #[sea_orm(string_value = "assignment_accepted")]
    AssignmentAccepted,
    #[sea_orm(string_value = "assignment_declined")]
    AssignmentDeclined,
    #[sea_orm(string_value = "assignment_delivered")]
    AssignmentDelivered,
    #[sea_orm(string_value = "assignment_returned")]
    AssignmentReturned,
    #[sea_orm(string_value = "assignment_withdrawn")]
    AssignmentWithdrawn,
    #[sea_orm(string_value = "site_pages_changed")]
    SitePagesChanged,
    #[sea_orm(string_value = "assignment_due_soon")]
    AssignmentDueSoon,
    #[sea_orm(string_value = "assignment_overdue")]
    AssignmentOverdue,
}

/// What a notification is about.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
#[serde(rename_all = "snake_case")]
pub enum SubjectType {
    #[sea_orm(string_value = "translation_project")]
    TranslationProject,
    /// A client's termbase; the id is the client's.
    #[sea_orm(string_value = "termbase")]
    Termbase,
    /// A job, for its assignment's events; the id is the job's.
    #[sea_orm(string_value = "job")]
    Job,
    /// A client's WordPress site, for what its checks found.
    #[sea_orm(string_value = "site")]
    Site,
}
