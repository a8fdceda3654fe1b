//! When each of an assignment's due-date notices was sent (`due_soon_sent_at`: due within 24
//! hours, to the translator; `overdue_sent_at`: past due, to the translator and staff). The
//! notifier sets a column with a conditional `UPDATE … WHERE <column> IS NULL` in the notice's
//! transaction, so each notice goes out once, however many instances run it.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        for column in [Assignments::DueSoonSentAt, Assignments::OverdueSentAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Assignments::Table)
                        .add_column(ColumnDef::new(column).timestamp_with_time_zone().null())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Assignments {
    Table,
    DueSoonSentAt,
    OverdueSentAt,
}
