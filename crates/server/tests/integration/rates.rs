//! Rate schemes over HTTP: the agency's default and a client's own, validation naming the
//! field, who may change them, the audit log, the priced analysis as XLSX and PDF quote, and
//! that a customer sees none of the agency's numbers.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app, spawn_app_with};

pub fn scheme(word_price: f64, currency: &str) -> Value {
    json!({
        "currency": currency,
        "word_price": word_price,
        "minimum_fee": 25.0,
        "mt_price_per_million_characters": 20.0,
        "percentages": {
            "repetition": 10, "context": 0, "exact": 10, "fuzzy95": 30,
            "fuzzy85": 60, "fuzzy75": 80, "fuzzy50": 100, "no_match": 100
        }
    })
}

async fn client(app: &TestApp, token: &str) -> i64 {
    let form = reqwest::multipart::Form::new().text("client_name", "Acme");
    let response = app.clients().create(token, form).await;
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn default_and_client_schemes_with_validation_roles_and_audit() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let translator = app.token("tina", PASSWORD).await;
    let id = client(&app, &admin).await;
    let client = app.client(id);

    // Nothing saved: the built-in scheme.
    let built_in = json_body(client.rate_scheme(&editor).await, StatusCode::OK).await;
    assert_eq!(built_in["source"], "built_in");

    // An editor sets the default; the client inherits it.
    let saved = json_body(
        app.settings()
            .set_rate_scheme(&editor, scheme(0.1, "usd"))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["scheme"]["currency"], "USD");
    let inherited = json_body(client.rate_scheme(&editor).await, StatusCode::OK).await;
    assert_eq!(inherited["source"], "default");
    assert_eq!(inherited["scheme"]["word_price"], 0.1);

    // The client's own wins; removing it brings the default back.
    let own = json_body(
        client.set_rate_scheme(&admin, scheme(0.2, "EUR")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(own["source"], "client");
    assert_eq!(own["scheme"]["word_price"], 0.2);
    let again = json_body(
        client.set_rate_scheme(&admin, scheme(0.15, "EUR")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again["scheme"]["word_price"], 0.15);

    // Refused whole, naming the field; nothing changes.
    for (body, field) in [
        (scheme(-0.1, "EUR"), "word_price"),
        (scheme(0.1, "EURO"), "currency"),
        (
            {
                let mut s = scheme(0.1, "EUR");
                s["percentages"]["fuzzy85"] = json!(5000);
                s
            },
            "percentages.fuzzy85",
        ),
    ] {
        let message = error_message(
            client.set_rate_scheme(&admin, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(field), "{field}: {message}");
    }
    let unchanged = json_body(client.rate_scheme(&admin).await, StatusCode::OK).await;
    assert_eq!(unchanged["scheme"]["word_price"], 0.15);

    // Translators neither read nor write them: a client's are outside their assignments (404),
    // the default is not theirs (403).
    for (response, refusal) in [
        (client.rate_scheme(&translator).await, StatusCode::NOT_FOUND),
        (
            client
                .set_rate_scheme(&translator, scheme(0.3, "EUR"))
                .await,
            StatusCode::NOT_FOUND,
        ),
        (
            app.settings()
                .set_rate_scheme(&translator, scheme(0.3, "EUR"))
                .await,
            StatusCode::FORBIDDEN,
        ),
        (
            app.settings().rate_scheme(&translator).await,
            StatusCode::FORBIDDEN,
        ),
        (
            client.delete_rate_scheme(&translator).await,
            StatusCode::NOT_FOUND,
        ),
    ] {
        error_message(response, refusal).await;
    }

    let removed = client.delete_rate_scheme(&editor).await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let back = json_body(client.rate_scheme(&admin).await, StatusCode::OK).await;
    assert_eq!(back["source"], "default");
    let none_left = client.delete_rate_scheme(&editor).await;
    error_message(none_left, StatusCode::NOT_FOUND).await;
    let no_client = app.client(9999).rate_scheme(&admin).await;
    error_message(no_client, StatusCode::NOT_FOUND).await;

    // One audit event per change: the default, two client saves, the removal.
    let events = json_body(
        app.audit().list(&admin, "action=rate_scheme_changed").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(events.as_array().unwrap().len(), 4, "{events}");
}

/// `analysis.xlsx` read back with calamine and `quote.pdf` read with pdftotext and drawn with
/// pdftoppm (the PNG is kept in the temporary folder to look at).
#[tokio::test]
async fn analysis_workbook_and_quote_pdf_carry_the_priced_analysis() {
    use calamine::{Data, Reader, Xlsx};

    use crate::translation::{project_form, zip_of_fixtures};

    let app = spawn_app_with(|c| c.agency_name = "Lingua Partners".into()).await;
    let token = app.admin_token().await;
    let logo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/logos/clean.svg"
    ))
    .unwrap();
    let form = reqwest::multipart::Form::new()
        .text("client_name", "Acme")
        .part(
            "client_logo",
            reqwest::multipart::Part::bytes(logo)
                .file_name("logo.svg")
                .mime_str("image/svg+xml")
                .unwrap(),
        );
    let client = json_body(
        app.clients().create(&token, form).await,
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    app.client(client)
        .set_rate_scheme(&token, scheme(0.1, "EUR"))
        .await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff", "wpml-bom-crlf.xliff"]);
    let form = project_form(Some("Spring launch"), Some(&client.to_string()), archive);
    let project = json_body(
        app.translations().create(&token, form).await,
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let analysis = json_body(
        app.translation(project).analysis(&token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(analysis["pricing"]["scheme_source"], "client");

    let response = app.translation(project).analysis_xlsx(&token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let mut workbook: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let range = workbook.worksheet_range("Analysis").unwrap();
    let rows: Vec<&[Data]> = range.rows().collect();
    assert_eq!(rows[0][9], Data::String("Price (EUR)".into()));
    // Per job 8 bands and a total, then a blank row; the last part is all jobs.
    let jobs = analysis["jobs"].as_array().unwrap();
    assert_eq!(rows.len(), 1 + (jobs.len() + 1) * 10 - 1);
    assert_eq!(
        rows[1][0],
        Data::String(jobs[0]["file_name"].as_str().unwrap().into())
    );
    assert_eq!(rows[1][3], Data::String("Repetitions".into()));
    assert!(matches!(rows[1][5], Data::Float(_)), "{:?}", rows[1][5]);
    let last = rows.last().unwrap();
    assert_eq!(last[0], Data::String("All jobs".into()));
    assert_eq!(last[3], Data::String("Total".into()));
    assert_eq!(
        last[5],
        Data::Float(analysis["total"]["words"].as_f64().unwrap())
    );
    assert_eq!(
        last[8],
        Data::Float(
            analysis["pricing"]["priced"]["weighted_words"]
                .as_f64()
                .unwrap()
        )
    );
    assert_eq!(
        last[9],
        Data::Float(analysis["pricing"]["priced"]["total"].as_f64().unwrap())
    );

    let response = app.translation(project).quote_pdf(&token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let pdf = response.bytes().await.unwrap();
    // Kept for a person to look at, in the target folder's space for tests rather than /tmp.
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("quote");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("quote.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let text = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils, make system-deps)");
    let text = String::from_utf8(text.stdout).unwrap();
    let total = analysis["pricing"]["priced"]["total"].as_f64().unwrap();
    for expected in [
        "Lingua Partners",
        "Quote",
        "Acme",
        "Spring launch",
        "Valid until",
        "Weighted words",
        "No match",
        &format!("EUR {total:.2}"),
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    let drawn = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-singlefile"])
        .arg(&path)
        .arg(folder.join("quote"))
        .status()
        .unwrap();
    assert!(drawn.success());
    let png = std::fs::read(folder.join("quote.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "pdftoppm drew no PNG");
    eprintln!("quote drawn to {}", folder.join("quote.png").display());

    let missing = app.translation(9999).quote_pdf(&token).await;
    error_message(missing, StatusCode::NOT_FOUND).await;
}

/// What the agency charges and pays is its own: a customer's analysis has the counts alone (no
/// scheme, prices or machine translation cost), their workbook no price columns, and the rate
/// schemes and the quote priced from today's counts answer them 403. Staff see the prices.
#[tokio::test]
async fn a_customer_sees_the_counts_and_none_of_the_agencys_numbers() {
    use calamine::{Data, Reader, Xlsx};

    use crate::translation::{project_form, zip_of_fixtures};

    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = client(&app, &admin).await;
    app.client(id)
        .set_rate_scheme(&admin, scheme(0.1, "EUR"))
        .await;
    app.create_customer("carla", vec![id as i32]).await;
    let customer = app.token("carla", PASSWORD).await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff"]);
    let form = project_form(Some("Spring launch"), Some(&id.to_string()), archive);
    let project = json_body(
        app.translations().create(&admin, form).await,
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();

    let staff = json_body(
        app.translation(project).analysis(&admin).await,
        StatusCode::OK,
    )
    .await;
    assert!(staff["pricing"]["priced"]["mt_cost"].is_number(), "{staff}");
    let theirs = json_body(
        app.translation(project).analysis(&customer).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(theirs["total"], staff["total"]);
    assert_eq!(theirs["bands"], staff["bands"]);
    let text = theirs.to_string();
    for internal in [
        "pricing",
        "scheme",
        "priced",
        "price",
        "mt_characters",
        "mt_cost",
    ] {
        assert!(!text.contains(internal), "{internal} answered: {text}");
    }

    let response = app.translation(project).analysis_xlsx(&customer).await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let mut workbook: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let range = workbook.worksheet_range("Analysis").unwrap();
    let header: Vec<&Data> = range.rows().next().unwrap().iter().collect();
    assert_eq!(header.len(), 7, "{header:?}");
    assert_eq!(header[6], &Data::String("Characters".into()));

    for response in [
        app.translation(project).quote_pdf(&customer).await,
        app.client(id).rate_scheme(&customer).await,
        app.settings().rate_scheme(&customer).await,
    ] {
        error_message(response, StatusCode::FORBIDDEN).await;
    }
    let pdf = app.translation(project).quote_pdf(&admin).await;
    assert_eq!(pdf.status(), StatusCode::OK);
}
