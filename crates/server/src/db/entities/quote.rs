use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One version of a project's quote (m0026).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "quotes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub project_id: i32,
    /// 1, 2, … per project.
    pub version: i32,
    /// As stored: never `expired`, which is a sent quote past `valid_until`.
    pub state: QuoteState,
    pub currency: String,
    /// The numbers as computed (JSON: the bands, the scheme's word price and minimum fee).
    #[sea_orm(column_type = "Text")]
    pub numbers: String,
    /// JSON `{"percent": 10}` or `{"amount": 50}`.
    #[sea_orm(column_type = "Text", nullable)]
    pub discount: Option<String>,
    /// JSON `[{"label": …, "amount": …}]`.
    #[sea_orm(column_type = "Text")]
    pub extra_lines: String,
    pub total: f64,
    pub due_date: Option<TimeDate>,
    pub validity_days: i32,
    /// The last day it may be accepted; set when sent.
    pub valid_until: Option<TimeDate>,
    /// The agency's terms as they were when it was sent.
    #[sea_orm(column_type = "Text", nullable)]
    pub terms: Option<String>,
    pub created_by: Option<i32>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub sent_by: Option<i32>,
    pub sent_at: Option<TimeDateTimeWithTimeZone>,
    pub answered_by: Option<i32>,
    pub answered_at: Option<TimeDateTimeWithTimeZone>,
    pub accepted_name: Option<String>,
    pub po_number: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub decline_reason: Option<String>,
    /// The PDF as accepted (accepted quotes only).
    pub accepted_pdf: Option<Vec<u8>>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Where a quote stands. Stored and JSON values never change; `expired` is never stored.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    EnumIter,
    DeriveActiveEnum,
    Serialize,
    Deserialize,
    ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum QuoteState {
    #[sea_orm(string_value = "draft")]
    Draft,
    #[sea_orm(string_value = "sent")]
    Sent,
    #[sea_orm(string_value = "accepted")]
    Accepted,
    #[sea_orm(string_value = "declined")]
    Declined,
    /// Sent and past its validity: computed on read.
    #[sea_orm(string_value = "expired")]
    Expired,
    /// A newer version was sent while this one was.
    #[sea_orm(string_value = "superseded")]
    Superseded,
}
