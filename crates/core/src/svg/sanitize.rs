//! The SVG allow-list: what of an uploaded logo survives into storage.
//!
//! The upload is parsed into a tree (roxmltree, which never loads external entities; entity
//! declarations are refused before parsing) and a new document is written from it, element by element. Only SVG
//! elements and presentation/geometry attributes on the lists below are written; everything else
//! (scripts, event handlers, `foreignObject`, animation that could rewrite a link, other XML
//! namespaces such as editor metadata) is left behind. References may only point inside the
//! document (`#id`); raster images only as `data:image/png|jpeg|gif|webp` URIs.

use std::fmt::Write as _;

use quick_xml::escape::escape;
use usvg::roxmltree::{self, Node};

use super::{MAX_SVG_BYTES, SvgError, parse_tree};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// Logos are shallow; a deeper tree is refused rather than recursed into without bound.
const MAX_DEPTH: usize = 256;
/// Bounds memory for hostile inputs well below the 1 MiB size cap's worst case.
const MAX_NODES: u32 = 200_000;

/// Static structure, shapes, text, paint servers, clipping, masking and filter primitives.
/// Not here on purpose: `script`, `foreignObject`, `animate*`/`set` (can set `href` to
/// `javascript:`), `feImage` (loads external resources), `a` (written as `g`, see below).
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "switch",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "image",
    "style",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
];

/// Elements whose text content is part of the image.
const TEXT_ELEMENTS: &[&str] = &["text", "tspan", "textPath", "title", "desc", "style"];

/// Geometry and presentation attributes (SVG 1.1/2). No `on*` handler is on the list.
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "style",
    "transform",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "width",
    "height",
    "d",
    "points",
    "pathLength",
    "viewBox",
    "preserveAspectRatio",
    "version",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "color",
    "display",
    "visibility",
    "overflow",
    "clip",
    "clip-path",
    "clip-rule",
    "clipPathUnits",
    "mask",
    "maskUnits",
    "maskContentUnits",
    "mask-type",
    "filter",
    "filterUnits",
    "primitiveUnits",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "offset",
    "stop-color",
    "stop-opacity",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "font",
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-weight",
    "font-style",
    "font-variant",
    "font-stretch",
    "font-kerning",
    "font-feature-settings",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "text-decoration",
    "text-rendering",
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "writing-mode",
    "direction",
    "unicode-bidi",
    "startOffset",
    "method",
    "spacing",
    "side",
    "paint-order",
    "shape-rendering",
    "image-rendering",
    "color-interpolation",
    "color-interpolation-filters",
    "mix-blend-mode",
    "isolation",
    "vector-effect",
    "marker-start",
    "marker-mid",
    "marker-end",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
    "in",
    "in2",
    "result",
    "stdDeviation",
    "mode",
    "type",
    "values",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "flood-color",
    "flood-opacity",
    "lighting-color",
    "baseFrequency",
    "numOctaves",
    "seed",
    "stitchTiles",
    "radius",
    "scale",
    "xChannelSelector",
    "yChannelSelector",
    "order",
    "kernelMatrix",
    "divisor",
    "bias",
    "targetX",
    "targetY",
    "edgeMode",
    "preserveAlpha",
    "surfaceScale",
    "diffuseConstant",
    "specularConstant",
    "specularExponent",
    "kernelUnitLength",
    "azimuth",
    "elevation",
    "z",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "limitingConeAngle",
    "tableValues",
    "slope",
    "intercept",
    "amplitude",
    "exponent",
    "systemLanguage",
];

/// Raster formats a logo may embed; anything else (notably `data:text/html`, `data:image/svg+xml`
/// with its own scripts) is refused.
const IMAGE_DATA_PREFIXES: &[&str] = &[
    "data:image/png",
    "data:image/jpeg",
    "data:image/jpg",
    "data:image/gif",
    "data:image/webp",
];

