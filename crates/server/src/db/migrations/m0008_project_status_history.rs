//! Every change of a translation project's status, with who made it and whether the workflow
//! moved it (pre-translation done, a download, the corrected workbooks) or a person chose it in
//! the edit form. Rows go with their project; a deleted account leaves its changes without a
//! user.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TranslationStatusChanges::Table)
                    .col(
                        ColumnDef::new(TranslationStatusChanges::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::ProjectId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::FromStatus)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::ToStatus)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::Kind)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::UserId)
                            .integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationStatusChanges::ChangedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                TranslationStatusChanges::Table,
                                TranslationStatusChanges::ProjectId,
                            )
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                TranslationStatusChanges::Table,
                                TranslationStatusChanges::UserId,
                            )
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_status_changes_project")
                    .table(TranslationStatusChanges::Table)
                    .col(TranslationStatusChanges::ProjectId)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum TranslationStatusChanges {
    Table,
    Id,
    ProjectId,
    FromStatus,
    ToStatus,
    Kind,
    UserId,
    ChangedAt,
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
