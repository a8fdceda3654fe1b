//! Every download and export, asked for as browsers ask (`Accept-Encoding: gzip`, `br`) and as
//! other clients do (`identity`): each body is read to its end, decoded, and checked whole (a
//! zip opens and every entry reads back with its checksum, a CSV has its header and all its
//! rows, an XML file its closing element, a PDF its end marker). Text is compressed when the
//! client accepts it; zips, workbooks and PDFs never are.

use std::io::{Cursor, Read};

use reqwest::{
    Method, StatusCode, header,
    multipart::{Form, Part},
};

use crate::common::{TestApp, json_body, spawn_app};
use crate::mt_support::{create_project, files};
use crate::rebranding::{create_client, project};

/// Memory entries and terms the exports carry, one a row: enough for files past the size from
/// which text is compressed.
const ENTRIES: usize = 40;

/// What a download must be, read whole.
enum Whole {
    /// A CSV file: a byte-order mark, a header naming `first_column`, and at least `rows` rows.
    Csv {
        first_column: &'static str,
        rows: usize,
    },
    /// An XML file ending in `</root>`, with `count` times `item` in it.
    Xml {
        root: &'static str,
        item: &'static str,
        count: usize,
    },
    /// A zip archive (also a workbook) of at least one entry.
    Zip,
    Pdf,
}

impl Whole {
    /// Text, which is worth compressing.
    fn is_text(&self) -> bool {
        matches!(self, Whole::Csv { .. } | Whole::Xml { .. })
    }

    fn check(&self, bytes: &[u8]) -> Result<(), String> {
        match self {
            Whole::Csv { first_column, rows } => {
                let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
                let text = text.strip_prefix('\u{feff}').ok_or("no byte-order mark")?;
                let mut lines = text.lines().filter(|line| !line.is_empty());
                let header = lines.next().unwrap_or_default();
                if !header.contains(first_column) {
                    return Err(format!("the header is {header:?}"));
                }
                let found = lines.count();
                if found < *rows {
                    return Err(format!("{found} rows, expected at least {rows}"));
                }
                Ok(())
            }
            Whole::Xml { root, item, count } => {
                let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
                if !text.trim_end().ends_with(&format!("</{root}>")) {
                    return Err(format!("it does not end with </{root}>"));
                }
                let found = text.matches(item).count();
                if found != *count {
                    return Err(format!("{found} times {item}, expected {count}"));
                }
                Ok(())
            }
            Whole::Zip => {
                let mut archive =
                    zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| e.to_string())?;
                if archive.is_empty() {
                    return Err("an empty archive".into());
                }
                for i in 0..archive.len() {
                    let mut entry = archive.by_index(i).map_err(|e| e.to_string())?;
                    // Reading an entry to its end checks its CRC-32.
                    std::io::copy(&mut entry, &mut std::io::sink())
                        .map_err(|e| format!("entry {i}: {e}"))?;
                }
                Ok(())
            }
            Whole::Pdf => {
                if bytes.starts_with(b"%PDF-") && bytes.trim_ascii_end().ends_with(b"%%EOF") {
                    Ok(())
                } else {
                    Err("not a whole PDF file".into())
                }
            }
        }
    }
}

/// Asks for `path` accepting only `encoding`, reads the body to its end, decodes it and checks
/// it is `whole`.
async fn fetch(
    app: &TestApp,
    token: &str,
    (method, path, whole): &(Method, String, Whole),
    encoding: &str,
) -> Result<(), String> {
    let response = app
        .request(method.clone(), path, Some(token))
        .header(header::ACCEPT_ENCODING, encoding)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if response.status() != StatusCode::OK {
        return Err(format!("status {}", response.status()));
    }
    let coding = response
        .headers()
        .get(header::CONTENT_ENCODING)
        .map(|value| value.to_str().unwrap().to_owned());
    let expected = (whole.is_text() && encoding != "identity").then(|| encoding.to_owned());
    if coding != expected {
        return Err(format!(
            "Content-Encoding {coding:?}, expected {expected:?}"
        ));
    }
    let body = response
        .bytes()
        .await
        .map_err(|e| format!("the body broke off: {e:?}"))?;
    let mut decoded = Vec::new();
    let read = match coding.as_deref() {
        None => {
            decoded = body.to_vec();
            Ok(0)
        }
        Some("gzip") => flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut decoded),
        Some("br") => {
            brotli_decompressor::Decompressor::new(&body[..], 4096).read_to_end(&mut decoded)
        }
        Some(other) => return Err(format!("an unexpected coding {other}")),
    };
    read.map_err(|e| format!("the body does not decode: {e}"))?;
    whole.check(&decoded)
}

