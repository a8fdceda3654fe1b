//! Assignments: a job offered to a translator (an account of role `translator`) for a task,
//! with a due date, a note and an optional fixed amount, and where the offer stands (see
//! `services/assignments.rs` for the state machine). A job has at most one open assignment
//! (offered, accepted, delivered or returned): the partial unique index refuses a second one
//! on both databases, whatever two staff members do at once.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn at(column: impl IntoIden) -> ColumnDef {
    let mut def = ColumnDef::new(column);
    def.timestamp_with_time_zone().not_null();
    def
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use Assignments as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(
                        ColumnDef::new(A::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(A::JobId).integer().not_null())
                    .col(ColumnDef::new(A::TranslatorId).integer().not_null())
                    .col(ColumnDef::new(A::Task).string_len(16).not_null())
                    .col(at(A::DueAt))
                    .col(ColumnDef::new(A::Note).text().null())
                    .col(ColumnDef::new(A::AmountCents).big_integer().null())
                    .col(ColumnDef::new(A::Words).integer().not_null())
                    .col(ColumnDef::new(A::State).string_len(16).not_null())
                    .col(ColumnDef::new(A::Reason).text().null())
                    .col(ColumnDef::new(A::CreatedBy).integer().null())
                    .col(at(A::CreatedAt))
                    .col(at(A::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::JobId)
                            .to(TranslationJobs::Table, TranslationJobs::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::TranslatorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(A::Table, A::CreatedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // A translator's list and the scope read at every request of a translator.
        manager
            .create_index(
                Index::create()
                    .name("idx_assignments_translator")
                    .table(A::Table)
                    .col(A::TranslatorId)
                    .col(A::DueAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_assignments_job")
                    .table(A::Table)
                    .col(A::JobId)
                    .to_owned(),
            )
            .await?;
        // Both databases take the same partial index; sea-query's builder has no WHERE for it.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX idx_assignments_one_open ON assignments (job_id) \
                 WHERE state IN ('offered', 'accepted', 'delivered', 'returned')",
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Assignments {
    Table,
    Id,
    JobId,
    TranslatorId,
    Task,
    DueAt,
    Note,
    AmountCents,
    Words,
    State,
    Reason,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
