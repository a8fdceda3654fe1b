//! Stored language codes take WPML's form (`wordmark_core::lang::normalize`): termbases imported
//! from other tools were stored with their regional codes (`en-us`, `de-de`), which no WPML job
//! (`en` → `de`) ever looked up, and jobs from other tools' XLIFF kept theirs.
//!
//! Every language column is rewritten: jobs, projects (their summaries summed again from the
//! jobs), memory entries (their fuzzy index keys mix in the pair, so they are indexed again),
//! term proposals, terms and DeepL glossaries. Terms and glossaries are unique per pair: when
//! two rows meet under one key, the one changed last (`updated_at`, `synced_at`; the later id on
//! a tie) is kept and the others are deleted, a proposal of a deleted term pointing at the kept
//! one. A row whose two codes become one language (`en-gb` → `en-us`) keeps its codes: no job
//! has such a pair, and its entries stay for people to see and fix.

use std::collections::{BTreeSet, HashMap};

use sea_orm::{ConnectionTrait, DbBackend, Statement, Value};
use sea_orm_migration::prelude::*;
use wordmark_core::lang;

use super::m0014_fuzzy_memory::index_entries;
use super::m0020_project_summaries::summarize;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        normalize_stored(db).await?;
        // Entries whose pool changed lost their index keys in `normalize_stored`.
        index_entries(
            db,
            backend,
            "NOT EXISTS (SELECT 1 FROM translation_memory_terms t \
             WHERE t.entry_id = translation_memory.id)",
        )
        .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

/// The language columns of tables without a unique key over them.
const PLAIN: [(&str, &str); 6] = [
    ("translation_jobs", "source_lang"),
    ("translation_jobs", "target_lang"),
    ("translation_memory", "source_lang"),
    ("translation_memory", "target_lang"),
    ("term_proposals", "source_lang"),
    ("term_proposals", "target_lang"),
];

/// A table whose rows are unique per language pair and the rest of `key`.
struct Keyed {
    table: &'static str,
    /// The other columns of the unique key, as one text.
    key: &'static str,
    /// Which of two rows under one key is kept: the last in this order.
    order: &'static str,
    /// The column of another table that names a row (`table`, `column`), pointed at the kept
    /// row before a row it meets is deleted (its foreign key would set it to NULL).
    named_by: Option<(&'static str, &'static str)>,
}

const TERMS: Keyed = Keyed {
    table: "terms",
    key: "CAST(client_id AS TEXT) || '|' || source_key || '|' || kind",
    order: "updated_at, id",
    named_by: Some(("term_proposals", "term_id")),
};

const GLOSSARIES: Keyed = Keyed {
    table: "term_glossaries",
    key: "CAST(client_id AS TEXT) || '|' || provider",
    order: "synced_at, id",
    named_by: None,
};

/// Rewrites every stored language code that is not in WPML's form. The memory entries that
/// change lose their fuzzy index keys, for the caller to index them again.
pub(crate) async fn normalize_stored(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let mut codes = BTreeSet::new();
    for (table, column) in PLAIN {
        codes.extend(distinct(db, table, column).await?);
    }
    let changed: Vec<(String, String)> = codes
        .into_iter()
        .filter_map(|code| {
            let normal = lang::normalize(&code);
            (normal != code).then_some((code, normal))
        })
        .collect();
    if !changed.is_empty() {
        rewrite_plain(db, &changed).await?;
    }
    merge(db, &TERMS).await?;
    merge(db, &GLOSSARIES).await
}

/// Rewrites the `changed` codes (`(stored, normalised)`) of the tables without a unique key
/// over them, then sums the projects' jobs again.
async fn rewrite_plain(
    db: &impl ConnectionTrait,
    changed: &[(String, String)],
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let list = changed
        .iter()
        .map(|(code, _)| quoted(code))
        .collect::<Vec<_>>()
        .join(", ");
    db.execute_unprepared(&format!(
        "DELETE FROM translation_memory_terms WHERE entry_id IN (SELECT id FROM \
         translation_memory WHERE source_lang IN ({list}) OR target_lang IN ({list}))"
    ))
    .await?;
    for (table, column) in PLAIN {
        for (code, normal) in changed {
            db.execute_raw(statement(
                backend,
                &format!("UPDATE {table} SET {column} = ? WHERE {column} = ?"),
                [normal.as_str().into(), code.as_str().into()],
            ))
            .await?;
        }
    }
    db.execute_unprepared(&summarize(backend)).await?;
    let first = match backend {
        DbBackend::Postgres => "target_langs->>0",
        _ => "json_extract(target_langs, '$[0]')",
    };
    db.execute_unprepared(&format!(
        "UPDATE translation_projects SET target_lang = {first}"
    ))
    .await?;
    Ok(())
}

