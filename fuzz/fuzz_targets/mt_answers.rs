//! What comes back from MT providers, handled without a network: the fragment sent for a
//! segment, the pseudo-translator, the HTML-entity clean-up of HTML-mode answers, error-body
//! classification and code-fence stripping. Nothing panics, and the inline tags survive: the
//! tags of each output are the tags of its input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wordmark_core::segment::{Markup, Segment, Tag};
use wordmark_mt::fuzzing::{Piece, classify_error, html_to_xml, pieces, strip_code_fence};
use wordmark_mt::{ProviderKind, pseudo_translate};

fuzz_target!(|bytes: &[u8]| {
    let Some((&flags, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };

    // Any text as a provider's answer.
    assert_eq!(fragment_tags(&pseudo_translate(text)), fragment_tags(text));
    assert_eq!(fragment_tags(&html_to_xml(text)), fragment_tags(text));
    let _ = strip_code_fence(text);
    let status = 400 + u16::from(flags % 32);
    for kind in [
        ProviderKind::Deepl,
        ProviderKind::Google,
        ProviderKind::LibreTranslate,
        ProviderKind::OpenAi,
    ] {
        let error = classify_error(kind, status, text).expect("an HTTP provider");
        assert!(!error.to_string().is_empty());
    }

    // The same text as a segment's content: its fragment, as providers would return it,
    // reads back with the segment's own tags.
    let markup = if flags & 0x80 == 0 {
        Markup::Html
    } else {
        Markup::Xliff
    };
    let source = Segment::parse(text, markup);
    let fragment = source.to_mt_xml(markup);
    for answer in [
        fragment.clone(),
        pseudo_translate(&fragment),
        html_to_xml(&fragment),
    ] {
        let target = Segment::from_mt_xml(&answer, &source, markup)
            .unwrap_or_else(|e| panic!("answer {answer:?} to {fragment:?} refused: {e}"));
        assert_eq!(segment_tags(&target), segment_tags(&source));
    }
    // The raw text as a (damaged) answer: read back only when its tags fit the source's.
    if let Ok(target) = Segment::from_mt_xml(text, &source, markup) {
        source
            .check_markup(&target)
            .expect("an answer read back with tags that do not fit");
    }
});

fn fragment_tags(fragment: &str) -> Vec<&str> {
    pieces(fragment)
        .filter_map(|piece| match piece {
            Piece::Tag(tag) => Some(tag),
            Piece::Text(_) => None,
        })
        .collect()
}

fn segment_tags(segment: &Segment) -> Vec<&Tag> {
    segment.tags().collect()
}
