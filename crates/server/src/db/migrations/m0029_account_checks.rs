//! Usernames unique ignoring case: `Admin` beside `admin` would pass for the administrator in
//! every list and mail. A unique index on `lower(username)`, an expression index that SQLite
//! and PostgreSQL both build with the same statement (usernames are ASCII, so both databases'
//! `lower` agree).
//!
//! And `email_changes`: a new address of an account's own waits there for the link mailed to
//! it (only the token's SHA-256 is stored, one change per account, gone with the account).
//!
//! A database where two accounts already differ only in case is not changed: the migration
//! stops, naming them, and the server does not start until one of each pair is renamed with
//! the SQL the message gives.

use sea_orm::{ConnectionTrait, Statement};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let colliding = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT lower(username) AS name, COUNT(*) AS accounts FROM users \
                 GROUP BY lower(username) HAVING COUNT(*) > 1 ORDER BY lower(username)",
            ))
            .await?;
        if !colliding.is_empty() {
            let names = colliding
                .iter()
                .map(|row| row.try_get::<String>("", "name"))
                .collect::<Result<Vec<_>, _>>()?;
            return Err(DbErr::Migration(collision_message(&names)));
        }
        db.execute_unprepared(
            "CREATE UNIQUE INDEX idx_users_username_lower ON users (lower(username))",
        )
        .await?;
        use EmailChanges as E;
        let at = |column: E| {
            ColumnDef::new(column)
                .timestamp_with_time_zone()
                .not_null()
                .to_owned()
        };
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(
                        ColumnDef::new(E::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(E::UserId).integer().not_null().unique_key())
                    .col(ColumnDef::new(E::NewEmail).string_len(254).not_null())
                    .col(
                        ColumnDef::new(E::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(at(E::CreatedAt))
                    .col(at(E::ExpiresAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(E::Table, E::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

/// What an operator reads when accounts collide: which, and how to rename one of each.
fn collision_message(names: &[String]) -> String {
    format!(
        "Usernames are now unique ignoring case, and each of these is held by several \
         accounts: {}. Rename all but one of each (list them with SELECT id, username FROM \
         users WHERE lower(username) = 'the-name'; rename one with UPDATE users SET username \
         = 'a-new-name' WHERE id = its-id;), then start Wordmark again.",
        names.join(", ")
    )
}

#[derive(DeriveIden)]
enum EmailChanges {
    Table,
    Id,
    UserId,
    NewEmail,
    TokenHash,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
