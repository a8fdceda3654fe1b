//! WordPress sites of a client (`sites`), and what Wordmark last read of each site's content
//! (`site_items`, one row per source page or post, and `site_item_languages`, its state in each
//! target language). The application password is stored sealed (`secret_box`); only its last
//! four characters are kept in the clear, to be shown.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn at(column: impl IntoIden, required: bool) -> ColumnDef {
    let mut def = ColumnDef::new(column);
    def.timestamp_with_time_zone();
    if required {
        def.not_null();
    } else {
        def.null();
    }
    def
}

fn text(column: impl IntoIden, len: Option<u32>) -> ColumnDef {
    let mut def = ColumnDef::new(column);
    match len {
        Some(len) => def.string_len(len),
        None => def.text(),
    };
    def.null();
    def
}

fn cascade(
    table: impl IntoIden,
    from: impl IntoIden,
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, from)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use SiteItemLanguages as L;
        use SiteItems as I;
        use Sites as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .col(
                        ColumnDef::new(S::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(S::ClientId).integer().not_null())
                    .col(ColumnDef::new(S::Name).string_len(200).not_null())
                    .col(ColumnDef::new(S::Url).string_len(2000).not_null())
                    .col(ColumnDef::new(S::Username).string_len(60).not_null())
                    .col(ColumnDef::new(S::Password).text().not_null())
                    .col(ColumnDef::new(S::PasswordLast4).string_len(4).not_null())
                    .col(at(S::CreatedAt, true))
                    .col(at(S::UpdatedAt, true))
                    .col(at(S::CheckedAt, false))
                    .col(text(S::Problem, None))
                    .col(text(S::WordpressVersion, Some(40)))
                    .col(text(S::PluginVersion, Some(40)))
                    .col(text(S::Multilingual, Some(16)))
                    .col(text(S::SourceLanguage, Some(20)))
                    .col(text(S::Languages, None))
                    .col(at(S::RefreshedAt, false))
                    .foreign_key(&mut cascade(
                        S::Table,
                        S::ClientId,
                        (Clients::Table, Clients::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sites_client")
                    .table(S::Table)
                    .col(S::ClientId)
                    .col(S::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(I::Table)
                    .col(ColumnDef::new(I::SiteId).integer().not_null())
                    .col(ColumnDef::new(I::ItemId).big_integer().not_null())
                    .col(ColumnDef::new(I::PostType).string_len(40).not_null())
                    .col(ColumnDef::new(I::Title).text().not_null())
                    .col(ColumnDef::new(I::Status).string_len(20).not_null())
                    .col(ColumnDef::new(I::Parent).big_integer().not_null())
                    .col(at(I::Modified, true))
                    .col(ColumnDef::new(I::Hash).string_len(64).not_null())
                    .primary_key(Index::create().col(I::SiteId).col(I::ItemId))
                    .foreign_key(&mut cascade(I::Table, I::SiteId, (Sites::Table, Sites::Id)))
                    .to_owned(),
            )
            .await?;
        // The content list's default order: most recently modified first.
        manager
            .create_index(
                Index::create()
                    .name("idx_site_items_modified")
                    .table(I::Table)
                    .col(I::SiteId)
                    .col(I::Modified)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .col(ColumnDef::new(L::SiteId).integer().not_null())
                    .col(ColumnDef::new(L::ItemId).big_integer().not_null())
                    .col(ColumnDef::new(L::Lang).string_len(20).not_null())
                    .col(ColumnDef::new(L::TranslationId).big_integer().null())
                    .col(ColumnDef::new(L::State).string_len(16).not_null())
                    .primary_key(Index::create().col(L::SiteId).col(L::ItemId).col(L::Lang))
                    .foreign_key(&mut cascade(L::Table, L::SiteId, (Sites::Table, Sites::Id)))
                    .to_owned(),
            )
            .await?;
        // The filter "pages of this state in this language".
        manager
            .create_index(
                Index::create()
                    .name("idx_site_item_languages_state")
                    .table(L::Table)
                    .col(L::SiteId)
                    .col(L::Lang)
                    .col(L::State)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Sites {
    Table,
    Id,
    ClientId,
    Name,
    Url,
    Username,
    Password,
    PasswordLast4,
    CreatedAt,
    UpdatedAt,
    CheckedAt,
    Problem,
    WordpressVersion,
    PluginVersion,
    Multilingual,
    SourceLanguage,
    Languages,
    RefreshedAt,
}

#[derive(DeriveIden)]
enum SiteItems {
    Table,
    SiteId,
    ItemId,
    PostType,
    Title,
    Status,
    Parent,
    Modified,
    Hash,
}

#[derive(DeriveIden)]
enum SiteItemLanguages {
    Table,
    SiteId,
    ItemId,
    Lang,
    TranslationId,
    State,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}
