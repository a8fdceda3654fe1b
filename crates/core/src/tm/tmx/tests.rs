use super::*;

/// How Trados Studio and Okapi write a TMX: UTF-16 (Trados) or UTF-8, upper-case region
/// codes, tool props, paired codes as `<bpt>`/`<ept>` with escaped HTML, standalone ones as
/// `<ph>`, an RTF-style code that is no HTML tag, and three variants in one unit.
const TRADOS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header creationtool="SDL Language Platform" creationtoolversion="8.1" o-tmf="SDL TM8 Format"
    datatype="xml" segtype="sentence" adminlang="en-US" srclang="en-US" creationdate="20240102T103000Z">
    <prop type="x-Recognizers">RecognizeAll</prop>
  </header>
  <body>
    <tu creationdate="20240102T103000Z" creationid="SDL\jdoe" changeid="SDL\jdoe" usagecount="3">
      <prop type="x-Context">resname-42</prop>
      <prop type="x-Origin">TM</prop>
      <tuv xml:lang="en-US">
        <prop type="x-Note">checked</prop>
        <seg>Click <bpt i="1" type="bold" x="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> to keep &amp; close.<ph x="2" type="lb">&lt;br/&gt;</ph></seg>
      </tuv>
      <tuv xml:lang="de-DE">
        <seg>Klicken Sie auf <bpt i="1" type="bold" x="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept>, um zu schließen.<ph x="2" type="lb">&lt;br/&gt;</ph></seg>
      </tuv>
      <tuv xml:lang="FR-fr">
        <seg>Cliquez sur <bpt i="1">&lt;b&gt;</bpt>Enregistrer<ept i="1">&lt;/b&gt;</ept>.<ph x="2">&lt;br/&gt;</ph></seg>
      </tuv>
    </tu>
    <tu tuid="okapi-7" srclang="en-US">
      <tuv lang="en-US"><seg>Price: <ph x="1">{1}</ph> &#8364;</seg></tuv>
      <tuv xml:lang="pt-BR"><seg>Preço: <ph x="1">{1}</ph> <hi type="b">€</hi></seg></tuv>
    </tu>
  </body>
</tmx>
"#;

#[test]
fn reads_what_trados_and_okapi_write() {
    let tmx = read(TRADOS.as_bytes()).unwrap();
    assert_eq!(tmx.srclang, "en");
    assert_eq!(normalize_lang("de-DE"), "de");
    assert_eq!(normalize_lang("zh-CN"), "zh-hans");
    assert_eq!(normalize_lang("PT_br"), "pt-br");
    assert_eq!(tmx.units.len(), 2);

    let first = &tmx.units[0];
    assert_eq!(first.markup, Markup::Html);
    assert_eq!(
        first.props,
        [
            Prop {
                kind: "x-Context".into(),
                value: "resname-42".into()
            },
            Prop {
                kind: "x-Origin".into(),
                value: "TM".into()
            },
        ]
    );
    let langs: Vec<&str> = first.variants.iter().map(|v| v.lang.as_str()).collect();
    assert_eq!(langs, ["en", "de", "fr"]);
    assert_eq!(
        first.variants[0].content,
        "Click <b>Save</b> to keep &amp; close.<br/>"
    );
    assert_eq!(
        first.variants[0].props,
        [Prop {
            kind: "x-Note".into(),
            value: "checked".into()
        }]
    );
    assert_eq!(
        first.variants[1].content,
        "Klicken Sie auf <b>Speichern</b>, um zu schließen.<br/>"
    );
    // The same tags as the source: a WPML segment with this content matches 100 %.
    let source = Segment::parse(&first.variants[0].content, Markup::Html);
    let target = Segment::parse(&first.variants[1].content, Markup::Html);
    assert_eq!(source.check_markup(&target), Ok(()));

    // `{1}` is no HTML tag: the unit keeps XLIFF inline elements; `<hi>` keeps its text.
    let second = &tmx.units[1];
    assert_eq!(second.tuid.as_deref(), Some("okapi-7"));
    assert_eq!(second.srclang.as_deref(), Some("en"));
    assert_eq!(second.markup, Markup::Xliff);
    assert_eq!(second.variants[0].content, "Price: <ph id=\"1\">{1}</ph> €");
    assert_eq!(second.variants[1].lang, "pt-br");
    assert_eq!(second.variants[1].content, "Preço: <ph id=\"1\">{1}</ph> €");
    let tags: Vec<_> = Segment::parse(&second.variants[1].content, Markup::Xliff)
        .tags()
        .map(|t| t.raw.clone())
        .collect();
    assert_eq!(tags, ["<ph id=\"1\">{1}</ph>"]);
}

