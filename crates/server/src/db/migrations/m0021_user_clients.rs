//! Which clients a customer account belongs to: one row per (user, client). Customers see and
//! act on their clients' records only (the client scope, `policy::ClientScope`); staff accounts
//! have no rows. Both keys cascade, so deleting a user or a client removes its memberships in
//! the same statement. The primary key serves "the clients of a user" (read with every request
//! of a customer); the index on `client_id` serves "the people of a client".

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(UserClient::Table)
                    .col(ColumnDef::new(UserClient::UserId).integer().not_null())
                    .col(ColumnDef::new(UserClient::ClientId).integer().not_null())
                    .primary_key(
                        Index::create()
                            .col(UserClient::UserId)
                            .col(UserClient::ClientId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(UserClient::Table, UserClient::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(UserClient::Table, UserClient::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_user_client_client")
                    .table(UserClient::Table)
                    .col(UserClient::ClientId)
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum UserClient {
    Table,
    UserId,
    ClientId,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}
