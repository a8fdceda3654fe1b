//! DeepL glossaries made from the clients' termbases: `term_glossaries`, one row per client and
//! language pair with the provider's glossary id and a hash of the entries it was made from,
//! so that a run reuses the glossary while the termbase is unchanged and replaces it once when
//! it changed. And `pretranslate_runs.notices`: what a run wants its user to know without having
//! failed (a glossary the provider refused), a JSON array of texts. And
//! `pretranslate_run_jobs.term_warnings`: the job's machine translations the termbase's checks
//! warned about, for the run's report.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TermGlossaries::Table)
                    .col(
                        ColumnDef::new(TermGlossaries::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::ClientId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::Provider)
                            .string_len(20)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::SourceLang)
                            .string_len(20)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::TargetLang)
                            .string_len(20)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::GlossaryId)
                            .string_len(200)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::EntriesHash)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(TermGlossaries::SyncedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(TermGlossaries::Table, TermGlossaries::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_term_glossaries_pair")
                    .table(TermGlossaries::Table)
                    .col(TermGlossaries::ClientId)
                    .col(TermGlossaries::Provider)
                    .col(TermGlossaries::SourceLang)
                    .col(TermGlossaries::TargetLang)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PretranslateRuns::Table)
                    .add_column(ColumnDef::new(PretranslateRuns::Notices).text().null())
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PretranslateRunJobs::Table)
                    .add_column(
                        ColumnDef::new(PretranslateRunJobs::TermWarnings)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum TermGlossaries {
    Table,
    Id,
    ClientId,
    Provider,
    SourceLang,
    TargetLang,
    GlossaryId,
    EntriesHash,
    SyncedAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PretranslateRunJobs {
    Table,
    TermWarnings,
}

#[derive(DeriveIden)]
enum PretranslateRuns {
    Table,
    Notices,
}
