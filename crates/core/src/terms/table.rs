//! Termbase entries as table rows, shared by the CSV/TSV and XLSX formats: one row per entry,
//! a header row naming the columns (any order, any case; unknown columns ignored).

use super::{TermEntry, TermFileError, TermKind};

/// The columns as written on export.
pub(super) const HEADER: [&str; 9] = [
    "source_lang",
    "target_lang",
    "source",
    "target",
    "other_targets",
    "kind",
    "case_sensitive",
    "part_of_speech",
    "note",
];

/// Separates the other target variants within their cell.
const VARIANT_SEPARATOR: char = '|';

/// Where each known column is in a file's rows.
pub(super) struct Columns([Option<usize>; 9]);

impl Columns {
    /// Reads the header row; the pair and the source term are required.
    pub(super) fn from_header(cells: &[String]) -> Result<Columns, TermFileError> {
        let mut at = [None; 9];
        for (position, cell) in cells.iter().enumerate() {
            let name = cell.trim().to_lowercase().replace([' ', '-'], "_");
            let column = match name.as_str() {
                "source_lang" | "source_language" => 0,
                "target_lang" | "target_language" => 1,
                "source" | "source_term" => 2,
                "target" | "target_term" => 3,
                "other_targets" | "variants" => 4,
                "kind" | "type" => 5,
                "case_sensitive" => 6,
                "part_of_speech" | "pos" => 7,
                "note" | "notes" => 8,
                _ => continue,
            };
            at[column].get_or_insert(position);
        }
        for required in [0, 1, 2] {
            if at[required].is_none() {
                return Err(TermFileError::MissingColumn(HEADER[required]));
            }
        }
        Ok(Columns(at))
    }

    /// The entry of a data row (`row`: its number as a person counts, header = 1), or
    /// `None` for an empty row.
    pub(super) fn entry(
        &self,
        cells: &[String],
        row: usize,
    ) -> Result<Option<TermEntry>, TermFileError> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(None);
        }
        let cell = |column: usize| -> String {
            self.0[column]
                .and_then(|at| cells.get(at))
                .cloned()
                .unwrap_or_default()
        };
        let problem = |reason: String| TermFileError::Row { row, reason };
        let kind_text = cell(5);
        let kind = TermKind::parse(&kind_text)
            .ok_or_else(|| problem(format!("unknown kind '{}'", kind_text.trim())))?;
        let case_text = cell(6);
        let case_sensitive = match case_text.trim().to_lowercase().as_str() {
            "" | "no" | "n" | "false" | "0" => false,
            "yes" | "y" | "true" | "1" | "x" => true,
            other => {
                return Err(problem(format!(
                    "case_sensitive is '{other}', not yes or no"
                )));
            }
        };
        let mut targets = vec![cell(3)];
        targets.extend(cell(4).split(VARIANT_SEPARATOR).map(str::to_owned));
        let entry = TermEntry {
            source_lang: cell(0),
            target_lang: cell(1),
            source: cell(2),
            targets,
            kind,
            case_sensitive,
            part_of_speech: Some(cell(7)),
            note: Some(cell(8)),
        };
        entry.validated().map(Some).map_err(problem)
    }
}

/// An entry's cells in [`HEADER`]'s order.
pub(super) fn cells_of(entry: &TermEntry) -> [String; 9] {
    let (first, others) = match entry.targets.split_first() {
        Some((first, others)) => (first.clone(), others.join(" | ")),
        None => (String::new(), String::new()),
    };
    [
        entry.source_lang.clone(),
        entry.target_lang.clone(),
        entry.source.clone(),
        first,
        others,
        entry.kind.as_str().to_owned(),
        if entry.case_sensitive { "yes" } else { "no" }.to_owned(),
        entry.part_of_speech.clone().unwrap_or_default(),
        entry.note.clone().unwrap_or_default(),
    ]
}

/// Entries of a table given as rows of cells, the first row the header.
pub(super) fn read_rows(
    rows: impl IntoIterator<Item = Result<Vec<String>, TermFileError>>,
) -> Result<Vec<TermEntry>, TermFileError> {
    let mut rows = rows.into_iter();
    let header = rows.next().ok_or(TermFileError::Empty)??;
    let columns = Columns::from_header(&header)?;
    let mut entries = Vec::new();
    for (index, cells) in rows.enumerate() {
        if let Some(entry) = columns.entry(&cells?, index + 2)? {
            entries.push(entry);
            if entries.len() > super::MAX_FILE_ENTRIES {
                return Err(TermFileError::TooManyEntries(super::MAX_FILE_ENTRIES));
            }
        }
    }
    Ok(entries)
}