#[tokio::test]
async fn every_download_arrives_whole_compressed_or_not() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Süß & Söhne Holding").await;
    let package = json_body(
        app.rebrandings().create(&token, project(client)).await,
        StatusCode::CREATED,
    )
    .await["id"]
        .clone();
    let translation = create_project(
        &app,
        &token,
        "Website",
        Some(i32::try_from(client).unwrap()),
        &files(2, &["Hello <b>world</b>", "About us"]),
    )
    .await;
    let mut tmx = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" creationtool="t" segtype="sentence" datatype="html" adminlang="en" o-tmf="x"/><body>"#,
    );
    let mut terms = String::from("source_lang,target_lang,source,target,kind\n");
    for n in 1..=ENTRIES {
        let (source, target) = (
            format!("Page {n} of the site"),
            format!("Seite {n} der Website"),
        );
        tmx.push_str(&format!(
            r#"<tu><tuv xml:lang="en"><seg>{source}</seg></tuv><tuv xml:lang="de"><seg>{target}</seg></tuv></tu>"#
        ));
        terms.push_str(&format!("en,de,{source},{target},preferred\n"));
    }
    tmx.push_str("</body></tmx>");
    let file = |bytes: String, name: &str| {
        Form::new().part(
            "file",
            Part::bytes(bytes.into_bytes()).file_name(name.to_owned()),
        )
    };
    let owner = app.client(client);
    let imported = owner.memory().import(&token, file(tmx, "memory.tmx")).await;
    json_body(imported, StatusCode::OK).await;
    let imported = owner.terms().import(&token, file(terms, "terms.csv")).await;
    json_body(imported, StatusCode::OK).await;

    let rows = ENTRIES;
    // Paths by hand, on purpose: each download is asked once per `Accept-Encoding`, a header
    // the typed requests do not send; the table is every download there is.
    let downloads = [
        (
            Method::GET,
            "/api/audit/export".to_owned(),
            Whole::Csv {
                first_column: "time_utc",
                rows: 5,
            },
        ),
        (
            Method::GET,
            format!("/api/client/{client}/memory/export"),
            Whole::Xml {
                root: "tmx",
                item: "</tu>",
                count: rows,
            },
        ),
        (
            Method::GET,
            format!("/api/client/{client}/terms/export?format=csv"),
            Whole::Csv {
                first_column: "source_lang",
                rows,
            },
        ),
        (
            Method::GET,
            format!("/api/client/{client}/terms/export?format=tbx"),
            Whole::Xml {
                root: "tbx",
                item: "<conceptEntry",
                count: rows,
            },
        ),
        (
            Method::GET,
            format!("/api/client/{client}/terms/export?format=tbx2"),
            Whole::Xml {
                root: "martif",
                item: "<termEntry",
                count: rows,
            },
        ),
        (
            Method::GET,
            format!("/api/client/{client}/terms/export?format=xlsx"),
            Whole::Zip,
        ),
        (
            Method::GET,
            format!("/api/client/{client}/archive"),
            Whole::Zip,
        ),
        (
            Method::POST,
            format!("/api/rebranding/{package}/download-package"),
            Whole::Zip,
        ),
        (
            Method::POST,
            format!("/api/translation/{translation}/download-xlsx"),
            Whole::Zip,
        ),
        (
            Method::POST,
            format!("/api/translation/{translation}/download-xliff"),
            Whole::Zip,
        ),
        (
            Method::GET,
            format!("/api/translation/{translation}/analysis.xlsx"),
            Whole::Zip,
        ),
        (
            Method::GET,
            format!("/api/translation/{translation}/quote.pdf"),
            Whole::Pdf,
        ),
    ];
    let mut broken = Vec::new();
    for download in &downloads {
        for encoding in ["gzip", "br", "identity"] {
            if let Err(problem) = fetch(&app, &token, download, encoding).await {
                broken.push(format!(
                    "{} {} ({encoding}): {problem}",
                    download.0, download.1
                ));
            }
        }
    }
    assert!(broken.is_empty(), "{broken:#?}");
}