/// Accepts only a real SVG document and returns a sanitised copy of it (see module docs).
///
/// Order of checks: size first (cheap, before any parsing), then text, XML, root element, and
/// finally that the sanitised result renders.
pub fn sanitize_svg(bytes: &[u8]) -> Result<String, SvgError> {
    if bytes.len() > MAX_SVG_BYTES {
        return Err(SvgError::TooLarge {
            size: bytes.len(),
            limit: MAX_SVG_BYTES,
        });
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes)
        .map_err(|_| SvgError::NotSvg("it is not UTF-8 text (a renamed image?)".into()))?;
    if text.trim().is_empty() {
        return Err(SvgError::NotSvg("the file is empty".into()));
    }
    // Entity declarations are refused outright instead of trusting an expansion limit: no logo
    // needs them, and they are how XXE and "billion laughs" attacks start. A DOCTYPE without
    // declarations (Illustrator and older Inkscape write one) is harmless and accepted. XML
    // spells the keyword exactly so, in upper case; one inside a comment is refused too, which
    // errs on the safe side.
    if text.contains("<!ENTITY") {
        return Err(SvgError::EntityDeclarations);
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| SvgError::NotSvg(format!("it is not well-formed XML ({e})")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace() != Some(SVG_NS) {
        return Err(SvgError::NotSvg(format!(
            "the root element is <{}>, not <svg> in the SVG namespace",
            root.tag_name().name()
        )));
    }
    let mut out = String::with_capacity(text.len());
    write_element(root, 0, &mut out)?;
    parse_tree(&out)?;
    Ok(out)
}

/// What happens to an element of the input.
enum Disposition {
    /// Written under this name.
    Keep(&'static str),
    /// Left out together with everything inside it.
    Drop,
}

fn disposition(node: Node) -> Disposition {
    let name = node.tag_name();
    if name.namespace() != Some(SVG_NS) {
        return Disposition::Drop;
    }
    match name.name() {
        // A link wrapper keeps its look as a group; the link itself is what we do not want.
        "a" => Disposition::Keep("g"),
        "image" if !has_allowed_image_data(node) => Disposition::Drop,
        "style"
            if node
                .text()
                .is_some_and(|css| sanitize_stylesheet(css).is_none()) =>
        {
            Disposition::Drop
        }
        other => ELEMENTS
            .iter()
            .find(|e| **e == other)
            .map_or(Disposition::Drop, |e| Disposition::Keep(e)),
    }
}

fn write_element(node: Node, depth: usize, out: &mut String) -> Result<(), SvgError> {
    if depth > MAX_DEPTH {
        return Err(SvgError::NotSvg(format!(
            "elements are nested more than {MAX_DEPTH} levels deep"
        )));
    }
    let Disposition::Keep(name) = disposition(node) else {
        return Ok(());
    };
    out.push('<');
    out.push_str(name);
    if depth == 0 {
        let _ = write!(out, " xmlns=\"{SVG_NS}\" xmlns:xlink=\"{XLINK_NS}\"");
    }
    for attr in node.attributes() {
        if let Some((attr_name, value)) = allowed_attribute(name, attr) {
            let _ = write!(out, " {attr_name}=\"{}\"", escape(&value));
        }
    }
    out.push('>');
    let keeps_text = TEXT_ELEMENTS.contains(&name);
    for child in node.children() {
        if child.is_element() {
            write_element(child, depth + 1, out)?;
        } else if keeps_text && let Some(text) = child.text() {
            let text = if name == "style" {
                // Checked by `disposition`; `None` here is unreachable but harmless.
                sanitize_stylesheet(text).unwrap_or_default()
            } else {
                text.to_owned()
            };
            out.push_str(&escape(&text));
        }
    }
    let _ = write!(out, "</{name}>");
    Ok(())
}

/// The attribute as it is written (name and value), or `None` when it is left out.
fn allowed_attribute(element: &str, attr: roxmltree::Attribute) -> Option<(&'static str, String)> {
    let value = attr.value();
    match (attr.namespace(), attr.name()) {
        (None | Some(XLINK_NS), "href") => {
            allowed_href(element, value).then(|| ("xlink:href", value.trim().to_owned()))
        }
        (Some(XML_NS), "space") => Some(("xml:space", value.to_owned())),
        (None, "style") => Some(("style", sanitize_declarations(value))),
        (None, name) => {
            let name = ATTRIBUTES.iter().find(|a| **a == name)?;
            is_safe_css_value(value).then(|| (*name, value.to_owned()))
        }
        _ => None,
    }
}

fn allowed_href(element: &str, value: &str) -> bool {
    if element == "image" {
        is_allowed_image_data(value)
    } else {
        is_local_reference(value)
    }
}

fn has_allowed_image_data(node: Node) -> bool {
    node.attributes()
        .filter(|a| a.name() == "href" && matches!(a.namespace(), None | Some(XLINK_NS)))
        .any(|a| is_allowed_image_data(a.value()))
}

fn is_allowed_image_data(value: &str) -> bool {
    let value = value.trim().to_ascii_lowercase();
    IMAGE_DATA_PREFIXES.iter().any(|prefix| {
        value
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with(';') || rest.starts_with(','))
    })
}

/// `#id`: a fragment of this document, nothing that leaves it.
fn is_local_reference(value: &str) -> bool {
    value.trim().strip_prefix('#').is_some_and(|id| {
        !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
    })
}

/// A value is safe when every `url(…)` in it points inside the document and it cannot smuggle
/// anything past that check (CSS escapes like `\75 rl(`, markup, legacy script hooks).
fn is_safe_css_value(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    // Besides `url(`, these CSS functions take a resource address as a plain string.
    const HAZARDS: &[&str] = &[
        "\\",
        "<",
        "javascript:",
        "expression(",
        "-moz-binding",
        "behavior",
        "image-set(",
        "image(",
        "cross-fade(",
        "src(",
    ];
    if HAZARDS.iter().any(|bad| lower.contains(bad)) {
        return false;
    }
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("url(") {
        let after = &rest[start + 4..];
        let Some(end) = after.find(')') else {
            return false;
        };
        let target = after[..end].trim().trim_matches(['"', '\'']);
        if !is_local_reference(target) {
            return false;
        }
        rest = &after[end + 1..];
    }
    true
}

/// Keeps the declarations of a `style` attribute that set a property on the attribute list
/// (CSS names them in any case) to a safe value. Unknown names go too: a browser ignores them,
/// and a kept one would only carry text that no check here was written for.
fn sanitize_declarations(style: &str) -> String {
    style
        .split(';')
        .filter_map(|declaration| {
            let (name, value) = declaration.split_once(':')?;
            let name = name.trim();
            let name = ATTRIBUTES.iter().find(|a| a.eq_ignore_ascii_case(name))?;
            is_safe_css_value(value).then(|| format!("{name}:{}", value.trim()))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The stylesheet of a `<style>` element without comments and `@import` rules, with every
/// non-local `url(…)` replaced by `none`; `None` when it contains something that cannot be made
/// safe by that (CSS escapes, markup, script hooks): the whole element is then dropped.
fn sanitize_stylesheet(css: &str) -> Option<String> {
    let css = strip_comments(css);
    let mut out = String::with_capacity(css.len());
    let mut rest = css.as_str();
    while !rest.is_empty() {
        let lower = rest.to_ascii_lowercase();
        let next_import = lower.find("@import");
        let next_url = lower.find("url(");
        match (next_import, next_url) {
            (Some(i), u) if u.is_none_or(|u| i < u) => {
                out.push_str(&rest[..i]);
                // An @import rule ends at the next ';' (or the end of the sheet).
                rest = rest[i..].split_once(';').map_or("", |(_, after)| after);
            }
            (_, Some(u)) => {
                out.push_str(&rest[..u]);
                let after = &rest[u + 4..];
                let end = after.find(')')?;
                let target = after[..end].trim().trim_matches(['"', '\'']);
                if is_local_reference(target) {
                    let _ = write!(out, "url({target})");
                } else {
                    out.push_str("none");
                }
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    // `url(` is handled above; the remaining hazards are checked on the rewritten sheet.
    is_safe_css_value(&out).then_some(out)
}

fn strip_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_references_are_fragments_only() {
        assert!(is_local_reference("#grad-1"));
        assert!(is_local_reference(" #a.b "));
        for bad in [
            "",
            "#",
            "http://x/#a",
            "//host/a",
            "a.svg#x",
            "#a b",
            "file:///etc",
        ] {
            assert!(!is_local_reference(bad), "{bad}");
        }
    }

    #[test]
    fn css_values_with_foreign_urls_or_escapes_are_unsafe() {
        assert!(is_safe_css_value("url(#g) red"));
        assert!(is_safe_css_value("url( '#g' )"));
        assert!(!is_safe_css_value("url(http://evil/x.svg#g)"));
        assert!(!is_safe_css_value("URL(//evil/x)"));
        assert!(!is_safe_css_value("\\75 rl(http://evil)"));
        assert!(!is_safe_css_value("url(#a"));
        assert!(!is_safe_css_value("image-set(\"http://evil/a.png\" 1x)"));
        assert!(!is_safe_css_value("-webkit-image-set('//evil/a.png' 1x)"));
    }

    #[test]
    fn style_attributes_keep_only_safe_declarations() {
        assert_eq!(
            sanitize_declarations("fill:url(#g); stroke: url(http://x/y); opacity:.5;bad"),
            "fill:url(#g);opacity:.5"
        );
        // Found by fuzzing (svg_sanitize): a malformed declaration whose name carries
        // `javascript:` is not a property, and goes.
        assert_eq!(
            sanitize_declarations(
                "stop-coljavascript:stop-opacity:1; STOP-OPACITY: 1; -inkscape-font-specification:Arial"
            ),
            "stop-opacity:1"
        );
    }

    #[test]
    fn stylesheets_lose_imports_comments_and_foreign_urls() {
        let css = "@import url(http://evil/a.css); /* c */ .a{fill:url(#g)} \
                   @font-face{src:url('https://evil/f.woff')} .b{fill:red}";
        assert_eq!(
            sanitize_stylesheet(css).unwrap(),
            "  .a{fill:url(#g)} @font-face{src:none} .b{fill:red}"
        );
        assert_eq!(sanitize_stylesheet(".a{fill:\\75rl(x)}"), None);
        assert_eq!(sanitize_stylesheet(".a{fill:url(#x}"), None);
    }

    #[test]
    fn image_data_is_limited_to_raster_formats() {
        assert!(is_allowed_image_data("data:image/png;base64,AAAA"));
        assert!(is_allowed_image_data(" DATA:image/JPEG,xx"));
        assert!(!is_allowed_image_data("data:image/svg+xml;base64,AAAA"));
        assert!(!is_allowed_image_data("data:text/html,<script>"));
        assert!(!is_allowed_image_data("data:image/pngx;base64,AA"));
        assert!(!is_allowed_image_data("http://evil/a.png"));
    }
}
