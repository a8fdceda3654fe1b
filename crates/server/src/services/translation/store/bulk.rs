//! Inserting parsed files as jobs and their segments, fast: the one writer of new job and
//! segment rows (project creation and both add-job routes use it). Run it inside the caller's
//! transaction (a [`crate::db::BulkTransaction`] for large uploads), so a refused file leaves
//! nothing behind.

use std::{collections::HashMap, sync::OnceLock};
use time::OffsetDateTime;

use sea_orm::{
    ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryTrait, Set, Statement, Value,
    sea_query::Query,
};
use wordmark_core::lang;

use super::parsed::{ParsedFile, SEGMENT_COLUMNS};
use crate::{
    db::entities::{
        translation_job::{self, OriginalEncoding},
        translation_segment,
    },
    services::{
        client_archive_format::{JobRecord, SegmentRecord},
        translation::qa_flags,
    },
};

/// Bind parameters per `INSERT`: below SQLite's limit (32,766) and PostgreSQL's (65,535).
const MAX_BIND_PARAMETERS: usize = 30_000;
const SEGMENTS_PER_INSERT: usize = MAX_BIND_PARAMETERS / SEGMENT_COLUMNS.len();
const VALUES_PER_INSERT: usize = SEGMENTS_PER_INSERT * SEGMENT_COLUMNS.len();
/// Job rows per `INSERT` at most: a job row binds 12 values, and 16 leave room for more columns.
const JOBS_PER_INSERT: usize = MAX_BIND_PARAMETERS / 16;

/// Stores parsed files as jobs of one project, each with one segment per unit in file order.
///
/// Files wait until their segments fill a multi-row `INSERT` (or their job rows would make one
/// too large). Then their job rows go in with one statement, and their segment rows, sharing
/// `INSERT`s across files, with as few as they fill (one statement text per row count, so the
/// database prepares it once). A large upload so makes two round trips to the database per few
/// thousand segments, whatever the size of its files. Use it inside a transaction and call
/// [`JobWriter::finish`]: until then rows may wait, and a failure halfway must not leave a job
/// without segments.
pub struct JobWriter {
    project_id: i32,
    /// When the jobs are created (`date_created` of every job row).
    now: OffsetDateTime,
    /// Files whose job rows are not written yet, and how many values their segments bind.
    waiting: Vec<ParsedFile>,
    waiting_values: usize,
    /// Bound values of segment rows whose jobs exist, `SEGMENT_COLUMNS` per row.
    values: Vec<Value>,
    /// The ids of the jobs written, in the order their files came.
    ids: Vec<i32>,
}

impl JobWriter {
    pub fn new(project_id: i32, now: OffsetDateTime) -> Self {
        JobWriter {
            project_id,
            now,
            waiting: Vec::new(),
            waiting_values: 0,
            values: Vec::with_capacity(VALUES_PER_INSERT),
            ids: Vec::new(),
        }
    }

    /// Adds a file as the project's next job. The files of one writer must have different
    /// names (an upload's do): job ids come back matched by name, since neither database
    /// promises `RETURNING` rows in `VALUES` order.
    pub async fn add(&mut self, db: &impl ConnectionTrait, file: ParsedFile) -> Result<(), DbErr> {
        self.waiting_values += file.segments.0.len();
        self.waiting.push(file);
        if self.values.len() + self.waiting_values >= VALUES_PER_INSERT
            || self.waiting.len() == JOBS_PER_INSERT
        {
            self.write_waiting(db).await?;
        }
        Ok(())
    }

    /// Writes whatever waits; returns the ids of all jobs added, in the order of their files.
    pub async fn finish(mut self, db: &impl ConnectionTrait) -> Result<Vec<i32>, DbErr> {
        self.write_waiting(db).await?;
        insert_segments(db, self.values).await?;
        Ok(self.ids)
    }

