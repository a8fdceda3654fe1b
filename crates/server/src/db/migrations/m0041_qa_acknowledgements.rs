//! A segment's QA warnings acknowledged one by one (`segment_qa_acks`): a translator who
//! checked a warning and keeps the text says so, and delivery waits for every warning to be
//! fixed or acknowledged. A warning is named by its kind and message, as the segment's
//! `qa_flags` hold it; the acknowledgement stays with that warning while a later save gives the
//! same one again, and counts for nothing once the warning is gone.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SegmentQaAcks as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(ColumnDef::new(A::SegmentId).big_integer().not_null())
                    .col(ColumnDef::new(A::Kind).string_len(64).not_null())
                    .col(ColumnDef::new(A::Message).text().not_null())
                    .col(ColumnDef::new(A::UserId).integer().null())
                    .col(
                        ColumnDef::new(A::AcknowledgedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(A::SegmentId)
                            .col(A::Kind)
                            .col(A::Message),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::SegmentId)
                            .to(TranslationSegments::Table, TranslationSegments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum SegmentQaAcks {
    Table,
    SegmentId,
    Kind,
    Message,
    UserId,
    AcknowledgedAt,
}

#[derive(DeriveIden)]
enum TranslationSegments {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
