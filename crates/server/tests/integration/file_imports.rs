//! Memories and termbases from other tools: an import report whose numbers account for what
//! the memory holds, TBX v3 and glossaries with a column per language, CSV exports that a
//! spreadsheet opens without running a formula and that import back to the same terms, and
//! hostile files (cut off, entity bombs, external entities, empty, binary, another encoding)
//! refused with a 4xx naming the file and the problem, nothing stored and nothing of the
//! file's content in the answer.

use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::common::{TestApp, error_message, json_body, spawn_app};
use crate::rebranding::create_client;

fn fixture(path: &str) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/fixtures");
    std::fs::read(root.join(path)).unwrap()
}

/// An import's form: the file `name` holding `bytes`.
fn file(name: &str, bytes: Vec<u8>) -> Form {
    Form::new().part("file", Part::bytes(bytes).file_name(name.to_owned()))
}

/// How many entries a client's memory and termbase hold.
async fn held(app: &TestApp, token: &str, client: i64) -> (u64, u64) {
    let mut counts = [0; 2];
    let client = app.client(client);
    let responses = [
        client.memory().list(token, "limit=1").await,
        client.terms().list(token, "limit=1").await,
    ];
    for (at, response) in responses.iter().enumerate() {
        counts[at] = response.headers()["x-total-count"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
    }
    (counts[0], counts[1])
}

#[tokio::test]
async fn a_memory_import_report_accounts_for_what_is_held() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let client = create_client(&app, &token, "Olifant").await;
    let import = || async {
        let form = file("olifant.tmx", fixture("tmx/okapi/olifant-attributes.tmx"));
        json_body(
            app.client(client).memory().import(&token, form).await,
            StatusCode::OK,
        )
        .await
    };
    // Nine units, seven of them with the same source text.
    let report = import().await;
    assert_eq!(
        report,
        json!({
            "units": 9, "entries": 9, "added": 3, "updated": 0, "merged": 6,
            "merged_examples": vec!["One entry in the TM."; 5], "skipped": 0, "empty_targets": 0
        })
    );
    assert_eq!(held(&app, &token, client).await.0, 3);
    // The last of the seven is the one kept.
    let found = json_body(
        app.client(client)
            .memory()
            .list(&token, "q=One%20entry")
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        found[0]["target"],
        "Une entrée dans la MT (no file, no group)"
    );

    // Again: every entry replaces itself; still three held.
    let again = import().await;
    assert_eq!(
        (&again["added"], &again["updated"], &again["merged"]),
        (&json!(0), &json!(3), &json!(6))
    );
    assert_eq!(held(&app, &token, client).await.0, 3);
}

#[tokio::test]
async fn notes_and_history_go_out_with_the_memory() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let client = create_client(&app, &token, "Kit").await;
    let report = json_body(
        app.client(client)
            .memory()
            .import(
                &token,
                file(
                    "ImportTest1L.tmx",
                    fixture("tmx/lisa-compliance-kit/ImportTest1L.tmx"),
                ),
            )
            .await,
        StatusCode::OK,
    )
    .await;
    // en-us → fr; en-gb is the source's own language in WPML's codes.
    assert_eq!(report["added"], 1);
    let exported = app
        .client(client)
        .memory()
        .export(&token)
        .await
        .text()
        .await
        .unwrap();
    for kept in [
        "<note>Text of tu note 1</note>",
        "<note>Text of tuv fr note 1</note>",
        "usagecount=\"100\"",
        "creationid=\"ys\"",
        "changeid=\"ys\"",
        "lastusagedate=\"20020523T091200Z\"",
        "<prop type=\"myPropeType\">Data</prop>",
    ] {
        assert!(exported.contains(kept), "{kept} missing from {exported}");
    }
}

const TBX_V3: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
<tbxHeader><fileDesc><sourceDesc><p>TBX file, created via MultiTerm Export</p></sourceDesc></fileDesc></tbxHeader>
<text><body>
<conceptEntry id="c1">
  <langSec xml:lang="en"><termSec><term>open cluster</term><termNote type="partOfSpeech">noun</termNote></termSec></langSec>
  <langSec xml:lang="de"><termSec><term>offener Sternhaufen</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec>
    <termSec><term>galaktischer Haufen</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></termSec></langSec>
</conceptEntry>
<conceptEntry id="c2"><langSec xml:lang="en"><termSec><term>nebula</term></termSec></langSec></conceptEntry>
</body></text></tbx>"#;

