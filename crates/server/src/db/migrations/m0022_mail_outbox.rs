//! The mail outbox (#32): every mail Wordmark sends is first a row here, written in the same
//! transaction as the event it tells of, and delivered by a background worker that claims it
//! with a lease (owner and expiry), so a crash after the commit still sends it and several
//! instances on one database send it once.
//!
//! Index: the worker's scan for due mails (not delivered, not given up, by next attempt time).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use MailOutbox as M;
        let at = |column: M, required: bool| {
            let mut def = ColumnDef::new(column);
            def.timestamp_with_time_zone();
            if required {
                def.not_null();
            } else {
                def.null();
            }
            def
        };
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .col(
                        ColumnDef::new(M::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(M::Recipient).string_len(254).not_null())
                    .col(ColumnDef::new(M::RecipientName).text().null())
                    .col(ColumnDef::new(M::Subject).text().not_null())
                    .col(ColumnDef::new(M::BodyText).text().not_null())
                    .col(ColumnDef::new(M::BodyHtml).text().null())
                    .col(at(M::CreatedAt, true))
                    .col(ColumnDef::new(M::Attempts).integer().not_null().default(0))
                    .col(at(M::NextAttemptAt, true))
                    .col(ColumnDef::new(M::LeaseOwner).string_len(64).null())
                    .col(at(M::LeaseUntil, false))
                    .col(at(M::DeliveredAt, false))
                    .col(ColumnDef::new(M::LastError).text().null())
                    .col(
                        ColumnDef::new(M::GivenUp)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_mail_outbox_due")
                    .table(M::Table)
                    .col(M::DeliveredAt)
                    .col(M::GivenUp)
                    .col(M::NextAttemptAt)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    Recipient,
    RecipientName,
    Subject,
    BodyText,
    BodyHtml,
    CreatedAt,
    Attempts,
    NextAttemptAt,
    LeaseOwner,
    LeaseUntil,
    DeliveredAt,
    LastError,
    GivenUp,
}
