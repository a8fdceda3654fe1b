//! Splitting content into text and tags: the scanners find the tags, then opens are paired
//! with closes and every tag is numbered.

use super::scan::{self, Found};
use super::{Markup, Part, Segment, Shortcodes, Tag, TagKind};

impl Segment {
    /// Splits `content` into text and tags. Never fails: unbalanced or unknown markup stays
    /// text, so `parse(c, m).to_content() == c` holds for every input. Any name can be a
    /// shortcode; [`Segment::parse_with`] takes a file's list.
    pub fn parse(content: &str, markup: Markup) -> Segment {
        Segment::parse_with(content, markup, &Shortcodes::Any)
    }

    /// [`Segment::parse`] with only `shortcodes` taken as shortcodes in HTML content.
    pub fn parse_with(content: &str, markup: Markup, shortcodes: &Shortcodes) -> Segment {
        let mut tags = match markup {
            Markup::Html => scan::html(content, shortcodes),
            Markup::Xliff => scan::xliff(content),
        };
        let ids = pair_and_number(&mut tags);
        let mut segment = Segment::default();
        let mut at = 0;
        for (tag, id) in tags.into_iter().zip(ids) {
            segment.push_text(&content[at..tag.start]);
            segment.parts.push(Part::Tag(Tag {
                id,
                kind: tag.kind,
                name: tag.name,
                raw: content[tag.start..tag.end].to_owned(),
            }));
            at = tag.end;
        }
        segment.push_text(&content[at..]);
        segment
    }
}

