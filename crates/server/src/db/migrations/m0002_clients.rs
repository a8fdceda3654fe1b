//! Clients: a unique name and an optional sanitised SVG logo.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Clients::Table)
                    .col(
                        ColumnDef::new(Clients::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Clients::ClientName)
                            .string_len(200)
                            .not_null(),
                    )
                    // The name folded to lower case: uniqueness ignores case ("ACME" = "Acme")
                    // the same way on SQLite and PostgreSQL, without expression indexes.
                    .col(
                        ColumnDef::new(Clients::NameKey)
                            .string_len(200)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Clients::ClientLogo).text().null())
                    .col(ColumnDef::new(Clients::AuthorId).integer().null())
                    .col(
                        ColumnDef::new(Clients::DateCreated)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Clients::Table, Clients::AuthorId)
                            .to(Users::Table, Users::Id)
                            // Deleting a user keeps the clients they created.
                            .on_delete(ForeignKeyAction::SetNull),
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
enum Clients {
    Table,
    Id,
    ClientName,
    NameKey,
    ClientLogo,
    AuthorId,
    DateCreated,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
