//! The analysis of a small project, every number worked out by hand (SQLite, or PostgreSQL
//! with `WORDMARK_TEST_DATABASE=postgres`).

use crate::services::clock::TEST_NOW;
use wordmark_core::tm::{Band, analysis::MatchCounts, rates::RateScheme};

use wordmark_core::field::FieldKind;

use super::{BandCounts, FieldCounts, analyse};
use crate::{
    db::{
        entities::translation_segment::{SegmentMarkup, SegmentOrigin},
        scratch::Scratch,
    },
    services::{
        memory::{self, Confirmed, Scope},
        rates::{self, SchemeSource},
        translation::testing::project_of,
    },
};

fn xliff(units: &[(&str, &str, bool)]) -> Vec<u8> {
    let mut body = String::new();
    for (i, (resname, source, translate)) in units.iter().enumerate() {
        let no = if *translate { "" } else { " translate=\"no\"" };
        body.push_str(&format!(
            "<trans-unit resname=\"{resname}\" id=\"u{i}\" datatype=\"html\"{no}>\
             <source><![CDATA[{source}]]></source><target><![CDATA[]]></target></trans-unit>\n"
        ));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\
         <file original=\"1-x\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">\
         <body>\n{body}</body></file></xliff>"
    )
    .into_bytes()
}

#[tokio::test]
async fn every_band_counted_by_hand() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let scope = Scope {
        client_id: None,
        source_lang: "en".into(),
        target_lang: "de".into(),
    };
    let remembered = [
        ("Add the blue shirt to your cart", Some("cta")),
        ("Our opening hours", None),
        ("Free shipping on all orders over 50 €", None),
        ("Contact our friendly support team today", None),
    ];
    let confirmed: Vec<Confirmed> = remembered
        .iter()
        .map(|(source, resname)| Confirmed {
            source: (*source).into(),
            markup: SegmentMarkup::Html,
            resname: resname.map(str::to_owned),
            target: format!("DE {source}"),
            origin: SegmentOrigin::Customer,
        })
        .collect();
    memory::remember(db, &scope, &confirmed, TEST_NOW)
        .await
        .unwrap();

    let first = xliff(&[
        // 101: same text, same resname. 7 words, 25 characters.
        ("cta", "Add the blue shirt to your cart", true),
        // 100. 3 words, 15 characters.
        ("hours", "Our opening hours", true),
        // 1 edit in 37 characters: 97, the number differs: 95. 7 words, 30 characters.
        ("ship", "Free shipping on all orders over 80 €", true),
        // " today" missing: 6 edits in 39: 84. 5 words, 29 characters.
        ("contact", "Contact our friendly support team", true),
        // Nothing like it. 4 words, 25 characters.
        ("new", "Completely new sentence here", true),
        // A repetition of the one before.
        ("new-again", "Completely new sentence here", true),
        ("sku", "WM-100", false),
    ]);
    let second = xliff(&[
        // 100 again: the memory wins over a repetition.
        ("hours", "Our opening hours", true),
        // A repetition across jobs.
        ("new", "Completely new sentence here", true),
        // "basket" for "cart": 4 edits in 33: 87. 7 words, 27 characters.
        ("cta2", "Add the blue shirt to your basket", true),
        // 14 edits in 37: 62, the number differs: 60. 4 words, 20 characters.
        ("ship2", "Free shipping on orders", true),
    ]);
    let (project_id, jobs) = project_of(
        db,
        &[("first.xliff", &first[..]), ("second.xliff", &second[..])],
    )
    .await;

    let analysis = analyse(db, project_id, true).await.unwrap().unwrap();
    let row = |band, segments, words, characters| BandCounts {
        band,
        segments,
        words,
        characters,
    };
    assert_eq!(
        analysis.bands,
        [
            row(Band::Repetition, 2, 8, 50),
            row(Band::Context, 1, 7, 25),
            row(Band::Exact, 2, 6, 30),
            row(Band::Fuzzy95, 1, 7, 30),
            row(Band::Fuzzy85, 1, 7, 27),
            row(Band::Fuzzy75, 1, 5, 29),
            row(Band::Fuzzy50, 1, 4, 20),
            row(Band::NoMatch, 1, 4, 25),
        ]
    );
    assert_eq!(
        analysis.total,
        MatchCounts {
            segments: 10,
            words: 48,
            characters: 236
        }
    );
    assert_eq!(analysis.jobs.len(), 2);
    assert_eq!(analysis.jobs[0].job_id, jobs[0]);
    assert_eq!(analysis.jobs[0].total.segments, 6);
    assert_eq!(analysis.jobs[1].bands[0], row(Band::Repetition, 1, 4, 25));
    assert!(
        analyse(db, project_id + 1000, true)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        analysis.pricing.as_ref().map(|p| p.scheme_source),
        Some(SchemeSource::BuiltIn)
    );
    // Without prices: the same counts, and nothing of the scheme, prices or MT cost.
    let counts = analyse(db, project_id, false).await.unwrap().unwrap();
    assert_eq!(counts.pricing, None);
    assert_eq!(counts.bands, analysis.bands);
    let answered = serde_json::to_string(&counts).unwrap();
    for internal in ["pricing", "scheme", "price", "mt_c"] {
        assert!(!answered.contains(internal), "{internal} in {answered}");
    }

    // Priced by the agency's default (the project has no client), the built-in percentages:
    // 8 × 10 % + 7 × 0 % + 6 × 10 % + 7 × 30 % + 7 × 60 % + 5 × 80 % + 4 + 4
    // = 0.8 + 0 + 0.6 + 2.1 + 4.2 + 4 + 4 + 4 = 19.7 weighted words, at 0.10: 1.97.
    // Machine translation gets the fuzzy and new segments: 30 + 27 + 29 + 20 + 25 = 131
    // characters, at 10,000 per million: 1.31.
    let scheme = RateScheme {
        word_price: 0.10,
        mt_price_per_million_characters: 10_000.0,
        ..RateScheme::default()
    };
    rates::save(db, None, scheme, TEST_NOW).await.unwrap();
    let (_, priced) = super::priced(db, project_id).await.unwrap().unwrap();
    assert_eq!(priced.scheme_source, SchemeSource::Default);
    assert_eq!(priced.priced.weighted_words, 19.7);
    assert_eq!(priced.priced.total, 1.97);
    assert_eq!(priced.priced.mt_characters, 131);
    assert_eq!(priced.priced.mt_cost, 1.31);
    let weighted: Vec<f64> = priced
        .priced
        .bands
        .iter()
        .map(|b| b.weighted_words)
        .collect();
    assert_eq!(weighted, [0.8, 0.0, 0.6, 2.1, 4.2, 4.0, 4.0, 4.0]);
    // Each job is priced on its own, and the jobs add up to the whole.
    let jobs_total: f64 = priced.jobs.iter().map(|j| j.weighted_words).sum();
    assert!((jobs_total - 19.7).abs() < 1e-9, "{jobs_total}");
    scratch.remove().await;
}

