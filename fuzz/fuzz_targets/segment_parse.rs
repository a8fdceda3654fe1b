//! The segment parser never panics, never loses a byte (`parse(c).to_content() == c`), pairs
//! tags consistently and accepts its own markup as fitting itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wordmark_core::segment::{Markup, Segment, Shortcodes, TagKind};

fuzz_target!(|bytes: &[u8]| {
    let Some((&flags, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(content) = std::str::from_utf8(rest) else {
        return;
    };
    let markup = if flags & 1 == 0 {
        Markup::Html
    } else {
        Markup::Xliff
    };
    // Bit 1: a file's shortcode list instead of the generic rule.
    let shortcodes = if flags & 2 == 0 {
        Shortcodes::Any
    } else {
        Shortcodes::from_list("caption, gallery,embed,h5p")
    };
    let segment = Segment::parse_with(content, markup, &shortcodes);
    assert_eq!(segment.to_content(), content);

    // Ids count up from 1 in order of appearance; pairs nest, and a close shares the id of
    // the innermost open tag.
    let mut open: Vec<u32> = Vec::new();
    let mut next = 1;
    for tag in segment.tags() {
        assert!(!tag.raw.is_empty());
        if tag.kind == TagKind::Close {
            assert_eq!(
                open.pop(),
                Some(tag.id),
                "close {:?} does not nest",
                tag.raw
            );
            continue;
        }
        assert_eq!(tag.id, next, "tag {:?} out of order", tag.raw);
        next += 1;
        if tag.kind == TagKind::Open {
            open.push(tag.id);
        }
    }
    assert!(open.is_empty(), "an open tag without its close");

    segment
        .check_markup(&segment)
        .expect("a segment's markup does not fit itself");
    let _ = segment.plain_text(markup);
});
