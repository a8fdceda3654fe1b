//! The fuzzy translation memory: an index of each entry's terms (pairs of neighbouring words,
//! see `wordmark_core::tm`), the TMX props an entry came with, and the per-project option to
//! fill fuzzy matches instead of machine translation.
//!
//! `translation_memory_terms` holds up to eight 64-bit term keys per entry, each key mixing in
//! the entry's client and language pair, so a lookup is a handful of primary-key range reads
//! whatever the pool's size (docs/architecture.md, "The translation memory"). On SQLite it is
//! a `WITHOUT ROWID` table: the primary key is the table, no second copy of the rows. The
//! index on `entry_id` serves the cascade when an entry (or its client) is deleted.
//!
//! Entries stored before this migration are indexed here.

use sea_orm::{ConnectionTrait, DbBackend, Statement, TryGetable, Value};
use sea_orm_migration::prelude::*;
use wordmark_core::tm;

#[derive(DeriveMigrationName)]
pub struct Migration;

const PAGE: u64 = 2_000;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let without_rowid = if backend == DbBackend::Sqlite {
            " WITHOUT ROWID"
        } else {
            ""
        };
        for statement in [
            format!(
                "CREATE TABLE translation_memory_terms (\
                 term BIGINT NOT NULL, \
                 entry_id BIGINT NOT NULL REFERENCES translation_memory (id) ON DELETE CASCADE, \
                 PRIMARY KEY (term, entry_id)){without_rowid}"
            ),
            "CREATE INDEX idx_translation_memory_terms_entry ON translation_memory_terms (entry_id)"
                .to_owned(),
            // TMX props of imported entries, as a JSON array of {type, value}.
            "ALTER TABLE translation_memory ADD COLUMN props TEXT NULL".to_owned(),
            // NULL: fuzzy matches are not filled (the default); else the lowest score filled.
            "ALTER TABLE translation_projects ADD COLUMN fuzzy_fill_threshold SMALLINT NULL"
                .to_owned(),
        ] {
            db.execute_unprepared(&statement).await?;
        }
        index_entries(db, backend, "1 = 1").await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

fn get<T: TryGetable>(row: &sea_orm::QueryResult, column: &str) -> Result<T, DbErr> {
    row.try_get("", column)
}

/// Indexes the memory entries that meet `condition` (SQL on `translation_memory`'s columns),
/// page by page; a later migration that changes entries' pools indexes them again with it.
pub(crate) async fn index_entries(
    db: &SchemaManagerConnection<'_>,
    backend: DbBackend,
    condition: &str,
) -> Result<(), DbErr> {
    let mut after: i64 = 0;
    loop {
        let rows = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                format!(
                    "SELECT id, client_id, source_lang, target_lang, markup, source \
                     FROM translation_memory WHERE id > {} AND ({condition}) ORDER BY id \
                     LIMIT {PAGE}",
                    if backend == DbBackend::Sqlite {
                        "?"
                    } else {
                        "$1"
                    }
                ),
                [Value::from(after)],
            ))
            .await?;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = get(last, "id")?;
        let mut values: Vec<Value> = Vec::new();
        for row in &rows {
            let markup = match get::<String>(row, "markup")?.as_str() {
                "xliff" => wordmark_core::segment::Markup::Xliff,
                _ => wordmark_core::segment::Markup::Html,
            };
            let source: String = get(row, "source")?;
            let pool = tm::pool_key(
                get(row, "client_id")?,
                &get::<String>(row, "source_lang")?,
                &get::<String>(row, "target_lang")?,
            );
            let text = tm::Comparable::new(&source, markup);
            for key in tm::kept_term_keys(&pool, text.text()) {
                values.push(key.into());
                values.push(get::<i64>(row, "id")?.into());
            }
        }
        for chunk in values.chunks(2 * 10_000) {
            let placeholders: Vec<String> = (0..chunk.len() / 2)
                .map(|i| match backend {
                    DbBackend::Sqlite => "(?, ?)".to_owned(),
                    _ => format!("(${}, ${})", 2 * i + 1, 2 * i + 2),
                })
                .collect();
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                format!(
                    "INSERT INTO translation_memory_terms (term, entry_id) VALUES {}",
                    placeholders.join(", ")
                ),
                chunk.to_vec(),
            ))
            .await?;
        }
    }
}
