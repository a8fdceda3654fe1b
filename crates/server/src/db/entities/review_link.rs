use sea_orm::entity::prelude::*;

/// A review link: the customer's way into one project's review, without an account. Only the
/// token's SHA-256 is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub project_id: i32,
    pub token_hash: String,
    /// The staff member who created it; `None` once that account is deleted.
    pub created_by: Option<i32>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub expires_at: TimeDateTimeWithTimeZone,
    pub revoked_at: Option<TimeDateTimeWithTimeZone>,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub reviewer_name: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub reviewer_email: Option<String>,
    pub first_opened_at: Option<TimeDateTimeWithTimeZone>,
    pub last_opened_at: Option<TimeDateTimeWithTimeZone>,
    pub submitted_at: Option<TimeDateTimeWithTimeZone>,
    /// A customer's own link, opened only with that account's session (`user_id`); it stays
    /// personal, and closed to everyone, when the account is deleted.
    pub personal: bool,
    /// The account a personal link is bound to; NULL for the links staff send.
    pub user_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
