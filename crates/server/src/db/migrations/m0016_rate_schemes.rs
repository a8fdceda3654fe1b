//! Rate schemes: what a client pays per word and band, and the agency's default for clients
//! without one of their own (the row whose `client_id` is NULL). One row per client, and one
//! default: a unique index over `COALESCE(client_id, 0)` (client ids start at 1), because a
//! plain unique column lets any number of NULLs through on both databases.
//!
//! The band percentages are columns of their own: a scheme is always read and written whole,
//! and columns keep each value typed and checkable in SQL.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let percent = |column: RateSchemes| ColumnDef::new(column).integer().not_null().to_owned();
        let amount = |column: RateSchemes| ColumnDef::new(column).double().not_null().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(RateSchemes::Table)
                    .col(
                        ColumnDef::new(RateSchemes::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(RateSchemes::ClientId).integer().null())
                    .col(
                        ColumnDef::new(RateSchemes::Currency)
                            .string_len(3)
                            .not_null(),
                    )
                    .col(amount(RateSchemes::WordPrice))
                    .col(amount(RateSchemes::MinimumFee))
                    .col(amount(RateSchemes::MtPricePerMillionCharacters))
                    .col(percent(RateSchemes::PercentRepetition))
                    .col(percent(RateSchemes::PercentContext))
                    .col(percent(RateSchemes::PercentExact))
                    .col(percent(RateSchemes::PercentFuzzy95))
                    .col(percent(RateSchemes::PercentFuzzy85))
                    .col(percent(RateSchemes::PercentFuzzy75))
                    .col(percent(RateSchemes::PercentFuzzy50))
                    .col(percent(RateSchemes::PercentNoMatch))
                    .col(
                        ColumnDef::new(RateSchemes::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RateSchemes::Table, RateSchemes::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_rate_schemes_client ON rate_schemes ((COALESCE(client_id, 0)))",
            )
            .await?;
        Ok(())
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum RateSchemes {
    Table,
    Id,
    ClientId,
    Currency,
    WordPrice,
    MinimumFee,
    MtPricePerMillionCharacters,
    PercentRepetition,
    PercentContext,
    PercentExact,
    PercentFuzzy95,
    PercentFuzzy85,
    PercentFuzzy75,
    PercentFuzzy50,
    PercentNoMatch,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}
