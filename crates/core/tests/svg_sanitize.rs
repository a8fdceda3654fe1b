//! Uploaded logos: hostile content is neutralised or refused, ordinary logos keep their look.

use std::path::PathBuf;

use resvg::tiny_skia::Pixmap;
use wordmark_core::svg::{MAX_SVG_BYTES, SvgError, render_png, sanitize_svg};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/svg")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sanitised(name: &str) -> String {
    sanitize_svg(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Sanitising is stable: the stored logo passes again unchanged.
fn assert_idempotent(svg: &str) {
    assert_eq!(sanitize_svg(svg.as_bytes()).unwrap(), svg);
}

#[test]
fn script_elements_are_removed() {
    let svg = sanitised("script.svg");
    assert!(!svg.to_lowercase().contains("script"), "{svg}");
    assert!(!svg.contains("alert"), "{svg}");
    assert!(svg.contains("<rect"), "{svg}");
    assert_idempotent(&svg);
}

#[test]
fn event_handler_attributes_are_removed() {
    let svg = sanitised("onload.svg");
    let lower = svg.to_lowercase();
    for handler in ["onload", "onclick", "onmouseover", "alert"] {
        assert!(!lower.contains(handler), "{handler} in {svg}");
    }
    assert!(svg.contains("fill=\"#0A3D62\""), "{svg}");
    assert_idempotent(&svg);
}

#[test]
fn foreign_object_and_its_html_are_removed() {
    let svg = sanitised("foreign-object.svg");
    for gone in ["foreignObject", "iframe", "phish", "xhtml", "javascript"] {
        assert!(!svg.contains(gone), "{gone} in {svg}");
    }
    assert_idempotent(&svg);
}

#[test]
fn javascript_and_html_data_links_are_removed_but_their_content_stays() {
    let svg = sanitised("javascript-link.svg");
    let lower = svg.to_lowercase();
    for gone in [
        "javascript",
        "data:text/html",
        "<a",
        "<set",
        "<animate",
        "href",
    ] {
        assert!(!lower.contains(gone), "{gone} in {svg}");
    }
    // The linked shapes are still drawn, as groups.
    assert!(svg.contains("<g><rect"), "{svg}");
    assert_eq!(svg.matches("<circle").count(), 2, "{svg}");
    assert_idempotent(&svg);
}

#[test]
fn external_references_are_removed_and_embedded_rasters_kept() {
    let svg = sanitised("external-references.svg");
    for gone in [
        "evil.example",
        "file:",
        "//",
        "../",
        "@import",
        "svg+xml",
        "other.svg",
    ] {
        assert!(
            !svg.replace("http://www.w3.org/", "").contains(gone),
            "{gone} in {svg}"
        );
    }
    assert_eq!(svg.matches("<image").count(), 1, "{svg}");
    assert!(svg.contains("xlink:href=\"data:image/png;base64,"), "{svg}");
    assert!(svg.contains("style=\"opacity:0.9\""), "{svg}");
    assert!(svg.contains("fill: none;"), "{svg}");
    assert_idempotent(&svg);
}

#[test]
fn entity_declarations_are_refused_without_being_expanded() {
    assert_eq!(
        sanitize_svg(&fixture("entities.svg")),
        Err(SvgError::EntityDeclarations)
    );
}

#[test]
fn a_plain_public_doctype_is_accepted_and_dropped() {
    let svg = sanitised("public-doctype.svg");
    assert!(!svg.contains("DOCTYPE"), "{svg}");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
}

#[test]
fn a_png_renamed_to_svg_is_refused() {
    let png = render_png(&sanitised("public-doctype.svg"), 16).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    assert!(matches!(sanitize_svg(&png), Err(SvgError::NotSvg(_))));
}

#[test]
fn other_documents_are_refused() {
    for (bytes, reason) in [
        (fixture("page.html"), "html"),
        (fixture("no-namespace.svg"), "svg"),
        (Vec::new(), "empty"),
        (b"   \n".to_vec(), "empty"),
        (
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect></svg>".to_vec(),
            "well-formed",
        ),
    ] {
        match sanitize_svg(&bytes) {
            Err(SvgError::NotSvg(message)) => assert!(message.contains(reason), "{message}"),
            other => panic!("{reason}: {other:?}"),
        }
    }
}

#[test]
fn a_five_mib_svg_is_refused_before_parsing() {
    let mut svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><!--".to_vec();
    svg.resize(5 * 1024 * 1024, b'x');
    svg.extend_from_slice(b"--></svg>");
    assert_eq!(
        sanitize_svg(&svg),
        Err(SvgError::TooLarge {
            size: svg.len(),
            limit: MAX_SVG_BYTES
        })
    );
}

#[test]
fn deep_nesting_is_refused() {
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{}{}</svg>",
        "<g>".repeat(300),
        "</g>".repeat(300)
    );
    assert!(matches!(
        sanitize_svg(svg.as_bytes()),
        Err(SvgError::NotSvg(_))
    ));
}

