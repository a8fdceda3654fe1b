//! Publishing a site project's translations back to WordPress: one run per project
//! (`site_publish_runs`, a new run replaces a finished one), claimed by one server instance at a
//! time with a lease as the pre-translation runs are, and its jobs (`site_publish_jobs`), each
//! written as soon as the site answered, so a run taken over after a crash or resumed after
//! the site went down never sends a published job again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SitePublishJobs as J;
        use SitePublishRuns as R;
        let at = |column: R| {
            let mut def = ColumnDef::new(column);
            def.timestamp_with_time_zone();
            def
        };
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(
                        ColumnDef::new(R::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(R::ProjectId)
                            .integer()
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(R::State).string_len(16).not_null())
                    .col(ColumnDef::new(R::Status).string_len(16).not_null())
                    .col(ColumnDef::new(R::Error).text().null())
                    .col(ColumnDef::new(R::LeaseOwner).string_len(64).null())
                    .col(at(R::LeaseUntil).null())
                    .col(at(R::CreatedAt).not_null())
                    .col(at(R::UpdatedAt).not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(J::Table)
                    .col(ColumnDef::new(J::RunId).integer().not_null())
                    .col(ColumnDef::new(J::JobId).integer().not_null())
                    .col(ColumnDef::new(J::Position).integer().not_null())
                    .col(ColumnDef::new(J::State).string_len(16).not_null())
                    .col(ColumnDef::new(J::PostId).big_integer().null())
                    .col(ColumnDef::new(J::EditLink).text().null())
                    .col(ColumnDef::new(J::Error).text().null())
                    .col(
                        ColumnDef::new(J::FinishedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .primary_key(Index::create().col(J::RunId).col(J::JobId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(J::Table, J::RunId)
                            .to(R::Table, R::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(J::Table, J::JobId)
                            .to(TranslationJobs::Table, TranslationJobs::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum SitePublishRuns {
    Table,
    Id,
    ProjectId,
    State,
    Status,
    Error,
    LeaseOwner,
    LeaseUntil,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SitePublishJobs {
    Table,
    RunId,
    JobId,
    Position,
    State,
    PostId,
    EditLink,
    Error,
    FinishedAt,
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
}
