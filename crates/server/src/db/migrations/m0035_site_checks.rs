//! Scheduled checks of the sites' content: when a site's content list was last read (by the
//! schedule or on demand) and why that read failed, so the site page shows it; and the lease
//! of the check under way, so that of several instances on one database only one checks a
//! site at a time (claimed like the pre-translation runs, `services::runs`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        let columns = [
            ColumnDef::new(Sites::ContentCheckedAt)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
            ColumnDef::new(Sites::ContentCheckError)
                .text()
                .null()
                .to_owned(),
            ColumnDef::new(Sites::CheckLeaseOwner)
                .string_len(64)
                .null()
                .to_owned(),
            ColumnDef::new(Sites::CheckLeaseUntil)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
        ];
        for column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Sites::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Sites {
    Table,
    ContentCheckedAt,
    ContentCheckError,
    CheckLeaseOwner,
    CheckLeaseUntil,
}