/// Pairs opens with closes (nesting-aware: a close matches the nearest open of its name, opens
/// left unclosed in between become standalone; unmatched opens/closes become standalone) and
/// returns each tag's id: 1-based in order of appearance, shared by a pair.
fn pair_and_number(tags: &mut [Found]) -> Vec<u32> {
    let mut partner: Vec<Option<usize>> = vec![None; tags.len()];
    let mut open: Vec<usize> = Vec::new();
    for i in 0..tags.len() {
        match tags[i].kind {
            TagKind::Open => open.push(i),
            TagKind::Close => {
                let matching = open.iter().rposition(|&o| {
                    tags[o].family == tags[i].family && tags[o].name == tags[i].name
                });
                match matching {
                    Some(pos) => {
                        for &unclosed in &open[pos + 1..] {
                            tags[unclosed].kind = TagKind::Standalone;
                        }
                        partner[open[pos]] = Some(i);
                        open.truncate(pos);
                    }
                    None => tags[i].kind = TagKind::Standalone,
                }
            }
            TagKind::Standalone => {}
        }
    }
    for unclosed in open {
        tags[unclosed].kind = TagKind::Standalone;
    }
    let mut ids = vec![0; tags.len()];
    let mut next = 0;
    for i in 0..tags.len() {
        if tags[i].kind == TagKind::Close {
            continue; // numbered with its open
        }
        next += 1;
        ids[i] = next;
        if let Some(close) = partner[i] {
            ids[close] = next;
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use crate::segment::{Markup, Part, Segment, TagKind};

    fn tags(content: &str, markup: Markup) -> Vec<(u32, TagKind, String)> {
        Segment::parse(content, markup)
            .tags()
            .map(|t| (t.id, t.kind, t.raw.clone()))
            .collect()
    }

    fn tag(id: u32, kind: TagKind, raw: &str) -> (u32, TagKind, String) {
        (id, kind, raw.to_owned())
    }

    use TagKind::{Close, Open, Standalone};

    #[test]
    fn html_tags_pairs_and_void_elements() {
        let content = r#"<p class="x">Hello <a href="/q?a>b" title='it"s'>world</a><br>!<img src="a.png" /></p>"#;
        assert_eq!(
            tags(content, Markup::Html),
            vec![
                tag(1, Open, r#"<p class="x">"#),
                tag(2, Open, r#"<a href="/q?a>b" title='it"s'>"#),
                tag(2, Close, "</a>"),
                tag(3, Standalone, "<br>"),
                tag(4, Standalone, r#"<img src="a.png" />"#),
                tag(1, Close, "</p>"),
            ]
        );
        let segment = Segment::parse(content, Markup::Html);
        assert_eq!(segment.plain_text(Markup::Html), "Hello world!");
        assert_eq!(segment.to_content(), content);
    }

    #[test]
    fn html_comments_and_case_insensitive_names() {
        assert_eq!(
            tags("<B>a<!-- <i> -->b</b>", Markup::Html),
            vec![
                tag(1, Open, "<B>"),
                tag(2, Standalone, "<!-- <i> -->"),
                tag(1, Close, "</b>")
            ]
        );
    }

    #[test]
    fn shortcodes_are_tags_but_bracketed_numbers_are_text() {
        let content = r#"[caption id="c1" align="left"]<img src="x.jpg"> A cat[/caption] see [1] and [video src="v.mp4" /] [h5p id=3]"#;
        assert_eq!(
            tags(content, Markup::Html),
            vec![
                tag(1, Open, r#"[caption id="c1" align="left"]"#),
                tag(2, Standalone, r#"<img src="x.jpg">"#),
                tag(1, Close, "[/caption]"),
                tag(3, Standalone, r#"[video src="v.mp4" /]"#),
                tag(4, Standalone, "[h5p id=3]"),
            ]
        );
        assert_eq!(
            Segment::parse(content, Markup::Html).plain_text(Markup::Html),
            " A cat see [1] and  "
        );
    }

    #[test]
    fn shortcode_and_element_of_the_same_name_never_pair() {
        assert_eq!(
            tags("<b>x[/b]", Markup::Html),
            vec![tag(1, Standalone, "<b>"), tag(2, Standalone, "[/b]")]
        );
    }

    #[test]
    fn unmatched_and_crossed_tags_become_standalone() {
        assert_eq!(
            tags("</b>x<b>y", Markup::Html),
            vec![tag(1, Standalone, "</b>"), tag(2, Standalone, "<b>")]
        );
        assert_eq!(
            tags("<b><i>x</b></i>", Markup::Html),
            vec![
                tag(1, Open, "<b>"),
                tag(2, Standalone, "<i>"),
                tag(1, Close, "</b>"),
                tag(3, Standalone, "</i>")
            ]
        );
        assert_eq!(
            tags("<p>a<p>b</p>", Markup::Html),
            vec![
                tag(1, Standalone, "<p>"),
                tag(2, Open, "<p>"),
                tag(2, Close, "</p>")
            ]
        );
    }

    #[test]
    fn stray_brackets_stay_text() {
        for content in [
            "a < b and c > d",
            "x <3 y",
            "[ not ] [/1] [a b",
            "<",
            "[",
            "<a href=\"x",
            "<!-- open",
        ] {
            let segment = Segment::parse(content, Markup::Html);
            assert_eq!(segment.to_content(), content);
            assert_eq!(segment.parts, vec![Part::Text(content.into())]);
        }
        assert_eq!(tags("[a[b]", Markup::Html), vec![tag(1, Standalone, "[b]")]);
    }

    #[test]
    fn xliff_inline_elements() {
        let content = r#"<g id="1">Click <x id="2"/></g> <ph id="3">&lt;b&gt;</ph>x<bpt id="4">&lt;i&gt;</bpt>y<ept id="4">&lt;/i&gt;</ept> <mrk mtype="seg" mid="1"/>"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![
                tag(1, Open, r#"<g id="1">"#),
                tag(2, Standalone, r#"<x id="2"/>"#),
                tag(1, Close, "</g>"),
                tag(3, Standalone, r#"<ph id="3">&lt;b&gt;</ph>"#),
                tag(4, Standalone, r#"<bpt id="4">&lt;i&gt;</bpt>"#),
                tag(5, Standalone, r#"<ept id="4">&lt;/i&gt;</ept>"#),
                tag(6, Standalone, r#"<mrk mtype="seg" mid="1"/>"#),
            ]
        );
        assert_eq!(
            Segment::parse(content, Markup::Xliff).plain_text(Markup::Xliff),
            "Click  xy "
        );
    }

    #[test]
    fn xliff2_inline_elements_and_cdata_text() {
        let content = r#"<pc id="1">Hello <mrk id="m1" type="term">World</mrk></pc><sc id="2"/>a &amp; <![CDATA[<b>&]]><ec startRef="2"/><ph id="3"/>"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![
                tag(1, Open, r#"<pc id="1">"#),
                tag(2, Open, r#"<mrk id="m1" type="term">"#),
                tag(2, Close, "</mrk>"),
                tag(1, Close, "</pc>"),
                tag(3, Standalone, r#"<sc id="2"/>"#),
                tag(4, Standalone, r#"<ec startRef="2"/>"#),
                tag(5, Standalone, r#"<ph id="3"/>"#),
            ]
        );
        let segment = Segment::parse(content, Markup::Xliff);
        assert_eq!(segment.plain_text(Markup::Xliff), "Hello Worlda & <b>&");
        assert_eq!(
            segment.to_mt_xml(Markup::Xliff),
            r#"<g id="1">Hello <g id="2">World</g></g><x id="3"/>a &amp; &lt;b&gt;&amp;<x id="4"/><x id="5"/>"#
        );
    }

    #[test]
    fn nested_native_code_is_one_tag() {
        let content = r#"<ph id="1">a<sub>b<ph id="2">c</ph></sub></ph>d"#;
        assert_eq!(
            tags(content, Markup::Xliff),
            vec![tag(
                1,
                Standalone,
                r#"<ph id="1">a<sub>b<ph id="2">c</ph></sub></ph>"#
            )]
        );
    }
}
