//! Importing XLIFF files as jobs and their segments: the one place used by project creation
//! (`POST /api/translation`), `POST /api/translation/{id}/job` and `POST /api/job`.
//!
//! Two halves, because parsing is CPU work and storing is database work: [`parse`] runs inside
//! `spawn_blocking` (for a whole zip at once), [`JobWriter`] inside the caller's transaction,
//! so a refused file leaves nothing behind.

use std::{collections::HashMap, sync::OnceLock};

use sea_orm::{
    ActiveEnum, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, QueryTrait,
    Set, Statement, Value, sea_query::Query,
};
use wordmark_core::xliff::{self, Unit, XliffError};
use xxhash_rust::xxh3::xxh3_128;

use crate::{
    db::{
        self,
        entities::{
            translation_job::{self, OriginalEncoding},
            translation_segment::{SegmentMarkup, SegmentOrigin, SegmentStatus},
        },
    },
    features::translation,
    http::error::{ApiError, ApiResult},
};

use super::{
    qa_flags,
    queries::{self, JobSummary},
};

/// File name endings taken as XLIFF (compared ignoring case): WPML writes `.xliff`, other
/// tools `.xlf`, Trados `.sdlxliff` (XLIFF 1.2), and some export XLIFF under `.xml`.
const JOB_FILE_EXTENSIONS: [&str; 4] = [".xliff", ".xlf", ".sdlxliff", ".xml"];

/// The columns a new segment row binds; the rest start empty (`mt_target`, `comment`: NULL)
/// or with a constant written into the statement (`qa_flags`).
const SEGMENT_COLUMNS: [&str; 11] = [
    "job_id",
    "position",
    "unit_key",
    "unit_id",
    "resname",
    "translatable",
    "markup",
    "source",
    "target",
    "origin",
    "status",
];
/// Bind parameters per `INSERT`: below SQLite's limit (32,766) and PostgreSQL's (65,535).
const MAX_BIND_PARAMETERS: usize = 30_000;
const SEGMENTS_PER_INSERT: usize = MAX_BIND_PARAMETERS / SEGMENT_COLUMNS.len();
const VALUES_PER_INSERT: usize = SEGMENTS_PER_INSERT * SEGMENT_COLUMNS.len();
/// Job rows per `INSERT` at most: a job row binds 11 values, and 16 leave room for more columns.
const JOBS_PER_INSERT: usize = MAX_BIND_PARAMETERS / 16;

/// Whether a file name (the last path component) looks like an XLIFF file.
pub fn is_job_file(file_name: &str) -> bool {
    let lower = file_name.to_ascii_lowercase();
    JOB_FILE_EXTENSIONS.iter().any(|ext| lower.ends_with(ext))
}

/// An XLIFF file read and checked, ready to be stored: its job row and its segment rows are
/// built where it is parsed, beside the task storing earlier files, so that storing a file is
/// little more than inserting it.
pub struct ParsedFile {
    pub file_name: String,
    /// The file's size in bytes, a measure of what holding it parsed costs.
    pub size: usize,
    /// The job row but its project and creation time, which are set when it is stored.
    job: translation_job::ActiveModel,
    segments: SegmentRows,
}

/// Parses one uploaded file; `deflated` is its zip entry's raw stream when it came deflated
/// out of an archive, and is then stored instead of the bytes. CPU work: call it from
/// `spawn_blocking`.
pub fn parse(
    file_name: String,
    bytes: Vec<u8>,
    deflated: Option<Vec<u8>>,
) -> Result<ParsedFile, XliffError> {
    let document = xliff::parse(&file_name, &bytes)?;
    let size = bytes.len();
    // A fingerprint to recognise the file's review workbooks by, not a safeguard: the customer
    // can edit the workbook's hidden sheet anyway. XXH3 takes a tenth of SHA-256's time, which
    // was a tenth of a large upload's creation.
    let checksum = format!("{:032x}", xxh3_128(&bytes));
    let (original, encoding) = match deflated {
        Some(stream) => (stream, OriginalEncoding::Deflate),
        None => (bytes, OriginalEncoding::Identity),
    };
    let job = translation_job::ActiveModel {
        wpml_id: Set(document.wpml_id.map(|id| id.to_string())),
        file_name: Set(file_name.clone()),
        post_type: Set(document.post_type),
        source_lang: Set(document.source_lang),
        target_lang: Set(document.target_lang),
        xliff_version: Set(document.version.as_str().to_owned()),
        original: Set(original),
        original_encoding: Set(encoding),
        checksum: Set(checksum),
        ..Default::default()
    };
    Ok(ParsedFile {
        file_name,
        size,
        job,
        segments: SegmentRows::new(document.units),
    })
}

/// A file's segment rows as bound values, `SEGMENT_COLUMNS` per row in file order, with the job
/// id left empty until the job row exists.
struct SegmentRows(Vec<Value>);

impl SegmentRows {
    fn new(units: Vec<Unit>) -> Self {
        let mut values = Vec::with_capacity(units.len() * SEGMENT_COLUMNS.len());
        for (position, unit) in units.into_iter().enumerate() {
            push_segment(&mut values, position, unit);
        }
        SegmentRows(values)
    }

    /// The values with every row's job id set.
    fn of_job(mut self, job_id: i32) -> Vec<Value> {
        for row in self.0.chunks_exact_mut(SEGMENT_COLUMNS.len()) {
            row[0] = Value::from(job_id);
        }
        self.0
    }
}

