//! Accounts by e-mail (#32): invitations (a single-use link that lets the invitee set their
//! password, valid 7 days) and password resets (a single-use link, valid 1 hour). Only each
//! token's SHA-256 is stored. `password_reset_requests` counts every reset request, for an
//! address known or not, so requests are throttled without telling which addresses exist.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn at(column: impl IntoIden, required: bool) -> ColumnDef {
    let mut def = ColumnDef::new(column);
    def.timestamp_with_time_zone();
    if required {
        def.not_null();
    } else {
        def.null();
    }
    def
}

fn serial(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column)
        .integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn token_hash(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column)
        .string_len(64)
        .not_null()
        .unique_key()
        .to_owned()
}

fn to_user(
    from: (impl IntoIden, impl IntoIden),
    action: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(Users::Table, Users::Id)
        .on_delete(action)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Invitations as I;
        use PasswordResetRequests as Q;
        use PasswordResets as R;
        manager
            .create_table(
                Table::create()
                    .table(I::Table)
                    .col(serial(I::Id))
                    .col(ColumnDef::new(I::Email).string_len(254).not_null())
                    .col(ColumnDef::new(I::Role).string_len(16).not_null())
                    .col(ColumnDef::new(I::FirstName).text().not_null())
                    .col(ColumnDef::new(I::LastName).text().not_null())
                    .col(ColumnDef::new(I::ClientIds).text().not_null().default("[]"))
                    .col(token_hash(I::TokenHash))
                    .col(ColumnDef::new(I::InvitedBy).integer().null())
                    .col(at(I::CreatedAt, true))
                    .col(at(I::ExpiresAt, true))
                    .col(at(I::AcceptedAt, false))
                    .col(at(I::RevokedAt, false))
                    .col(ColumnDef::new(I::UserId).integer().null())
                    .foreign_key(&mut to_user(
                        (I::Table, I::InvitedBy),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut to_user(
                        (I::Table, I::UserId),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(serial(R::Id))
                    .col(ColumnDef::new(R::UserId).integer().not_null())
                    .col(token_hash(R::TokenHash))
                    .col(at(R::CreatedAt, true))
                    .col(at(R::ExpiresAt, true))
                    .col(at(R::UsedAt, false))
                    .foreign_key(&mut to_user(
                        (R::Table, R::UserId),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Q::Table)
                    .col(
                        ColumnDef::new(Q::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Q::EmailHash).string_len(64).not_null())
                    .col(ColumnDef::new(Q::Address).string_len(64).null())
                    .col(at(Q::RequestedAt, true))
                    .to_owned(),
            )
            .await?;
        let indexes = [
            Index::create()
                .name("idx_invitations_created")
                .table(I::Table)
                .col(I::CreatedAt)
                .to_owned(),
            Index::create()
                .name("idx_password_resets_user_created")
                .table(R::Table)
                .col(R::UserId)
                .col(R::CreatedAt)
                .to_owned(),
            Index::create()
                .name("idx_password_reset_requests_email")
                .table(Q::Table)
                .col(Q::EmailHash)
                .col(Q::RequestedAt)
                .to_owned(),
            Index::create()
                .name("idx_password_reset_requests_address")
                .table(Q::Table)
                .col(Q::Address)
                .col(Q::RequestedAt)
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Invitations {
    Table,
    Id,
    Email,
    Role,
    FirstName,
    LastName,
    ClientIds,
    TokenHash,
    InvitedBy,
    CreatedAt,
    ExpiresAt,
    AcceptedAt,
    RevokedAt,
    UserId,
}

#[derive(DeriveIden)]
enum PasswordResets {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum PasswordResetRequests {
    Table,
    Id,
    EmailHash,
    Address,
    RequestedAt,
}
