//! Each job keeps the shortcodes its file lists (WPML's `shortcodes` phase note), so that
//! `[CS]` or `[Hinweis]` in a text of a site that registered no such shortcode is text, not a
//! tag, wherever the job's content is split into tags (MT, QA, the review workbooks). Stored
//! as WPML lists them, comma-separated; NULL when the file lists none, and for jobs created
//! before this migration: both mean the generic rule (any `[name]` is a shortcode).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TranslationJobs::Table)
                    .add_column(ColumnDef::new(TranslationJobs::Shortcodes).text().null())
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    Shortcodes,
}
