//! Reading corrected workbooks into corrections: which job each workbook belongs to, which
//! segment each row belongs to, and what QA says about each changed translation. Pure: the
//! import ([`super::Import`]) loads each workbook's job, this decides, the import writes each
//! workbook's changes in its one transaction.

use std::collections::HashMap;

use wordmark_core::segment::Shortcodes;
use wordmark_core::terms::TermIndex;
use wordmark_core::xlsx::{HiddenMeta, ImportedWorkbook, workbook_file_name};

use super::{FileReport, ImportReport, RefusedRow, RowWarning, WorkbookImportError};
use crate::services::memory;
use crate::services::translation::{
    Segment,
    corrections::{self, Decision},
    jobs::JobRow,
    segments::SegmentUpdate,
};

/// A workbook read from the uploaded archive.
pub struct Workbook {
    pub file_name: String,
    pub content: ImportedWorkbook,
}

/// An import under way: the project's jobs, which workbook claimed which, and the report so
/// far. Workbooks come one at a time; only the report (a line per file, and the refused and
/// warned rows) grows with the upload.
pub struct Claims {
    jobs: Vec<JobRow>,
    /// Job index → the workbook that claimed it.
    claimed: HashMap<usize, String>,
    report: ImportReport,
    /// Segments changed and corrections taken so far.
    pub updated: usize,
    pub corrections: usize,
}

/// What one workbook changes: the segments' updates, and the corrections taken (QA passed,
/// text changed; refused rows and comment-only changes are not among them), which the
/// translation memory learns.
#[derive(Debug, Default)]
pub struct Changes {
    pub updates: Vec<SegmentUpdate>,
    pub confirmed: Vec<memory::Confirmed>,
}

impl Claims {
    /// An import into a project with these jobs.
    pub fn new(jobs: Vec<JobRow>) -> Self {
        Claims {
            jobs,
            claimed: HashMap::new(),
            report: ImportReport::default(),
            updated: 0,
            corrections: 0,
        }
    }

    /// The job `workbook` belongs to; `None` (and a line in the report) when it belongs to
    /// none. Two workbooks for one job refuse the import.
    pub fn claim(&mut self, workbook: &Workbook) -> Result<Option<JobRow>, WorkbookImportError> {
        let Some(index) = match_job(
            &workbook.file_name,
            workbook.content.meta.as_ref(),
            &self.jobs,
        ) else {
            self.report.unmatched_files.push(workbook.file_name.clone());
            self.report
                .files
                .push(FileReport::unmatched(workbook.file_name.clone()));
            return Ok(None);
        };
        let job = &self.jobs[index];
        if let Some(first) = self.claimed.insert(index, workbook.file_name.clone()) {
            return Err(WorkbookImportError::SameJob {
                first,
                second: workbook.file_name.clone(),
                job_file_name: job.file_name.clone(),
            });
        }
        Ok(Some(job.clone()))
    }

    /// Adds a claimed workbook's outcome ([`read_rows`]) to the report.
    pub fn record(&mut self, file: FileReport, changes: &Changes) {
        self.updated += changes.updates.len();
        self.corrections += changes.confirmed.len();
        self.report.files.push(file);
    }

    /// The report, with the archive's other entries.
    pub fn finish(mut self, skipped: Vec<String>) -> ImportReport {
        self.report.skipped = skipped;
        self.report
    }
}

/// The job a workbook belongs to. With the hidden sheet: the job with its id and checksum, or
/// else the one job with its checksum (the same file uploaded again into a new job). Without
/// it: the job whose workbook name is the file's. A hidden sheet that names no job here means
/// the workbook belongs elsewhere; its file name is not trusted then.
fn match_job(file_name: &str, meta: Option<&HiddenMeta>, jobs: &[JobRow]) -> Option<usize> {
    match meta {
        Some(meta) => jobs
            .iter()
            .position(|j| i64::from(j.id) == meta.job_id && j.checksum == meta.checksum)
            .or_else(|| unique(jobs.iter().map(|j| j.checksum == meta.checksum))),
        None => unique(
            jobs.iter()
                .map(|j| workbook_file_name(&j.file_name).eq_ignore_ascii_case(file_name)),
        ),
    }
}