    /// Inserts the waiting files' job rows with one statement, then their segment rows, all but
    /// the last partial batch.
    async fn write_waiting(&mut self, db: &impl ConnectionTrait) -> Result<(), DbErr> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        let files = std::mem::take(&mut self.waiting);
        self.waiting_values = 0;
        let now = self.now;
        let mut names = Vec::with_capacity(files.len());
        let mut segments = Vec::with_capacity(files.len());
        let mut jobs = Vec::with_capacity(files.len());
        for ParsedFile {
            file_name,
            mut job,
            segments: rows,
            ..
        } in files
        {
            job.project_id = Set(self.project_id);
            job.date_created = Set(now);
            names.push(file_name);
            jobs.push(job);
            segments.push(rows);
        }
        // Only the id and name come back: reading whole rows would return every file too.
        let mut insert = translation_job::Entity::insert_many(jobs).into_query();
        insert.returning(Query::returning().columns([
            translation_job::Column::Id,
            translation_job::Column::FileName,
        ]));
        let mut ids_by_name = HashMap::with_capacity(names.len());
        for row in db.query_all(&insert).await? {
            let id: i32 = row.try_get("", "id")?;
            let name: String = row.try_get("", "file_name")?;
            ids_by_name.insert(name, id);
        }
        if ids_by_name.len() != names.len() {
            return Err(DbErr::Custom(
                "two files of one upload share a name".to_owned(),
            ));
        }
        for (name, rows) in names.iter().zip(segments) {
            let job_id = *ids_by_name
                .get(name)
                .ok_or_else(|| DbErr::Custom(format!("no job id came back for \"{name}\"")))?;
            self.ids.push(job_id);
            let mut rows = rows.of_job(job_id).into_iter();
            while rows.len() > 0 {
                let room = VALUES_PER_INSERT - self.values.len();
                self.values.extend(rows.by_ref().take(room));
                if self.values.len() == VALUES_PER_INSERT {
                    let full =
                        std::mem::replace(&mut self.values, Vec::with_capacity(VALUES_PER_INSERT));
                    insert_segments(db, full).await?;
                }
            }
        }
        Ok(())
    }
}

