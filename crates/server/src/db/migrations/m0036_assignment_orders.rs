//! A translator's purchase order (`assignment_orders`): the PDF drawn when the translator
//! accepts an assignment, kept as it was then (a later change of the translator's name, the
//! agency's currency or the amount does not change an order already given), one per
//! assignment. A table of its own, so that the lists of assignments never read the bytes.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use AssignmentOrders as O;
        manager
            .create_table(
                Table::create()
                    .table(O::Table)
                    .col(
                        ColumnDef::new(O::AssignmentId)
                            .integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(O::PoNumber).string_len(32).not_null())
                    .col(ColumnDef::new(O::Pdf).blob().not_null())
                    .col(
                        ColumnDef::new(O::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(O::Table, O::AssignmentId)
                            .to(Assignments::Table, Assignments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum AssignmentOrders {
    Table,
    AssignmentId,
    PoNumber,
    Pdf,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Assignments {
    Table,
    Id,
}
