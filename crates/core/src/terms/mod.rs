//! A client's termbase: entries per language pair, the index that finds them in a text, the
//! checks a target must pass, and the files they are exchanged in (CSV/TSV, XLSX, TBX).
//!
//! Pure functions over text and bytes, like the rest of the core: the server stores entries
//! and builds one [`TermIndex`] per client and language pair.

mod check;
mod csv;
mod index;
mod mask;
mod table;
mod tbx;
mod xlsx;

use serde::{Deserialize, Serialize};

pub use check::{check, describe, term_text};
pub use index::{Occurrence, TermIndex};
pub use mask::{Masked, TERM_TAG, mask_dnt, relevant_pairs};

/// What an entry asks of a translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TermKind {
    /// Where the source term occurs, one of the target variants should be used.
    Preferred,
    /// The target variants must not appear in a translation.
    Forbidden,
    /// The source term stays as it is in the translation (product and company names).
    DoNotTranslate,
}

impl TermKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TermKind::Preferred => "preferred",
            TermKind::Forbidden => "forbidden",
            TermKind::DoNotTranslate => "do_not_translate",
        }
    }

    /// The kind named by `text` (as written by [`TermKind::as_str`], any case, `-` or space
    /// for `_`).
    pub fn parse(text: &str) -> Option<TermKind> {
        match text.trim().to_lowercase().replace(['-', ' '], "_").as_str() {
            "" | "preferred" => Some(TermKind::Preferred),
            "forbidden" => Some(TermKind::Forbidden),
            "do_not_translate" | "dnt" => Some(TermKind::DoNotTranslate),
            _ => None,
        }
    }
}

/// One termbase entry for one language pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermEntry {
    /// Language codes as Wordmark writes them (WPML codes, lower case: `en`, `de`, `pt-br`).
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    /// Target variants, the first preferred. Empty for `do_not_translate` (the target is the
    /// source term).
    pub targets: Vec<String>,
    pub kind: TermKind,
    pub case_sensitive: bool,
    pub part_of_speech: Option<String>,
    pub note: Option<String>,
}

/// Longest term (source or target variant) accepted, in characters.
pub const MAX_TERM_CHARS: usize = 200;
/// Most target variants per entry.
pub const MAX_VARIANTS: usize = 20;
/// Longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 2_000;

impl TermEntry {
    /// Normalises the entry (trimmed terms, lower-case language codes, no empty variants)
    /// and says what is wrong with it, if anything.
    pub fn validated(mut self) -> Result<TermEntry, String> {
        self.source_lang = crate::lang::normalize(&self.source_lang);
        self.target_lang = crate::lang::normalize(&self.target_lang);
        self.source = self.source.trim().to_owned();
        self.targets = self
            .targets
            .iter()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect();
        self.part_of_speech = non_empty(self.part_of_speech);
        // XML (TBX) reads CR LF as LF; the stored note is what every format gives back.
        self.note = non_empty(
            self.note
                .map(|n| n.replace("\r\n", "\n").replace('\r', "\n")),
        );
        for lang in [&self.source_lang, &self.target_lang] {
            let valid = (2..=20).contains(&lang.len())
                && lang.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
            if !valid {
                return Err(format!("'{lang}' is not a language code"));
            }
        }
        if self.source_lang == self.target_lang {
            return Err("the source and target languages are the same".into());
        }
        if self.source.is_empty() {
            return Err("the source term is empty".into());
        }
        if self.kind == TermKind::DoNotTranslate {
            self.targets.clear();
        } else if self.targets.is_empty() {
            return Err(format!(
                "a {} term needs at least one target term",
                self.kind.as_str()
            ));
        }
        if let Some(bad) = std::iter::once(&self.source)
            .chain(&self.targets)
            .chain(&self.part_of_speech)
            .find(|t| t.chars().any(char::is_control))
        {
            return Err(format!(
                "'{}' contains a control character",
                bad.escape_debug()
            ));
        }
        if let Some(bad) = self
            .note
            .as_ref()
            .filter(|n| n.chars().any(|c| c.is_control() && c != '\n' && c != '\t'))
        {
            return Err(format!(
                "the note '{}' contains a control character",
                bad.escape_debug()
            ));
        }
        if let Some(bad) = self.targets.iter().find(|t| t.contains('|')) {
            return Err(format!(
                "the target term '{bad}' contains '|', which separates variants"
            ));
        }
        if self.targets.len() > MAX_VARIANTS {
            return Err(format!("more than {MAX_VARIANTS} target variants"));
        }
        if let Some(long) = std::iter::once(&self.source)
            .chain(&self.targets)
            .find(|t| t.chars().count() > MAX_TERM_CHARS)
        {
            return Err(format!(
                "'{long}' is longer than {MAX_TERM_CHARS} characters"
            ));
        }
        if self
            .note
            .as_ref()
            .is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS)
        {
            return Err(format!(
                "the note is longer than {MAX_NOTE_CHARS} characters"
            ));
        }
        Ok(self)
    }

    /// What identifies an entry within a termbase: pair, source term and kind. An import
    /// updates the entry with the same key.
    pub fn key(&self) -> (String, String, String, TermKind) {
        (
            self.source_lang.clone(),
            self.target_lang.clone(),
            self.source.to_lowercase(),
            self.kind,
        )
    }
}

