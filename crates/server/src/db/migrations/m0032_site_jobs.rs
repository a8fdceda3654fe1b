//! Which site and item each job of a project made from a site's pages came from
//! (`site_jobs`): publishing sends a job's XLIFF back to that item's translation route. The
//! project id is kept beside the job so that a project's site jobs are read without joining
//! another owner's table.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SiteJobs as J;
        manager
            .create_table(
                Table::create()
                    .table(J::Table)
                    .col(ColumnDef::new(J::JobId).integer().not_null().primary_key())
                    .col(ColumnDef::new(J::ProjectId).integer().not_null())
                    .col(ColumnDef::new(J::SiteId).integer().not_null())
                    .col(ColumnDef::new(J::ItemId).big_integer().not_null())
                    .col(ColumnDef::new(J::Lang).string_len(20).not_null())
                    // The job, its project or its site gone: the link means nothing any more.
                    .foreign_key(
                        ForeignKey::create()
                            .from(J::Table, J::JobId)
                            .to(TranslationJobs::Table, TranslationJobs::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(J::Table, J::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(J::Table, J::SiteId)
                            .to(Sites::Table, Sites::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_site_jobs_project")
                    .table(J::Table)
                    .col(J::ProjectId)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum SiteJobs {
    Table,
    JobId,
    ProjectId,
    SiteId,
    ItemId,
    Lang,
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

#[derive(DeriveIden)]
enum Sites {
    Table,
    Id,
}