/// Stores a job of a project restored from an archive with its file as it was stored
/// (`original`: the bytes and their encoding) and all its segments' columns as they were
/// (targets, MT targets, origins, statuses, QA flags, comments, revisions, history), under new
/// ids; its segment count is counted here, as for an upload. Returns the new segments' ids in
/// the records' order. Use it inside the import's transaction.
pub async fn insert_restored(
    db: &impl ConnectionTrait,
    project_id: i32,
    job: &JobRecord,
    original: (Vec<u8>, OriginalEncoding),
    segments: &[SegmentRecord],
) -> Result<Vec<i64>, DbErr> {
    // Fourteen values a segment row, below both databases' limits on bound values per statement.
    const ROWS_PER_INSERT: usize = MAX_BIND_PARAMETERS / 14;
    let (original, original_encoding) = original;
    let mut insert = translation_job::Entity::insert(translation_job::ActiveModel {
        project_id: Set(project_id),
        wpml_id: Set(job.wpml_id.clone()),
        file_name: Set(job.file_name.clone()),
        post_type: Set(job.post_type.clone()),
        // An archive of an older installation may hold other tools' regional codes.
        source_lang: Set(job.source_lang.as_deref().map(lang::normalize)),
        target_lang: Set(job.target_lang.as_deref().map(lang::normalize)),
        xliff_version: Set(job.xliff_version.clone()),
        original: Set(original),
        original_encoding: Set(original_encoding),
        checksum: Set(job.checksum.clone()),
        shortcodes: Set(job.shortcodes.clone()),
        segment_count: Set(super::parsed::count(segments.len())),
        date_created: Set(job.date_created),
        ..Default::default()
    })
    .into_query();
    // Only the id comes back, not the file just sent.
    insert.returning(Query::returning().column(translation_job::Column::Id));
    let row = db
        .query_one(&insert)
        .await?
        .ok_or_else(|| DbErr::Custom("no job id came back".to_owned()))?;
    let job_id: i32 = row.try_get("", "id")?;
    for chunk in segments.chunks(ROWS_PER_INSERT) {
        let rows = chunk.iter().map(|s| translation_segment::ActiveModel {
            job_id: Set(job_id),
            position: Set(s.position),
            unit_key: Set(s.unit_key.clone()),
            unit_id: Set(s.unit_id.clone()),
            resname: Set(s.resname.clone()),
            translatable: Set(s.translatable),
            markup: Set(s.markup),
            source: Set(s.source.clone()),
            target: Set(s.target.clone()),
            mt_target: Set(s.mt_target.clone()),
            origin: Set(s.origin),
            status: Set(s.status),
            qa_flags: Set(s.qa_flags.clone()),
            comment: Set(s.comment.clone()),
            revision: Set(s.revision),
            ..Default::default()
        });
        translation_segment::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    let ids = super::segments::ids_by_position(db, job_id).await?;
    let ids = segments
        .iter()
        .map(|s| {
            ids.get(&s.position)
                .copied()
                .ok_or_else(|| DbErr::Custom(format!("no segment was stored at {}", s.position)))
        })
        .collect::<Result<Vec<i64>, DbErr>>()?;
    super::segments::restore_history(db, &ids, segments).await?;
    Ok(ids)
}

/// One multi-row `INSERT` of segment rows (`SEGMENT_COLUMNS` values each); none when empty.
async fn insert_segments(db: &impl ConnectionTrait, values: Vec<Value>) -> Result<(), DbErr> {
    if values.is_empty() {
        return Ok(());
    }
    let rows = values.len() / SEGMENT_COLUMNS.len();
    let backend = db.get_database_backend();
    let sql = if rows == SEGMENTS_PER_INSERT {
        full_insert_sql(backend).to_owned()
    } else {
        insert_segments_sql(backend, rows)
    };
    db.execute_raw(Statement::from_sql_and_values(backend, sql, values))
        .await?;
    Ok(())
}

/// The statement of a full batch (about 100 KiB of text), built once per backend.
fn full_insert_sql(backend: DbBackend) -> &'static str {
    static SQLITE: OnceLock<String> = OnceLock::new();
    static POSTGRES: OnceLock<String> = OnceLock::new();
    let cached = match backend {
        DbBackend::Postgres => &POSTGRES,
        _ => &SQLITE,
    };
    cached.get_or_init(|| insert_segments_sql(backend, SEGMENTS_PER_INSERT))
}

/// `INSERT INTO translation_segments (…) VALUES (…), …` for `rows` rows, in the backend's
/// placeholder style (`?` or `$n`).
fn insert_segments_sql(backend: DbBackend, rows: usize) -> String {
    use std::fmt::Write;
    let mut sql = format!(
        "INSERT INTO translation_segments ({}, qa_flags) VALUES ",
        SEGMENT_COLUMNS.join(", ")
    );
    let mut parameter = 0;
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for _ in SEGMENT_COLUMNS {
            parameter += 1;
            match backend {
                DbBackend::Postgres => write!(sql, "${parameter}, ").expect("a String grows"),
                _ => sql.push_str("?, "),
            }
        }
        write!(sql, "'{}')", qa_flags::NONE).expect("a String grows");
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_insert_has_one_placeholder_per_bound_value() {
        let sqlite = insert_segments_sql(DbBackend::Sqlite, 2);
        assert_eq!(sqlite.matches('?').count(), 2 * SEGMENT_COLUMNS.len());
        assert!(sqlite.ends_with("?, '[]')"), "{sqlite}");
        let postgres = insert_segments_sql(DbBackend::Postgres, 2);
        assert!(postgres.contains("($1, $2,"), "{postgres}");
        assert!(postgres.contains(", ($12, "), "{postgres}");
        assert!(postgres.ends_with("$22, '[]')"), "{postgres}");
    }

    #[test]
    fn each_backend_keeps_its_own_full_batch_statement() {
        let last = format!("${VALUES_PER_INSERT}, '[]')");
        assert!(full_insert_sql(DbBackend::Postgres).ends_with(&last));
        let sqlite = full_insert_sql(DbBackend::Sqlite);
        assert!(!sqlite.contains('$'));
        assert_eq!(sqlite.matches('?').count(), VALUES_PER_INSERT);
    }
}