/// The index of the only `true`, if exactly one.
fn unique(hits: impl Iterator<Item = bool>) -> Option<usize> {
    let mut found = None;
    for (index, hit) in hits.enumerate() {
        if hit {
            if found.is_some() {
                return None;
            }
            found = Some(index);
        }
    }
    found
}

/// Matches the rows of `workbook` to `segments` (its job's) and runs QA on the changed ones
/// with the job's `shortcodes`: the workbook's line of the report, and what it changes.
pub fn read_rows(
    workbook: &Workbook,
    job: &JobRow,
    segments: &[Segment],
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> (FileReport, Changes) {
    let units: HashMap<&str, &Segment> = segments
        .iter()
        .map(|segment| (segment.unit_key.as_str(), segment))
        .collect();
    let mut changes = Changes::default();
    let mut file = FileReport::unmatched(workbook.file_name.clone());
    file.job_id = Some(job.id);
    file.job_file_name = Some(job.file_name.clone());
    for problem in &workbook.content.problems {
        file.refused.push(RefusedRow {
            row: problem.row_number,
            key: problem.key.clone(),
            reason: problem.to_string(),
        });
    }
    for row in &workbook.content.rows {
        let refuse = |reason: &str| RefusedRow {
            row: row.row_number,
            key: Some(row.key.clone()),
            reason: reason.to_owned(),
        };
        let Some(segment) = units.get(row.key.as_str()) else {
            file.refused.push(refuse(
                "the file has no unit with this key; the row was ignored",
            ));
            continue;
        };
        let comment = row
            .comment
            .clone()
            .filter(|c| segment.comment.as_deref() != Some(c.as_str()));
        let target = match corrections::decide(segment, &row.translation, shortcodes, terms) {
            Decision::Unchanged => None,
            Decision::Refused(reason) => {
                file.refused.push(refuse(&reason));
                continue;
            }
            Decision::Taken {
                target,
                confirmed,
                warnings,
            } => {
                for warning in &warnings {
                    file.warnings.push(RowWarning {
                        row: row.row_number,
                        key: row.key.clone(),
                        message: warning.message(),
                    });
                }
                changes.confirmed.extend(confirmed);
                Some(target)
            }
        };
        if target.is_none() && comment.is_none() {
            file.unchanged += 1;
            continue;
        }
        file.updated += 1;
        changes.updates.push(SegmentUpdate {
            segment_id: segment.id,
            target,
            comment,
        });
    }
    file.refused.sort_by_key(|r| r.row);
    (file, changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::translation::{
        SegmentMarkup, SegmentOrigin, SegmentStatus, segment_state::Change, segments::NewTarget,
    };
    use wordmark_core::xlsx::{ImportedRow, RowProblem, RowProblemKind};

    fn job(id: i32, file_name: &str, checksum: &str) -> JobRow {
        JobRow {
            id,
            project_id: 1,
            file_name: file_name.into(),
            wpml_id: Some(format!("{id}00")),
            post_type: None,
            checksum: checksum.into(),
            source_lang: Some("en".into()),
            target_lang: Some("de".into()),
            xliff_version: "1.2".into(),
            date_created: time::OffsetDateTime::UNIX_EPOCH,
        }
    }

    fn segment(id: i64, job_id: i32, key: &str, source: &str, target: &str) -> Segment {
        Segment {
            id,
            job_id,
            position: id as i32,
            unit_key: key.into(),
            unit_id: Some(key.into()),
            resname: None,
            translatable: true,
            markup: SegmentMarkup::Html,
            source: source.into(),
            target: Some(target.into()),
            mt_target: None,
            origin: SegmentOrigin::Mt,
            status: SegmentStatus::Translated,
            qa_flags: "[]".into(),
            comment: None,
            revision: 0,
        }
    }

    fn meta(job_id: i64, checksum: &str) -> HiddenMeta {
        HiddenMeta {
            format_version: 1,
            job_id,
            wpml_id: String::new(),
            checksum: checksum.into(),
            file_name: String::new(),
        }
    }

    fn row(row_number: u32, key: &str, translation: &str) -> ImportedRow {
        ImportedRow {
            row_number,
            key: key.into(),
            translation: translation.into(),
            comment: None,
        }
    }

    /// What the handler makes of `workbooks`, gathered: the report, every update and every
    /// correction taken.
    #[derive(Debug)]
    struct Planned {
        report: ImportReport,
        updates: Vec<SegmentUpdate>,
        confirmed: Vec<memory::Confirmed>,
    }

    /// The workbooks taken one by one as the handler takes them, each with its job's segments.
    fn plan(
        workbooks: Vec<Workbook>,
        jobs: &[JobRow],
        segments: &[Segment],
        skipped: Vec<String>,
    ) -> Result<Planned, WorkbookImportError> {
        let mut import = Claims::new(jobs.to_vec());
        let (mut updates, mut confirmed) = (Vec::new(), Vec::new());
        for workbook in workbooks {
            let Some(job) = import.claim(&workbook)? else {
                continue;
            };
            let of_job: Vec<_> = segments
                .iter()
                .filter(|s| s.job_id == job.id)
                .cloned()
                .collect();
            let (file, changes) = read_rows(&workbook, &job, &of_job, &Shortcodes::Any, None);
            import.record(file, &changes);
            updates.extend(changes.updates);
            confirmed.extend(changes.confirmed);
        }
        assert_eq!(
            (import.updated, import.corrections),
            (updates.len(), confirmed.len())
        );
        Ok(Planned {
            report: import.finish(skipped),
            updates,
            confirmed,
        })
    }

    fn workbook(file_name: &str, meta: Option<HiddenMeta>, rows: Vec<ImportedRow>) -> Workbook {
        Workbook {
            file_name: file_name.into(),
            content: ImportedWorkbook {
                meta,
                rows,
                problems: Vec::new(),
            },
        }
    }

    #[test]
    fn workbooks_match_by_hidden_sheet_then_checksum_then_name() {
        let jobs = [job(1, "page-1.xliff", "aa"), job(2, "page-2.xliff", "bb")];
        // Renamed, but the hidden sheet knows.
        assert_eq!(
            match_job("renamed.xlsx", Some(&meta(2, "bb")), &jobs),
            Some(1)
        );
        // Same file, uploaded again into another job.
        assert_eq!(match_job("x.xlsx", Some(&meta(9, "aa")), &jobs), Some(0));
        // A hidden sheet from elsewhere is not matched by name.
        assert_eq!(match_job("page-1.xlsx", Some(&meta(1, "zz")), &jobs), None);
        // No hidden sheet: by name, ignoring case.
        assert_eq!(match_job("PAGE-2.xlsx", None, &jobs), Some(1));
        assert_eq!(match_job("page-3.xlsx", None, &jobs), None);
    }

    #[test]
    fn rows_are_updated_refused_or_unchanged_and_reported() {
        let jobs = [job(1, "page-1.xliff", "aa")];
        let segments = [
            segment(10, 1, "title", "Hello", "Hallo"),
            segment(
                11,
                1,
                "body",
                "<b>Bold</b> text here",
                "<b>Fett</b> Text hier",
            ),
            segment(12, 1, "n", "Call 112", "Rufen Sie 112"),
            segment(13, 1, "cleared", "Bye", "Tschüss"),
        ];
        let mut commented = row(12, "n", "Rufen Sie 112");
        commented.comment = Some("ok".into());
        let mut book = workbook(
            "page-1.xlsx",
            Some(meta(1, "aa")),
            vec![
                row(10, "title", "Guten Tag"),
                row(11, "body", "Fett Text hier"),
                commented,
                row(13, "gone", "x"),
                row(14, "cleared", ""),
            ],
        );
        book.content.problems.push(RowProblem {
            row_number: 20,
            key: None,
            kind: RowProblemKind::NoKey,
        });
        let plan = plan(vec![book], &jobs, &segments, vec!["notes.txt".into()]).unwrap();
        let file = &plan.report.files[0];
        assert_eq!((file.job_id, file.updated, file.unchanged), (Some(1), 3, 0));
        let refused: Vec<_> = file
            .refused
            .iter()
            .map(|r| (r.row, r.key.as_deref()))
            .collect();
        assert_eq!(
            refused,
            [(11, Some("body")), (13, Some("gone")), (20, None)]
        );
        assert!(
            file.refused[0].reason.contains("markup"),
            "{}",
            file.refused[0].reason
        );
        assert_eq!(plan.report.skipped, ["notes.txt"]);
        assert_eq!(
            plan.updates,
            [
                SegmentUpdate {
                    segment_id: 10,
                    target: Some(NewTarget {
                        text: Some("Guten Tag".into()),
                        change: Change::Corrected { warnings: false },
                        qa_flags: "[]".into(),
                    }),
                    comment: None,
                },
                SegmentUpdate {
                    segment_id: 12,
                    target: None,
                    comment: Some("ok".into()),
                },
                SegmentUpdate {
                    segment_id: 13,
                    target: Some(NewTarget {
                        text: None,
                        change: Change::Cleared,
                        qa_flags: "[]".into(),
                    }),
                    comment: None,
                },
            ]
        );
        let statuses: Vec<Option<SegmentStatus>> = plan
            .updates
            .iter()
            .map(|u| u.target.as_ref().map(|t| t.state().status))
            .collect();
        assert_eq!(
            statuses,
            [
                Some(SegmentStatus::Reviewed),
                None,
                Some(SegmentStatus::New)
            ]
        );
        assert_eq!(plan.confirmed.len(), 1);
        let confirmed = &plan.confirmed[0];
        assert_eq!(
            (confirmed.source.as_str(), confirmed.target.as_str()),
            ("Hello", "Guten Tag")
        );
    }

    #[test]
    fn warnings_are_stored_and_reported_without_blocking() {
        let jobs = [job(1, "page-1.xliff", "aa")];
        let segments = [segment(10, 1, "t", "Open 24 hours", "Rund um die Uhr")];
        let book = workbook("page-1.xlsx", None, vec![row(9, "t", "Immer offen")]);
        let plan = plan(vec![book], &jobs, &segments, Vec::new()).unwrap();
        let update = plan.updates[0].target.as_ref().unwrap();
        assert_eq!(update.state().status, SegmentStatus::NeedsReview);
        let flags: serde_json::Value = serde_json::from_str(&update.qa_flags).unwrap();
        assert_eq!(flags[0]["kind"], "missing_numbers");
        assert_eq!(plan.report.files[0].warnings[0].row, 9);
        assert!(plan.report.files[0].warnings[0].message.contains("24"));
    }

    #[test]
    fn unmatched_workbooks_are_listed_and_two_for_one_job_refused() {
        let jobs = [job(1, "page-1.xliff", "aa")];
        let planned = plan(
            vec![workbook("other.xlsx", None, Vec::new())],
            &jobs,
            &[],
            Vec::new(),
        )
        .unwrap();
        assert_eq!(planned.report.unmatched_files, ["other.xlsx"]);
        assert_eq!(planned.report.files[0].job_id, None);

        let error = plan(
            vec![
                workbook("page-1.xlsx", None, Vec::new()),
                workbook("copy.xlsx", Some(meta(1, "aa")), Vec::new()),
            ],
            &jobs,
            &[],
            Vec::new(),
        )
        .unwrap_err();
        assert!(
            error.to_string().contains("'page-1.xlsx' and 'copy.xlsx'"),
            "{error}"
        );
    }
}
