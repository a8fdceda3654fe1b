use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A job offered to a translator, and where the offer stands.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "assignments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub job_id: i32,
    /// The account (of role `translator`) the job is offered to.
    pub translator_id: i32,
    pub task: Task,
    pub due_at: TimeDateTimeWithTimeZone,
    /// Staff's instructions.
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    /// The amount in cents: fixed by staff, or the translator's rate × `weighted_words`.
    pub amount_cents: Option<i64>,
    /// The job's translatable source words when it was offered.
    pub words: i32,
    pub state: AssignmentState,
    /// Why the translator declined, or staff's note when they returned the job.
    #[sea_orm(column_type = "Text", nullable)]
    pub reason: Option<String>,
    /// `None` once that account is deleted.
    pub created_by: Option<i32>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
    /// When the translator was told it is due within 24 hours.
    pub due_soon_sent_at: Option<TimeDateTimeWithTimeZone>,
    /// When the translator and staff were told it is past due.
    pub overdue_sent_at: Option<TimeDateTimeWithTimeZone>,
    /// The currency of `amount_cents`, frozen at the offer; `None` on offers made before
    /// translators had profiles (the agency's currency then).
    pub currency: Option<String>,
    /// The rate per weighted word the amount was computed from (`None` for a fixed amount).
    pub rate: Option<f64>,
    /// The job's weighted words from the analysis at the offer (with `rate`).
    pub weighted_words: Option<f64>,
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

impl ActiveModelBehavior for ActiveModel {}

/// What the translator is asked to do.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// Correct the machine's or the memory's translation.
    #[sea_orm(string_value = "post_edit")]
    PostEdit,
    #[sea_orm(string_value = "translate")]
    Translate,
    #[sea_orm(string_value = "proofread")]
    Proofread,
}

/// Where an assignment stands; `services::assignments` moves it.
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
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum AssignmentState {
    /// Waits for the translator's answer.
    #[sea_orm(string_value = "offered")]
    Offered,
    #[sea_orm(string_value = "accepted")]
    Accepted,
    #[sea_orm(string_value = "declined")]
    Declined,
    #[sea_orm(string_value = "delivered")]
    Delivered,
    /// Sent back by staff with a note, to be delivered again.
    #[sea_orm(string_value = "returned")]
    Returned,
    #[sea_orm(string_value = "closed")]
    Closed,
    #[sea_orm(string_value = "withdrawn")]
    Withdrawn,
}
