//! `/api/rebranding...`: CRUD, the wizard's rules on the server, colour completion, the brand
//! package parsed back, non-ASCII names, the client cascade, and who may call.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};

use reqwest::{
    Method, StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app};

const LOGO: &str = include_str!("../fixtures/logos/clean.svg");
const LEGAL_NAME_MESSAGE: &str =
    "The legal name must have at least 6 letters and contain the legal entity of the company";
const DISPLAY_NAME_MESSAGE: &str = "The display name must have at least 3 letters.";

pub async fn create_client(app: &TestApp, token: &str, name: &str) -> i64 {
    let logo = Part::bytes(LOGO.as_bytes().to_vec())
        .file_name("logo.svg")
        .mime_str("image/svg+xml")
        .unwrap();
    let form = Form::new()
        .text("client_name", name.to_owned())
        .part("client_logo", logo);
    let response = app.clients().create(token, form).await;
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

fn location(street: &str, city: &str, management: &str) -> Value {
    json!({
        "address": {"street": street, "zipcode": "10115", "city": city, "country": "Deutschland"},
        "legal_info": {"vat_id": "DE123456789", "management": management,
                       "commercial_registration": "Amtsgericht Köln, HRB 4711"},
        "banking": {"bank": "Sparkasse Köln", "iban": "DE89 3704 0044 0532 0130 00", "bic": "COLSDE33"},
        "contact_details": {"phone": "+49 221 12345", "email": "info@example.de", "fax": ""}
    })
}

/// A project as the wizard sends it: new colours with zeros, one typed CMYK, two locations.
pub fn project(client_id: i64) -> Value {
    let zeros = json!({"c": 0, "y": 0, "m": 0, "k": 0});
    let black = json!({"r": 0, "g": 0, "b": 0});
    json!({
        "client_id": client_id,
        "legal_name": "Bäckerei Süß & Söhne GmbH",
        "display_name": "Café Süß",
        "color_scheme": {
            "prio1_colors": [
                {"hex": "#0a3d62", "cymk": zeros, "rgb": black},
                {"hex": "#3C6382", "cymk": {"c": 53, "y": 0, "m": 24, "k": 49}, "rgb": black}
            ],
            "prio2_colors": [{"hex": "#E55039", "cymk": zeros, "rgb": black}],
            "highlight_color": {"hex": "#FA983A", "cymk": zeros, "rgb": black},
            "greyscale_colors": [{"hex": "#2F3640"}, {"hex": "#fff"}]
        },
        "font_scheme": {"headline": "Montserrat", "body": "Open Sans"},
        "locations": [
            location("Hauptstraße 1", "Köln", "Jürgen Süß"),
            location("Rue de l'Église 5", "Paris", "Élodie Dubois")
        ]
    })
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let response = app.rebrandings().create(token, body).await;
    json_body(response, StatusCode::CREATED).await
}

async fn setup() -> (TestApp, String, i64) {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Süß & Söhne Holding").await;
    (app, token, client)
}

#[tokio::test]
async fn projects_are_created_read_listed_updated_and_deleted() {
    let (app, token, client) = setup().await;
    let other = create_client(&app, &token, "Other Client").await;

    let created = create(&app, &token, project(client)).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["client_id"], client);
    assert_eq!(created["client"]["id"], client);
    assert_eq!(created["client"]["client_name"], "Süß & Söhne Holding");
    assert!(
        created["client"]["client_logo"]
            .as_str()
            .unwrap()
            .contains("<svg")
    );
    assert_eq!(
        created["client"]["author"],
        json!({"first_name": "admin-first", "last_name": "admin-last"})
    );
    assert_eq!(
        created["author"],
        json!({"first_name": "admin-first", "last_name": "admin-last"})
    );
    assert!(created["date_created"].as_str().unwrap().contains('T'));
    assert_eq!(created["legal_name"], "Bäckerei Süß & Söhne GmbH");
    assert_eq!(created["display_name"], "Café Süß");
    assert_eq!(created["location_count"], 2);
    assert_eq!(
        created["locations"][1]["legal_info"]["management"],
        "Élodie Dubois"
    );
    assert_eq!(
        created["font_scheme"],
        json!({"headline": "Montserrat", "body": "Open Sans"})
    );

    let rebranding = app.rebranding(id);
    let one = json_body(rebranding.get(&token).await, StatusCode::OK).await;
    assert_eq!(one, created);

    let mut second = project(other);
    second["display_name"] = json!("Second");
    let second = create(&app, &token, second).await;
    let list = json_body(app.rebrandings().list(&token, "").await, StatusCode::OK).await;
    let ids: Vec<&Value> = list.as_array().unwrap().iter().map(|p| &p["id"]).collect();
    assert_eq!(ids, [&second["id"], &created["id"]], "newest first");
    let filtered = json_body(
        app.rebrandings()
            .list(&token, &format!("client_id={client}"))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(filtered, json!([created]));
    let bad_filter = app.rebrandings().list(&token, "client_id=abc").await;
    error_message(bad_filter, StatusCode::BAD_REQUEST).await;
    let counts = json_body(app.dashboard(&token).await, StatusCode::OK).await;
    assert_eq!(counts["rebranding_projects"], 2);

    // The answer of GET sent back with changes: client named by `client.id`, `cmyk` alias.
    let mut edited = one.clone();
    edited.as_object_mut().unwrap().remove("client_id");
    edited["client"] = json!({"id": other, "client_name": "ignored"});
    edited["display_name"] = json!("  Café Süß 2 ");
    edited["locations"] = json!([location("Neue Straße 3", "Bonn", "Zoë Weiß")]);
    edited["color_scheme"]["prio2_colors"][0] =
        json!({"hex": "#E55039", "cmyk": {"c": 1, "m": 2, "y": 3, "k": 4}});
    let saved = json_body(rebranding.update(&token, edited).await, StatusCode::OK).await;
    assert_eq!(saved["id"], id);
    assert_eq!(saved["client_id"], other);
    assert_eq!(saved["display_name"], "Café Süß 2");
    assert_eq!(saved["location_count"], 1);
    assert_eq!(saved["date_created"], created["date_created"]);
    assert_eq!(saved["author"], created["author"]);
    assert_eq!(
        saved["color_scheme"]["prio2_colors"][0]["cymk"],
        json!({"c": 1, "y": 3, "m": 2, "k": 4})
    );
    // Without a client the project keeps its own.
    let mut no_client = saved.clone();
    no_client.as_object_mut().unwrap().remove("client");
    no_client.as_object_mut().unwrap().remove("client_id");
    let kept = json_body(rebranding.update(&token, no_client).await, StatusCode::OK).await;
    assert_eq!(kept["client_id"], other);

    assert_eq!(
        rebranding.delete(&token).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        error_message(rebranding.get(&token).await, StatusCode::NOT_FOUND).await,
        "Project not found"
    );
    error_message(rebranding.delete(&token).await, StatusCode::NOT_FOUND).await;
    let missing = rebranding.update(&token, project(client)).await;
    error_message(missing, StatusCode::NOT_FOUND).await;
    let download = rebranding.download_package(&token).await;
    error_message(download, StatusCode::NOT_FOUND).await;
    // By hand, on purpose: the point is a malformed id in the URL.
    error_message(
        app.get("/api/rebranding/abc", &token).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

/// An edit of the valid project that breaks one rule.
type Change = Box<dyn Fn(&mut Value)>;

#[tokio::test]
async fn every_wizard_rule_is_checked_on_the_server_and_nothing_is_saved() {
    let (app, token, client) = setup().await;
    let cases: Vec<(&str, Change, String)> = vec![
        (
            "legal name of 5 letters after trimming",
            Box::new(|p| p["legal_name"] = json!("  Acme5  ")),
            LEGAL_NAME_MESSAGE.into(),
        ),
        (
            "legal name missing",
            Box::new(|p| p["legal_name"] = Value::Null),
            LEGAL_NAME_MESSAGE.into(),
        ),
        (
            "display name of 2 letters",
            Box::new(|p| p["display_name"] = json!("Ab")),
            DISPLAY_NAME_MESSAGE.into(),
        ),
        (
            "display name of blanks",
            Box::new(|p| p["display_name"] = json!("    ")),
            DISPLAY_NAME_MESSAGE.into(),
        ),
        (
            "hex without #",
            Box::new(|p| p["color_scheme"]["prio1_colors"][0]["hex"] = json!("0A3D62")),
            "Priority 1 colour 1: \"0A3D62\" is not a valid HEX colour (#RRGGBB or #RGB).".into(),
        ),
        (
            "hex of 4 digits",
            Box::new(|p| p["color_scheme"]["greyscale_colors"][1]["hex"] = json!("#ABCD")),
            "Corporate colour 2: \"#ABCD\" is not a valid HEX colour (#RRGGBB or #RGB).".into(),
        ),
        (
            "RGB above 255",
            Box::new(|p| p["color_scheme"]["prio2_colors"][0]["rgb"]["g"] = json!(256)),
            "Priority 2 colour 1: RGB value G = 256 is out of range (0 to 255).".into(),
        ),
        (
            "CMYK above 100",
            Box::new(|p| p["color_scheme"]["highlight_color"]["cymk"]["k"] = json!(101)),
            "Highlight colour: CMYK value K = 101 is out of range (0 to 100).".into(),
        ),
        (
            "CMYK below 0 through the alias",
            Box::new(|p| {
                let colour = &mut p["color_scheme"]["prio1_colors"][1];
                colour.as_object_mut().unwrap().remove("cymk");
                colour["cmyk"] = json!({"c": -1, "m": 0, "y": 0, "k": 0});
            }),
            "Priority 1 colour 2: CMYK value C = -1 is out of range (0 to 100).".into(),
        ),
        (
            "no client",
            Box::new(|p| {
                p.as_object_mut().unwrap().remove("client_id");
            }),
            "Please choose a client (the field client_id is required).".into(),
        ),
        (
            "unknown client",
            Box::new(|p| p["client_id"] = json!(9999)),
            "The client 9999 does not exist.".into(),
        ),
        (
            "display name longer than its column",
            Box::new(|p| p["display_name"] = json!("é".repeat(201))),
            "The display name can have at most 200 characters.".into(),
        ),
    ];
    for (case, change, expected) in cases {
        let mut body = project(client);
        change(&mut body);
        let response = app.rebrandings().create(&token, body).await;
        let message = error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(message, expected, "{case}");
    }

    // Several problems come back together, in the wizard's order.
    let mut body = project(client);
    body["legal_name"] = json!("Acme");
    body["display_name"] = json!("A");
    let response = app.rebrandings().create(&token, body).await;
    assert_eq!(
        error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await,
        format!("{LEGAL_NAME_MESSAGE} {DISPLAY_NAME_MESSAGE}")
    );

    // Not the project at all.
    let response = app
        .rebrandings()
        .create(&token, json!({"client_id": "x"}))
        .await;
    error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    // By hand, on purpose: a body that is no JSON at all.
    let response = app
        .request(Method::POST, "/api/rebranding", Some(&token))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    error_message(response, StatusCode::BAD_REQUEST).await;

    let list = json_body(app.rebrandings().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(list, json!([]));

    // Updates follow the same rules and leave the stored project untouched.
    let created = create(&app, &token, project(client)).await;
    let mut bad = created.clone();
    bad["legal_name"] = json!("GmbH ");
    bad["display_name"] = json!("Renamed");
    let response = app.rebranding(&created["id"]).update(&token, bad).await;
    assert_eq!(
        error_message(response, StatusCode::UNPROCESSABLE_ENTITY).await,
        LEGAL_NAME_MESSAGE
    );
    let stored = json_body(
        app.rebranding(&created["id"]).get(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(stored, created);
}

#[tokio::test]
async fn colours_are_completed_from_hex_and_typed_cmyk_is_kept() {
    let (app, token, client) = setup().await;
    let created = create(&app, &token, project(client)).await;
    let scheme = &created["color_scheme"];
    assert_eq!(
        scheme["prio1_colors"][0],
        json!({"hex": "#0A3D62", "rgb": {"r": 10, "g": 61, "b": 98},
               "cymk": {"c": 90, "y": 0, "m": 38, "k": 62}, "cmyk_computed": true})
    );
    // Typed CMYK stays; the stale RGB sent with it is replaced by the one of the hex.
    assert_eq!(
        scheme["prio1_colors"][1],
        json!({"hex": "#3C6382", "rgb": {"r": 60, "g": 99, "b": 130},
               "cymk": {"c": 53, "y": 0, "m": 24, "k": 49}, "cmyk_computed": false})
    );
    assert_eq!(scheme["greyscale_colors"][1]["hex"], "#FFFFFF");
    assert_eq!(
        scheme["greyscale_colors"][1]["rgb"],
        json!({"r": 255, "g": 255, "b": 255})
    );
    assert_eq!(scheme["highlight_color"]["hex"], "#FA983A");

    // Changing the hex of both: the suggestion follows, the typed value does not.
    let mut edited = created.clone();
    edited["color_scheme"]["prio1_colors"][0]["hex"] = json!("#FF0000");
    edited["color_scheme"]["prio1_colors"][1]["hex"] = json!("#000000");
    let saved = json_body(
        app.rebranding(&created["id"]).update(&token, edited).await,
        StatusCode::OK,
    )
    .await;
    let colours = &saved["color_scheme"]["prio1_colors"];
    assert_eq!(colours[0]["rgb"], json!({"r": 255, "g": 0, "b": 0}));
    assert_eq!(
        colours[0]["cymk"],
        json!({"c": 0, "y": 100, "m": 100, "k": 0})
    );
    assert_eq!(colours[1]["rgb"], json!({"r": 0, "g": 0, "b": 0}));
    assert_eq!(
        colours[1]["cymk"],
        json!({"c": 53, "y": 0, "m": 24, "k": 49})
    );

    // An empty highlight step means no highlight colour.
    let mut no_highlight = project(client);
    no_highlight["color_scheme"]["highlight_color"] = json!({"hex": "", "cymk": {"c": 0, "y": 0, "m": 0, "k": 0}, "rgb": {"r": 0, "g": 0, "b": 0}});
    let saved = create(&app, &token, no_highlight).await;
    assert_eq!(saved["color_scheme"]["highlight_color"], Value::Null);
}

fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        files.insert(file.name().unwrap().into_owned(), content);
    }
    files
}

fn text(files: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8(files[name].clone()).unwrap_or_else(|_| panic!("{name} is not UTF-8"))
}

/// Walks the Adobe Swatch Exchange blocks; returns (group names, colour names with models).
fn ase_blocks(bytes: &[u8]) -> (Vec<String>, Vec<(String, String)>) {
    let u16_at = |i: usize| u16::from_be_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    let name_at = |at: usize| {
        let units = u16_at(at) as usize;
        let utf16: Vec<u16> = (0..units - 1).map(|i| u16_at(at + 2 + 2 * i)).collect();
        (String::from_utf16(&utf16).unwrap(), at + 2 + 2 * units)
    };
    assert_eq!(&bytes[..4], b"ASEF");
    assert_eq!((u16_at(4), u16_at(6)), (1, 0));
    let (mut groups, mut colours) = (Vec::new(), Vec::new());
    let mut at = 12;
    for _ in 0..u32_at(8) {
        let (kind, length) = (u16_at(at), u32_at(at + 2) as usize);
        match kind {
            0xC001 => groups.push(name_at(at + 6).0),
            0xC002 => {}
            0x0001 => {
                let (name, next) = name_at(at + 6);
                let model = String::from_utf8(bytes[next..next + 4].to_vec()).unwrap();
                colours.push((name, model));
            }
            other => panic!("unknown ASE block {other:#x}"),
        }
        at += 6 + length;
    }
    assert_eq!(at, bytes.len());
    (groups, colours)
}

fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[tokio::test]
async fn the_package_is_a_zip_of_files_that_parse_back() {
    let (app, token, client) = setup().await;
    let created = create(&app, &token, project(client)).await;
    let response = app
        .rebranding(&created["id"])
        .download_package(&token)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"Caf_ S__-rebranding.zip\"; \
         filename*=UTF-8''Caf%C3%A9%20S%C3%BC%C3%9F-rebranding.zip"
    );
    let files = unzip(&response.bytes().await.unwrap());
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    for expected in [
        "README.txt",
        "brand.json",
        "tokens.json",
        "colors.css",
        "_colors.scss",
        "colors.ase",
        "colors.gpl",
        "logo.svg",
        "logo-256.png",
        "logo-512.png",
        "logo-1024.png",
        "location-0.vcf",
        "location-1.vcf",
        "imprint-0.html",
        "imprint-1.md",
        "signature-1.html",
        "brand-sheet.pdf",
    ] {
        assert!(names.contains(&expected), "{expected} missing in {names:?}");
    }

    let brand: Value = serde_json::from_slice(&files["brand.json"]).unwrap();
    assert_eq!(brand["client_name"], "Süß & Söhne Holding");
    assert_eq!(brand["author"], "admin-first admin-last");
    assert_eq!(brand["legal_name"], "Bäckerei Süß & Söhne GmbH");
    assert_eq!(brand["color_scheme"], created["color_scheme"]);

    let tokens: Value = serde_json::from_slice(&files["tokens.json"]).unwrap();
    let navy = &tokens["color"]["prio1"]["1"];
    assert_eq!(navy["$type"], Value::Null, "the type is set on the group");
    assert_eq!(tokens["color"]["prio1"]["$type"], "color");
    assert_eq!(navy["$value"]["colorSpace"], "srgb");
    assert_eq!(navy["$value"]["hex"], "#0a3d62");
    assert_eq!(tokens["font"]["headline"]["$type"], "fontFamily");
    assert_eq!(tokens["font"]["body"]["$value"], "Open Sans");

    let css = text(&files, "colors.css");
    let variables: BTreeMap<&str, &str> = css
        .lines()
        .filter_map(|l| l.trim().strip_prefix("--"))
        .map(|l| l.trim_end_matches(';').split_once(": ").unwrap())
        .collect();
    assert_eq!(variables["brand-prio1-1"], "#0A3D62");
    assert_eq!(variables["brand-highlight-1"], "#FA983A");
    assert_eq!(variables["brand-greyscale-2"], "#FFFFFF");
    assert_eq!(variables.len(), 6);
    assert!(text(&files, "_colors.scss").contains("$brand-prio2-1: #E55039;"));

    let (groups, colours) = ase_blocks(&files["colors.ase"]);
    assert_eq!(
        groups,
        ["Priority 1", "Priority 2", "Highlight", "Corporate"]
    );
    assert_eq!(colours.len(), 12, "RGB and CMYK for 6 colours");
    assert!(colours.contains(&("Priority 1 - 2 CMYK".into(), "CMYK".into())));

    let vcard = text(&files, "location-0.vcf").replace("\r\n ", "");
    let lines: Vec<&str> = vcard.split("\r\n").collect();
    assert_eq!(lines[0], "BEGIN:VCARD");
    assert!(lines.contains(&"END:VCARD"));
    assert!(lines.iter().any(|l| l.starts_with("VERSION:")), "{vcard}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ORG") && l.contains("Bäckerei Süß & Söhne GmbH")),
        "{vcard}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ADR") && l.contains("Hauptstraße 1") && l.contains("Köln")),
        "{vcard}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("TEL") && l.contains("+49 221 12345"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("EMAIL") && l.contains("info@example.de"))
    );
    let vcard1 = text(&files, "location-1.vcf").replace("\r\n ", "");
    assert!(vcard1.contains("Rue de l'Église 5") || vcard1.contains("Rue de l\\'Église 5"));

    let imprint = text(&files, "imprint-1.md");
    assert!(imprint.contains("Élodie Dubois"), "{imprint}");
    assert!(text(&files, "imprint-0.html").contains("Jürgen Süß"));
    assert!(text(&files, "signature-0.html").contains("Hauptstraße 1"));

    for (name, size) in [
        ("logo-256.png", 256),
        ("logo-512.png", 512),
        ("logo-1024.png", 1024),
    ] {
        assert_eq!(png_size(&files[name]), (size, size), "{name}");
    }
    assert!(text(&files, "logo.svg").contains("<svg"));

    let pdf = &files["brand-sheet.pdf"];
    assert!(pdf.starts_with(b"%PDF-"));
    let page_objects = pdf
        .windows(11)
        .filter(|w| w.starts_with(b"/Type/Page") && w[10] != b's')
        .count();
    assert!(page_objects >= 1, "the PDF has a page");
    assert!(text(&files, "README.txt").starts_with("Brand package: Café Süß"));
}

