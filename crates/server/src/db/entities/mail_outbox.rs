use sea_orm::entity::prelude::*;

/// A mail to send (or sent): written with the event it tells of, delivered by the outbox
/// worker (`services::outbox`). A delivered mail keeps its envelope and loses its bodies, which
/// may hold single-use links.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub recipient: String,
    pub recipient_name: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub body_text: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub body_html: Option<String>,
    pub created_at: TimeDateTimeWithTimeZone,
    /// Delivery attempts made so far.
    pub attempts: i32,
    /// Not sent before this time (the backoff after a failure).
    pub next_attempt_at: TimeDateTimeWithTimeZone,
    /// The instance sending it, until `lease_until`.
    pub lease_owner: Option<String>,
    pub lease_until: Option<TimeDateTimeWithTimeZone>,
    pub delivered_at: Option<TimeDateTimeWithTimeZone>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// No more attempts are made (an administrator may retry it).
    pub given_up: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
