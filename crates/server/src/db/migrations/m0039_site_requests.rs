//! A customer's request for pages of their client's site (`site_requests`): the pages picked
//! from the site's content list, the target languages, a title, a due date and a note. It waits
//! for the staff, who make the project from it (the site's XLIFF read with the site's password,
//! which never reaches the customer); `project_id` then names that project, whose request row
//! (`project_requests`) and draft quote carry the quote flow on. Goes with its site; the
//! requester's account may go first, and the project may be deleted (the request stays,
//! without them).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SiteRequests as R;
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
                    .col(ColumnDef::new(R::SiteId).integer().not_null())
                    .col(ColumnDef::new(R::RequestedBy).integer().null())
                    .col(ColumnDef::new(R::Title).text().not_null())
                    .col(ColumnDef::new(R::DueDate).date().null())
                    .col(ColumnDef::new(R::Note).text().null())
                    .col(ColumnDef::new(R::Items).json().not_null())
                    .col(ColumnDef::new(R::TargetLangs).json().not_null())
                    .col(
                        ColumnDef::new(R::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(R::ProjectId).integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::SiteId)
                            .to(Sites::Table, Sites::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::RequestedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(R::Table, R::ProjectId)
                            .to(TranslationProjects::Table, TranslationProjects::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_site_requests_site")
                    .table(R::Table)
                    .col(R::SiteId)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum SiteRequests {
    Table,
    Id,
    SiteId,
    RequestedBy,
    Title,
    DueDate,
    Note,
    Items,
    TargetLangs,
    CreatedAt,
    ProjectId,
}

#[derive(DeriveIden)]
enum Sites {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    Id,
}
