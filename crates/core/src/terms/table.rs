//! Termbase entries as table rows, shared by the CSV/TSV and XLSX formats, in two layouts,
//! told apart by the header row (any order, any case; unknown columns ignored):
//!
//! * **named columns**, one row per entry: `source_lang`, `target_lang`, `source`, `target`
//!   and optional ones (see [`HEADER`]), as Wordmark writes them (other spellings too:
//!   `Source language`, `sourceLang`, `sourceString`);
//! * **a column per language**, as MateCat, Google Cloud Translation glossaries and many
//!   spreadsheets write them: the headers are language codes (`en`, `de-DE`, `pt_BR`), the
//!   first is the source and every other gives an entry for that pair; optional columns
//!   `forbidden` (yes/no), `kind`, `note`/`notes`/`description`/`definition`,
//!   `part_of_speech`, `case_sensitive`. A row without any target term (and not "do not
//!   translate") gives no entry: it is skipped and counted.

use super::{Skipped, TermEntry, TermFileError, TermKind};

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
struct Columns([Option<usize>; 9]);

impl Columns {
    /// The known columns of a header row, wherever they are.
    fn of_header(cells: &[String]) -> Columns {
        let mut at = [None; 9];
        for (position, cell) in cells.iter().enumerate() {
            if let Some(column) = named_column(cell) {
                at[column].get_or_insert(position);
            }
        }
        Columns(at)
    }

    fn cell(&self, cells: &[String], column: usize) -> String {
        self.0[column]
            .and_then(|at| cells.get(at))
            .cloned()
            .unwrap_or_default()
    }

    /// The entry of a data row (`row`: its number as a person counts, header = 1), or
    /// `None` for an empty row.
    fn entry(&self, cells: &[String], row: usize) -> Result<Option<TermEntry>, TermFileError> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(None);
        }
        let cell = |column: usize| self.cell(cells, column);
        let problem = |reason: String| TermFileError::Row { row, reason };
        let kind = kind_of(&cell(5)).map_err(problem)?;
        let case_sensitive = yes_or_no("case_sensitive", &cell(6)).map_err(problem)?;
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

/// Which of [`HEADER`]'s columns a header cell names, if any. Names are read in any case,
/// with words apart by `_`, `-`, a space or camel case (`sourceLang`, as the TICO-19
/// terminologies write their header).
fn named_column(cell: &str) -> Option<usize> {
    let mut name = String::new();
    let mut after_lower = false;
    for c in cell.trim().chars() {
        if c.is_uppercase() && after_lower {
            name.push('_');
        }
        after_lower = c.is_lowercase() || c.is_ascii_digit();
        name.extend(c.to_lowercase());
    }
    let name = name.replace([' ', '-'], "_");
    Some(match name.as_str() {
        "source_lang" | "source_language" => 0,
        "target_lang" | "target_language" => 1,
        "source" | "source_term" | "source_string" => 2,
        "target" | "target_term" | "target_string" => 3,
        "other_targets" | "variants" => 4,
        "kind" | "type" => 5,
        "case_sensitive" => 6,
        "part_of_speech" | "pos" => 7,
        "note" | "notes" | "description" | "definition" | "comment" | "comments" => 8,
        _ => return None,
    })
}

fn kind_of(text: &str) -> Result<TermKind, String> {
    TermKind::parse(text).ok_or_else(|| format!("unknown kind '{}'", text.trim()))
}

fn yes_or_no(column: &str, text: &str) -> Result<bool, String> {
    match text.trim().to_lowercase().as_str() {
        "" | "no" | "n" | "false" | "0" => Ok(false),
        "yes" | "y" | "true" | "1" | "x" => Ok(true),
        other => Err(format!("{column} is '{other}', not yes or no")),
    }
}

