//! The XLIFF engine on small hand-written files, one per case WPML and other tools produce.

mod xliff_support;

use std::collections::HashMap;

use wordmark_core::qa;
use wordmark_core::segment::{Markup, Segment, TagKind};
use wordmark_core::xliff::{self, Document, Version, XliffErrorKind};
use xliff_support::without_target_contents;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/xliff/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse(name: &str) -> (Vec<u8>, Document) {
    let bytes = fixture(name);
    let document = xliff::parse(name, &bytes).unwrap_or_else(|e| panic!("{e}"));
    (bytes, document)
}

fn targets(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Writing the document's own targets gives the input back, byte for byte.
fn assert_own_targets_round_trip(name: &str, bytes: &[u8], document: &Document) {
    let own = document
        .units
        .iter()
        .filter_map(|u| Some((u.key.clone(), u.target.clone()?)))
        .collect();
    assert!(
        xliff::write_targets(name, bytes, &own).unwrap() == bytes,
        "{name} changed"
    );
    assert!(
        xliff::write_targets(name, bytes, &HashMap::new()).unwrap() == bytes,
        "{name} changed"
    );
}

/// Writes `new`, checks the result is `expected` and reads back with those targets.
fn assert_writes(name: &str, bytes: &[u8], new: &[(&str, &str)], expected: &str) {
    let written =
        xliff::write_targets(name, bytes, &targets(new)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(String::from_utf8(written.clone()).unwrap(), expected);
    let reread = xliff::parse(name, &written).unwrap();
    for (key, target) in new {
        let unit = reread.units.iter().find(|u| u.key == *key).unwrap();
        assert_eq!(unit.target.as_deref(), Some(*target), "{name} {key}");
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn wpml_12_indented_with_crlf_and_bom() {
    let name = "wpml-12-indented-crlf-bom.xliff";
    let (bytes, document) = parse(name);
    assert!(bytes.starts_with(b"\xEF\xBB\xBF") && bytes.windows(2).any(|w| w == b"\r\n"));
    assert_eq!(document.version, Version::V1_2);
    assert_eq!(
        document.original.as_deref(),
        Some("412-0cc175b9c0f1b6a831c399e269772661")
    );
    assert_eq!(document.wpml_id, Some(412));
    assert_eq!(
        (
            document.source_lang.as_deref(),
            document.target_lang.as_deref()
        ),
        (Some("en"), Some("pt-br"))
    );
    assert_eq!(document.post_type.as_deref(), Some("post_page"));
    let keys: Vec<_> = document.units.iter().map(|u| u.key.as_str()).collect();
    assert_eq!(keys, ["title", "body", "field-excerpt-0"]);
    let body = &document.units[1];
    assert_eq!(
        (body.resname.as_deref(), body.restype.as_deref()),
        (Some("body"), Some("string"))
    );
    assert_eq!(body.datatype.as_deref(), Some("html"));
    assert_eq!(body.markup, Markup::Html);
    assert_eq!(
        body.source,
        "<p>We make <strong>tea</strong>&nbsp;&amp; coffee.</p>\r\n[caption id=\"c1\"]<img src=\"cup.jpg\" alt=\"A cup\" /> Our cup[/caption]"
    );
    assert_eq!(
        body.target_state.as_deref(),
        Some("needs-review-translation")
    );
    let tags: Vec<_> = body
        .source_segment()
        .tags()
        .map(|t| (t.name.clone(), t.kind))
        .collect();
    assert_eq!(tags.len(), 7);
    assert_eq!(tags[4], ("caption".to_owned(), TagKind::Open));
    assert_eq!(document.units[2].target, None);
    assert!(document.units[2].target_is_empty());
    assert!(
        body.has_translation(),
        "a translation-memory suggestion is a translation"
    );
    assert!(!document.units[2].has_translation());
    assert_own_targets_round_trip(name, &bytes, &document);

    let expected = text(&bytes)
        .replacen("<target><![CDATA[About us]]></target>", "<target><![CDATA[Sobre nós]]></target>", 1)
        .replacen(
            "<source><![CDATA[Short & sweet]]></source>",
            "<source><![CDATA[Short & sweet]]></source>\r\n\t\t\t\t<target><![CDATA[Curto & doce]]></target>",
            1,
        );
    assert_writes(
        name,
        &bytes,
        &[("title", "Sobre nós"), ("field-excerpt-0", "Curto & doce")],
        &expected,
    );
}

#[test]
fn wpml_one_line_with_tool_namespace() {
    let name = "wpml-one-line-tool.xliff";
    let (bytes, document) = parse(name);
    assert_eq!(document.wpml_id, Some(77));
    assert_eq!(document.target_lang.as_deref(), Some("zh-hans"));
    assert_eq!(document.post_type.as_deref(), Some("post_post"));
    assert_eq!(
        document.units[0].source, "Hello [world]",
        "content may end in ] before ]]>"
    );
    assert_eq!(document.units[1].resname.as_deref(), Some("Ünïcode label"));
    assert_eq!(document.units[1].target, None);
    assert!(
        !document.units[0].has_translation(),
        "WPML's copy of the source in an untranslated job is not a translation"
    );
    assert_own_targets_round_trip(name, &bytes, &document);
    // The file lists its site's shortcodes: `[world]` is text, `[caption]` would be a tag.
    assert_eq!(document.files[0].shortcodes, ["caption"]);
    let listed = document.files[0].shortcodes();
    let segment = Segment::parse_with("Hello [world] [caption]x[/caption]", Markup::Html, &listed);
    assert_eq!(
        segment.tags().map(|t| t.raw.as_str()).collect::<Vec<_>>(),
        ["[caption]", "[/caption]"]
    );
    assert!(
        !qa::check_with(
            &document.units[0].source,
            "你好 [world] [CS]",
            Markup::Html,
            &listed
        )
        .is_refused()
    );

    let expected = text(&bytes)
        .replacen(
            "<target><![CDATA[Hello [world]]]>",
            "<target><![CDATA[你好 [world]]]>",
            1,
        )
        .replacen(
            "Line two</p>]]></source>",
            "Line two</p>]]></source><target><![CDATA[<p>第一行\n第二行</p>]]></target>",
            1,
        );
    assert!(!expected.ends_with('\n'));
    assert_writes(
        name,
        &bytes,
        &[("title", "你好 [world]"), ("body", "<p>第一行\n第二行</p>")],
        &expected,
    );
}

#[test]
fn xliff_10_with_doctype_and_no_namespace() {
    let name = "wpml-10-doctype.xliff";
    let (bytes, document) = parse(name);
    assert_eq!(document.version, Version::V1_0);
    assert_eq!(document.wpml_id, Some(5));
    assert_eq!(document.post_type.as_deref(), Some("post"));
    assert_eq!(document.units[0].source, "Über uns");
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes).replacen(
        "<target><![CDATA[Über uns]]>",
        "<target><![CDATA[About us]]>",
        1,
    );
    assert!(expected.contains("<!DOCTYPE xliff PUBLIC"));
    assert_writes(name, &bytes, &[("title", "About us")], &expected);
}

#[test]
fn self_closing_target_gets_content_and_keeps_its_attributes() {
    let name = "self-closing-target.xlf";
    let (bytes, document) = parse(name);
    let save = &document.units[0];
    assert_eq!(
        (save.markup, save.source.as_str(), save.target.as_deref()),
        (Markup::Html, "Save & close", Some(""))
    );
    let empty = &document.units[1];
    assert!(!empty.translatable);
    assert_eq!(
        (empty.source.as_str(), empty.target.as_deref()),
        ("", Some(""))
    );
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes).replacen(
        r#"<target xml:lang="de-DE" />"#,
        r#"<target xml:lang="de-DE" >Speichern &amp; schließen</target>"#,
        1,
    );
    assert_writes(
        name,
        &bytes,
        &[("save", "Speichern & schließen")],
        &expected,
    );
}

#[test]
fn cdata_terminator_in_text_is_written_safely() {
    let name = "cdata-terminator.xliff";
    let (bytes, document) = parse(name);
    let code = &document.units[0];
    assert_eq!(code.source, "<code>a[b[0]]>c</code>");
    assert_eq!(code.target.as_deref(), Some(""));
    let escaped = &document.units[1];
    assert_eq!(
        (escaped.markup, escaped.source.as_str()),
        (Markup::Html, "<b>x]]>y</b>")
    );
    assert_eq!(
        Segment::parse(&escaped.source, Markup::Html).plain_text(Markup::Html),
        "x]]>y"
    );
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes)
        .replacen(
            "<target><![CDATA[]]></target>",
            "<target><![CDATA[<code>a[b[0]]]]><![CDATA[>c</code>]]></target>",
            1,
        )
        .replacen(
            "<target>&lt;b&gt;x]]&gt;y&lt;/b&gt;</target>",
            "<target>&lt;b&gt;x]]&gt;z&lt;/b&gt;</target>",
            1,
        );
    assert_writes(
        name,
        &bytes,
        &[
            ("code", "<code>a[b[0]]>c</code>"),
            ("escaped", "<b>x]]>z</b>"),
        ],
        &expected,
    );
}

#[test]
fn seg_source_is_the_source_and_a_new_target_follows_it() {
    let name = "seg-source.xlf";
    let (bytes, document) = parse(name);
    let unit = &document.units[0];
    assert_eq!(unit.markup, Markup::Xliff);
    assert_eq!(
        unit.source,
        r#"<mrk mid="0" mtype="seg">Click <g id="1">here</g>.</mrk><x id="2"/>"#
    );
    assert_eq!(unit.source_segment().tags().count(), 5);
    assert_own_targets_round_trip(name, &bytes, &document);
    let target = r#"<mrk mid="0" mtype="seg">Klik <g id="1">hier</g>.</mrk><x id="2"/>"#;
    let expected = text(&bytes).replacen(
        "</seg-source>",
        &format!("</seg-source>\n        <target>{target}</target>"),
        1,
    );
    assert_writes(name, &bytes, &[("tu1", target)], &expected);

    let error =
        xliff::write_targets(name, &bytes, &targets(&[("tu1", r#"<g id="1">hier"#)])).unwrap_err();
    assert!(
        matches!(&error.kind, XliffErrorKind::InvalidTarget { key, .. } if key == "tu1"),
        "{error}"
    );
    assert_eq!((error.line, error.column), (7, 101), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("seg-source.xlf: line 7, column 101: the new target of unit \"tu1\"")
    );
}

#[test]
fn xliff_20_segments_are_units() {
    let name = "xliff20-multi-segment.xlf";
    let (bytes, document) = parse(name);
    assert_eq!(document.version, Version::V2_0);
    assert_eq!(
        (
            document.source_lang.as_deref(),
            document.target_lang.as_deref()
        ),
        (Some("en"), Some("zh-hant"))
    );
    assert_eq!(document.original.as_deref(), Some("app.strings"));
    let keys: Vec<_> = document.units.iter().map(|u| u.key.as_str()).collect();
    assert_eq!(keys, ["u1#s1", "u1#2", "u2"]);
    let first = &document.units[0];
    assert_eq!(
        (first.id.as_deref(), first.segment_id.as_deref()),
        (Some("u1"), Some("s1"))
    );
    assert_eq!(first.resname.as_deref(), Some("welcome"));
    assert_eq!(first.target_state.as_deref(), Some("translated"));
    assert_eq!(
        first.target.as_deref(),
        Some(r#"你好<pc id="1">世界</pc>。"#)
    );
    assert_eq!(document.units[1].target, None);
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes)
        .replacen(
            r#"<source>Press <ph id="2"/> to start.</source>"#,
            "<source>Press <ph id=\"2\"/> to start.</source>\n        <target>按<ph id=\"2\"/>开始。</target>",
            1,
        )
        .replacen("<target/>", "<target>再见</target>", 1);
    assert_writes(
        name,
        &bytes,
        &[("u1#2", r#"按<ph id="2"/>开始。"#), ("u2", "再见")],
        &expected,
    );
}

#[test]
fn groups_and_several_files_keep_keys_unique() {
    let name = "groups-two-files.xlf";
    let (bytes, document) = parse(name);
    let keys: Vec<_> = document
        .units
        .iter()
        .map(|u| (u.key.as_str(), u.file_index))
        .collect();
    assert_eq!(keys, [("1", 0), ("2", 0), ("1~2", 1)]);
    assert_eq!(document.files.len(), 2);
    assert_eq!(document.files[1].original.as_deref(), Some("b.html"));
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes).replacen("<target>Tres</target>", "<target>Drei</target>", 1);
    assert_writes(name, &bytes, &[("1~2", "Drei")], &expected);
}

#[test]
fn written_files_differ_only_in_target_contents() {
    for name in [
        "wpml-12-indented-crlf-bom.xliff",
        "self-closing-target.xlf",
        "groups-two-files.xlf",
    ] {
        let (bytes, document) = parse(name);
        let new = document
            .units
            .iter()
            .filter(|u| u.target.is_some())
            .map(|u| (u.key.clone(), "<b>neu</b> ]]>".into()));
        let written = xliff::write_targets(name, &bytes, &new.collect()).unwrap();
        assert_ne!(written, bytes);
        assert_eq!(
            without_target_contents(&text(&written)),
            without_target_contents(&text(&bytes)),
            "{name}"
        );
    }
}

#[test]
fn bad_inputs_are_refused_with_file_line_and_column() {
    type IsExpected = fn(&XliffErrorKind) -> bool;
    let cases: [(&str, IsExpected, usize, usize); 8] = [
        (
            "bad-not-xml.xliff",
            |k| matches!(k, XliffErrorKind::NotWellFormed(_)),
            1,
            1,
        ),
        (
            "bad-not-xliff.xml",
            |k| *k == XliffErrorKind::NotXliff("html".into()),
            2,
            1,
        ),
        (
            "bad-no-units.xliff",
            |k| *k == XliffErrorKind::NoUnits,
            2,
            1,
        ),
        (
            "bad-version-3.xliff",
            |k| *k == XliffErrorKind::UnknownVersion("3.0".into()),
            2,
            1,
        ),
        (
            "bad-unclosed.xliff",
            |k| matches!(k, XliffErrorKind::NotWellFormed(_)),
            5,
            58,
        ),
        (
            "bad-latin1.xliff",
            |k| *k == XliffErrorKind::UnsupportedEncoding("ISO-8859-1".into()),
            1,
            1,
        ),
        (
            "bad-not-utf8.xliff",
            |k| *k == XliffErrorKind::NotUtf8,
            2,
            77,
        ),
        (
            "bad-internal-dtd.xliff",
            |k| *k == XliffErrorKind::InternalDtd,
            2,
            17,
        ),
    ];
    for (name, expected, line, column) in cases {
        let bytes = fixture(name);
        let error = xliff::parse(name, &bytes).unwrap_err();
        assert!(expected(&error.kind), "{error}");
        assert_eq!((error.line, error.column), (line, column), "{error}");
        assert!(
            error
                .to_string()
                .starts_with(&format!("{name}: line {line}, column {column}: ")),
            "{error}"
        );
        assert_eq!(
            xliff::write_targets(name, &bytes, &HashMap::new()).unwrap_err(),
            error
        );
    }
}

#[test]
fn empty_and_rootless_files_are_not_xml() {
    for bytes in [
        &b""[..],
        b"   \n",
        b"<?xml version=\"1.0\"?>\n<!-- nothing -->\n",
    ] {
        let error = xliff::parse("empty.xliff", bytes).unwrap_err();
        assert!(
            matches!(error.kind, XliffErrorKind::NotWellFormed(_)),
            "{error}"
        );
    }
    let error = xliff::parse(
        "two-roots.xliff",
        b"<xliff version=\"1.2\"/><xliff version=\"1.2\"/>",
    )
    .unwrap_err();
    assert!(
        matches!(error.kind, XliffErrorKind::NotWellFormed(_)),
        "{error}"
    );
    assert_eq!(error.column, 23);
}

#[test]
fn writing_an_unknown_unit_is_refused() {
    let name = "groups-two-files.xlf";
    let bytes = fixture(name);
    let error = xliff::write_targets(name, &bytes, &targets(&[("3", "x")])).unwrap_err();
    assert_eq!(error.kind, XliffErrorKind::UnknownUnit("3".into()));
}

/// An external DTD (WPML's XLIFF 1.0 DOCTYPE) is never read: a reference it might define is
/// kept as XML, never expanded, and written back as it is.
#[test]
fn entities_are_never_expanded() {
    let doctype = "<!DOCTYPE xliff PUBLIC \"-//XLIFF//DTD XLIFF//EN\" \"http://www.oasis-open.org/committees/xliff/documents/xliff.dtd\">\n";
    let with_dtd = format!(
        "<?xml version=\"1.0\"?>\n{doctype}<xliff version=\"1.0\"><file original=\"x\" source-language=\"en\" target-language=\"de\"><body>\n<trans-unit id=\"1\"><source>&co; rocks</source><target>&co; rocks</target></trans-unit>\n<trans-unit id=\"2\"><source>Plain</source></trans-unit>\n</body></file></xliff>"
    );
    let document = xliff::parse("dtd.xliff", with_dtd.as_bytes()).unwrap();
    let unit = &document.units[0];
    assert_eq!(
        (unit.markup, unit.source.as_str()),
        (Markup::Xliff, "&co; rocks")
    );
    let written = xliff::write_targets(
        "dtd.xliff",
        with_dtd.as_bytes(),
        &targets(&[("1", "&co; rockt"), ("2", "Schlicht")]),
    )
    .unwrap();
    let expected = with_dtd
        .replacen(
            "<target>&co; rocks</target>",
            "<target>&co; rockt</target>",
            1,
        )
        .replacen(
            "<source>Plain</source>",
            "<source>Plain</source><target>Schlicht</target>",
            1,
        );
    assert_eq!(text(&written), expected);

    let without_dtd = with_dtd.replacen(doctype, "", 1);
    let error = xliff::parse("no-dtd.xliff", without_dtd.as_bytes()).unwrap_err();
    assert_eq!(
        error.kind,
        XliffErrorKind::NotWellFormed("undefined entity &co;".into())
    );
    assert_eq!((error.line, error.column), (3, 28));
}

/// A DOCTYPE with declarations of its own (an internal DTD) is refused wherever its `[` is,
/// and brackets inside the quoted identifiers are not one; WPML never writes one, and its
/// entities could read local files (`SYSTEM "file:///etc/passwd"`) or grow without bound.
#[test]
fn an_internal_dtd_is_refused() {
    let body = "<xliff version=\"1.2\"><file original=\"x\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"1\"><source>Hi</source></trans-unit></body></file></xliff>";
    for (doctype, column) in [
        ("<!DOCTYPE xliff [<!ENTITY co \"ACME\">]>", 17),
        ("<!DOCTYPE xliff SYSTEM \"x.dtd\" [ ]>", 32),
        (
            "<!DOCTYPE xliff PUBLIC \"-//X[1]//EN\" 'a[b].dtd'\n[<!ENTITY a 'b'>]>",
            1,
        ),
        (
            "<!DOCTYPE xliff [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]>",
            17,
        ),
    ] {
        let file = format!("{doctype}\n{body}");
        let error = xliff::parse("dtd.xliff", file.as_bytes()).unwrap_err();
        assert_eq!(error.kind, XliffErrorKind::InternalDtd, "{doctype}");
        assert_eq!(error.column, column, "{doctype}");
        assert!(
            error.to_string().starts_with("dtd.xliff: line ")
                && error.to_string().contains("internal DTD"),
            "{error}"
        );
        assert_eq!(
            xliff::write_targets("dtd.xliff", file.as_bytes(), &HashMap::new()).unwrap_err(),
            error
        );
    }
    let quoted = format!("<!DOCTYPE xliff SYSTEM \"odd[name].dtd\">\n{body}");
    assert!(xliff::parse("quoted.xliff", quoted.as_bytes()).is_ok());
}

#[test]
fn a_new_target_takes_the_prefix_of_its_source() {
    let name = "prefixed-elements.xlf";
    let (bytes, document) = parse(name);
    assert_eq!(document.target_lang.as_deref(), Some("fr"));
    assert_eq!(document.units[0].source, "Save");
    assert_eq!(document.units[0].target, None);
    assert_own_targets_round_trip(name, &bytes, &document);
    let expected = text(&bytes).replacen(
        "</x:source>",
        "</x:source>\n        <x:target>Enregistrer</x:target>",
        1,
    );
    assert_writes(name, &bytes, &[("save", "Enregistrer")], &expected);
}

/// XLIFF 1.2's inline codes as CAT tools write them: `<bpt>`/`<ept>` and `<ph>` holding the
/// original markup, `<it>`, `<x/>`, `<bx/>`/`<ex/>`, `<g>` and `<mrk>`. The file reads and writes
/// back unchanged, new targets change nothing but target contents, and every code is a tag
/// that comes back from machine translation exactly.
#[test]
fn inline_codes_of_cat_tools_are_tags() {
    let name = "inline-codes-12.xlf";
    let (bytes, document) = parse(name);
    let keys: Vec<_> = document.units.iter().map(|u| u.key.as_str()).collect();
    assert_eq!(keys, ["1", "2", "3"]);
    assert_own_targets_round_trip(name, &bytes, &document);
    for unit in &document.units {
        assert_eq!(unit.markup, Markup::Xliff, "{}", unit.key);
        let source = unit.source_segment();
        assert_eq!(source.to_content(), unit.source);
        assert!(source.tags().count() >= 2, "{}: {:?}", unit.key, source);
        let back = Segment::from_mt_xml(&source.to_mt_xml(unit.markup), &source, unit.markup)
            .unwrap_or_else(|e| panic!("{}: {e}", unit.key));
        assert_eq!(
            back.tags().collect::<Vec<_>>(),
            source.tags().collect::<Vec<_>>()
        );
        assert_eq!(back.to_content(), unit.source, "{}", unit.key);
    }
    // Units with a target (replaced, and filled where it was empty).
    let new = targets(&[
        (
            "1",
            r#"Drücken Sie <bpt id="1">&lt;b&gt;</bpt>Sichern<ept id="1">&lt;/b&gt;</ept>."#,
        ),
        (
            "3",
            r#"<g id="5">Schritt <mrk mtype="protected" mid="7">1</mrk></g>: <bx id="6"/>Einstellungen<ex id="6"/> öffnen."#,
        ),
    ]);
    let written = xliff::write_targets(name, &bytes, &new).unwrap();
    assert_eq!(
        without_target_contents(&text(&written)),
        without_target_contents(&text(&bytes))
    );
    let reread = xliff::parse(name, &written).unwrap();
    for (key, target) in &new {
        let unit = reread.units.iter().find(|u| &u.key == key).unwrap();
        assert_eq!(unit.target.as_ref(), Some(target), "{key}");
    }
}
