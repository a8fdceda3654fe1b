//! Whether a translation project was made from a connected WordPress site
//! (`translation_projects.made_from_site`): the project list and page name the site of those
//! projects only, so the far more common uploaded projects cost no look-up in `site_jobs`.
//! Projects made from a site before this migration are marked from their site jobs.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TranslationProjects::Table)
                    .add_column(
                        ColumnDef::new(TranslationProjects::MadeFromSite)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE translation_projects SET made_from_site = TRUE \
                 WHERE id IN (SELECT project_id FROM site_jobs)",
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    MadeFromSite,
}