#[tokio::test]
async fn tbx_v3_and_glossaries_with_a_column_per_language_are_read() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Stars").await;
    let terms = app.client(client).terms();
    let report = json_body(
        terms
            .import(&token, file("stars.tbx", TBX_V3.as_bytes().to_vec()))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(report["format"], "tbx");
    assert_eq!(
        (&report["entries"], &report["added"]),
        (&json!(2), &json!(2))
    );
    assert_eq!(
        report["skipped"],
        json!({ "count": 1, "examples": ["entry 2 ('nebula') has no other language than 'en'"] })
    );

    let glossary = "Forbidden,Domain,Subdomain,Definition,en-US,Notes,ExampleOfUse,tr-TR\n\
        false,IT,,Where one pays,checkout,,,ödeme\n\
        true,IT,,,basket,,,sepet\n";
    let report = json_body(
        terms
            .import(&token, file("matecat.csv", glossary.as_bytes().to_vec()))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(report["added"], 2);
    assert_eq!(held(&app, &token, client).await.1, 4);

    // A file that gives nothing is refused, not "imported".
    let only_english = TBX_V3.replace("<langSec xml:lang=\"de\">", "<langSec xml:lang=\"en\">");
    let message = error_message(
        terms
            .import(&token, file("mono.tbx", only_english.into_bytes()))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        message.contains("'mono.tbx' was refused")
            && message.contains("no entry for a language pair"),
        "{message}"
    );
    assert_eq!(held(&app, &token, client).await.1, 4);
}

/// Converts a CSV with LibreOffice as a customer opening it would, and gives the cells it
/// shows; `None` without `soffice`.
fn libreoffice_cells(csv: &[u8]) -> Option<Vec<Vec<String>>> {
    let soffice = std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| std::path::Path::new(dir).join("soffice"))
        .find(|path| path.is_file())?;
    let scratch =
        std::env::temp_dir().join(format!("wordmark-csv-{}-{}", std::process::id(), csv.len()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("out")).unwrap();
    let input = scratch.join("export.csv");
    std::fs::write(&input, csv).unwrap();
    let profile = format!(
        "-env:UserInstallation=file://{}",
        scratch.join("profile").display()
    );
    // Read as UTF-8 CSV with formulas evaluated (the `true` in the filter options, as a
    // spreadsheet opening the file does), written back as CSV of the shown values.
    let output = std::process::Command::new(soffice)
        .args([
            profile.as_str(),
            "--headless",
            "--norestore",
            "--infilter=CSV:44,34,76,1,,0,false,false,false,false,false,-1,true",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,false,true,false",
            "--outdir",
        ])
        .arg(scratch.join("out"))
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(scratch.join("out/export.csv")).unwrap();
    let _ = std::fs::remove_dir_all(&scratch);
    Some(
        text.lines()
            .map(|line| {
                line.split(',')
                    .map(|c| c.trim_matches('"').to_owned())
                    .collect()
            })
            .collect(),
    )
}

#[tokio::test]
async fn csv_exports_run_no_formula_and_the_termbase_reads_its_own_back() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Formulas").await;
    let risky = json!({
        "source_lang": "en", "target_lang": "de", "source": "=1+2",
        "targets": ["@SUM(A1)", "-3+4"], "kind": "preferred", "note": "+1 and '=quoted",
    });
    let created = app.client(client).terms().add(&token, risky).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let csv = app
        .client(client)
        .terms()
        .export(&token, "csv")
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();
    // Imported into another client: the same terms.
    let copy = create_client(&app, &token, "Copy").await;
    json_body(
        app.client(copy)
            .terms()
            .import(&token, file("terms.csv", csv.clone()))
            .await,
        StatusCode::OK,
    )
    .await;
    let strip = |rows: Value| -> Vec<Value> {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let mut row = row.clone();
                row.as_object_mut().unwrap().remove("id");
                row.as_object_mut().unwrap().remove("updated_at");
                row
            })
            .collect()
    };
    let list = |id: i64| {
        let app = &app;
        let token = &token;
        async move {
            strip(json_body(app.client(id).terms().list(token, "").await, StatusCode::OK).await)
        }
    };
    assert_eq!(list(copy).await, list(client).await);
    assert_eq!(list(copy).await[0]["source"], "=1+2");

    // The audit log's CSV, with a sign-in attempt named like a formula in it.
    app.login("=HYPERLINK(\"x\")", "wrong").await;
    let audit = app
        .audit()
        .export(&token, "")
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();

    for (name, csv) in [("termbase", csv), ("audit", audit)] {
        let Some(cells) = libreoffice_cells(&csv) else {
            eprintln!("skipped: no soffice (Debian package libreoffice-calc-nogui)");
            return;
        };
        let shown: Vec<&String> = cells.iter().flatten().collect();
        // Evaluated, `=1+2` would show 3 and `=HYPERLINK("x")` would show x.
        let (formula, result) = match name {
            "termbase" => ("=1+2", "3"),
            _ => ("=HYPERLINK(", "x"),
        };
        assert!(
            shown.iter().any(|c| c.contains(formula)) && !shown.iter().any(|c| *c == result),
            "{name}: LibreOffice evaluated a formula: {cells:?}"
        );
    }
}

/// Files no import may take, each with what its refusal must name.
fn hostile() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let laughs = r#"<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lollollol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
"#;
    let external = r#"<?xml version="1.0"?>
