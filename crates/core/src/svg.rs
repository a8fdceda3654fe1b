//! Client logos: accepting only real SVG, storing a sanitised copy, rendering PNGs.
//!
//! Logos come from agency staff but originate with their clients, and they are later served to
//! browsers and embedded in brand files, so an uploaded SVG is never stored as uploaded: it is
//! parsed and re-serialised through an allow-list (see [`sanitize_svg`]).

mod render;
mod sanitize;

pub use render::render_png;
pub use sanitize::sanitize_svg;

use thiserror::Error;

/// The largest SVG file accepted (1 MiB). Logos are small; anything bigger is most likely an
/// embedded photo or an attack on the parser.
pub const MAX_SVG_BYTES: usize = 1024 * 1024;

/// The largest PNG edge [`render_png`] produces.
pub const MAX_PNG_PX: u32 = 4096;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SvgError {
    #[error("the SVG file is {size} bytes; the limit is {limit} bytes (1 MiB)")]
    TooLarge { size: usize, limit: usize },
    #[error("the file is not an SVG image: {0}")]
    NotSvg(String),
    #[error("SVG files that declare entities (in a DOCTYPE) are not accepted")]
    EntityDeclarations,
    #[error("the SVG image cannot be rendered: {0}")]
    Unrenderable(String),
    #[error("a PNG render must be 1 to {MAX_PNG_PX} pixels wide, not {0}")]
    BadRenderSize(u32),
    #[error("the PNG could not be encoded: {0}")]
    PngEncoding(String),
}

/// Parses SVG markup into a render tree with the bundled fonts and without any file or network
/// access (relative image paths are not resolved; sanitised logos contain none anyway).
///
/// usvg panics on some geometry it cannot represent (an embedded image whose size comes out as
/// zero, found by fuzzing): such a file is refused as unrenderable instead of taking the
/// request down.
fn parse_tree(svg: &str) -> Result<usvg::Tree, SvgError> {
    let options = render::options();
    // The options are this call's own and dropped with it: nothing half-changed outlives a panic.
    let parse = std::panic::AssertUnwindSafe(|| usvg::Tree::from_str(svg, &options));
    std::panic::catch_unwind(parse)
        .map_err(|_| SvgError::Unrenderable("its geometry cannot be represented".into()))?
        .map_err(|e| SvgError::Unrenderable(e.to_string()))
}