fn non_empty(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// A termbase file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum TermFormat {
    Csv,
    Xlsx,
    /// TBX v3 (ISO 30042:2019, `<tbx>`), TBX-Basic when written.
    Tbx,
    /// TBX v2 (`<martif>`), for older tools.
    Tbx2,
}

/// Why a termbase file cannot be read. Nothing of a file that fails is taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TermFileError {
    #[error("the file is empty")]
    Empty,
    #[error("the file is not UTF-8 or UTF-16 text, an XLSX workbook or a TBX file")]
    NotText,
    #[error("the header row lacks the column '{0}'")]
    MissingColumn(&'static str),
    #[error("row {row}: {reason}")]
    Row { row: usize, reason: String },
    #[error("the workbook cannot be read: {0}")]
    Workbook(String),
    #[error("the TBX file cannot be read: {0}")]
    Tbx(String),
    #[error("the file holds more than {0} entries")]
    TooManyEntries(usize),
    /// The file was read but gives no entry for a language pair.
    #[error("it gives no entry for a language pair ({0})")]
    NothingToImport(String),
}

/// Entries of a file that give no entry for a language pair (a monolingual or other-language
/// TBX entry, a spreadsheet row without any target): skipped and counted, not an error.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Skipped {
    pub count: u64,
    /// The first few, each with its reason, for people.
    pub examples: Vec<String>,
}

/// How many skipped entries [`Skipped`] describes.
const SKIPPED_EXAMPLES: usize = 5;

impl Skipped {
    pub(crate) fn add(&mut self, reason: String) {
        self.count += 1;
        if self.examples.len() < SKIPPED_EXAMPLES {
            self.examples.push(reason);
        }
    }
}

/// What a termbase file holds: its entries, each validated, and what was skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermFile {
    pub format: TermFormat,
    pub entries: Vec<TermEntry>,
    pub skipped: Skipped,
}

/// Most entries one file may hold.
pub const MAX_FILE_ENTRIES: usize = 100_000;

/// Reads a termbase file, told apart by its content: a zip package is XLSX, XML is TBX (v3 or
/// v2), anything else delimited text (CSV/TSV, either layout). Text is UTF-8 or, with its
/// byte-order mark, UTF-16. Each entry is validated and the first problem refuses the whole
/// file; entries that give no pair are skipped and counted; a file that gives no entry at all
/// is refused. `Row` errors count rows as a person sees them: the header is row 1 in CSV and
/// XLSX, and TBX counts its entries from 1.
pub fn read_termbase(bytes: &[u8]) -> Result<TermFile, TermFileError> {
    if bytes.is_empty() {
        return Err(TermFileError::Empty);
    }
    let (format, entries, skipped) = if bytes.starts_with(b"PK\x03\x04") {
        let (entries, skipped) = xlsx::read(bytes)?;
        (TermFormat::Xlsx, entries, skipped)
    } else {
        let text = crate::tm::tmx::decode_text(bytes).ok_or(TermFileError::NotText)?;
        if text.trim_start().starts_with('<') {
            let read = tbx::read(&text)?;
            let format = match read.version {
                tbx::Version::V3 => TermFormat::Tbx,
                tbx::Version::V2 => TermFormat::Tbx2,
            };
            (format, read.entries, read.skipped)
        } else {
            let (entries, skipped) = csv::read(&text)?;
            (TermFormat::Csv, entries, skipped)
        }
    };
    if entries.len() > MAX_FILE_ENTRIES {
        return Err(TermFileError::TooManyEntries(MAX_FILE_ENTRIES));
    }
    if entries.is_empty() {
        let why = match skipped.examples.first() {
            None => "it holds no entries".to_owned(),
            Some(first) => format!("{} skipped, the first: {first}", skipped.count),
        };
        return Err(TermFileError::NothingToImport(why));
    }
    Ok(TermFile {
        format,
        entries,
        skipped,
    })
}

/// [`read_termbase`]'s format and entries.
pub fn read_file(bytes: &[u8]) -> Result<(TermFormat, Vec<TermEntry>), TermFileError> {
    read_termbase(bytes).map(|file| (file.format, file.entries))
}

/// Writes entries in `format` (CSV: UTF-8 with a BOM so Excel reads it as UTF-8, `,`
/// separated, formula-like cells defused; XLSX: every cell a string; TBX: TBX-Basic, v3 or v2).
pub fn write_file(format: TermFormat, entries: &[TermEntry]) -> Result<Vec<u8>, TermFileError> {
    match format {
        TermFormat::Csv => Ok(csv::write(entries).into_bytes()),
        TermFormat::Xlsx => xlsx::write(entries),
        TermFormat::Tbx => Ok(tbx::write(tbx::Version::V3, entries).into_bytes()),
        TermFormat::Tbx2 => Ok(tbx::write(tbx::Version::V2, entries).into_bytes()),
    }
}

#[cfg(test)]
pub(crate) mod tests;
