//! Fonts bundled with Wordmark (DejaVu Sans, Bitstream Vera licence, see
//! `assets/fonts/DejaVu-LICENSE.txt`; Droid Sans Fallback, Apache 2.0, see
//! `assets/fonts/DroidSansFallback-LICENSE.txt`).
//!
//! Logo renders, the brand sheet and the quote use these and never the machine's system fonts,
//! so that the same project gives the same files on every server. DejaVu Sans covers Latin-1
//! and Latin Extended (ä, ß, é, ł, ő, …), which company names and addresses need; the PDFs draw
//! what it has no glyph for (Chinese, Japanese) with Droid Sans Fallback, in
//! [`runs`] of one font each.

use std::{io::Read, sync::LazyLock};

pub(crate) const SANS_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
pub(crate) const SANS_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// Kept gzipped: 2 MB in the binary instead of 4.
const FALLBACK_GZ: &[u8] = include_bytes!("../assets/fonts/DroidSansFallbackFull.ttf.gz");

/// Droid Sans Fallback, unpacked on first use.
pub(crate) static FALLBACK: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(FALLBACK_GZ)
        .read_to_end(&mut bytes)
        .expect("the bundled fallback font unpacks");
    bytes
});

/// Which bundled font draws a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
    /// Droid Sans Fallback, for both weights (it has no bold).
    Fallback,
}

static REGULAR: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(SANS_REGULAR, 0).expect("bundled font parses"));
static BOLD: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(SANS_BOLD, 0).expect("bundled font parses"));
static FALLBACK_FACE: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(&FALLBACK, 0).expect("bundled font parses"));

impl Face {
    pub(crate) fn parsed(self) -> &'static ttf_parser::Face<'static> {
        match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
            Face::Fallback => &FALLBACK_FACE,
        }
    }

    /// The bytes of the font file.
    pub(crate) fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => SANS_REGULAR,
            Face::Bold => SANS_BOLD,
            Face::Fallback => &FALLBACK,
        }
    }
}

/// `text` cut into runs of one font each: DejaVu Sans (`primary`) wherever it has the glyph, or
/// the fallback has none either (it then shows its own missing-glyph box), else the fallback.
pub(crate) fn runs(text: &str, primary: Face) -> Vec<(Face, &str)> {
    let face_of = |c: char| {
        if primary.parsed().glyph_index(c).is_some() || FALLBACK_FACE.glyph_index(c).is_none() {
            primary
        } else {
            Face::Fallback
        }
    };
    let mut runs: Vec<(Face, &str)> = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (at, c) in text.char_indices() {
        // Spaces belong to the run they are in: a CJK phrase with spaces stays one run.
        let face = if c == ' ' {
            current.unwrap_or(primary)
        } else {
            face_of(c)
        };
        match current {
            Some(running) if running != face => {
                runs.push((running, &text[start..at]));
                start = at;
            }
            _ => {}
        }
        current = Some(face);
    }
    if let Some(face) = current {
        runs.push((face, &text[start..]));
    }
    runs
}

/// The family name inside the files above.
pub(crate) const SANS_FAMILY: &str = "DejaVu Sans";

/// Fills a font database (`fontdb`, whichever version a usvg release uses) with the bundled fonts
/// and makes them the answer to every generic family. usvg falls back to the serif family when a
/// logo names a font we do not ship, so text in any font still renders instead of vanishing.
macro_rules! bundled_fontdb {
    ($fontdb:path) => {{
        use $fontdb as fontdb;
        let mut db = fontdb::Database::new();
        db.load_font_data($crate::fonts::SANS_REGULAR.to_vec());
        db.load_font_data($crate::fonts::SANS_BOLD.to_vec());
        let family = $crate::fonts::SANS_FAMILY;
        db.set_serif_family(family);
        db.set_sans_serif_family(family);
        db.set_cursive_family(family);
        db.set_fantasy_family(family);
        db.set_monospace_family(family);
        db
    }};
}
pub(crate) use bundled_fontdb;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_into_runs_of_the_font_that_has_its_glyphs() {
        assert_eq!(runs("Müller", Face::Bold), [(Face::Bold, "Müller")]);
        assert_eq!(
            runs("Client: 株式会社 東京 (Tokyo)", Face::Regular),
            [
                (Face::Regular, "Client: "),
                (Face::Fallback, "株式会社 東京 "),
                (Face::Regular, "(Tokyo)"),
            ]
        );
        assert_eq!(
            runs("カタカナ", Face::Regular),
            [(Face::Fallback, "カタカナ")]
        );
        assert!(runs("", Face::Regular).is_empty());
    }
}
