//! Requests (#customers): a translation project a customer asked for, with who asked, by when
//! and their note. One row per requested project, beside the project rather than in its row:
//! the project list, its summaries and the client archive read `translation_projects` as they
//! are, and only the quotes' owner reads requests. Goes with its project; the requester's
//! account may go first (the request stays, without them).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectRequests as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(
                        ColumnDef::new(R::ProjectId)
                            .integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(R::RequestedBy).integer().null())
                    .col(ColumnDef::new(R::DueDate).date().null())
                    .col(ColumnDef::new(R::Note).text().null())
                    .col(
                        ColumnDef::new(R::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::RequestedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum ProjectRequests {
    Table,
    ProjectId,
    RequestedBy,
    DueDate,
    Note,
    CreatedAt,
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
