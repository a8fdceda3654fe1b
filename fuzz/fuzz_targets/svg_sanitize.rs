//! The logo sanitiser never panics, and what it returns is safe by its own rules: SVG elements
//! only, no script, no event handler, references only inside the document (`#id`), raster
//! images only as `data:image/…` URIs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use usvg::roxmltree::{Document, Node};
use wordmark_core::svg::sanitize_svg;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

fuzz_target!(
    init: {
        // `svg::parse_tree` turns a panic inside usvg into an error (a logo it cannot render),
        // but libFuzzer's hook aborts at any panic, caught or not. The default hook lets the
        // caught ones be; a panic that escapes the target still aborts (libfuzzer-sys checks).
        let _ = std::panic::take_hook();
    },
    |bytes: &[u8]| {
        let Ok(svg) = sanitize_svg(bytes) else {
            return;
        };
        let doc = Document::parse(&svg).expect("the sanitised SVG is not well-formed XML");
        assert!(
            !svg.contains("<!"),
            "the sanitised SVG has a DOCTYPE, comment or CDATA"
        );
        for node in doc.descendants().filter(Node::is_element) {
            check(node);
        }
    }
);

fn check(node: Node) {
    let element = node.tag_name();
    assert_eq!(
        element.namespace(),
        Some(SVG_NS),
        "element {element:?} outside SVG"
    );
    let name = element.name();
    assert!(
        !matches!(
            name,
            "script"
                | "foreignObject"
                | "a"
                | "animate"
                | "set"
                | "animateMotion"
                | "animateTransform"
                | "feImage"
        ),
        "element <{name}> kept"
    );
    for attr in node.attributes() {
        let attr_name = attr.name();
        let value = attr.value();
        assert!(
            !attr_name.to_ascii_lowercase().starts_with("on"),
            "event handler {attr_name} kept on <{name}>"
        );
        if attr_name == "href" {
            if name == "image" {
                assert!(
                    value.to_ascii_lowercase().starts_with("data:image/"),
                    "image href {value:?} kept"
                );
            } else {
                assert!(value.starts_with('#'), "href {value:?} on <{name}> kept");
            }
        } else if attr.namespace() != Some(XML_NS) {
            // `xml:space` is copied as it is: it never loads anything.
            assert_local_urls(value);
        }
    }
    if name == "style" {
        let css = node.text().unwrap_or_default().to_ascii_lowercase();
        assert!(!css.contains("@import"), "@import kept: {css:?}");
        assert_local_urls(&css);
    }
}

/// Every `url(…)` points inside the document, and nothing hides one behind a CSS escape.
fn assert_local_urls(value: &str) {
    let lower = value.to_ascii_lowercase();
    assert!(!lower.contains('\\'), "CSS escape kept: {value:?}");
    assert!(
        !lower.contains("javascript:"),
        "javascript: kept: {value:?}"
    );
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("url(") {
        let target = rest[start + 4..]
            .trim_start()
            .trim_start_matches(['"', '\'']);
        assert!(target.starts_with('#'), "non-local url() kept: {value:?}");
        rest = &rest[start + 4..];
    }
}
