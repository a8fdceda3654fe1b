//! The customer's review in the browser (#18): review links (only the token's SHA-256 is
//! stored), the customer's drafts and approvals per segment, comments with their per-segment
//! resolution, every change of a segment's target with who made it and from what
//! (`translation_segment_changes`), and `translation_segments.revision`, which every write of a
//! target increments so that a draft made on an older revision is refused instead of
//! overwriting a newer target silently.
//!
//! Everything goes with its project (`ON DELETE CASCADE` through the segments and the links); a
//! deleted account leaves its links, comments and changes without a user.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TranslationSegments::Table)
                    .add_column(
                        ColumnDef::new(TranslationSegments::Revision)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_table(review_links()).await?;
        manager.create_table(review_drafts()).await?;
        manager.create_table(review_comments()).await?;
        manager.create_table(review_threads()).await?;
        manager.create_table(segment_changes()).await?;
        let indexes = [
            Index::create()
                .name("idx_review_links_project")
                .table(ReviewLinks::Table)
                .col(ReviewLinks::ProjectId)
                .to_owned(),
            Index::create()
                .name("idx_review_drafts_link_segment")
                .table(ReviewDrafts::Table)
                .col(ReviewDrafts::LinkId)
                .col(ReviewDrafts::SegmentId)
                .unique()
                .to_owned(),
            Index::create()
                .name("idx_review_drafts_segment")
                .table(ReviewDrafts::Table)
                .col(ReviewDrafts::SegmentId)
                .to_owned(),
            Index::create()
                .name("idx_review_comments_segment")
                .table(ReviewComments::Table)
                .col(ReviewComments::SegmentId)
                .to_owned(),
            Index::create()
                .name("idx_review_comments_project")
                .table(ReviewComments::Table)
                .col(ReviewComments::ProjectId)
                .to_owned(),
            Index::create()
                .name("idx_translation_segment_changes_segment")
                .table(TranslationSegmentChanges::Table)
                .col(TranslationSegmentChanges::SegmentId)
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}

fn id(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

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

fn text(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column).text().null().to_owned()
}

fn cascade(
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn set_null(
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

fn review_links() -> TableCreateStatement {
    use ReviewLinks as L;
    Table::create()
        .table(L::Table)
        .col(
            ColumnDef::new(L::Id)
                .integer()
                .not_null()
                .auto_increment()
                .primary_key(),
        )
        .col(ColumnDef::new(L::ProjectId).integer().not_null())
        .col(
            ColumnDef::new(L::TokenHash)
                .string_len(64)
                .not_null()
                .unique_key(),
        )
        .col(ColumnDef::new(L::CreatedBy).integer().null())
        .col(at(L::CreatedAt, true))
        .col(at(L::ExpiresAt, true))
        .col(at(L::RevokedAt, false))
        .col(text(L::Note))
        .col(text(L::ReviewerName))
        .col(text(L::ReviewerEmail))
        .col(at(L::FirstOpenedAt, false))
        .col(at(L::LastOpenedAt, false))
        .col(at(L::SubmittedAt, false))
        .foreign_key(&mut cascade(
            (L::Table, L::ProjectId),
            (TranslationProjects::Table, TranslationProjects::Id),
        ))
        .foreign_key(&mut set_null(
            (L::Table, L::CreatedBy),
            (Users::Table, Users::Id),
        ))
        .to_owned()
}

fn review_drafts() -> TableCreateStatement {
    use ReviewDrafts as D;
    Table::create()
        .table(D::Table)
        .col(id(D::Id))
        .col(ColumnDef::new(D::LinkId).integer().not_null())
        .col(ColumnDef::new(D::SegmentId).big_integer().not_null())
        .col(text(D::Text))
        .col(ColumnDef::new(D::BaseRevision).integer().not_null())
        .col(ColumnDef::new(D::Version).integer().not_null().default(0))
        .col(
            ColumnDef::new(D::Approved)
                .boolean()
                .not_null()
                .default(false),
        )
        .col(at(D::UpdatedAt, true))
        .foreign_key(&mut cascade(
            (D::Table, D::LinkId),
            (ReviewLinks::Table, ReviewLinks::Id),
        ))
        .foreign_key(&mut cascade(
            (D::Table, D::SegmentId),
            (TranslationSegments::Table, TranslationSegments::Id),
        ))
        .to_owned()
}

fn review_comments() -> TableCreateStatement {
    use ReviewComments as C;
    Table::create()
        .table(C::Table)
        .col(id(C::Id))
        .col(ColumnDef::new(C::ProjectId).integer().not_null())
        .col(ColumnDef::new(C::SegmentId).big_integer().not_null())
        .col(ColumnDef::new(C::LinkId).integer().null())
        .col(ColumnDef::new(C::UserId).integer().null())
        .col(ColumnDef::new(C::AuthorName).text().not_null())
        .col(ColumnDef::new(C::Body).text().not_null())
        .col(at(C::CreatedAt, true))
        .foreign_key(&mut cascade(
            (C::Table, C::ProjectId),
            (TranslationProjects::Table, TranslationProjects::Id),
        ))
        .foreign_key(&mut cascade(
            (C::Table, C::SegmentId),
            (TranslationSegments::Table, TranslationSegments::Id),
        ))
        .foreign_key(&mut cascade(
            (C::Table, C::LinkId),
            (ReviewLinks::Table, ReviewLinks::Id),
        ))
        .foreign_key(&mut set_null(
            (C::Table, C::UserId),
            (Users::Table, Users::Id),
        ))
        .to_owned()
}

/// A segment's comment thread is resolved when it has a row here.
fn review_threads() -> TableCreateStatement {
    use ReviewThreads as T;
    Table::create()
        .table(T::Table)
        .col(
            ColumnDef::new(T::SegmentId)
                .big_integer()
                .not_null()
                .primary_key(),
        )
        .col(at(T::ResolvedAt, true))
        .col(ColumnDef::new(T::ResolvedBy).integer().null())
        .foreign_key(&mut cascade(
            (T::Table, T::SegmentId),
            (TranslationSegments::Table, TranslationSegments::Id),
        ))
        .foreign_key(&mut set_null(
            (T::Table, T::ResolvedBy),
            (Users::Table, Users::Id),
        ))
        .to_owned()
}

fn segment_changes() -> TableCreateStatement {
    use TranslationSegmentChanges as H;
    Table::create()
        .table(H::Table)
        .col(id(H::Id))
        .col(ColumnDef::new(H::SegmentId).big_integer().not_null())
        .col(at(H::ChangedAt, true))
        .col(ColumnDef::new(H::ActorKind).string_len(16).not_null())
        .col(ColumnDef::new(H::UserId).integer().null())
        .col(ColumnDef::new(H::LinkId).integer().null())
        .col(ColumnDef::new(H::Source).string_len(16).not_null())
        .col(text(H::PreviousTarget))
        .col(text(H::NewTarget))
        .foreign_key(&mut cascade(
            (H::Table, H::SegmentId),
            (TranslationSegments::Table, TranslationSegments::Id),
        ))
        .foreign_key(&mut set_null(
            (H::Table, H::UserId),
            (Users::Table, Users::Id),
        ))
        .foreign_key(&mut set_null(
            (H::Table, H::LinkId),
            (ReviewLinks::Table, ReviewLinks::Id),
        ))
        .to_owned()
}

#[derive(DeriveIden)]
enum TranslationSegments {
    Table,
    Id,
    Revision,
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

#[derive(DeriveIden)]
enum ReviewLinks {
    Table,
    Id,
    ProjectId,
    TokenHash,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
    Note,
    ReviewerName,
    ReviewerEmail,
    FirstOpenedAt,
    LastOpenedAt,
    SubmittedAt,
}

#[derive(DeriveIden)]
enum ReviewDrafts {
    Table,
    Id,
    LinkId,
    SegmentId,
    Text,
    BaseRevision,
    Version,
    Approved,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ReviewComments {
    Table,
    Id,
    ProjectId,
    SegmentId,
    LinkId,
    UserId,
    AuthorName,
    Body,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ReviewThreads {
    Table,
    SegmentId,
    ResolvedAt,
    ResolvedBy,
}

#[derive(DeriveIden)]
enum TranslationSegmentChanges {
    Table,
    Id,
    SegmentId,
    ChangedAt,
    ActorKind,
    UserId,
    LinkId,
    Source,
    PreviousTarget,
    NewTarget,
}