/// Whether a header cell is a language code (`en`, `de-DE`, `pt_BR`, `zh-Hans`) rather than
/// the name of a column.
fn is_language_code(cell: &str) -> bool {
    let mut parts = cell.trim().split(['-', '_']);
    let first = parts.next().unwrap_or_default();
    (2..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
        && named_column(cell).is_none()
}

/// The columns of the per-language layout.
struct Languages {
    /// Each language column and its code, the source first.
    langs: Vec<(usize, String)>,
    forbidden: Option<usize>,
    /// The named columns that apply (kind, case sensitivity, part of speech, note).
    named: Columns,
}

impl Languages {
    fn of_header(cells: &[String]) -> Option<Languages> {
        let langs: Vec<(usize, String)> = cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| is_language_code(cell))
            .map(|(at, cell)| (at, crate::lang::normalize(cell)))
            .collect();
        if langs.len() < 2 {
            return None;
        }
        let forbidden = cells
            .iter()
            .position(|cell| cell.trim().eq_ignore_ascii_case("forbidden"));
        Some(Languages {
            langs,
            forbidden,
            named: Columns::of_header(cells),
        })
    }

    /// The entries of a data row (`row` as a person counts, header = 1); a row without a
    /// source term or without any target is recorded in `skipped`.
    fn entries(
        &self,
        cells: &[String],
        row: usize,
        skipped: &mut Skipped,
    ) -> Result<Vec<TermEntry>, TermFileError> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(Vec::new());
        }
        let problem = |reason: String| TermFileError::Row { row, reason };
        let cell = |at: usize| cells.get(at).map(String::as_str).unwrap_or_default();
        let named = |column: usize| self.named.cell(cells, column);
        let forbidden = match self.forbidden {
            Some(at) => yes_or_no("forbidden", cell(at)).map_err(problem)?,
            None => false,
        };
        let kind = if forbidden {
            TermKind::Forbidden
        } else {
            kind_of(&named(5)).map_err(problem)?
        };
        let case_sensitive = yes_or_no("case_sensitive", &named(6)).map_err(problem)?;
        let (source_at, source_lang) = &self.langs[0];
        let source = cell(*source_at).trim();
        if source.is_empty() {
            skipped.add(format!("row {row} has no term in '{source_lang}'"));
            return Ok(Vec::new());
        }
        let mut entries = Vec::new();
        for (at, target_lang) in &self.langs[1..] {
            // Another column of the source's language (`en-GB` beside `en-US`) adds no pair.
            if target_lang == source_lang {
                continue;
            }
            let targets: Vec<String> = cell(*at)
                .split(VARIANT_SEPARATOR)
                .map(|t| t.trim().to_owned())
                .filter(|t| !t.is_empty())
                .collect();
            if targets.is_empty() && kind != TermKind::DoNotTranslate {
                continue;
            }
            let entry = TermEntry {
                source_lang: source_lang.clone(),
                target_lang: target_lang.clone(),
                source: source.to_owned(),
                targets,
                kind,
                case_sensitive,
                part_of_speech: Some(named(7)),
                note: Some(named(8)),
            };
            entries.push(entry.validated().map_err(problem)?);
        }
        if entries.is_empty() {
            skipped.add(format!(
                "row {row} ('{source}') has no term in another language"
            ));
        }
        Ok(entries)
    }
}

/// A table's layout, from its header row.
enum Layout {
    Named(Columns),
    PerLanguage(Languages),
}

impl Layout {
    fn of_header(cells: &[String]) -> Result<Layout, TermFileError> {
        let named = Columns::of_header(cells);
        if [0, 1, 2]
            .iter()
            .all(|&required| named.0[required].is_some())
        {
            return Ok(Layout::Named(named));
        }
        if let Some(languages) = Languages::of_header(cells) {
            return Ok(Layout::PerLanguage(languages));
        }
        let missing = [0, 1, 2]
            .into_iter()
            .find(|&required| named.0[required].is_none())
            .unwrap_or(0);
        Err(TermFileError::MissingColumn(HEADER[missing]))
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

/// Entries of a table given as rows of cells, the first row the header, and the rows skipped.
pub(super) fn read_rows(
    rows: impl IntoIterator<Item = Result<Vec<String>, TermFileError>>,
) -> Result<(Vec<TermEntry>, Skipped), TermFileError> {
    let mut rows = rows.into_iter();
    let header = rows.next().ok_or(TermFileError::Empty)??;
    let layout = Layout::of_header(&header)?;
    let mut entries = Vec::new();
    let mut skipped = Skipped::default();
    for (index, cells) in rows.enumerate() {
        let cells = cells?;
        let row = index + 2;
        match &layout {
            Layout::Named(columns) => entries.extend(columns.entry(&cells, row)?),
            Layout::PerLanguage(languages) => {
                entries.extend(languages.entries(&cells, row, &mut skipped)?)
            }
        }
        if entries.len() > super::MAX_FILE_ENTRIES {
            return Err(TermFileError::TooManyEntries(super::MAX_FILE_ENTRIES));
        }
    }
    Ok((entries, skipped))
}
