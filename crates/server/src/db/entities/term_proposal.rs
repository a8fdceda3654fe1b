use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A customer's proposal of a termbase entry for their client, and staff's decision on it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "term_proposals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    /// Normalised with `wordmark_core::lang::normalize`.
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    pub target: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    pub state: ProposalState,
    /// `None` once the account is deleted.
    pub proposed_by: Option<i32>,
    pub proposed_at: TimeDateTimeWithTimeZone,
    pub decided_by: Option<i32>,
    pub decided_at: Option<TimeDateTimeWithTimeZone>,
    /// Why it was refused, when staff said.
    #[sea_orm(column_type = "Text", nullable)]
    pub reason: Option<String>,
    /// The entry an accepted proposal became (`None` once that entry is deleted).
    pub term_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::client::Entity",
        from = "Column::ClientId",
        to = "super::client::Column::Id",
        on_delete = "Cascade"
    )]
    Client,
}

impl ActiveModelBehavior for ActiveModel {}

/// Where a proposal stands.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum ProposalState {
    /// Waits for staff.
    #[sea_orm(string_value = "pending")]
    Pending,
    /// Became a termbase entry.
    #[sea_orm(string_value = "accepted")]
    Accepted,
    #[sea_orm(string_value = "refused")]
    Refused,
}