#[tokio::test]
async fn deleting_the_client_deletes_its_rebranding_projects() {
    let (app, token, client) = setup().await;
    let other = create_client(&app, &token, "Keeps its projects").await;
    let doomed = create(&app, &token, project(client)).await;
    let kept = create(&app, &token, project(other)).await;
    let response = app.client(client).delete(&token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    error_message(
        app.rebranding(&doomed["id"]).get(&token).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let list = json_body(app.rebrandings().list(&token, "").await, StatusCode::OK).await;
    assert_eq!(list, json!([kept]));
}

#[tokio::test]
async fn editors_may_do_everything_and_callers_without_a_token_nothing() {
    let (app, admin, client) = setup().await;
    app.create_user("eve", Role::Editor).await;
    let editor = app.token("eve", PASSWORD).await;
    let created = create(&app, &editor, project(client)).await;
    assert_eq!(
        created["author"],
        json!({"first_name": "eve-first", "last_name": "eve-last"})
    );
    let rebranding = app.rebranding(&created["id"]);
    let by_admin = json_body(rebranding.get(&admin).await, StatusCode::OK).await;
    assert_eq!(by_admin, created);
    let saved = rebranding.update(&editor, created.clone()).await;
    json_body(saved, StatusCode::OK).await;
    let package = rebranding.download_package(&editor).await;
    assert_eq!(package.status(), StatusCode::OK);

    // By hand, on purpose: every route of the resource, asked without a session.
    let path = format!("/api/rebranding/{}", created["id"]);
    let download = format!("{path}/download-package");
    for (method, path) in [
        (Method::GET, "/api/rebranding"),
        (Method::POST, "/api/rebranding"),
        (Method::GET, path.as_str()),
        (Method::PUT, path.as_str()),
        (Method::DELETE, path.as_str()),
        (Method::POST, download.as_str()),
    ] {
        let response = app
            .request(method.clone(), path, None)
            .json(&project(client))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNAUTHORIZED,
            "{method} {path}"
        );
    }
    let still = json_body(rebranding.get(&admin).await, StatusCode::OK).await;
    assert_eq!(still["id"], created["id"]);

    let response = rebranding.delete(&editor).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
}
