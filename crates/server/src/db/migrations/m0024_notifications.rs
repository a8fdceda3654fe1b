//! Notifications (#32): what happened that a user should know of (a review submitted, a
//! comment, a project completed), each with the path of its subject in the app and whether it
//! was read; and each user's choice per kind of event (in the app, by e-mail; a missing row
//! means both). Both go with their user.
//!
//! Index: a user's list (unread first, newest first) and their unread count.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use NotificationPreferences as P;
        use Notifications as N;
        let user = |from: (N, N)| {
            ForeignKey::create()
                .from(from.0, from.1)
                .to(Users::Table, Users::Id)
                .on_delete(ForeignKeyAction::Cascade)
                .to_owned()
        };
        manager
            .create_table(
                Table::create()
                    .table(N::Table)
                    .col(
                        ColumnDef::new(N::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(N::UserId).integer().not_null())
                    .col(ColumnDef::new(N::Kind).string_len(32).not_null())
                    .col(ColumnDef::new(N::SubjectType).string_len(32).not_null())
                    .col(ColumnDef::new(N::SubjectId).integer().not_null())
                    .col(ColumnDef::new(N::Link).text().not_null())
                    .col(ColumnDef::new(N::Text).text().not_null())
                    .col(
                        ColumnDef::new(N::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(N::ReadAt).timestamp_with_time_zone().null())
                    .foreign_key(&mut user((N::Table, N::UserId)))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(ColumnDef::new(P::UserId).integer().not_null())
                    .col(ColumnDef::new(P::Kind).string_len(32).not_null())
                    .col(ColumnDef::new(P::InApp).boolean().not_null())
                    .col(ColumnDef::new(P::Email).boolean().not_null())
                    .primary_key(Index::create().col(P::UserId).col(P::Kind))
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_notifications_user_read_created")
                    .table(N::Table)
                    .col(N::UserId)
                    .col(N::ReadAt)
                    .col(N::CreatedAt)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum Notifications {
    Table,
    Id,
    UserId,
    Kind,
    SubjectType,
    SubjectId,
    Link,
    Text,
    CreatedAt,
    ReadAt,
}

#[derive(DeriveIden)]
enum NotificationPreferences {
    Table,
    UserId,
    Kind,
    InApp,
    Email,
}
