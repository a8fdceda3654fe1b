//! Importing one XLIFF file into a job and its segments: the one place used by project
//! creation (`POST /api/translation`), `POST /api/translation/{id}/job` and `POST /api/job`.
//!
//! Two halves, because parsing is CPU work and storing is database work: [`parse`] runs inside
//! `spawn_blocking` (for a whole zip at once), [`insert`] inside the caller's transaction, so
//! a refused file leaves nothing behind.

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, Set, TransactionTrait};
use sha2::{Digest, Sha256};
use wordmark_core::xliff::{self, Document, Unit, XliffError};

use crate::{
    db::{
        self,
        entities::{
            translation_job,
            translation_segment::{self, SegmentMarkup, SegmentOrigin, SegmentStatus},
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

/// Columns written per segment row (every column but `id`).
const SEGMENT_COLUMNS: usize = 15;
/// Bind parameters per `INSERT`: below SQLite's limit (32,766) and PostgreSQL's (65,535).
const MAX_BIND_PARAMETERS: usize = 30_000;
const SEGMENTS_PER_INSERT: usize = MAX_BIND_PARAMETERS / SEGMENT_COLUMNS;
const _: () = assert!(SEGMENTS_PER_INSERT * SEGMENT_COLUMNS <= 32_766);

/// Whether a file name (the last path component) looks like an XLIFF file.
pub fn is_job_file(file_name: &str) -> bool {
    let lower = file_name.to_ascii_lowercase();
    JOB_FILE_EXTENSIONS.iter().any(|ext| lower.ends_with(ext))
}

/// An XLIFF file read and checked, ready to be stored.
pub struct ParsedFile {
    pub file_name: String,
    /// The file exactly as uploaded.
    pub bytes: Vec<u8>,
    /// SHA-256 of `bytes`, lower-case hex.
    pub checksum: String,
    pub document: Document,
}

/// Parses one uploaded file. CPU work: call it from `spawn_blocking`.
pub fn parse(file_name: String, bytes: Vec<u8>) -> Result<ParsedFile, XliffError> {
    let document = xliff::parse(&file_name, &bytes)?;
    let checksum = hex::encode(Sha256::digest(&bytes));
    Ok(ParsedFile {
        file_name,
        bytes,
        checksum,
        document,
    })
}

/// The answer to an unreadable file: 422 with the file, line, column and what is wrong.
pub fn refused(err: &XliffError) -> ApiError {
    ApiError::Unprocessable(format!("{err}. Nothing was imported."))
}

/// Stores `file` as a new job of `project_id` with one segment per unit, in file order, and
/// returns the job's id. Run it inside a transaction: a failure halfway must not leave a job
/// without segments.
pub async fn insert(
    db: &impl ConnectionTrait,
    project_id: i32,
    file: ParsedFile,
) -> Result<i32, DbErr> {
    let ParsedFile {
        file_name,
        bytes,
        checksum,
        document,
    } = file;
    // `exec` rather than `insert`: the latter would read the whole row back, file included.
    let job = translation_job::ActiveModel {
        project_id: Set(project_id),
        wpml_id: Set(document.wpml_id.map(|id| id.to_string())),
        file_name: Set(file_name),
        post_type: Set(document.post_type),
        source_lang: Set(document.source_lang),
        target_lang: Set(document.target_lang),
        xliff_version: Set(document.version.as_str().to_owned()),
        original: Set(bytes),
        checksum: Set(checksum),
        date_created: Set(db::now()),
        ..Default::default()
    };
    let job_id = translation_job::Entity::insert(job)
        .exec(db)
        .await?
        .last_insert_id;

    let mut units = document.units.into_iter().enumerate().peekable();
    while units.peek().is_some() {
        let batch: Vec<translation_segment::ActiveModel> = units
            .by_ref()
            .take(SEGMENTS_PER_INSERT)
            .map(|(position, unit)| new_segment(job_id, position, unit))
            .collect();
        translation_segment::Entity::insert_many(batch)
            .exec_without_returning(db)
            .await?;
    }
    Ok(job_id)
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
    let parsed = tokio::task::spawn_blocking(move || parse(file_name, bytes))
        .await?
        .map_err(|err| refused(&err))?;
    let txn = db.begin().await?;
    if queries::file_name_taken(&txn, project_id, &parsed.file_name, None).await? {
        return Err(ApiError::Conflict(format!(
            "The project already has a job from a file named \"{}\".",
            parsed.file_name
        )));
    }
    let job_id = insert(&txn, project_id, parsed).await?;
    translation::queries::refresh_languages(&txn, project_id).await?;
    txn.commit().await?;
    tracing::info!(job_id, project_id, "job added");
    queries::find_summary(db, job_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("job {job_id} vanished")))
}

/// A unit as stored at import: a target that is a translation (see `Unit::has_translation`)
/// counts as translated (WPML's translation-memory suggestions as needing review); WPML's
/// copies of the source in an untranslated job are kept as the file's target only, so that
/// pre-translation fills them; `translate="no"` units keep their target and stay `new`, since
/// nobody translates them.
fn new_segment(job_id: i32, position: usize, unit: Unit) -> translation_segment::ActiveModel {
    let has_target = unit.has_translation();
    let target = if has_target || !unit.translatable {
        unit.target.clone()
    } else {
        None
    };
    let origin = if target.as_deref().is_some_and(|t| !t.trim().is_empty()) {
        SegmentOrigin::File
    } else {
        SegmentOrigin::None
    };
    let status = match (unit.translatable, has_target) {
        (false, _) | (true, false) => SegmentStatus::New,
        (true, true) if unit.target_state.as_deref() == Some("needs-review-translation") => {
            SegmentStatus::NeedsReview
        }
        (true, true) => SegmentStatus::Translated,
    };
    translation_segment::ActiveModel {
        id: sea_orm::NotSet,
        job_id: Set(job_id),
        position: Set(i32::try_from(position).expect("a file holds fewer than 2^31 units")),
        unit_key: Set(unit.key),
        unit_id: Set(unit.id),
        resname: Set(unit.resname),
        translatable: Set(unit.translatable),
        markup: Set(SegmentMarkup::from(unit.markup)),
        source: Set(unit.source),
        original_target: Set(unit.target),
        target: Set(target),
        mt_target: Set(None),
        origin: Set(origin),
        status: Set(status),
        qa_flags: Set(qa_flags::NONE.to_owned()),
        comment: Set(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_rows_have_the_counted_columns() {
        use sea_orm::Iterable;
        // Every column but the generated id is bound per row.
        assert_eq!(
            translation_segment::Column::iter().count() - 1,
            SEGMENT_COLUMNS
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
