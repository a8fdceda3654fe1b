//! Storing less per upload: a job's file may be kept as the raw DEFLATE stream the uploaded zip
//! already held (`original_encoding`), and segments no longer copy the file's target
//! (`original_target`): the XLIFF writer compares each target with the file's own anyway.

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
                    // Rows stored before this migration hold the file as is.
                    .add_column(
                        ColumnDef::new(TranslationJobs::OriginalEncoding)
                            .string_len(16)
                            .not_null()
                            .default("identity"),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(TranslationSegments::Table)
                    .drop_column(TranslationSegments::OriginalTarget)
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    OriginalEncoding,
}

#[derive(DeriveIden)]
enum TranslationSegments {
    Table,
    OriginalTarget,
}
