//! An uploaded XLIFF file parsed into the rows that store it: its job row and its segment
//! rows as bound values. CPU work, done off the async workers ([`parse`] inside
//! `spawn_blocking`), beside the task storing earlier files with [`super::bulk::JobWriter`].

use sea_orm::{ActiveEnum, Set, Value};
use wordmark_core::xliff::{self, Unit, XliffError};
use xxhash_rust::xxh3::xxh3_128;

use crate::{
    db::entities::{
        translation_job::{self, OriginalEncoding},
        translation_segment::SegmentMarkup,
    },
    services::translation::segment_state::{self, Change},
};

/// The columns a new segment row binds; the rest start empty (`mt_target`, `comment`: NULL)
/// or with a constant written into the statement (`qa_flags`).
pub(super) const SEGMENT_COLUMNS: [&str; 11] = [
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
/// An XLIFF file read and checked, ready to be stored: its job row and its segment rows are
/// built where it is parsed, beside the task storing earlier files, so that storing a file is
/// little more than inserting it.
pub struct ParsedFile {
    pub file_name: String,
    /// The file's size in bytes, a measure of what holding it parsed costs.
    pub size: usize,
    /// The job row but its project and creation time, which are set when it is stored.
    pub(super) job: translation_job::ActiveModel,
    pub(super) segments: SegmentRows,
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
    // Kept as WPML lists them; no list is NULL, the generic rule.
    let shortcodes = Some(document.shortcode_names().join(",")).filter(|list| !list.is_empty());
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
        shortcodes: Set(shortcodes),
        segment_count: Set(count(document.units.len())),
        ..Default::default()
    };
    Ok(ParsedFile {
        file_name,
        size,
        job,
        segments: SegmentRows::new(document.units),
    })
}

/// A number of segments as `translation_jobs.segment_count` holds it (no file comes near the
/// limit: uploads are bounded far below two billion units).
pub(super) fn count(segments: usize) -> i32 {
    i32::try_from(segments).unwrap_or(i32::MAX)
}

/// A file's segment rows as bound values, `SEGMENT_COLUMNS` per row in file order, with the job
/// id left empty until the job row exists.
pub(super) struct SegmentRows(pub(super) Vec<Value>);

impl SegmentRows {
    fn new(units: Vec<Unit>) -> Self {
        let mut values = Vec::with_capacity(units.len() * SEGMENT_COLUMNS.len());
        for (position, unit) in units.into_iter().enumerate() {
            push_segment(&mut values, position, unit);
        }
        SegmentRows(values)
    }

    /// The values with every row's job id set.
    pub(super) fn of_job(mut self, job_id: i32) -> Vec<Value> {
        for row in self.0.chunks_exact_mut(SEGMENT_COLUMNS.len()) {
            row[0] = Value::from(job_id);
        }
        self.0
    }
}

/// Appends a unit's row, in `SEGMENT_COLUMNS` order (the job id left empty, see
/// [`SegmentRows`]), as stored at import: a target that is a translation (see
/// `Unit::has_translation`) is kept; WPML's copies of the source in an untranslated job stay in
/// the file only, so that pre-translation fills them; `translate="no"` units keep their target.
fn push_segment(values: &mut Vec<Value>, position: usize, unit: Unit) {
    let translated = unit.has_translation();
    let target = if translated || !unit.translatable {
        unit.target
    } else {
        None
    };
    let state = segment_state::after(Change::Imported {
        translatable: unit.translatable,
        translated,
        needs_review: unit.target_state.as_deref() == Some("needs-review-translation"),
        has_text: target.as_deref().is_some_and(|t| !t.trim().is_empty()),
    });
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
        Value::from(state.origin.to_value()),
        Value::from(state.status.to_value()),
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
        // Generated, a constant in the statement, two that start NULL, and the revision (0 by
        // the column's default).
        written.extend(["id", "qa_flags", "mt_target", "comment", "revision"]);
        written.sort_unstable();
        let mut all: Vec<&str> = Column::iter().map(|c| c.as_str()).collect();
        all.sort_unstable();
        assert_eq!(written, all);
    }

    #[test]
    fn the_checksum_fingerprints_the_files_bytes() {
        let page = include_bytes!("../../../../tests/fixtures/xliff/wpml-page-cdata.xliff");
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
}
