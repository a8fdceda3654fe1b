//! The shape both export and import agree on: sheet names, columns, header labels, meta keys.
//!
//! Import finds the table by its header labels, not by position, so the header block above it
//! may change and customers may move columns without breaking anything.

/// The sheet customers work in.
pub(super) const TABLE_SHEET: &str = "Translation";
/// The hidden sheet with the job's identity.
pub(super) const META_SHEET: &str = "wordmark";
/// Bumped when the layout changes in a way older importers would misread.
pub(super) const FORMAT_VERSION: u32 = 1;

/// Rows of the hidden sheet: a key in column A, its value in column B.
pub(super) mod meta_key {
    pub const FORMAT_VERSION: &str = "format_version";
    pub const JOB_ID: &str = "job_id";
    pub const WPML_ID: &str = "wpml_id";
    pub const CHECKSUM: &str = "checksum";
    pub const FILE_NAME: &str = "file_name";
}

/// Marks the second and later rows of a unit split over several rows, in the Field column.
pub(super) fn continued_marker(part: usize, parts: usize) -> String {
    format!("(continued {part}/{parts})")
}

/// The Part column's value for a split unit (`2/3`); empty for the usual single row.
pub(super) fn part_label(part: usize, parts: usize) -> String {
    format!("{part}/{parts}")
}

/// Reads [`part_label`] back: `(part, parts)` with `1 <= part <= parts`.
pub(super) fn parse_part_label(label: &str) -> Option<(usize, usize)> {
    let (part, parts) = label.trim().split_once('/')?;
    let (part, parts) = (part.trim().parse().ok()?, parts.trim().parse().ok()?);
    (1..=parts).contains(&part).then_some((part, parts))
}

/// The table's columns, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Column {
    Number,
    /// What the unit is on the page ([`crate::field`]), for the reader; never read back.
    Field,
    Source,
    Translation,
    Comment,
    /// The client's termbase entries found in the source, for the reader; never read back.
    Terms,
    /// Hidden: the unit key.
    Key,
    /// Hidden: `part/parts` for units split over several rows.
    Part,
}

impl Column {
    pub(super) const ALL: [Column; 8] = [
        Column::Number,
        Column::Field,
        Column::Source,
        Column::Translation,
        Column::Comment,
        Column::Terms,
        Column::Key,
        Column::Part,
    ];

    pub(super) fn index(self) -> u16 {
        self as u16
    }

    pub(super) fn header(self) -> &'static str {
        match self {
            Column::Number => "#",
            Column::Field => "Field",
            Column::Source => "Source",
            Column::Translation => "Translation",
            Column::Comment => "Comment",
            Column::Terms => "Terms",
            Column::Key => "Key",
            Column::Part => "Part",
        }
    }

    /// Width in Excel's character units: wide text columns side by side fit a laptop screen.
    pub(super) fn width(self) -> f64 {
        match self {
            Column::Number => 6.0,
            Column::Field => 24.0,
            Column::Source | Column::Translation => 60.0,
            Column::Comment | Column::Terms => 30.0,
            Column::Key | Column::Part => 12.0,
        }
    }

    pub(super) fn hidden(self) -> bool {
        matches!(self, Column::Key | Column::Part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_labels_read_back() {
        assert_eq!(parse_part_label(&part_label(2, 3)), Some((2, 3)));
        assert_eq!(parse_part_label(" 1 / 2 "), Some((1, 2)));
        assert_eq!(parse_part_label("0/2"), None);
        assert_eq!(parse_part_label("3/2"), None);
        assert_eq!(parse_part_label(""), None);
    }

    #[test]
    fn columns_are_in_table_order() {
        for (i, column) in Column::ALL.iter().enumerate() {
            assert_eq!(usize::from(column.index()), i);
        }
    }
}
