//! Each project keeps what the project list shows of its jobs: how many there are, how many
//! segments they hold, the source language of most of them and every target language, most jobs
//! first (`translation_projects.job_count`, `segment_count`, `source_lang`, `target_langs`). The
//! translation store writes them in the same transaction as any change to the project's jobs
//! (added, removed, or given other languages), so they cannot drift.
//!
//! Before, the list grouped the page's jobs on every request: from the covering index, but a
//! page of 50 projects of 300 files each still read 15,000 index entries, a quarter of the
//! rate of a page of small projects (docs/benchmarks.md). Now a page reads 50 project rows
//! whatever the projects' size. Existing projects are summed once here.
//!
//! `target_langs` is a JSON array of language codes: JSON text on SQLite, `json` on
//! PostgreSQL, so that both databases can put it into the list's JSON answer as it is.

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

/// Sums every project's jobs, with the ranking the store uses: most jobs first, ties in code
/// order (byte order, hence the C collation on PostgreSQL); empty and missing codes ignored.
/// Public for the store's test that both agree.
pub(crate) fn summarize(backend: DbBackend) -> String {
    let (collate, languages) = match backend {
        DbBackend::Postgres => (
            " COLLATE \"C\"",
            "COALESCE(json_agg(t.lang ORDER BY t.n DESC, t.lang COLLATE \"C\"), '[]'::json)",
        ),
        _ => ("", "json_group_array(t.lang ORDER BY t.n DESC, t.lang)"),
    };
    let jobs = "FROM translation_jobs j WHERE j.project_id = translation_projects.id";
    format!(
        "UPDATE translation_projects SET \
         job_count = (SELECT COUNT(*) {jobs}), \
         segment_count = (SELECT COALESCE(SUM(j.segment_count), 0) {jobs}), \
         source_lang = (SELECT j.source_lang {jobs} AND j.source_lang <> '' \
           GROUP BY j.source_lang ORDER BY COUNT(*) DESC, j.source_lang{collate} LIMIT 1), \
         target_langs = (SELECT {languages} FROM (SELECT j.target_lang AS lang, COUNT(*) AS n \
           {jobs} AND j.target_lang <> '' GROUP BY j.target_lang) t)"
    )
}

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per `ALTER TABLE`.
        for column in [
            ColumnDef::new(TranslationProjects::JobCount)
                .integer()
                .not_null()
                .default(0)
                .to_owned(),
            ColumnDef::new(TranslationProjects::SegmentCount)
                .big_integer()
                .not_null()
                .default(0)
                .to_owned(),
            ColumnDef::new(TranslationProjects::SourceLang)
                .string()
                .null()
                .to_owned(),
            ColumnDef::new(TranslationProjects::TargetLangs)
                .json()
                .not_null()
                .default("[]")
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(TranslationProjects::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        let backend = manager.get_database_backend();
        manager
            .get_connection()
            .execute_unprepared(&summarize(backend))
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum TranslationProjects {
    Table,
    JobCount,
    SegmentCount,
    SourceLang,
    TargetLangs,
}
