use super::*;
use crate::qa::{self, QaWarning};
use crate::segment::{Markup, Segment, Shortcodes};

pub(crate) fn entry(kind: TermKind, source: &str, targets: &[&str]) -> TermEntry {
    TermEntry {
        source_lang: "en".into(),
        target_lang: "de".into(),
        source: source.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        kind,
        case_sensitive: false,
        part_of_speech: None,
        note: None,
    }
}

fn index(entries: Vec<TermEntry>) -> TermIndex {
    TermIndex::new("en", "de", entries)
}

fn html_check(index: &TermIndex, source: &str, target: &str) -> Vec<QaWarning> {
    qa::check_with_terms(source, target, Markup::Html, &Shortcodes::Any, Some(index)).warnings
}

#[test]
fn preferred_term_missing_warns_and_present_does_not() {
    let index = index(vec![entry(
        TermKind::Preferred,
        "checkout",
        &["Kasse", "Bezahlung"],
    )]);
    assert_eq!(
        check(&index, "Go to checkout", "Zum Bezahlvorgang"),
        vec![QaWarning::Term {
            source: "checkout".into(),
            target: "Kasse".into()
        }]
    );
    assert!(check(&index, "Go to checkout", "Zur Kasse").is_empty());
    // A later variant counts too, and so does an inflected form.
    assert!(check(&index, "Go to Checkout", "Zur Bezahlung").is_empty());
    assert!(check(&index, "Two checkouts", "Zwei Kassen").is_empty());
    // No source term, no warning.
    assert!(check(&index, "Go home", "Nach Hause").is_empty());
    // An empty target is not translated yet.
    assert!(check(&index, "Go to checkout", " ").is_empty());
}

#[test]
fn word_boundaries_are_respected() {
    let index = index(vec![entry(TermKind::Preferred, "cat", &["Katze"])]);
    assert!(index.in_source("concatenate the category").is_empty());
    assert_eq!(index.in_source("a cat, cats and CAT").len(), 3);
    let index = TermIndex::new(
        "it",
        "de",
        vec![entry(TermKind::Preferred, "cat", &["Katze"])],
    );
    // No inflection rule for Italian: exact words only.
    assert_eq!(index.in_source("cat cats").len(), 1);
    // Short terms are never inflected.
    let short = super::TermIndex::new("en", "de", vec![entry(TermKind::Preferred, "EU", &["EU"])]);
    assert_eq!(short.in_source("EU EUs").len(), 1);
}

#[test]
fn case_sensitive_entries_compare_as_written() {
    let mut apple = entry(TermKind::Preferred, "Apple", &["Apple"]);
    apple.case_sensitive = true;
    let index = index(vec![apple]);
    assert_eq!(index.in_source("an apple a day").len(), 0);
    assert_eq!(index.in_source("an Apple phone").len(), 1);
}

#[test]
fn forbidden_term_in_target_warns() {
    let index = index(vec![entry(
        TermKind::Forbidden,
        "shopping cart",
        &["Einkaufswagen"],
    )]);
    assert_eq!(
        check(&index, "Your basket", "Ihr Einkaufswagen"),
        vec![QaWarning::ForbiddenTerm {
            term: "Einkaufswagen".into()
        }]
    );
    assert!(check(&index, "Your basket", "Ihr Warenkorb").is_empty());
    // Inside another word it is not the term.
    assert!(check(&index, "Your basket", "Ihr Einkaufswagenheber").is_empty());
}

#[test]
fn do_not_translate_term_must_stay_byte_identical() {
    let index = index(vec![entry(TermKind::DoNotTranslate, "Wordmark", &[])]);
    assert!(check(&index, "Wordmark helps", "Wordmark hilft").is_empty());
    assert_eq!(
        check(&index, "Wordmark helps", "Wortmarke hilft"),
        vec![QaWarning::DntChanged {
            term: "Wordmark".into()
        }]
    );
    // Changed case is changed.
    assert_eq!(check(&index, "Wordmark helps", "WORDMARK hilft").len(), 1);
    // Each occurrence must be kept.
    assert_eq!(
        check(&index, "Wordmark and Wordmark", "Wordmark und es").len(),
        1
    );
}

