use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_projects")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub status: ProjectStatus,
    /// `None` only for projects created without a client; deleting the client deletes them.
    pub client_id: Option<i32>,
    /// The target language of most jobs: a project may mix target languages, each job keeps
    /// its own.
    pub target_lang: Option<String>,
    pub author_id: Option<i32>,
    pub date_created: TimeDateTimeWithTimeZone,
    /// How many jobs the project has. This and the next three fields are what the project
    /// list shows of the jobs, kept by the translation store whenever they change (m0020).
    pub job_count: i32,
    /// How many segments the jobs hold.
    pub segment_count: i64,
    /// The source language of most jobs.
    pub source_lang: Option<String>,
    /// Every target language of the jobs, most jobs first.
    pub target_langs: Languages,
    /// Made from a connected WordPress site (m0042): its site is looked up for these only.
    pub made_from_site: bool,
}

/// Language codes, stored as a JSON array.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct Languages(pub Vec<String>);

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::client::Entity",
        from = "Column::ClientId",
        to = "super::client::Column::Id",
        on_delete = "Cascade"
    )]
    Client,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::AuthorId",
        to = "super::user::Column::Id",
        on_delete = "SetNull"
    )]
    Author,
    #[sea_orm(has_many = "super::translation_job::Entity")]
    Jobs,
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Author.def()
    }
}

impl Related<super::translation_job::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Jobs.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// The workflow's statuses, in order (docs/product.md, "Statuses and what moves them"). The
/// JSON and stored values are part of the API contract and never change.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    EnumIter,
    DeriveActiveEnum,
    Serialize,
    Deserialize,
    ToSchema,
)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
pub enum ProjectStatus {
    #[sea_orm(string_value = "Created")]
    Created,
    #[sea_orm(string_value = "Pretranslated")]
    Pretranslated,
    #[sea_orm(string_value = "Translations_In_Correction")]
    #[serde(rename = "Translations_In_Correction")]
    TranslationsInCorrection,
    #[sea_orm(string_value = "Translations_Corrected")]
    #[serde(rename = "Translations_Corrected")]
    TranslationsCorrected,
    #[sea_orm(string_value = "Completed")]
    Completed,
}