/// The answer to an unreadable file: 422 with the file, line, column and what is wrong.
pub fn refused(err: &XliffError) -> ApiError {
    ApiError::Unprocessable(format!("{err}. Nothing was imported."))
}

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
    /// Files whose job rows are not written yet, and how many values their segments bind.
    waiting: Vec<ParsedFile>,
    waiting_values: usize,
    /// Bound values of segment rows whose jobs exist, `SEGMENT_COLUMNS` per row.
    values: Vec<Value>,
    /// The ids of the jobs written, in the order their files came.
    ids: Vec<i32>,
}

impl JobWriter {
    pub fn new(project_id: i32) -> Self {
        JobWriter {
            project_id,
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
        let now = db::now();
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

/// Adds one uploaded file as a job of an existing project: parsed off the async workers, then
/// stored with its segments, and the project's languages brought up to date, in one
/// transaction. A file name the project already has is refused (409): the downloads name each
/// file after its job, in one folder.
pub async fn add_file(
    db: &DatabaseConnection,
    project_id: i32,
    file_name: String,
    bytes: Vec<u8>,
) -> ApiResult<JobSummary> {
    let parsed = tokio::task::spawn_blocking(move || parse(file_name, bytes, None))
        .await?
        .map_err(|err| refused(&err))?;
    let txn = db::BulkTransaction::begin(db).await?;
    if queries::file_name_taken(&txn, project_id, &parsed.file_name, None).await? {
        return Err(ApiError::Conflict(format!(
            "The project already has a job from a file named \"{}\".",
            parsed.file_name
        )));
    }
    let mut writer = JobWriter::new(project_id);
    writer.add(&txn, parsed).await?;
    let [job_id] = writer.finish(&txn).await?[..] else {
        unreachable!("one file, one job")
    };
    translation::queries::refresh_languages(&txn, project_id).await?;
    txn.commit().await?;
    tracing::info!(job_id, project_id, "job added");
    queries::find_summary(db, job_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("job {job_id} vanished")))
}

/// Appends a unit's row, in `SEGMENT_COLUMNS` order (the job id left empty, see
/// [`SegmentRows`]), as stored at import: a target that is a translation (see
/// `Unit::has_translation`) counts as translated (WPML's translation-memory suggestions as
/// needing review); WPML's copies of the source in an untranslated job stay in the file only,
/// so that pre-translation fills them; `translate="no"` units keep their target and stay `new`,
/// since nobody translates them.
fn push_segment(values: &mut Vec<Value>, position: usize, unit: Unit) {
    let has_target = unit.has_translation();
    let status = match (unit.translatable, has_target) {
        (false, _) | (true, false) => SegmentStatus::New,
        (true, true) if unit.target_state.as_deref() == Some("needs-review-translation") => {
            SegmentStatus::NeedsReview
        }
        (true, true) => SegmentStatus::Translated,
    };
    let target = if has_target || !unit.translatable {
        unit.target
    } else {
        None
    };
    let origin = if target.as_deref().is_some_and(|t| !t.trim().is_empty()) {
        SegmentOrigin::File
    } else {
        SegmentOrigin::None
    };
    let position = i32::try_from(position).expect("a file holds fewer than 2^31 units");
    values.extend([
        Value::Int(None),
        Value::from(position),
        Value::from(unit.key),
        Value::from(unit.id),
        Value::from(unit.resname),
        Value::from(unit.translatable),
        Value::from(SegmentMarkup::from(unit.markup).to_value()),
        Value::from(unit.source),
        Value::from(target),
        Value::from(origin.to_value()),
        Value::from(status.to_value()),
    ]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_rows_set_every_column_but_those_that_start_empty() {
        use sea_orm::{IdenStatic, Iterable};

        use crate::db::entities::translation_segment::Column;
        let mut written: Vec<&str> = SEGMENT_COLUMNS.to_vec();
        // Generated, a constant in the statement, and two that start NULL.
        written.extend(["id", "qa_flags", "mt_target", "comment"]);
        written.sort_unstable();
        let mut all: Vec<&str> = Column::iter().map(|c| c.as_str()).collect();
        all.sort_unstable();
        assert_eq!(written, all);
    }

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

    #[test]
    fn the_checksum_fingerprints_the_files_bytes() {
        let page = include_bytes!("../../../tests/fixtures/xliff/wpml-page-cdata.xliff");
        let checksum = |bytes: &[u8]| {
            let parsed = parse("page.xliff".into(), bytes.to_vec(), None).unwrap();
            parsed.job.checksum.unwrap()
        };
        let first = checksum(page);
        assert_eq!(first.len(), 32);
        assert!(
            first
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        assert_eq!(checksum(page), first, "the same bytes, the same checksum");
        let mut changed = page.to_vec();
        let at = changed.iter().rposition(|&b| b == b'<').unwrap();
        changed.insert(at, b' ');
        assert_ne!(
            checksum(&changed),
            first,
            "one more space, another checksum"
        );
    }

    #[test]
    fn job_files_are_recognised_by_extension_ignoring_case() {
        for name in ["page-1.xliff", "a.XLF", "strings.xml", "doc.sdlxliff"] {
            assert!(is_job_file(name), "{name}");
        }
        for name in ["notes.txt", "xliff", "page.xliff.zip"] {
            assert!(!is_job_file(name), "{name}");
        }
    }
}
