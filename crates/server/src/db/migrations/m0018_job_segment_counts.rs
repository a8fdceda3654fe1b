//! Each job keeps how many segments it has (`translation_jobs.segment_count`), written with its
//! segments. A job's segments are stored once, when its file is, and never added or removed
//! afterwards, so the number cannot drift. The project list shows every project's segment count:
//! counted from the segments, a page of large projects (300 files of 120 units each) read 1.8
//! million index entries per request. Existing jobs are counted once here.
//!
//! The list reads the counts through an index that holds all it needs (project, languages,
//! count): in SQLite a column added now lies behind the job's file in the row, and reading it
//! from the table would walk the file's overflow pages.

use sea_orm_migration::prelude::*;

/// Counts every job's segments (public for the store's test of it).
pub(crate) const COUNT: &str = "UPDATE translation_jobs SET segment_count = (SELECT COUNT(*) \
     FROM translation_segments WHERE translation_segments.job_id = translation_jobs.id)";

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(TranslationJobs::Table)
                    .add_column(
                        ColumnDef::new(TranslationJobs::SegmentCount)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .to_owned(),
            )
            .await?;
        manager.get_connection().execute_unprepared(COUNT).await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translation_jobs_project_counts")
                    .table(TranslationJobs::Table)
                    .col(TranslationJobs::ProjectId)
                    .col(TranslationJobs::SourceLang)
                    .col(TranslationJobs::TargetLang)
                    .col(TranslationJobs::SegmentCount)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum TranslationJobs {
    Table,
    ProjectId,
    SourceLang,
    TargetLang,
    SegmentCount,
}