/// The distinct non-null values of a column.
async fn distinct(
    db: &impl ConnectionTrait,
    table: &str,
    column: &str,
) -> Result<Vec<String>, DbErr> {
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT DISTINCT {column} AS code FROM {table} WHERE {column} IS NOT NULL"),
        ))
        .await?;
    rows.iter().map(|row| row.try_get("", "code")).collect()
}

/// A row of a keyed table as [`plan`] takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    id: i64,
    source_lang: String,
    target_lang: String,
    key: String,
}

/// A row deleted because `kept` took its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dropped {
    id: i64,
    kept: i64,
}

/// What becomes of a keyed table's rows (in the table's keep order): the rows to delete, then
/// the rows to give new codes.
fn plan(rows: &[Row]) -> (Vec<Dropped>, Vec<(i64, String, String)>) {
    let mut last: HashMap<(String, String, &str), i64> = HashMap::new();
    let mut wanted = Vec::with_capacity(rows.len());
    for row in rows {
        let (source, target) = (
            lang::normalize(&row.source_lang),
            lang::normalize(&row.target_lang),
        );
        let pair = if source == target {
            (row.source_lang.clone(), row.target_lang.clone())
        } else {
            (source, target)
        };
        last.insert((pair.0.clone(), pair.1.clone(), row.key.as_str()), row.id);
        wanted.push(pair);
    }
    let mut dropped = Vec::new();
    let mut moved = Vec::new();
    for (row, (source, target)) in rows.iter().zip(wanted) {
        let kept = last[&(source.clone(), target.clone(), row.key.as_str())];
        if kept != row.id {
            dropped.push(Dropped { id: row.id, kept });
        } else if (&source, &target) != (&row.source_lang, &row.target_lang) {
            moved.push((row.id, source, target));
        }
    }
    (dropped, moved)
}

/// Rewrites a keyed table's codes, deleting the rows that meet a kept one under its key
/// (before any row moves, so the unique key holds after every statement).
async fn merge(db: &impl ConnectionTrait, keyed: &Keyed) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let Keyed {
        table,
        key,
        order,
        named_by,
    } = keyed;
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            format!(
                "SELECT CAST(id AS BIGINT) AS id, source_lang, target_lang, {key} AS k \
                 FROM {table} ORDER BY {order}"
            ),
        ))
        .await?
        .iter()
        .map(|row| {
            Ok(Row {
                id: row.try_get("", "id")?,
                source_lang: row.try_get("", "source_lang")?,
                target_lang: row.try_get("", "target_lang")?,
                key: row.try_get("", "k")?,
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    let (dropped, moved) = plan(&rows);
    for row in &dropped {
        if let Some((other, column)) = named_by {
            db.execute_raw(statement(
                backend,
                &format!("UPDATE {other} SET {column} = ? WHERE {column} = ?"),
                [row.kept.into(), row.id.into()],
            ))
            .await?;
        }
        db.execute_raw(statement(
            backend,
            &format!("DELETE FROM {table} WHERE id = ?"),
            [row.id.into()],
        ))
        .await?;
    }
    for (id, source, target) in moved {
        db.execute_raw(statement(
            backend,
            &format!("UPDATE {table} SET source_lang = ?, target_lang = ? WHERE id = ?"),
            [source.into(), target.into(), id.into()],
        ))
        .await?;
    }
    Ok(())
}

/// `sql` with `?` placeholders, numbered for PostgreSQL.
fn statement(backend: DbBackend, sql: &str, values: impl IntoIterator<Item = Value>) -> Statement {
    let sql = match backend {
        DbBackend::Postgres => {
            let mut numbered = String::with_capacity(sql.len() + 8);
            for (n, part) in sql.split('?').enumerate() {
                if n > 0 {
                    numbered.push_str(&format!("${n}"));
                }
                numbered.push_str(part);
            }
            numbered
        }
        _ => sql.to_owned(),
    };
    Statement::from_sql_and_values(backend, sql, values)
}

/// A language code as an SQL literal (codes are stored text: any quote is doubled).
fn quoted(code: &str) -> String {
    format!("'{}'", code.replace('\'', "''"))
}

#[cfg(test)]
mod tests;
