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
    for format in [
        TermFormat::Csv,
        TermFormat::Xlsx,
        TermFormat::Tbx,
        TermFormat::Tbx2,
    ] {
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

/// TICO-19's terminologies name their columns in camel case; the header was refused for want
/// of `source_lang` before.
#[test]
fn camel_case_column_names_are_read() {
    let text = "id,sourceLang,targetLang,sourceString,targetString,partOfSpeech\n\
                1,en,de_DE,1918 flu,Grippe von 1918,noun\n";
    let (_, entries) = read_file(text.as_bytes()).unwrap();
    assert_eq!(
        entries,
        vec![TermEntry {
            source_lang: "en".into(),
            target_lang: "de".into(),
            source: "1918 flu".into(),
            targets: vec!["Grippe von 1918".into()],
            kind: TermKind::Preferred,
            case_sensitive: false,
            part_of_speech: Some("noun".into()),
            note: None,
        }]
    );
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
            "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e \"boom\">]><tbx xml:lang=\"en\"><text><body><conceptEntry><langSec xml:lang=\"en\"><termSec><term>&e;</term></termSec></langSec></conceptEntry></body></text></tbx>",
            "an entity other than XML's five",
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
    // Latin-1 text is no UTF-8: refused, not read as something else.
    assert_eq!(
        read_file(b"source_lang,target_lang,source,target\nen,de,caf\xe9,Caf\xe9\n").unwrap_err(),
        TermFileError::NotText
    );
}

#[test]
fn tbx_v2_files_with_mixed_statuses_are_read_and_monolingual_entries_skipped() {
    let tbx = r#"<?xml version="1.0"?>
<martif type="TBX-Basic" xml:lang="en-US"><text><body>
<termEntry id="1">
  <descrip type="definition">Where one pays</descrip>
  <langSet xml:lang="de"><tig><term>Kasse</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
  <tig><term>Einkaufswagen</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig></langSet>
  <langSet xml:lang="en-US"><tig><term>checkout</term><termNote type="partOfSpeech">noun</termNote></tig></langSet>
</termEntry>
<termEntry id="2"><langSet xml:lang="en-US"><ntig><termGrp><term>lonely</term></termGrp></ntig></langSet></termEntry>
<termEntry id="3"><langSet xml:lang="fr"><tig><term>panier</term></tig></langSet><langSet xml:lang="de"><tig><term>Warenkorb</term></tig></langSet></termEntry>
</body></text></martif>"#;
    let file = read_termbase(tbx.as_bytes()).unwrap();
    assert_eq!(file.format, TermFormat::Tbx2);
    // The third entry has no en-US term: the first language section is its source.
    assert_eq!(file.entries.len(), 3);
    assert_eq!(
        (
            file.entries[2].source_lang.as_str(),
            file.entries[2].target_lang.as_str()
        ),
        ("fr", "de")
    );
    assert_eq!(
        file.skipped,
        Skipped {
            count: 1,
            examples: vec!["entry 2 ('lonely') has no other language than 'en'".into()]
        }
    );
    let entries = file.entries;
    assert_eq!(entries[0].source_lang, "en");
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

/// A TBX v3 file as MultiTerm and the TBX-Basic dialect's own examples write it: `<tbx>`,
/// `conceptEntry`/`langSec`/`termSec`, transaction groups, `descripGrp`s, statuses as
/// `administrativeStatus` in both spellings and TBX-Min's `usageStatus`, and a DCT-style
/// data category.
const TBX_V3: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<?xml-model href="TBXcoreStructV03.rng" type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2" xmlns:basic="http://www.tbxinfo.net/ns/basic">
  <tbxHeader><fileDesc><sourceDesc><p>TBX file, created via MultiTerm Export</p></sourceDesc></fileDesc></tbxHeader>
  <text><body>
    <conceptEntry id="c1">
      <transacGrp><transac type="transactionType">creation</transac><date>2010-04-17</date></transacGrp>
      <descrip type="subjectField">Astronomy</descrip>
      <langSec xml:lang="en">
        <descripGrp><descrip type="definition">A group of stars formed together.</descrip><admin type="source">Oxford2007</admin></descripGrp>
        <termSec><term>open cluster</term><termNote type="partOfSpeech">noun</termNote><termNote type="usageStatus">preferred</termNote></termSec>
        <termSec><term>galactic cluster</term><termNote type="usageStatus">deprecated</termNote></termSec>
      </langSec>
      <langSec xml:lang="de">
        <termSec><term>offener Sternhaufen</term><termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></termSec>
        <termSec><term>Sternhaufen</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec>
        <termSec><term>galaktischer Haufen</term><basic:administrativeStatus>supersededTerm-admn-sts</basic:administrativeStatus></termSec>
      </langSec>
      <langSec xml:lang="fr"><termSec><term>amas ouvert</term><termNote type="administrativeStatus">preferred</termNote></termSec></langSec>
    </conceptEntry>
    <conceptEntry id="c2"><langSec xml:lang="en"><termSec><term>nebula</term></termSec></langSec></conceptEntry>
  </body></text>
</tbx>
"#;

#[test]
fn tbx_v3_files_are_read() {
    let file = read_termbase(TBX_V3.as_bytes()).unwrap();
    assert_eq!(file.format, TermFormat::Tbx);
    let got: Vec<(&str, &str, TermKind, Vec<&str>)> = file
        .entries
        .iter()
        .map(|e| {
            (
                e.target_lang.as_str(),
                e.source.as_str(),
                e.kind,
                e.targets.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "de",
                "open cluster",
                TermKind::Preferred,
                vec!["Sternhaufen", "offener Sternhaufen"]
            ),
            (
                "de",
                "open cluster",
                TermKind::Forbidden,
                vec!["galaktischer Haufen"]
            ),
            (
                "fr",
                "open cluster",
                TermKind::Preferred,
                vec!["amas ouvert"]
            ),
        ]
    );
    assert_eq!(file.entries[0].part_of_speech.as_deref(), Some("noun"));
    assert_eq!(
        file.entries[0].note.as_deref(),
        Some("A group of stars formed together.")
    );
    assert_eq!(file.skipped.count, 1);
    // UTF-16 with its byte-order mark, as MultiTerm writes it, reads the same.
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(TBX_V3.encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(read_termbase(&utf16).unwrap(), file);
}

#[test]
fn a_file_that_gives_no_entry_is_refused_with_its_reason() {
    let monolingual = r#"<tbx type="TBX-Core" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><tbxHeader><fileDesc><sourceDesc><p>x</p></sourceDesc></fileDesc></tbxHeader><text><body>
<conceptEntry id="1"><langSec xml:lang="en"><termSec><term>nebula</term></termSec></langSec></conceptEntry>
</body></text></tbx>"#;
    assert_eq!(
        read_file(monolingual.as_bytes()).unwrap_err().to_string(),
        "it gives no entry for a language pair (1 skipped, the first: entry 1 ('nebula') has no other language than 'en')"
    );
    let header_only = "source_lang,target_lang,source,target\r\n";
    assert_eq!(
        read_file(header_only.as_bytes()).unwrap_err(),
        TermFileError::NothingToImport("it holds no entries".into())
    );
    // Cut off after a complete entry: refused, not half read.
    let cut = &TBX_V3[..TBX_V3.find("<conceptEntry id=\"c2\">").unwrap()];
    assert!(
        read_file(cut.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("is not closed: the file ends early")
    );
}

#[test]
fn spreadsheets_with_a_column_per_language_are_read() {
    // As MateCat exports a glossary: a forbidden flag, domain columns, a note after each
    // language; one row without any target.
    let csv = "Forbidden,Domain,Subdomain,Definition,en-US,Notes,de-DE,Notes,fr-FR\n\
        no,IT,Web,Where one pays,checkout,,Kasse | Bezahlung,,caisse\n\
        yes,IT,Web,,shopping cart,,Einkaufswagen,,\n\
        no,IT,,,lonely,,,,\n";
    let file = read_termbase(csv.as_bytes()).unwrap();
    let got: Vec<(&str, &str, TermKind, Vec<&str>)> = file
        .entries
        .iter()
        .map(|e| {
            (
                e.target_lang.as_str(),
                e.source.as_str(),
                e.kind,
                e.targets.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "de",
                "checkout",
                TermKind::Preferred,
                vec!["Kasse", "Bezahlung"]
            ),
            ("fr", "checkout", TermKind::Preferred, vec!["caisse"]),
            (
                "de",
                "shopping cart",
                TermKind::Forbidden,
                vec!["Einkaufswagen"]
            ),
        ]
    );
    assert!(file.entries.iter().all(|e| e.source_lang == "en"));
    assert_eq!(file.entries[0].note.as_deref(), Some("Where one pays"));
    assert_eq!(
        file.skipped.examples,
        vec!["row 4 ('lonely') has no term in another language".to_owned()]
    );
    // Google Cloud Translation's equivalent term sets: a header of language codes only.
    let tsv = "en\tde\tpt_BR\nAcme\tAcme\t\n";
    let entries = read_file(tsv.as_bytes()).unwrap().1;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].target_lang, "de");
}

#[test]
fn csv_export_defuses_formulas_and_reads_its_own_cells_back() {
    let risky = vec![
        TermEntry {
            note: Some("-- see =A1".into()),
            ..entry(
                TermKind::Preferred,
                "=1+2",
                &["@SUM(A1)", "+49", "'=quoted"],
            )
        },
        entry(TermKind::Forbidden, "-minus", &["plain"]),
    ];
    let csv = String::from_utf8(write_file(TermFormat::Csv, &risky).unwrap()).unwrap();
    for line in csv.lines().skip(1) {
        for cell in line.split(',') {
            let cell = cell.trim_matches('"');
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "{cell} would run as a formula in {line}"
            );
        }
    }
    assert!(csv.contains("'=1+2,'@SUM(A1),'+49 | '=quoted"), "{csv}");
    assert_eq!(read_file(csv.as_bytes()).unwrap().1, risky);
}

#[test]
fn a_termbase_in_both_directions_goes_through_tbx_unchanged() {
    let both = vec![
        entry(TermKind::Preferred, "checkout", &["Kasse"]),
        TermEntry {
            source_lang: "de".into(),
            target_lang: "en".into(),
            ..entry(TermKind::Preferred, "Kasse", &["checkout"])
        },
    ];
    for format in [TermFormat::Tbx, TermFormat::Tbx2] {
        let bytes = write_file(format, &both).unwrap();
        assert!(String::from_utf8_lossy(&bytes).contains("xml:lang=\"mul\""));
        assert_eq!(read_file(&bytes).unwrap().1, both, "{format:?}");
    }
}
