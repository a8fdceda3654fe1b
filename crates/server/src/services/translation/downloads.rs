//! Building the two download archives, a batch of jobs at a time: one review workbook per job,
//! and the jobs' XLIFF files with the current targets. Blocking CPU work: call from
//! `spawn_blocking`.

use std::collections::{HashMap, HashSet};
use std::io::{Seek, Write};

use wordmark_core::archive::{ArchiveError, ZipOut};
use wordmark_core::segment::{Markup, Segment, Shortcodes};
use wordmark_core::terms::{self, TermIndex};
use wordmark_core::xliff::{self, XliffError};
use wordmark_core::xlsx::{
    ExportRow, WorkbookMeta, XlsxError, export_workbook, workbook_file_name,
};
use wordmark_core::{field, parallel};

use crate::{
    db::entities::translation_segment::SegmentOrigin,
    services::translation::store::{
        jobs::{JobFile, JobRow, JobShortcodes},
        segments::{ExportSegment, StoredTarget},
    },
};

/// Shown in the workbook's header when pseudo-translation filled any target.
const PSEUDO_NOTICE: &str =
    "Pseudo-translation: these targets are a dry run of machine translation, not for delivery.";

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Xlsx(#[from] XlsxError),
    #[error(transparent)]
    Xliff(#[from] XliffError),
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    #[error("the stored copy of '{file}' cannot be read back: {source}")]
    StoredFile {
        file: String,
        source: std::io::Error,
    },
}

/// What every workbook of the project says in its header, and the client's termbase per
/// language pair (source, target) for the Terms column.
pub struct ProjectHeader {
    pub project: String,
    pub client: Option<String>,
    pub export_date: String,
    pub termbases: HashMap<(String, String), TermIndex>,
}

impl ProjectHeader {
    fn termbase(&self, job: &JobRow) -> Option<&TermIndex> {
        let pair = (job.source_lang.clone()?, job.target_lang.clone()?);
        self.termbases.get(&pair)
    }
}

/// A job and the name its file gets in the archive ([`unique_names`]).
pub struct Named<J> {
    pub job: J,
    pub name: String,
}

/// Every job under its name in the archive, in the order given: `name(job)`, except that a
/// repeated name is numbered ([`unique_names`]).
pub fn named<J>(jobs: Vec<J>, name: impl Fn(&J) -> String) -> Vec<Named<J>> {
    let names = unique_names(jobs.iter().map(name));
    jobs.into_iter()
        .zip(names)
        .map(|(job, name)| Named { job, name })
        .collect()
}

/// The workbook name of a job's file.
pub fn workbook_name(job: &JobRow) -> String {
    workbook_file_name(&job.file_name)
}

/// Adds the workbooks of a batch of jobs to `zip` (flat; workbooks are zips already, so they
/// are stored), built side by side on every core from `segments`, the batch's segments, with
/// the batch's `shortcodes` deciding which brackets are coloured as tags.
pub fn add_workbooks<W: Write + Seek>(
    zip: &mut ZipOut<W>,
    header: &ProjectHeader,
    jobs: &[Named<JobRow>],
    (segments, shortcodes): (Vec<ExportSegment>, JobShortcodes),
) -> Result<(), ExportError> {
    let mut by_job = export_rows_by_job(segments);
    for named in jobs {
        if let (Some(index), Some(rows)) =
            (header.termbase(&named.job), by_job.get_mut(&named.job.id))
        {
            let shortcodes = shortcodes.of(named.job.id);
            for row in &mut rows.rows {
                let source = Segment::parse_with(&row.source, row.markup, shortcodes);
                row.terms = terms::describe(index, &terms::term_text(&source, row.markup));
            }
        }
    }
    let workbooks = parallel::map(jobs, |named| {
        let no_rows = JobRows::default();
        workbook(
            header,
            &named.job,
            shortcodes.of(named.job.id),
            by_job.get(&named.job.id).unwrap_or(&no_rows),
        )
    });
    for (named, workbook) in jobs.iter().zip(workbooks) {
        zip.add_stored(&named.name, &workbook?)?;
    }
    Ok(())
}

/// A job's workbook rows, and whether pseudo-translation filled any of its targets.
#[derive(Default)]
struct JobRows {
    rows: Vec<ExportRow>,
    pseudo: bool,
}

/// The segments' texts moved (not copied) into each job's rows. Units marked
/// `translate="no"` are not the customer's to correct.
fn export_rows_by_job(segments: Vec<ExportSegment>) -> HashMap<i32, JobRows> {
    let mut by_job: HashMap<i32, JobRows> = HashMap::new();
    for s in segments {
        let job = by_job.entry(s.job_id).or_default();
        job.pseudo |= s.origin == SegmentOrigin::Pseudo;
        if !s.translatable {
            continue;
        }
        let field = field::describe(s.unit_id.as_deref(), s.resname.as_deref(), &s.unit_key);
        job.rows.push(ExportRow {
            key: s.unit_key,
            field: field.label,
            source: s.source,
            target: s.target.unwrap_or_default(),
            markup: Markup::from(s.markup),
            terms: String::new(),
        });
    }
    by_job
}

fn workbook(
    header: &ProjectHeader,
    job: &JobRow,
    shortcodes: &Shortcodes,
    rows: &JobRows,
) -> Result<Vec<u8>, XlsxError> {
    let meta = WorkbookMeta {
        project: header.project.clone(),
        client: header.client.clone(),
        file_name: job.file_name.clone(),
        source_lang: job.source_lang.clone().unwrap_or_default(),
        target_lang: job.target_lang.clone().unwrap_or_default(),
        export_date: header.export_date.clone(),
        job_id: i64::from(job.id),
        wpml_id: job.wpml_id.clone().unwrap_or_default(),
        checksum: job.checksum.clone(),
        mt_notice: rows.pseudo.then(|| PSEUDO_NOTICE.to_owned()),
        shortcodes: shortcodes.clone(),
    };
    export_workbook(&meta, &rows.rows)
}

/// Adds a batch of jobs' original files to `zip` under their names, flat, with the targets that
/// differ from the file's own written into its bytes (everything else stays byte-identical,
/// `original` too). `files` are the batch's stored files, `targets` its stored targets.
pub fn add_xliff_files<W: Write + Seek>(
    zip: &mut ZipOut<W>,
    jobs: &[Named<JobRow>],
    files: Vec<JobFile>,
    targets: Vec<StoredTarget>,
) -> Result<(), ExportError> {
    let mut by_job: HashMap<i32, HashMap<String, String>> = HashMap::new();
    for t in targets {
        by_job
            .entry(t.job_id)
            .or_default()
            .insert(t.unit_key, t.target);
    }
    let none = HashMap::new();
    let written: Vec<Result<Vec<u8>, ExportError>> = parallel::map(&files, |job| {
        xliff_file(job, by_job.get(&job.id).unwrap_or(&none))
    });
    let mut written: HashMap<i32, Result<Vec<u8>, ExportError>> =
        files.iter().map(|f| f.id).zip(written).collect();
    for named in jobs {
        // A job deleted since the export listed the project's jobs has no file any more.
        if let Some(file) = written.remove(&named.job.id) {
            zip.add(&named.name, &file?)?;
        }
    }
    Ok(())
}

/// A job's original file with `targets` (by unit key) written into it: byte-identical but for
/// the targets that differ from the file's own. CPU work.
pub fn xliff_file(
    job: &JobFile,
    targets: &HashMap<String, String>,
) -> Result<Vec<u8>, ExportError> {
    let original = job
        .original_encoding
        .decode(&job.original)
        .map_err(|source| ExportError::StoredFile {
            file: job.file_name.clone(),
            source,
        })?;
    // The writer leaves a target equal to the file's own untouched.
    Ok(xliff::write_targets(&job.file_name, &original, targets)?)
}

/// The names as given, except that a name already used (ignoring case, as Windows and macOS
/// do) gets ` (2)`, ` (3)`, … before its extension: a project may hold two jobs with the same
/// file name, and an archive cannot.
fn unique_names(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut taken = HashSet::new();
    names
        .map(|name| {
            let (stem, ext) = match name.rsplit_once('.') {
                Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), format!(".{ext}")),
                _ => (name.clone(), String::new()),
            };
            let mut candidate = name;
            let mut n = 2;
            while !taken.insert(candidate.to_lowercase()) {
                candidate = format!("{stem} ({n}){ext}");
                n += 1;
            }
            candidate
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_names_get_a_number() {
        let names = ["a.xliff", "A.xliff", "a.xliff", "b"].map(str::to_owned);
        assert_eq!(
            unique_names(names.into_iter()),
            ["a.xliff", "A (2).xliff", "a (3).xliff", "b"]
        );
    }
}
