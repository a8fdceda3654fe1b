//! The import of corrected review workbooks: each workbook matched to its job, its rows to the
//! job's segments, QA on every changed translation ([`decide`]), and the corrections written
//! as each workbook is read, all in the import's one transaction, which ends with the status
//! `Translations_Corrected`: any refusal drops it, so an import lands whole or not at all. The
//! reading of the upload (an archive of workbooks) is the caller's; it hands the workbooks over
//! one at a time, so neither the archive nor the project is ever held whole.

mod decide;

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

pub use decide::Workbook;
use decide::{Claims, read_rows};

use crate::{
    db,
    services::{
        reviews,
        translation::{
            self, ChangeSource, corrections, projects::ProjectWithRelations, segments::Author,
        },
    },
};

/// Why an import is not taken at all (nothing is written then).
#[derive(Debug, thiserror::Error)]
pub enum WorkbookImportError {
    #[error(
        "'{first}' and '{second}' are both corrections of '{job_file_name}'; please upload one workbook per file."
    )]
    SameJob {
        first: String,
        second: String,
        job_file_name: String,
    },
    /// No workbook of the archive belongs to one of the project's files.
    #[error("No workbook in '{archive}' belongs to this project's files: {}.", .unmatched.join(", "))]
    NoneOfTheProject {
        archive: String,
        unmatched: Vec<String>,
    },
    #[error("Project not found")]
    ProjectNotFound,
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Reading a workbook's rows (CPU work, off the async workers) failed to finish.
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

/// An import under way into one project, by one user, in its write transaction.
pub struct Import {
    txn: DatabaseTransaction,
    project_id: i32,
    user_id: i32,
    now: OffsetDateTime,
    claims: Claims,
}

/// A finished import: the project as it is now, the report, and how much changed.
pub struct Imported {
    pub project: ProjectWithRelations,
    pub report: ImportReport,
    /// Segments changed and corrections taken.
    pub updated: usize,
    pub corrections: usize,
}

/// Refuses an import into a project that does not exist, before its upload is read.
pub async fn ensure_project(db: &DatabaseConnection, id: i32) -> Result<(), WorkbookImportError> {
    translation::projects::head(db, id)
        .await?
        .map(|_| ())
        .ok_or(WorkbookImportError::ProjectNotFound)
}

impl Import {
    /// Starts an import into `project_id` by `user_id` at `now` (the drafts of review links
    /// open then are the ones a correction conflicts with). On SQLite other writers wait from
    /// here to the end of the import.
    pub async fn begin(
        db: &DatabaseConnection,
        project_id: i32,
        user_id: i32,
        now: OffsetDateTime,
    ) -> Result<Import, WorkbookImportError> {
        ensure_project(db, project_id).await?;
        let txn = db::begin_write(db).await?;
        let jobs = translation::jobs::of_project(&txn, project_id).await?;
        Ok(Import {
            txn,
            project_id,
            user_id,
            now,
            claims: Claims::new(jobs),
        })
    }

    /// Takes one workbook: matched to its job (or reported as matching none), its rows decided
    /// and its corrections written.
    pub async fn add(&mut self, workbook: Workbook) -> Result<(), WorkbookImportError> {
        let Some(job) = self.claims.claim(&workbook)? else {
            return Ok(());
        };
        let (txn, job_id) = (&self.txn, job.id);
        let segments = translation::segments::of_job(txn, job_id).await?;
        let ids: HashSet<i64> = segments.iter().map(|s| s.id).collect();
        let drafted: HashMap<i64, String> =
            reviews::open_drafts(txn, self.project_id, &ids, self.now)
                .await?
                .into_keys()
                .filter_map(|drafted| {
                    let segment = segments.iter().find(|s| s.id == drafted)?;
                    Some((drafted, segment.unit_key.clone()))
                })
                .collect();
        let shortcodes = Arc::clone(
            translation::jobs::shortcodes(txn, &[job_id])
                .await?
                .of(job_id),
        );
        let terms = translation::job_terms(txn, job_id).await?;
        let (mut file, changes) = tokio::task::spawn_blocking(move || {
            read_rows(&workbook, &job, &segments, &shortcodes, terms.as_ref())
        })
        .await?;
        file.review_conflicts = changes
            .updates
            .iter()
            .filter(|u| u.target.is_some())
            .filter_map(|u| drafted.get(&u.segment_id).cloned())
            .collect();
        let author = (Author::User(self.user_id), ChangeSource::XlsxImport);
        corrections::apply(
            txn,
            author,
            job_id,
            &changes.updates,
            &changes.confirmed,
            self.now,
        )
        .await?;
        self.claims.record(file, &changes);
        Ok(())
    }

