//! Termbases of other tools with their regional codes (`en-US`, `de-DE`; MateCat's `en-GB`)
//! apply to WPML's `en` → `de` jobs: in the machine translation's glossary, in QA and in the
//! job page's term hits. They were stored under the regional codes and silently never applied.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::import;
use crate::common::json_body;
use crate::rebranding::create_client;

/// "shop" → "Laden" preferred and "cart" → "Einkaufswagen" forbidden, as TBX v2 from Trados
/// (`martif`, `termEntry`/`langSet`/`tig`).
const TRADOS_TBX: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en-US"><martifHeader><fileDesc><sourceDesc><p>SDL MultiTerm</p></sourceDesc></fileDesc></martifHeader><text><body>
<termEntry id="1"><langSet xml:lang="en-US"><tig><term>shop</term></tig></langSet><langSet xml:lang="de-DE"><tig><term>Laden</term></tig></langSet></termEntry>
<termEntry id="2"><langSet xml:lang="en-US"><tig><term>cart</term></tig></langSet><langSet xml:lang="de-DE"><tig><term>Einkaufswagen</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig></langSet></termEntry>
</body></text></martif>
"#;

/// The same as TBX v3 from a MultiTerm export (`conceptEntry`/`langSec`/`termSec`).
const MULTITERM_TBX: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en-US" xmlns="urn:iso:std:iso:30042:ed-2"><tbxHeader><fileDesc><sourceDesc><p>TBX file, created via MultiTerm Export</p></sourceDesc></fileDesc></tbxHeader><text><body>
<conceptEntry id="c1"><langSec xml:lang="en-US"><termSec><term>shop</term></termSec></langSec><langSec xml:lang="de-DE"><termSec><term>Laden</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec></langSec></conceptEntry>
<conceptEntry id="c2"><langSec xml:lang="en-US"><termSec><term>cart</term></termSec></langSec><langSec xml:lang="de-DE"><termSec><term>Einkaufswagen</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></termSec></langSec></conceptEntry>
</body></text></tbx>
"#;

/// A glossary with named columns, as spreadsheets and other tools write it.
const GLOSSARY_CSV: &str = "source_lang,target_lang,source,target,kind\n\
    en-US,de-DE,shop,Laden,preferred\n\
    en-US,de-DE,cart,Einkaufswagen,forbidden\n";

/// MateCat's layout: a column per language (`en-GB` first, the source) and a Forbidden flag.
const MATECAT_CSV: &str = "Forbidden,Domain,Subdomain,Definition,en-GB,Notes,Example of use,de-DE,Notes,Example of use\n\
    ,Retail,,,shop,,,Laden,,\n\
    TRUE,Retail,,,cart,,,Einkaufswagen,,\n";

/// The same as an XLSX workbook with a column per language (`en_US`, `de_DE`).
fn glossary_xlsx() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let rows = [
        ["en_US", "de_DE", "forbidden"],
        ["shop", "Laden", "no"],
        ["cart", "Einkaufswagen", "yes"],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet
                .write_string(u32::try_from(r).unwrap(), u16::try_from(c).unwrap(), *cell)
                .unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

fn flag_kinds(column: &str) -> Vec<String> {
    let flags: Vec<Value> = serde_json::from_str(column).unwrap();
    flags
        .iter()
        .map(|f| f["kind"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn other_tools_termbases_apply_to_wpml_jobs() {
    use crate::mt_support::{
        DEEPL_KEY, create_project, deepl, files, job_ids, pretranslate, segments,
    };

    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = crate::common::spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.admin_token().await;
    let termbases: [(&str, Vec<u8>); 5] = [
        ("trados.tbx", TRADOS_TBX.into()),
        ("multiterm.tbx", MULTITERM_TBX.into()),
        ("glossary.csv", GLOSSARY_CSV.into()),
        ("glossary.xlsx", glossary_xlsx()),
        ("matecat.csv", MATECAT_CSV.into()),
    ];
    for (name, bytes) in termbases {
        let client = create_client(&app, &token, name).await;
        let imported = import(&app, &token, client, name, bytes).await;
        let counts = json_body(imported, StatusCode::OK).await;
        assert_eq!(counts["added"], 2, "{name}: {counts}");

        // A WPML job, `en` → `de`.
        let sources = ["Visit the shop.", "Put it in the cart."];
        let project =
            create_project(&app, &token, name, Some(client as i32), &files(1, &sources)).await;
        let requests_before = fake.requests().len();
        let status = pretranslate(&app, &token, project).await;
        assert_eq!(status["state"], "done", "{name}: {status}");
        assert_eq!(status["notices"], json!([]), "{name}: {status}");
        // Machine translation: the pair's glossary went with every request, and applied.
        let requests = &fake.requests()[requests_before..];
        assert!(!requests.is_empty(), "{name}");
        assert!(
            requests.iter().all(|r| r.body["glossary_id"].is_string()),
            "{name}: {requests:?}"
        );
        let job = job_ids(&app, project).await[0];
        let written = segments(&app, job).await;
        let first = written[0].target.as_deref().unwrap();
        assert!(first.contains("Laden"), "{name}: {first}");

        // The job page's term hits.
        let detail = json_body(app.job(job).get(&token).await, StatusCode::OK).await;
        let mut found: Vec<(&str, &str)> = detail["terms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["source"].as_str().unwrap(), t["kind"].as_str().unwrap()))
            .collect();
        found.sort_unstable();
        assert_eq!(
            found,
            [("cart", "forbidden"), ("shop", "preferred")],
            "{name}"
        );

        // QA of an edit: the preferred term missing, the forbidden one used.
        let edits = json!({ "segments": [
            { "id": written[0].id, "target": "Besuchen Sie das Geschäft.", "base_revision": written[0].revision },
            { "id": written[1].id, "target": "Legen Sie es in den Einkaufswagen.", "base_revision": written[1].revision },
        ] });
        json_body(app.job(job).update(&token, edits).await, StatusCode::OK).await;
        let edited = segments(&app, job).await;
        assert_eq!(flag_kinds(&edited[0].qa_flags), ["term"], "{name}");
        assert_eq!(
            flag_kinds(&edited[1].qa_flags),
            ["forbidden_term"],
            "{name}"
        );
    }
}
