//! Rebranding projects: names, colour and font scheme, locations. The colour scheme, font scheme
//! and locations are nested documents the server validates as a whole (`wordmark_core::brand`);
//! they are stored as JSON text so SQLite and PostgreSQL keep them the same way.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RebrandingProjects::Table)
                    .col(
                        ColumnDef::new(RebrandingProjects::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::ClientId)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::AuthorId)
                            .integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::DateCreated)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::LegalName)
                            .string_len(500)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::DisplayName)
                            .string_len(200)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::ColorScheme)
                            .text()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::FontScheme)
                            .text()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RebrandingProjects::Locations)
                            .text()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RebrandingProjects::Table, RebrandingProjects::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RebrandingProjects::Table, RebrandingProjects::AuthorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_rebranding_projects_client")
                    .table(RebrandingProjects::Table)
                    .col(RebrandingProjects::ClientId)
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum RebrandingProjects {
    Table,
    Id,
    ClientId,
    AuthorId,
    DateCreated,
    LegalName,
    DisplayName,
    ColorScheme,
    FontScheme,
    Locations,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
