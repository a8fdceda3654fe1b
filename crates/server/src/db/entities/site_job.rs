use sea_orm::entity::prelude::*;

/// The site item and language a job of a site project was pulled from.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "site_jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub job_id: i32,
    pub project_id: i32,
    pub site_id: i32,
    /// The WordPress post id of the source item.
    pub item_id: i64,
    /// The target language, as the site names it.
    pub lang: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
