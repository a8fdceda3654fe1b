//! Machine translation: server-side pre-translation runs (one per project, with a line per job
//! so a run survives restarts), the translation memory, and settings that override the
//! environment (the MT provider chosen under Administration → Settings).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Settings::Table)
                    .col(
                        ColumnDef::new(Settings::Key)
                            .string_len(64)
                            .not_null()
                            .primary_key(),
                    )
                    // JSON; secrets included (the API answers only hints of them).
                    .col(ColumnDef::new(Settings::Value).text().not_null())
                    .col(
                        ColumnDef::new(Settings::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PretranslateRuns::Table)
                    .col(
                        ColumnDef::new(PretranslateRuns::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    // One run per project: a new run replaces a finished one.
                    .col(
                        ColumnDef::new(PretranslateRuns::ProjectId)
                            .integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::State)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::Provider)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::Pseudo)
                            .boolean()
                            .not_null(),
                    )
                    .col(ColumnDef::new(PretranslateRuns::Error).text().null())
                    // The server instance working the run, and until when its claim holds
                    // without a heartbeat; an expired claim may be taken over.
                    .col(
                        ColumnDef::new(PretranslateRuns::LeaseOwner)
                            .string_len(64)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::LeaseUntil)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRuns::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PretranslateRuns::Table, PretranslateRuns::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pretranslate_runs_state")
                    .table(PretranslateRuns::Table)
                    .col(PretranslateRuns::State)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PretranslateRunJobs::Table)
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::RunId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::JobId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Position)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::FileName)
                            .string_len(255)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::State)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Kind)
                            .string_len(16)
                            .null(),
                    )
                    .col(ColumnDef::new(PretranslateRunJobs::Message).text().null())
                    // Segments to translate when the run started, then what filled them.
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Segments)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::FromMemory)
                            .integer()
                            .not_null(),
                    )
                    // Characters of source text to translate (the run's cost estimate while
                    // it runs, without re-reading every segment on each poll).
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Characters)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::FromMt)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::Flagged)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PretranslateRunJobs::FinishedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PretranslateRunJobs::Table, PretranslateRunJobs::RunId)
                            .to(PretranslateRuns::Table, PretranslateRuns::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PretranslateRunJobs::Table, PretranslateRunJobs::JobId)
                            .to(TranslationJobs::Table, TranslationJobs::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_pretranslate_run_jobs_run_job")
                    .table(PretranslateRunJobs::Table)
                    .col(PretranslateRunJobs::RunId)
                    .col(PretranslateRunJobs::JobId)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TranslationMemory::Table)
                    .col(
                        ColumnDef::new(TranslationMemory::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    // `None`: the pool of projects without a client.
                    .col(ColumnDef::new(TranslationMemory::ClientId).integer().null())
                    .col(
                        ColumnDef::new(TranslationMemory::SourceLang)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationMemory::TargetLang)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationMemory::Markup)
                            .string_len(8)
                            .not_null(),
                    )
                    // SHA-256 of `source` (hex): an index on it finds exact matches of long
                    // texts on both databases.
                    .col(
                        ColumnDef::new(TranslationMemory::SourceHash)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(ColumnDef::new(TranslationMemory::Source).text().not_null())
                    .col(ColumnDef::new(TranslationMemory::Resname).text().null())
                    .col(ColumnDef::new(TranslationMemory::Target).text().not_null())
                    .col(
                        ColumnDef::new(TranslationMemory::Origin)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TranslationMemory::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TranslationMemory::Table, TranslationMemory::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_memory_lookup")
                    .table(TranslationMemory::Table)
                    .col(TranslationMemory::SourceHash)
                    .col(TranslationMemory::SourceLang)
                    .col(TranslationMemory::TargetLang)
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum Settings {
    Table,
    Key,
    Value,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PretranslateRuns {
    Table,
    Id,
    ProjectId,
    State,
    Provider,
    Pseudo,
    Error,
    LeaseOwner,
    LeaseUntil,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PretranslateRunJobs {
    Table,
    Id,
    RunId,
    JobId,
    Position,
    FileName,
    State,
    Kind,
    Message,
    Segments,
    Characters,
    FromMemory,
    FromMt,
    Flagged,
    FinishedAt,
}

#[derive(DeriveIden)]
enum TranslationMemory {
    Table,
    Id,
    ClientId,
    SourceLang,
    TargetLang,
    Markup,
    SourceHash,
    Source,
    Resname,
    Target,
    Origin,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}