#[test]
fn reads_utf16_with_its_byte_order_mark() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in TRADOS.replace("UTF-8", "UTF-16").encode_utf16() {
        bytes.extend(unit.to_le_bytes());
    }
    assert_eq!(read(&bytes).unwrap(), read(TRADOS.as_bytes()).unwrap());
}

fn units() -> Vec<Unit> {
    vec![
        Unit {
            tuid: Some("1".into()),
            srclang: None,
            markup: Markup::Html,
            props: vec![Prop { kind: "x-wordmark-resname".into(), value: "title & more".into() }],
            variants: vec![
                Variant {
                    lang: "en".into(),
                    content: "<a href=\"/x?a=1&amp;b=2\">Shop</a> &amp; [caption id=\"3\"]save[/caption]<br>".into(),
                    props: vec![],
                },
                Variant {
                    lang: "de".into(),
                    content: "<a href=\"/x?a=1&amp;b=2\">Laden</a> &amp; [caption id=\"3\"]sparen[/caption]<br>".into(),
                    props: vec![Prop { kind: "x-origin".into(), value: "customer".into() }],
                },
            ],
        },
        Unit {
            tuid: None,
            srclang: None,
            markup: Markup::Xliff,
            props: vec![],
            variants: vec![
                Variant { lang: "en".into(), content: "<g id=\"1\">Hi</g> &lt;you&gt;<x id=\"2\"/>".into(), props: vec![] },
                Variant { lang: "ja".into(), content: "<g id=\"1\">こんにちは</g><x id=\"2\"/>".into(), props: vec![] },
            ],
        },
        Unit {
            tuid: None,
            srclang: None,
            markup: Markup::Html,
            props: vec![],
            variants: vec![
                Variant { lang: "en".into(), content: "Plain text".into(), props: vec![] },
                Variant { lang: "pt-br".into(), content: "Texto simples".into(), props: vec![] },
            ],
        },
    ]
}

#[test]
fn round_trip_keeps_every_unit() {
    let mut out = String::new();
    write_start(&mut out, "en", "20261124T120000Z");
    for unit in units() {
        write_unit(&mut out, &unit);
    }
    write_end(&mut out);
    let tmx = read(out.as_bytes()).unwrap();
    assert_eq!(tmx.srclang, "en");
    assert_eq!(tmx.units, units());
}

#[test]
fn broken_files_are_refused_with_their_line() {
    for (text, line, needle) in [
        (
            "<tmx><header srclang=\"en\"/><body>\n<tu><tuv xml:lang=\"de\"><seg>a</tuv></tu></body></tmx>",
            2,
            "seg",
        ),
        (
            "<tmx>\n<header srclang=\"en\"/>\n<body><tu>\n<tuv><seg>x</seg></tuv></tu></body></tmx>",
            4,
            "xml:lang",
        ),
        ("<tmx>\n<header/>", 2, "srclang"),
        (
            "<tmx><header srclang=\"en\"/><body>\n\n<tu><tuv xml:lang=\"de\"><seg>&ouml;</seg></tuv></tu></body></tmx>",
            3,
            "&ouml;",
        ),
        (
            "<tmx><header srclang=\"en\"/><body><tu>\n</tu></body></tmx>",
            2,
            "without any <tuv>",
        ),
        (
            "<tmx><header srclang=\"en\"/><body><tu><tuv xml:lang=\"de\"><seg>a<b>x</b></seg></tuv></tu></body></tmx>",
            1,
            "<b>",
        ),
        ("", 1, "no <tmx>"),
        ("\u{0}\u{1}", 1, ""),
    ] {
        let error = read(text.as_bytes()).unwrap_err();
        assert_eq!(error.line, line, "{text}: {error}");
        assert!(error.to_string().contains(needle), "{text}: {error}");
    }
    let latin1 = b"<tmx>\xE9</tmx>";
    assert!(read(latin1).unwrap_err().message.contains("UTF-8"));
}
