//! PNG renders of (sanitised) logos with resvg.

use std::sync::{Arc, LazyLock};

use resvg::tiny_skia::{Pixmap, Transform};

use super::{MAX_PNG_PX, SvgError, parse_tree};
use crate::fonts::{SANS_FAMILY, bundled_fontdb};

/// Built once: loading the fonts parses their tables.
static FONTS: LazyLock<Arc<usvg::fontdb::Database>> =
    LazyLock::new(|| Arc::new(bundled_fontdb!(usvg::fontdb)));

/// usvg options: bundled fonts only, and no resolution of `<image>` references other than data
/// URIs, so rendering never touches the file system.
pub(super) fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: SANS_FAMILY.to_owned(),
        fontdb: FONTS.clone(),
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_string: Box::new(|_, _| None),
            ..usvg::ImageHrefResolver::default()
        },
        ..usvg::Options::default()
    }
}

/// Renders `svg` into a transparent `size_px`×`size_px` PNG, scaled to fit with its aspect ratio
/// kept and centred.
pub fn render_png(svg: &str, size_px: u32) -> Result<Vec<u8>, SvgError> {
    if size_px == 0 || size_px > MAX_PNG_PX {
        return Err(SvgError::BadRenderSize(size_px));
    }
    let tree = parse_tree(svg)?;
    let (width, height) = (tree.size().width(), tree.size().height());
    let side = size_px as f32;
    let scale = (side / width).min(side / height);
    let transform = Transform::from_scale(scale, scale)
        .post_translate((side - width * scale) / 2.0, (side - height * scale) / 2.0);
    let mut pixmap = Pixmap::new(size_px, size_px).ok_or(SvgError::BadRenderSize(size_px))?;
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| SvgError::PngEncoding(e.to_string()))
}