#[test]
fn terms_inside_markup_attributes_are_not_matched() {
    let index = index(vec![
        entry(TermKind::Preferred, "checkout", &["Kasse"]),
        entry(TermKind::Forbidden, "cart", &["Wagen"]),
    ]);
    let warnings = html_check(
        &index,
        r#"<a href="/checkout" title="checkout">Pay</a>"#,
        r#"<a href="/checkout" title="checkout" data-x="Wagen">Zahlen</a>"#,
    );
    assert!(
        !warnings
            .iter()
            .any(|w| matches!(w, QaWarning::Term { .. } | QaWarning::ForbiddenTerm { .. })),
        "{warnings:?}"
    );
    let warnings = html_check(&index, "<b>Checkout</b> now", "<b>Bezahlen</b> jetzt");
    assert!(warnings.iter().any(|w| matches!(w, QaWarning::Term { .. })));
}

#[test]
fn non_ascii_text_maps_back_to_its_bytes() {
    let index = TermIndex::new(
        "de",
        "en",
        vec![TermEntry {
            source_lang: "de".into(),
            target_lang: "en".into(),
            ..entry(TermKind::Preferred, "Größe", &["size"])
        }],
    );
    let text = "Die GRÖSSE und die Größe, Ärger mit Größen";
    let found: Vec<&str> = index
        .in_source(text)
        .iter()
        .map(|o| &text[o.start..o.end])
        .collect();
    assert_eq!(found, vec!["Größe", "Größen"]);
}

#[test]
fn masking_protects_do_not_translate_terms_and_restores_them() {
    let index = index(vec![
        entry(TermKind::DoNotTranslate, "Wordmark Pro", &[]),
        entry(TermKind::Preferred, "price", &["Preis"]),
    ]);
    let segment = Segment::parse("Buy <b>wordmark pro</b> at a price", Markup::Html);
    let masked = mask_dnt(&segment, &index);
    assert_eq!(masked.terms, 1);
    let xml = masked.segment.to_mt_xml(Markup::Html);
    assert_eq!(xml, r#"Buy <g id="1"><x id="2"/></g> at a price"#);
    // The provider moves the placeholder and translates the rest.
    let answer = r#"Kaufen Sie <g id="1"><x id="2"/></g> zum Preis"#;
    let back = Segment::from_mt_xml(answer, &masked.segment, Markup::Html).unwrap();
    assert_eq!(
        back.to_content(),
        "Kaufen Sie <b>wordmark pro</b> zum Preis"
    );
    // A lost placeholder is a damaged answer.
    assert!(
        Segment::from_mt_xml("Kaufen Sie <g id=\"1\"></g>", &masked.segment, Markup::Html).is_err()
    );
}

fn sample() -> Vec<TermEntry> {
    let mut case = entry(
        TermKind::Preferred,
        "Checkout, \"now\"",
        &["Kasse", "Bezahlung"],
    );
    case.case_sensitive = true;
    case.part_of_speech = Some("noun".into());
    case.note = Some("line one\nline two; <b>&</b>".into());
    vec![
        case,
        entry(TermKind::Forbidden, "cart", &["Einkaufswagen", "Wagen"]),
        entry(TermKind::DoNotTranslate, "Wordmark", &[]),
        TermEntry {
            target_lang: "fr".into(),
            ..entry(TermKind::Preferred, "checkout", &["caisse"])
        },
    ]
}

#[test]
fn every_format_round_trips() {
    for format in [TermFormat::Csv, TermFormat::Xlsx, TermFormat::Tbx] {
        let bytes = write_file(format, &sample()).unwrap();
        let (detected, entries) = read_file(&bytes).unwrap();
        assert_eq!(detected, format);
        assert_eq!(entries, sample(), "{format:?}");
    }
}

#[test]
fn csv_dialects_are_read() {
    let comma = "source_lang,target_lang,source,target,kind\nen,de,checkout,Kasse,preferred\n";
    let semicolon =
        "\u{feff}Source language;Target language;Source;Target\r\nen;de;checkout;\"Kas;se\"\r\n";
    let tab = "source_lang\ttarget_lang\tsource\ttarget\nen\tde\tcheckout\tKasse\n\n";
    for (text, target) in [(comma, "Kasse"), (semicolon, "Kas;se"), (tab, "Kasse")] {
        let (format, entries) = read_file(text.as_bytes()).unwrap();
        assert_eq!(format, TermFormat::Csv);
        assert_eq!(entries.len(), 1, "{text}");
        assert_eq!(entries[0].targets, vec![target.to_owned()]);
    }
}

#[test]
fn broken_files_name_their_row_and_reason() {
    let cases: [(&str, &str); 6] = [
        (
            "source,target\nx,y\n",
            "the header row lacks the column 'source_lang'",
        ),
        (
            "source_lang,target_lang,source,target,kind\nen,de,a,b,preferred\nen,de,c,d,sometimes\n",
            "row 3: unknown kind 'sometimes'",
        ),
        (
            "source_lang,target_lang,source,target\nen,de,a,\n",
            "row 2: a preferred term needs at least one target term",
        ),
        (
            "source_lang,target_lang,source,target\nen,de,\"a,b\n",
            "row 2: a quoted field is not closed",
        ),
        (
            "source_lang,target_lang,source,target\nen,en,a,b\n",
            "row 2: the source and target languages are the same",
        ),
        (
            "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e \"boom\">]><tbx xml:lang=\"en\"><text><body><termEntry><langSec xml:lang=\"en\"><termSec><term>&e;</term></termSec></langSec></termEntry></body></text></tbx>",
            "unknown entity &e;",
        ),
    ];
    for (text, expected) in cases {
        let err = read_file(text.as_bytes()).unwrap_err().to_string();
        assert!(err.contains(expected), "{err} / {expected}");
    }
    assert_eq!(read_file(b"").unwrap_err(), TermFileError::Empty);
    assert_eq!(
        read_file(b"\xff\xfe\x00").unwrap_err(),
        TermFileError::NotText
    );
}

#[test]
fn tbx_v2_files_with_mixed_statuses_are_read() {
    let tbx = r#"<?xml version="1.0"?>
<martif type="TBX-Basic" xml:lang="en-US"><text><body>
<termEntry id="1">
  <descrip type="definition">Where one pays</descrip>
  <langSet xml:lang="de"><tig><term>Kasse</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
  <tig><term>Einkaufswagen</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig></langSet>
  <langSet xml:lang="en-US"><tig><term>checkout</term><termNote type="partOfSpeech">noun</termNote></tig></langSet>
</termEntry>
</body></text></martif>"#;
    let (_, entries) = read_file(tbx.as_bytes()).unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].source_lang, "en-us");
    assert_eq!(entries[0].kind, TermKind::Preferred);
    assert_eq!(entries[0].targets, vec!["Kasse".to_owned()]);
    assert_eq!(entries[0].note.as_deref(), Some("Where one pays"));
    assert_eq!(entries[0].part_of_speech.as_deref(), Some("noun"));
    assert_eq!(entries[1].kind, TermKind::Forbidden);
    assert_eq!(entries[1].targets, vec!["Einkaufswagen".to_owned()]);
}

