use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

pub use super::translation_project::Languages;

/// A customer's request for pages of their client's site (m0039): made into a project by the
/// staff (`project_id`), or still waiting (`null`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub site_id: i32,
    pub requested_by: Option<i32>,
    #[sea_orm(column_type = "Text")]
    pub title: String,
    pub due_date: Option<TimeDate>,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    /// The items of the site's content list picked, in the order picked.
    pub items: ItemIds,
    pub target_langs: Languages,
    pub created_at: TimeDateTimeWithTimeZone,
    pub project_id: Option<i32>,
}

/// WordPress post ids, stored as a JSON array.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct ItemIds(pub Vec<i64>);

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
