use sea_orm::entity::prelude::*;

use super::user::Role;

/// An invitation to create an account by e-mail. Only the SHA-256 of its link's token is
/// stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub email: String,
    pub role: Role,
    #[sea_orm(column_type = "Text")]
    pub first_name: String,
    #[sea_orm(column_type = "Text")]
    pub last_name: String,
    /// The clients a customer is invited to, as a JSON array of ids.
    #[sea_orm(column_type = "Text")]
    pub client_ids: String,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub invited_by: Option<i32>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub expires_at: TimeDateTimeWithTimeZone,
    pub accepted_at: Option<TimeDateTimeWithTimeZone>,
    pub revoked_at: Option<TimeDateTimeWithTimeZone>,
    /// The account the invitation created.
    pub user_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
