//! Errors that name the file, line and column, so a refused upload tells the user where to look.

use std::fmt;

/// What is wrong with an XLIFF file (or with a target written into it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XliffErrorKind {
    #[error("not UTF-8 text")]
    NotUtf8,
    #[error("encoding \"{0}\" is not supported; save the file as UTF-8")]
    UnsupportedEncoding(String),
    #[error("not well-formed XML: {0}")]
    NotWellFormed(String),
    /// A DOCTYPE with its own declarations (`<!DOCTYPE xliff [ … ]>`), which could define
    /// entities that read local files or expand without bound. WPML never writes one.
    #[error(
        "the DOCTYPE declares an internal DTD (\"[…]\"), which could define entities; XLIFF files \
         from WPML have none: remove it"
    )]
    InternalDtd,
    #[error("not an XLIFF file: the root element is <{0}>")]
    NotXliff(String),
    #[error("the XLIFF version is missing")]
    MissingVersion,
    #[error("unknown XLIFF version \"{0}\"")]
    UnknownVersion(String),
    #[error("the file holds no translation units")]
    NoUnits,
    #[error("a <{holder}> holds a second <{element}>; XLIFF allows one")]
    DuplicateContent {
        element: String,
        holder: &'static str,
    },
    #[error("there is no unit \"{0}\"")]
    UnknownUnit(String),
    #[error("the new target of unit \"{key}\" is not well-formed: {reason}")]
    InvalidTarget { key: String, reason: String },
}

/// An [`XliffErrorKind`] at a place in a named file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct XliffError {
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    pub kind: XliffErrorKind,
}

impl fmt::Display for XliffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: line {}, column {}: {}",
            self.file, self.line, self.column, self.kind
        )
    }
}

impl XliffError {
    /// An error at byte offset `position` of `bytes` (a UTF-8 byte-order mark is not a column).
    pub(crate) fn at(
        file: &str,
        bytes: &[u8],
        position: usize,
        kind: XliffErrorKind,
    ) -> XliffError {
        let position = position.min(bytes.len());
        let before = &bytes[..position];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |nl| nl + 1);
        let line_text = before[line_start..]
            .strip_prefix(super::BOM)
            .unwrap_or(&before[line_start..]);
        // Count characters, not bytes: UTF-8 continuation bytes do not start a character.
        let column = 1 + line_text.iter().filter(|&&b| (b & 0xC0) != 0x80).count();
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        XliffError {
            file: file.to_owned(),
            line,
            column,
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_file_line_and_character_column() {
        let bytes = "\u{feff}<a>\r\n  <bé>x".as_bytes();
        let position = bytes.len() - 1;
        let error = XliffError::at(
            "page-12.xliff",
            bytes,
            position,
            XliffErrorKind::NotWellFormed("oops".into()),
        );
        assert_eq!((error.line, error.column), (2, 7));
        assert_eq!(
            error.to_string(),
            "page-12.xliff: line 2, column 7: not well-formed XML: oops"
        );
        let first = XliffError::at("a.xlf", bytes, 4, XliffErrorKind::NoUnits);
        assert_eq!((first.line, first.column), (1, 2));
    }
}
