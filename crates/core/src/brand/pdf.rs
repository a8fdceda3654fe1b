//! `brand-sheet.pdf`: paints the pages laid out by [`super::sheet`] with krilla.

use std::sync::Arc;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};

use super::sheet::{Op, PAGE_HEIGHT, PAGE_WIDTH, SheetInfo, layout, text_width};
use crate::colour::Rgb;
use crate::fonts::{Face, SANS_FAMILY, bundled_fontdb, runs};

use super::BrandError;

/// Writes the brand sheet. `logo_svg` must be a sanitised logo (it is parsed again here because
/// krilla-svg draws usvg 0.47 trees).
pub fn brand_sheet_pdf(info: &SheetInfo, logo_svg: Option<&str>) -> Result<Vec<u8>, BrandError> {
    paint(
        format!("Brand sheet – {}", info.data.display_name.trim()),
        layout(info),
        logo_svg,
    )
}

/// Paints A4 pages of drawing operations into a PDF titled `title` (the brand sheet, the
/// translation quote). `logo_svg` is what `Op::Logo` draws: a sanitised SVG.
pub(crate) fn paint(
    title: String,
    pages: Vec<Vec<Op>>,
    logo_svg: Option<&str>,
) -> Result<Vec<u8>, BrandError> {
    let logo = logo_svg.map(parse_logo).transpose()?;
    let regular = font(Face::Regular)?;
    let bold = font(Face::Bold)?;
    // Unpacked and loaded only for a document that needs it.
    let mut fallback = None;
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title)
            .creator("Wordmark".to_owned())
            .language("en".to_owned()),
    );
    for ops in pages {
        let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).expect("A4 is a valid size");
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    weight,
                    colour,
                    text,
                } => {
                    surface.set_fill(Some(fill(colour)));
                    let mut x = x;
                    for (face, run) in runs(&text, weight.face()) {
                        let drawn = match face {
                            Face::Regular => regular.clone(),
                            Face::Bold => bold.clone(),
                            Face::Fallback => match &fallback {
                                Some(loaded) => Font::clone(loaded),
                                None => fallback.insert(font(Face::Fallback)?).clone(),
                            },
                        };
                        surface.draw_text(
                            Point::from_xy(x, y),
                            drawn,
                            size,
                            run,
                            false,
                            TextDirection::Auto,
                        );
                        x += text_width(run, size, weight);
                    }
                }
                Op::Rect {
                    x,
                    y,
                    width,
                    height,
                    fill: colour,
                    border,
                } => draw_rect(&mut surface, x, y, width, height, colour, border),
                Op::Logo {
                    x,
                    y,
                    width,
                    height,
                } => {
                    if let Some(tree) = &logo {
                        draw_logo(&mut surface, tree, x, y, width, height);
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| BrandError::Pdf(format!("{e:?}")))
}

fn font(face: Face) -> Result<Font, BrandError> {
    Font::new(face.bytes().into(), 0)
        .ok_or_else(|| BrandError::Pdf("the bundled font did not load".into()))
}

fn fill(colour: Rgb) -> Fill {
    Fill {
        paint: rgb::Color::new(colour.r, colour.g, colour.b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn draw_rect(
    surface: &mut Surface,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
    colour: Rgb,
    border: Option<Rgb>,
) {
    let Some(rect) = Rect::from_xywh(x, y, width, height) else {
        return;
    };
    let mut builder = PathBuilder::new();
    builder.push_rect(rect);
    let Some(path) = builder.finish() else {
        return;
    };
    surface.set_fill(Some(fill(colour)));
    surface.set_stroke(border.map(|b| Stroke {
        paint: rgb::Color::new(b.r, b.g, b.b).into(),
        width: 0.5,
        ..Default::default()
    }));
    surface.draw_path(&path);
    surface.set_stroke(None);
}

fn parse_logo(svg: &str) -> Result<usvg_for_pdf::Tree, BrandError> {
    let options = usvg_for_pdf::Options {
        font_family: SANS_FAMILY.to_owned(),
        fontdb: Arc::new(bundled_fontdb!(usvg_for_pdf::fontdb)),
        resources_dir: None,
        image_href_resolver: usvg_for_pdf::ImageHrefResolver {
            resolve_string: Box::new(|_, _| None),
            ..usvg_for_pdf::ImageHrefResolver::default()
        },
        ..usvg_for_pdf::Options::default()
    };
    usvg_for_pdf::Tree::from_str(svg, &options)
        .map_err(|e| BrandError::Logo(crate::svg::SvgError::Unrenderable(e.to_string())))
}

/// Fits the logo into the box with its aspect ratio kept, aligned to the box's right edge (the
/// sheet's header puts it in the top-right corner).
fn draw_logo(
    surface: &mut Surface,
    tree: &usvg_for_pdf::Tree,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
) {
    let (w, h) = (tree.size().width(), tree.size().height());
    let scale = (width / w).min(height / h);
    let Some(size) = Size::from_wh(w * scale, h * scale) else {
        return;
    };
    surface.push_transform(&Transform::from_translate(x + width - size.width(), y));
    surface.draw_svg(tree, size, SvgSettings::default());
    surface.pop();
}
