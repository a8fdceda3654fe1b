//! Synthetic WPML exports for benchmarks: files shaped like today's WPML output (one line after
//! the declaration, `tool:` namespace, CDATA HTML with tags, entities and shortcodes), so that
//! every stage (unzip, parse, store, MT, XLSX) does the work a real project makes it do.

use std::io::{Cursor, Write};

const SENTENCES: [&str; 6] = [
    "Our offices are located between the cathedral, the old bridge and the station",
    "Book a free consultation with one of our experts &amp; get an answer within 24 hours",
    "The course includes 12 lessons, 3 quizzes and a certificate of completion",
    "Read the <a href=\"https://example.com/terms\">terms and conditions</a> before you sign up",
    "Prices start at 49&nbsp;EUR per month, billed yearly",
    "Contact us by phone or e-mail &ndash; we&rsquo;re happy to help",
];

/// The content of one unit: a title, a plain sentence, or a paragraph with inline markup.
fn unit_content(job: u32, unit: usize) -> String {
    let s = SENTENCES[(job as usize + unit) % SENTENCES.len()];
    match unit % 4 {
        0 => format!("{s} ({job}-{unit})"),
        1 => format!("<p class=\"lead\">{s}.</p>"),
        2 => format!(
            "<p><strong>{s}</strong>, see [caption id=\"attachment_{unit}\"]<img src=\"/a{unit}.jpg\" />[/caption].</p>"
        ),
        _ => format!("<h2>{s}</h2>\n<ul><li>{s}</li><li><em>{unit}</em></li></ul>"),
    }
}

/// One WPML XLIFF 1.2 file with `units` trans-units whose targets copy the sources.
pub fn wpml_file(job: u32, units: usize, target_lang: &str) -> String {
    let mut out = String::with_capacity(units * 600);
    out.push_str("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n");
    out.push_str(&format!(
        "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\" xmlns:tool=\"https://cdn.wpml.org/xliff/custom-attributes.xsd\"><file original=\"{job}-{:032x}\" source-language=\"en\" target-language=\"{target_lang}\" tool:sender-id=\"1\" datatype=\"plaintext\"><header><phase-group><phase phase-name=\"shortcodes\" process-name=\"Shortcodes identification\"><note>caption,gallery,embed</note></phase><phase phase-name=\"post_type\" process-name=\"Post type\"><note>page</note></phase></phase-group><reference><external-file href=\"https://example.com/page-{job}/\"/></reference></header><body>",
        u128::from(job) * 0x9e37_79b9_7f4a_7c15
    ));
    for unit in 0..units {
        let id = if unit == 0 {
            "title".to_string()
        } else {
            format!("package-string-{job}-{unit}")
        };
        let content = unit_content(job, unit);
        out.push_str(&format!(
            "<trans-unit resname=\"Text {unit}\" restype=\"string\" datatype=\"html\" id=\"{id}\"><source><![CDATA[{content}]]></source><target><![CDATA[{content}]]></target><tool:extradata unit=\"Text\" type=\"text\" group=\"Main Content\" group_id=\"Main_Content-0\"/></trans-unit>"
        ));
    }
    out.push_str("</body></file></xliff>");
    out
}

/// A zip of `files` WPML exports named like WPML names them, `units` units each.
pub fn wpml_zip(files: u32, units: usize) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for job in 1..=files {
        zip.start_file(format!("Bench Site-translation-job-{job}.xliff"), options)
            .expect("zip entry");
        zip.write_all(wpml_file(job, units, "de").as_bytes())
            .expect("zip write");
    }
    zip.finish().expect("zip finish").into_inner()
}