    /// Ends the import of `archive` (whose other entries were `skipped`): refused when no
    /// workbook belonged to the project, else the project moves to `Translations_Corrected`
    /// and everything is committed.
    pub async fn finish(
        self,
        archive: &str,
        skipped: Vec<String>,
    ) -> Result<Imported, WorkbookImportError> {
        let (updated, taken) = (self.claims.updated, self.claims.corrections);
        let report = self.claims.finish(skipped);
        if report.files.iter().all(|f| f.job_id.is_none()) {
            return Err(WorkbookImportError::NoneOfTheProject {
                archive: archive.to_owned(),
                unmatched: report.unmatched_files,
            });
        }
        corrections::finish(&self.txn, self.project_id, Some(self.user_id), self.now).await?;
        let project = translation::projects::find(&self.txn, self.project_id)
            .await?
            .ok_or(WorkbookImportError::ProjectNotFound)?;
        self.txn.commit().await?;
        Ok(Imported {
            project,
            report,
            updated,
            corrections: taken,
        })
    }
}

/// The outcome of one XLSX import.
#[derive(Debug, Default, Serialize, ToSchema, PartialEq, Eq)]
pub struct ImportReport {
    /// Every workbook of the archive, in archive order; `job_id` is `null` for those that
    /// matched no job.
    pub files: Vec<FileReport>,
    /// Workbooks that matched no job of the project (by hidden sheet or file name).
    pub unmatched_files: Vec<String>,
    /// Entries of the archive that are not workbooks, by path (macOS metadata and folders are
    /// ignored silently).
    pub skipped: Vec<String>,
}

/// One workbook's outcome.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct FileReport {
    /// The workbook's name in the archive.
    pub file_name: String,
    pub job_id: Option<i32>,
    /// The XLIFF file of the job it matched.
    pub job_file_name: Option<String>,
    /// Rows whose translation or comment was taken.
    pub updated: u32,
    /// Rows that changed nothing.
    pub unchanged: u32,
    /// Rows not taken; the previous target stays.
    pub refused: Vec<RefusedRow>,
    /// QA remarks on rows that were taken (stored with the segment as well).
    pub warnings: Vec<RowWarning>,
    /// Keys of the units this workbook changed that have a customer's draft in an open review
    /// link: the correction was taken, and the customer's next save or submit of that draft
    /// is refused (it was made on the previous text).
    pub review_conflicts: Vec<String>,
}

impl ImportReport {
    /// What the audit log keeps of an import: counts only, never a translation.
    pub fn audit_detail(&self) -> serde_json::Value {
        let matched = self.files.iter().filter(|f| f.job_id.is_some()).count();
        let applied: u32 = self.files.iter().map(|f| f.updated).sum();
        let refused: usize = self.files.iter().map(|f| f.refused.len()).sum();
        serde_json::json!({
            "workbooks": matched,
            "unmatched": self.unmatched_files.len(),
            "rows_applied": applied,
            "rows_refused": refused,
        })
    }
}

impl FileReport {
    pub fn unmatched(file_name: String) -> Self {
        FileReport {
            file_name,
            job_id: None,
            job_file_name: None,
            updated: 0,
            unchanged: 0,
            refused: Vec::new(),
            warnings: Vec::new(),
            review_conflicts: Vec::new(),
        }
    }
}

/// A row that was not taken.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct RefusedRow {
    /// 1-based, as the spreadsheet program shows it.
    pub row: u32,
    /// The hidden unit key; `null` for a row without one (added by hand).
    pub key: Option<String>,
    pub reason: String,
}

/// A QA warning on a row that was taken.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct RowWarning {
    pub row: u32,
    pub key: String,
    pub message: String,
}
