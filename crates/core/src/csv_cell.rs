//! CSV cells that a spreadsheet opens as text. Excel and LibreOffice run a cell that begins
//! with `=`, `+`, `-` or `@` (and, after a tab or a carriage return, what follows) as a
//! formula, so a term such as `=HYPERLINK(…)` in an exported file would be evaluated when the
//! customer opens it. Such a cell is written with a leading apostrophe, which spreadsheets
//! show as text, and Wordmark's own readers remove that apostrophe again: [`defuse`] and
//! [`restore`] are inverse to each other for every text.
//!
//! So that the apostrophe can be told apart from one that belongs to the text, a text that
//! already begins with apostrophes before such a character gets one more: `'=x` is written
//! `''=x` and read back as `'=x`.

use std::borrow::Cow;

/// The first characters that make a spreadsheet evaluate a cell.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

fn needs_guard(text: &str) -> bool {
    text.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

/// The text as written into a CSV cell (before quoting).
pub fn defuse(text: &str) -> Cow<'_, str> {
    if needs_guard(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The text of a CSV cell written by [`defuse`] (after unquoting); any other text unchanged.
pub fn restore(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_guard(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_get_an_apostrophe_and_lose_it_again() {
        for (text, written) in [
            ("=1+2", "'=1+2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("+49 30", "'+49 30"),
            ("-5", "'-5"),
            ("\t=x", "'\t=x"),
            ("'=x", "''=x"),
            ("plain", "plain"),
            ("'quoted'", "'quoted'"),
            ("", ""),
            ("a=b", "a=b"),
        ] {
            assert_eq!(defuse(text), written, "{text:?}");
            assert_eq!(restore(written), text, "{written:?}");
        }
    }
}
