//! Fonts bundled with Wordmark (DejaVu Sans, Bitstream Vera licence, see
//! `assets/fonts/DejaVu-LICENSE.txt`).
//!
//! Logo renders and the brand sheet use these and never the machine's system fonts, so that the
//! same project gives the same files on every server. DejaVu Sans covers Latin-1 and Latin
//! Extended (ä, ß, é, ł, ő, …), which company names and addresses need.

pub(crate) const SANS_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
pub(crate) const SANS_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

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
