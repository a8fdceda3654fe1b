//! Translation projects, their jobs (one uploaded XLIFF file each, kept byte for byte) and the
//! jobs' segments (one per translatable unit, in file order).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TranslationProjects::Table)
                    .col(
                        ColumnDef::new(TranslationProjects::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::Name)
                            .string_len(200)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::Status)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::ClientId)
                            .integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::TargetLang)
                            .string_len(32)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::AuthorId)
                            .integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationProjects::DateCreated)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TranslationProjects::Table, TranslationProjects::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TranslationProjects::Table, TranslationProjects::AuthorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_projects_client")
                    .table(TranslationProjects::Table)
                    .col(TranslationProjects::ClientId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TranslationJobs::Table)
                    .col(
                        ColumnDef::new(TranslationJobs::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::ProjectId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::WpmlId)
                            .string_len(64)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::FileName)
                            .string_len(255)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::PostType)
                            .string_len(100)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::SourceLang)
                            .string_len(32)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::TargetLang)
                            .string_len(32)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::XliffVersion)
                            .string_len(8)
                            .not_null(),
                    )
                    // The file exactly as uploaded: exports splice targets into these bytes.
                    .col(ColumnDef::new(TranslationJobs::Original).blob().not_null())
                    // A fingerprint (hex) of the file; workbooks carry it to recognise their job.
                    .col(
                        ColumnDef::new(TranslationJobs::Checksum)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationJobs::DateCreated)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TranslationJobs::Table, TranslationJobs::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_jobs_project")
                    .table(TranslationJobs::Table)
                    .col(TranslationJobs::ProjectId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TranslationSegments::Table)
                    .col(
                        ColumnDef::new(TranslationSegments::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::JobId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::Position)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::UnitKey)
                            .text()
                            .not_null(),
                    )
                    .col(ColumnDef::new(TranslationSegments::UnitId).text().null())
                    .col(ColumnDef::new(TranslationSegments::Resname).text().null())
                    .col(
                        ColumnDef::new(TranslationSegments::Translatable)
                            .boolean()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::Markup)
                            .string_len(8)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::Source)
                            .text()
                            .not_null(),
                    )
                    // The target the uploaded file had; exports leave units whose target still
                    // equals it untouched.
                    .col(
                        ColumnDef::new(TranslationSegments::OriginalTarget)
                            .text()
                            .null(),
                    )
                    .col(ColumnDef::new(TranslationSegments::Target).text().null())
                    .col(ColumnDef::new(TranslationSegments::MtTarget).text().null())
                    .col(
                        ColumnDef::new(TranslationSegments::Origin)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationSegments::Status)
                            .string_len(16)
                            .not_null(),
                    )
                    // QA flags as a JSON array of `wordmark_core::qa::QaWarning`-shaped objects.
                    .col(
                        ColumnDef::new(TranslationSegments::QaFlags)
                            .text()
                            .not_null(),
                    )
                    .col(ColumnDef::new(TranslationSegments::Comment).text().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(TranslationSegments::Table, TranslationSegments::JobId)
                            .to(TranslationJobs::Table, TranslationJobs::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_segments_job_position")
                    .table(TranslationSegments::Table)
                    .col(TranslationSegments::JobId)
                    .col(TranslationSegments::Position)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
    Name,
    Status,
    ClientId,
    TargetLang,
    AuthorId,
    DateCreated,
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    Id,
    ProjectId,
    WpmlId,
    FileName,
    PostType,
    SourceLang,
    TargetLang,
    XliffVersion,
    Original,
    Checksum,
    DateCreated,
}

#[derive(DeriveIden)]
enum TranslationSegments {
    Table,
    Id,
    JobId,
    Position,
    UnitKey,
    UnitId,
    Resname,
    Translatable,
    Markup,
    Source,
    OriginalTarget,
    Target,
    MtTarget,
    Origin,
    Status,
    QaFlags,
    Comment,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