#[tokio::test]
async fn words_are_counted_per_field_kind() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let units = [
        ("title", "Our shop"),
        ("body", "<p>We sell <b>blue</b> shirts.</p>"),
        ("field-_yoast_wpseo_metadesc-0", "Blue shirts from our shop"),
        ("field-cta_text-0", "Buy now"),
        ("field-hero_text-0", "Made to last"),
    ];
    let body: String = units
        .iter()
        .map(|(id, source)| {
            format!(
                "<trans-unit resname=\"{id}\" id=\"{id}\"><source><![CDATA[{source}]]></source></trans-unit>"
            )
        })
        .collect();
    let file = format!(
        "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\
         <file original=\"2-y\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">\
         <body>{body}</body></file></xliff>"
    );
    let (project_id, _) = project_of(db, &[("page.xliff", file.as_bytes())]).await;
    let analysis = analyse(db, project_id, false).await.unwrap().unwrap();
    let row = |kind, segments, words, characters| FieldCounts {
        kind,
        segments,
        words,
        characters,
    };
    // Characters without spaces, of the text without its tags.
    assert_eq!(
        analysis.fields,
        [
            row(FieldKind::Title, 1, 2, 7),
            row(FieldKind::Body, 1, 4, 17),
            row(FieldKind::SeoDescription, 1, 5, 21),
            row(FieldKind::CustomField, 2, 5, 16),
        ]
    );
    scratch.remove().await;
}
