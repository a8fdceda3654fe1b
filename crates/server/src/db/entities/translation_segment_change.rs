use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One change of a segment's target: when, who, from what, and the text before and after.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_segment_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub segment_id: i64,
    pub changed_at: TimeDateTimeWithTimeZone,
    pub actor_kind: ActorKind,
    /// The staff member (`actor_kind` `user`), `None` once the account is deleted.
    pub user_id: Option<i32>,
    /// The review link (`actor_kind` `review_link`).
    pub link_id: Option<i32>,
    pub source: ChangeSource,
    #[sea_orm(column_type = "Text", nullable)]
    pub previous_target: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub new_target: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Who changed a target.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum ActorKind {
    /// A signed-in staff member.
    #[sea_orm(string_value = "user")]
    User,
    /// A customer through a review link.
    #[sea_orm(string_value = "review_link")]
    ReviewLink,
    /// Pre-translation.
    #[sea_orm(string_value = "system")]
    System,
}

/// What the new target came from.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, Serialize, Deserialize, ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
#[serde(rename_all = "snake_case")]
pub enum ChangeSource {
    /// The uploaded file (a client archive's import).
    #[sea_orm(string_value = "import")]
    Import,
    /// Machine translation (or the source kept where there was nothing to translate).
    #[sea_orm(string_value = "mt")]
    Mt,
    /// An exact translation-memory match.
    #[sea_orm(string_value = "memory")]
    Memory,
    /// A corrected review workbook.
    #[sea_orm(string_value = "xlsx_import")]
    XlsxImport,
    /// A submitted review (review link).
    #[sea_orm(string_value = "review")]
    Review,
    /// Edited in the job view.
    #[sea_orm(string_value = "staff_edit")]
    StaffEdit,
    /// A submitted review that took the machine translation back.
    #[sea_orm(string_value = "revert")]
    Revert,
}
