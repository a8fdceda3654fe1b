//! Quotes (#customers): the versions of a project's quote, from a draft to sent and then
//! accepted, declined or superseded by the next version sent (expired is a sent quote past its
//! validity, computed on read). A version keeps its numbers as they were computed (the bands,
//! the scheme, the discount and extra lines, the total), so a sent or accepted quote never
//! changes when the memory or the rates do; an accepted one also keeps its PDF as accepted.
//!
//! Indexes: a project's versions (unique), at most one accepted version per project (a partial
//! unique index, on both databases), and the staff list by state and newest first.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn to_user(column: Quotes) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Quotes::Table, column)
        .to(Users::Table, Users::Id)
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

fn at(column: Quotes) -> ColumnDef {
    ColumnDef::new(column)
        .timestamp_with_time_zone()
        .null()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Quotes as Q;
        manager
            .create_table(
                Table::create()
                    .table(Q::Table)
                    .col(
                        ColumnDef::new(Q::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Q::ProjectId).integer().not_null())
                    .col(ColumnDef::new(Q::Version).integer().not_null())
                    .col(ColumnDef::new(Q::State).string_len(16).not_null())
                    .col(ColumnDef::new(Q::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(Q::Numbers).text().not_null())
                    .col(ColumnDef::new(Q::Discount).text().null())
                    .col(ColumnDef::new(Q::ExtraLines).text().not_null())
                    .col(ColumnDef::new(Q::Total).double().not_null())
                    .col(ColumnDef::new(Q::DueDate).date().null())
                    .col(ColumnDef::new(Q::ValidityDays).integer().not_null())
                    .col(ColumnDef::new(Q::ValidUntil).date().null())
                    .col(ColumnDef::new(Q::Terms).text().null())
                    .col(ColumnDef::new(Q::CreatedBy).integer().null())
                    .col(
                        ColumnDef::new(Q::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(Q::SentBy).integer().null())
                    .col(at(Q::SentAt))
                    .col(ColumnDef::new(Q::AnsweredBy).integer().null())
                    .col(at(Q::AnsweredAt))
                    .col(ColumnDef::new(Q::AcceptedName).string_len(200).null())
                    .col(ColumnDef::new(Q::PoNumber).string_len(100).null())
                    .col(ColumnDef::new(Q::DeclineReason).text().null())
                    .col(ColumnDef::new(Q::AcceptedPdf).blob().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(Q::Table, Q::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut to_user(Q::CreatedBy))
                    .foreign_key(&mut to_user(Q::SentBy))
                    .foreign_key(&mut to_user(Q::AnsweredBy))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_quotes_project_version")
                    .table(Q::Table)
                    .col(Q::ProjectId)
                    .col(Q::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_quotes_state_created")
                    .table(Q::Table)
                    .col(Q::State)
                    .col(Q::CreatedAt)
                    .to_owned(),
            )
            .await?;
        // Both databases take the same partial index; sea-query's builder has no WHERE for it.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_quotes_one_accepted ON quotes (project_id) \
                 WHERE state = 'accepted'",
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Quotes {
    Table,
    Id,
    ProjectId,
    Version,
    State,
    Currency,
    Numbers,
    Discount,
    ExtraLines,
    Total,
    DueDate,
    ValidityDays,
    ValidUntil,
    Terms,
    CreatedBy,
    CreatedAt,
    SentBy,
    SentAt,
    AnsweredBy,
    AnsweredAt,
    AcceptedName,
    PoNumber,
    DeclineReason,
    AcceptedPdf,
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
