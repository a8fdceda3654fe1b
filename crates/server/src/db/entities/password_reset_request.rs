use sea_orm::entity::prelude::*;

/// One request for a password reset, for an address known or not: what the throttling counts.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "password_reset_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// SHA-256 of the e-mail address asked for, lowercased (the address itself is not kept).
    pub email_hash: String,
    /// The requesting connection's address.
    pub address: Option<String>,
    pub requested_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