fn pixels(png: &[u8]) -> Pixmap {
    Pixmap::decode_png(png).expect("a PNG")
}

#[test]
fn an_ordinary_logo_keeps_its_look_and_its_text() {
    let original = String::from_utf8(fixture("logo-gradient-text.svg")).unwrap();
    let svg = sanitised("logo-gradient-text.svg");
    for kept in [
        "<linearGradient",
        "<clipPath",
        "<use",
        "<text",
        "<tspan",
        "<style",
        "<title",
    ] {
        assert_eq!(
            original.matches(kept).count(),
            svg.matches(kept).count(),
            "{kept}: {svg}"
        );
    }
    assert!(
        svg.contains("Müller ") && svg.contains("&amp; Söhne"),
        "{svg}"
    );
    assert!(!svg.contains("inkscape"), "{svg}");

    let before = pixels(&render_png(&original, 240).unwrap());
    let after = pixels(&render_png(&svg, 240).unwrap());
    assert_eq!(before.data(), after.data(), "renders differ");
    // The text rendered with the bundled font: some pixels in the text area are inked.
    let text_area_inked = (120..160)
        .flat_map(|y| (100..230).map(move |x| (x, y)))
        .filter(|&(x, y)| after.pixel(x, y).is_some_and(|p| p.alpha() > 0))
        .count();
    assert!(text_area_inked > 200, "{text_area_inked} text pixels");
    assert_idempotent(&svg);
}

#[test]
fn renders_fit_a_transparent_square_keeping_the_aspect_ratio() {
    // 20×10 solid rectangle: in a 64 px square it fills a 64×32 band in the middle.
    let svg = sanitised("public-doctype.svg");
    let png = pixels(&render_png(&svg, 64).unwrap());
    assert_eq!((png.width(), png.height()), (64, 64));
    assert_eq!(png.pixel(32, 4).unwrap().alpha(), 0, "transparent above");
    assert_eq!(png.pixel(32, 60).unwrap().alpha(), 0, "transparent below");
    let centre = png.pixel(32, 32).unwrap();
    assert_eq!(
        (centre.red(), centre.green(), centre.blue(), centre.alpha()),
        (0x0A, 0x3D, 0x62, 255)
    );
    assert_eq!(render_png(&svg, 0), Err(SvgError::BadRenderSize(0)));
}

/// Found by fuzzing: an embedded image whose size comes out as zero made usvg panic inside
/// the sanitiser. It is refused (or passes) like any other file, without a panic.
#[test]
fn a_file_usvg_cannot_represent_is_refused_not_a_panic() {
    match sanitize_svg(&fixture("zero-size-image.svg")) {
        Ok(svg) => assert!(!svg.contains("evil.example"), "{svg}"),
        Err(error) => assert!(matches!(error, SvgError::Unrenderable(_)), "{error}"),
    }
}