<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
"#;
    let tmx_body = |seg: &str| {
        format!(
            r#"<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>{seg}</seg></tuv><tuv xml:lang="de"><seg>x</seg></tuv></tu></body></tmx>"#
        )
    };
    let tbx_body = |term: &str| {
        format!(
            r#"<tbx xml:lang="en"><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>{term}</term></termSec></langSec><langSec xml:lang="de"><termSec><term>x</term></termSec></langSec></conceptEntry></body></text></tbx>"#
        )
    };
    let whole = tmx_body("One");
    let cut = whole[..whole.find("</tu>").unwrap() + 5].to_owned();
    let whole_tbx = tbx_body("One");
    let cut_tbx = whole_tbx[..whole_tbx.find("</langSec>").unwrap() + 10].to_owned();
    // "café secret" in ISO-8859-1: no UTF-8.
    let latin1: Vec<u8> = tmx_body("caf# secret")
        .bytes()
        .map(|b| if b == b'#' { 0xE9 } else { b })
        .collect();
    vec![
        ("cut.tmx", cut.into_bytes(), "cut off"),
        (
            "laughs.tmx",
            format!("{laughs}{}", tmx_body("&lol2;")).into_bytes(),
            "entity",
        ),
        (
            "external.tmx",
            format!("{external}{}", tmx_body("&secret;")).into_bytes(),
            "entity",
        ),
        (
            "laughs.tbx",
            format!("{laughs}{}", tbx_body("&lol2;")).into_bytes(),
            "entity",
        ),
        (
            "external.tbx",
            format!("{external}{}", tbx_body("&secret;")).into_bytes(),
            "entity",
        ),
        ("cut.tbx", cut_tbx.into_bytes(), "ends early"),
        ("empty.tmx", Vec::new(), ""),
        (
            "binary.png",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDRsecretpixels\xff\xfe\x00".to_vec(),
            "UTF",
        ),
        ("latin1.tmx", latin1, "UTF-8"),
    ]
}

#[tokio::test]
async fn hostile_files_are_refused_whole_naming_the_file_and_nothing_of_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Hostile").await;
    let before = held(&app, &token, client).await;
    for (name, bytes, problem) in hostile() {
        for kind in ["memory", "terms"] {
            // TBX goes to the termbase, TMX to the memory; the others to both.
            if (name.ends_with(".tbx") && kind == "memory")
                || (name.ends_with(".tmx")
                    && !name.starts_with("empty")
                    && !name.starts_with("latin1")
                    && kind == "terms")
            {
                continue;
            }
            let form = file(name, bytes.clone());
            let response = match kind {
                "memory" => app.client(client).memory().import(&token, form).await,
                _ => app.client(client).terms().import(&token, form).await,
            };

            let status = response.status();
            let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
            assert!(status.is_client_error(), "{name} → {kind}: {status}");
            // One wording for both imports: the file, its problem, and that nothing was kept.
            assert!(
                message.starts_with(&format!("'{name}' was refused: "))
                    && message.ends_with("Nothing was imported."),
                "{name} → {kind}: {message}"
            );
            assert!(
                message.to_lowercase().contains(&problem.to_lowercase()),
                "{name} → {kind}: {message}"
            );
            for secret in ["lollol", "passwd", "secret", "IHDR"] {
                assert!(
                    !message.contains(secret),
                    "{name} → {kind} echoes {secret}: {message}"
                );
            }
        }
    }
    assert_eq!(held(&app, &token, client).await, before);
}

/// The memory's and the termbase's imports are one shape: the same field, the same message
/// when it is missing, the same upload limit (the configured one), and both in the audit log
/// with the file's name and the report.
#[tokio::test]
async fn memory_and_termbase_imports_answer_alike_and_are_both_audited() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let client = create_client(&app, &token, "Siblings").await;
    let empty = || Form::new().text("other", "x");
    for response in [
        app.client(client).memory().import(&token, empty()).await,
        app.client(client).terms().import(&token, empty()).await,
    ] {
        assert_eq!(
            error_message(response, StatusCode::BAD_REQUEST).await,
            "Please send the file in the field 'file'."
        );
    }
    let tmx = fixture("tmx/okapi/olifant-attributes.tmx");
    let csv = b"source_lang,target_lang,source,target\nen,de,Wordmark,Wordmark\n".to_vec();
    json_body(
        app.client(client)
            .memory()
            .import(&token, file("olifant.tmx", tmx))
            .await,
        StatusCode::OK,
    )
    .await;
    let report = json_body(
        app.client(client)
            .terms()
            .import(&token, file("terms.csv", csv))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(report["added"], 1, "{report}");
    let admin = app.admin_token().await;
    for (action, file_name) in [
        ("memory_imported", "olifant.tmx"),
        ("terms_imported", "terms.csv"),
    ] {
        let events = json_body(
            app.audit().list(&admin, &format!("action={action}")).await,
            StatusCode::OK,
        )
        .await;
        let events = events.as_array().unwrap();
        assert_eq!(events.len(), 1, "{action}: {events:?}");
        assert_eq!(events[0]["target_id"], client, "{action}");
        assert_eq!(events[0]["detail"]["file"], file_name, "{action}");
        assert!(
            events[0]["detail"]["report"].is_object(),
            "{action}: {events:?}"
        );
    }
}
