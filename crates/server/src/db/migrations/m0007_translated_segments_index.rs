//! A partial index of the segments that count as translated (a non-empty target), so that a
//! project's per-job counts read two indexes instead of visiting every segment row. Jobs fresh
//! from WPML have no targets yet, so the index costs their creation nothing; it grows as
//! targets come in.
//!
//! Its condition must stay the one `services::translation::store::jobs::summaries` counts with: both
//! databases use a partial index only for a query whose condition implies the index's.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_segments_translated")
                    .table(TranslationSegments::Table)
                    .col(TranslationSegments::JobId)
                    .and_where(Expr::col(TranslationSegments::Target).is_not_null())
                    .and_where(Expr::col(TranslationSegments::Target).ne(""))
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum TranslationSegments {
    Table,
    JobId,
    Target,
}
