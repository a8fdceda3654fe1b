//! The clients' termbases: `terms`, one row per entry and language pair, its target variants
//! as a JSON array (always read and written with the entry, so no table of their own).
//!
//! Indexes: the unique entry key (client, pair, lower-cased source term, kind), which an
//! import updates by; the pair's entries in source order for the list and the index the
//! checks build.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Terms::Table)
                    .col(
                        ColumnDef::new(Terms::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Terms::ClientId).integer().not_null())
                    .col(ColumnDef::new(Terms::SourceLang).string_len(20).not_null())
                    .col(ColumnDef::new(Terms::TargetLang).string_len(20).not_null())
                    .col(ColumnDef::new(Terms::Source).string_len(800).not_null())
                    .col(ColumnDef::new(Terms::SourceKey).string_len(800).not_null())
                    .col(ColumnDef::new(Terms::Targets).text().not_null())
                    .col(ColumnDef::new(Terms::Kind).string_len(20).not_null())
                    .col(ColumnDef::new(Terms::CaseSensitive).boolean().not_null())
                    .col(ColumnDef::new(Terms::PartOfSpeech).string_len(800).null())
                    .col(ColumnDef::new(Terms::Note).text().null())
                    .col(
                        ColumnDef::new(Terms::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Terms::Table, Terms::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_terms_key")
                    .table(Terms::Table)
                    .col(Terms::ClientId)
                    .col(Terms::SourceLang)
                    .col(Terms::TargetLang)
                    .col(Terms::SourceKey)
                    .col(Terms::Kind)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum Terms {
    Table,
    Id,
    ClientId,
    SourceLang,
    TargetLang,
    Source,
    SourceKey,
    Targets,
    Kind,
    CaseSensitive,
    PartOfSpeech,
    Note,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}