#[test]
fn only_the_preferred_terms_of_the_texts_are_relevant() {
    let index = index(vec![
        entry(TermKind::Preferred, "checkout", &["Kasse", "Bezahlen"]),
        entry(TermKind::Preferred, "cart", &["Warenkorb"]),
        entry(TermKind::Forbidden, "shop", &["Shop"]),
        entry(TermKind::DoNotTranslate, "Acme", &[]),
        entry(TermKind::Preferred, "account", &["Konto"]),
    ]);
    let texts = [
        r#"Go to <g id="1">checkout</g> at Acme."#.to_owned(),
        "Your carts and the shop; checkout again.".to_owned(),
    ];
    assert_eq!(
        super::relevant_pairs(&index, &texts),
        vec![
            ("checkout".to_owned(), "Kasse".to_owned()),
            ("cart".to_owned(), "Warenkorb".to_owned()),
        ]
    );
    assert!(super::relevant_pairs(&index, &["Nothing here.".to_owned()]).is_empty());
}

#[test]
fn the_entries_of_a_source_are_described_for_people() {
    let index = index(vec![
        entry(TermKind::Preferred, "checkout", &["Kasse", "Bezahlen"]),
        entry(TermKind::Forbidden, "cart", &["Einkaufswagen"]),
        entry(TermKind::DoNotTranslate, "Acme", &[]),
        entry(TermKind::Preferred, "account", &["Konto"]),
    ]);
    assert_eq!(
        describe(&index, "Acme: your cart, then checkout (checkout again)."),
        "Acme [do not translate]; cart \u{2192} Einkaufswagen [forbidden]; checkout \u{2192} Kasse / Bezahlen"
    );
    assert_eq!(describe(&index, "Nothing here."), "");
}
