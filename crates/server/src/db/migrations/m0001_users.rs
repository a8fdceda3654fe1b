//! Users, sign-in tokens (stored as SHA-256 hashes) and failed sign-in attempts.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(
                        ColumnDef::new(Users::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Users::Username)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Users::Email).string_len(320).not_null())
                    .col(ColumnDef::new(Users::FirstName).string_len(200).not_null())
                    .col(ColumnDef::new(Users::LastName).string_len(200).not_null())
                    .col(ColumnDef::new(Users::Role).string_len(16).not_null())
                    .col(ColumnDef::new(Users::PasswordHash).string().not_null())
                    .col(
                        ColumnDef::new(Users::DateCreated)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Tokens::Table)
                    .col(
                        ColumnDef::new(Tokens::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Tokens::UserId).integer().not_null())
                    .col(
                        ColumnDef::new(Tokens::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(Tokens::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Tokens::LastUsedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Tokens::ExpiresAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Tokens::Table, Tokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_tokens_user_id")
                    .table(Tokens::Table)
                    .col(Tokens::UserId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(LoginAttempts::Table)
                    .col(
                        ColumnDef::new(LoginAttempts::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(LoginAttempts::Username)
                            .string_len(200)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(LoginAttempts::Address)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(LoginAttempts::AttemptedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_login_attempts_username", LoginAttempts::Username),
            ("idx_login_attempts_address", LoginAttempts::Address),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(LoginAttempts::Table)
                        .col(column)
                        .col(LoginAttempts::AttemptedAt)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    /// Run every statement in one transaction on both backends, so a failed migration leaves
    /// no half-created schema behind.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Username,
    Email,
    FirstName,
    LastName,
    Role,
    PasswordHash,
    DateCreated,
}

#[derive(DeriveIden)]
enum Tokens {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedAt,
    LastUsedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum LoginAttempts {
    Table,
    Id,
    Username,
    Address,
    AttemptedAt,
}
