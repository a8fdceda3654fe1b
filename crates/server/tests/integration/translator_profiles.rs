//! Translators' profiles through the API on the configured database: who reads and writes
//! them (staff who manage users any translator's, a translator their own, with only their
//! availability to change; anybody else's 404), each refusal naming its field and writing
//! nothing; the suggestions of whom to assign; the price from the rate frozen at the offer and
//! shown with its basis on the purchase order; and what a project earns per currency.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use crate::{
    assignments::{act, offer_with_amount, project_of_client},
    common::{PASSWORD, TestApp, error_message, json_body, pdf_text, spawn_app},
    rebranding::create_client,
    translation::{project_form, zip_of_fixtures},
};

fn of_user(username: &str) -> String {
    format!("/api/user/{username}/translator-profile")
}

const OWN: &str = "/api/account/translator-profile";

async fn put(app: &TestApp, token: &str, path: &str, body: Value) -> reqwest::Response {
    app.send_json(Method::PUT, path, token, body).await
}

/// Tina's terms: en → de at the default rate, en → pt-br at its own, paid in GBP.
fn terms() -> Value {
    json!({
        "currency": "gbp",
        "default_rate": 0.1,
        "availability": "  Weekdays, not in August. ",
        "pairs": [
            { "source_lang": "en-US", "target_lang": "de-DE" },
            { "source_lang": "EN", "target_lang": "pt_BR", "rate": 0.125 },
        ],
    })
}

#[tokio::test]
async fn staff_who_manage_users_set_a_profile_and_its_translator_reads_it_and_sets_availability() {
    let app = spawn_app().await;
    let (admin, editor) = (app.admin_token().await, app.editor_token().await);
    app.create_user("tina", Role::Translator).await;
    app.create_user("tom", Role::Translator).await;
    let client = create_client(&app, &editor, "Acme").await;
    app.create_customer("carla", vec![client as i32]).await;
    let tina = app.token("tina", PASSWORD).await;
    let tom = app.token("tom", PASSWORD).await;
    let carla = app.token("carla", PASSWORD).await;

    // Nobody set it yet: the agency's currency, nothing else.
    let empty = json_body(app.get(&of_user("tina"), &admin).await, StatusCode::OK).await;
    assert_eq!(
        (&empty["currency"], &empty["pairs"], &empty["updated_at"]),
        (&json!("EUR"), &json!([]), &Value::Null)
    );

    let saved = json_body(
        put(&app, &admin, &of_user("tina"), terms()).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["currency"], "GBP");
    assert_eq!(saved["availability"], "Weekdays, not in August.");
    assert_eq!(
        saved["pairs"],
        json!([
            { "source_lang": "en", "target_lang": "de", "rate": null },
            { "source_lang": "en", "target_lang": "pt-br", "rate": 0.125 },
        ])
    );
    let read = json_body(app.get(&of_user("tina"), &admin).await, StatusCode::OK).await;
    assert_eq!(read, saved);

    // The translator reads their own, both ways, and sets only their availability.
    let own = json_body(app.get(OWN, &tina).await, StatusCode::OK).await;
    assert_eq!(own, saved);
    assert_eq!(
        json_body(app.get(&of_user("tina"), &tina).await, StatusCode::OK).await,
        saved
    );
    let body = json!({ "availability": "From 3 March", "currency": "USD", "pairs": [] });
    let changed = json_body(put(&app, &tina, OWN, body).await, StatusCode::OK).await;
    assert_eq!(changed["availability"], "From 3 March");
    assert_eq!(
        (&changed["currency"], &changed["pairs"]),
        (&saved["currency"], &saved["pairs"])
    );
    assert_eq!(
        put(&app, &tina, &of_user("tina"), terms()).await.status(),
        StatusCode::FORBIDDEN
    );

    // Another translator's profile, or any for who does not manage users: as if there were none.
    for (token, who) in [(&tom, "tom"), (&carla, "carla"), (&editor, "editor")] {
        let answer = app.get(&of_user("tina"), token).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{who}");
    }
    for token in [&carla, &editor] {
        assert_eq!(
            put(&app, token, &of_user("tina"), terms()).await.status(),
            StatusCode::FORBIDDEN
        );
    }
    // Only translators have one.
    assert_eq!(app.get(OWN, &carla).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        put(&app, &carla, OWN, json!({ "availability": "x" }))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&of_user("editor"), &admin).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        put(&app, &admin, &of_user("carla"), terms()).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&of_user("nobody-here"), &admin).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn each_refusal_names_its_field_and_writes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.create_user("tina", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    let saved = json_body(
        put(&app, &admin, &of_user("tina"), terms()).await,
        StatusCode::OK,
    )
    .await;

    let with = |change: Value| {
        let mut body = terms();
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let pair = |source: &str, target: &str, rate: Value| {
        json!([
            { "source_lang": "en", "target_lang": "fr" },
            { "source_lang": source, "target_lang": target, "rate": rate },
        ])
    };
    let long = "x".repeat(2_001);
    for (body, field) in [
        (with(json!({ "currency": "EURO" })), "currency"),
        (with(json!({ "currency": "XYZ" })), "currency"),
        (with(json!({ "default_rate": -0.01 })), "default_rate"),
        (with(json!({ "default_rate": 5000 })), "default_rate"),
        (with(json!({ "availability": long })), "availability"),
        (
            with(json!({ "pairs": pair("en", "klingon", Value::Null) })),
            "pairs[1].target_lang",
        ),
        (
            with(json!({ "pairs": pair("xx", "de", Value::Null) })),
            "pairs[1].source_lang",
        ),
        (
            with(json!({ "pairs": pair("en", "de", json!(-1)) })),
            "pairs[1].rate",
        ),
        (
            with(json!({ "pairs": pair("en", "de", json!(1e6)) })),
            "pairs[1].rate",
        ),
        (
            with(json!({ "pairs": pair("en-GB", "en", Value::Null) })),
            "pairs[1].target_lang",
        ),
        (
            with(json!({ "pairs": pair("en-us", "fr-FR", Value::Null) })),
            "pairs[1]",
        ),
    ] {
        let refused = put(&app, &admin, &of_user("tina"), body.clone()).await;
        let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            message.contains(&format!("The field {field} ")),
            "{field}: {message} ({body})"
        );
    }
    let own = put(
        &app,
        &tina,
        OWN,
        json!({ "availability": "x".repeat(2_001) }),
    )
    .await;
    let message = error_message(own, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("availability"), "{message}");

    let after = json_body(app.get(&of_user("tina"), &admin).await, StatusCode::OK).await;
    assert_eq!(after, saved);
}

/// A project of a new client `name` with a job en → de and one en → pt-br: its id and the
/// jobs' ids.
async fn project(app: &TestApp, editor: &str, name: &str) -> (i64, Vec<i64>) {
    let client = create_client(app, editor, name).await.to_string();
    let files = ["wpml-page-cdata.xliff", "wpml-bom-crlf.xliff"];
    let form = project_form(Some(name), Some(&client), zip_of_fixtures(&files));
    let created = json_body(
        app.translations().create(editor, form).await,
        StatusCode::CREATED,
    )
    .await;
    let jobs = created["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|job| job["id"].as_i64().unwrap())
        .collect();
    (created["id"].as_i64().unwrap(), jobs)
}

/// Each job's weighted words in the project's analysis, by job id.
async fn weighted_words(app: &TestApp, editor: &str, project: i64) -> Vec<(i64, f64)> {
    let analysis = json_body(
        app.get(&format!("/api/translation/{project}/analysis"), editor)
            .await,
        StatusCode::OK,
    )
    .await;
    let jobs = analysis["jobs"].as_array().unwrap();
    let priced = analysis["pricing"]["jobs"].as_array().unwrap();
    jobs.iter()
        .zip(priced)
        .map(|(job, priced)| {
            (
                job["job_id"].as_i64().unwrap(),
                priced["weighted_words"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn offer_body(username: &str, extra: Value) -> Value {
    let mut body = json!({
        "username": username, "task": "translate", "due_at": "2030-01-31T17:00:00Z",
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

#[tokio::test]
async fn an_offer_at_the_translator_s_rate_keeps_its_basis_and_the_order_shows_it() {
    let app = spawn_app().await;
    let (admin, editor) = (app.admin_token().await, app.editor_token().await);
    app.create_user("tina", Role::Translator).await;
    app.create_user("tom", Role::Translator).await;
    app.create_user("una", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    json_body(
        put(&app, &admin, &of_user("tina"), terms()).await,
        StatusCode::OK,
    )
    .await;
    // Tom works en → de only, without a rate; Una into French only.
    let tom_terms =
        json!({ "currency": "EUR", "pairs": [{ "source_lang": "en", "target_lang": "de" }] });
    json_body(
        put(&app, &admin, &of_user("tom"), tom_terms).await,
        StatusCode::OK,
    )
    .await;
    let una_terms = json!({ "currency": "EUR", "default_rate": 0.2,
        "pairs": [{ "source_lang": "en", "target_lang": "fr" }] });
    json_body(
        put(&app, &admin, &of_user("una"), una_terms).await,
        StatusCode::OK,
    )
    .await;
    let (project, jobs) = project(&app, &editor, "Site").await;
    let words = weighted_words(&app, &editor, project).await;
    let words_of = |job: i64| words.iter().find(|(id, _)| *id == job).unwrap().1;
    assert!(words_of(jobs[0]) > 0.0, "{words:?}");

    // Who fits the en → de job: Tina at her default rate, Tom without one.
    let suggested = json_body(
        app.get(&format!("/api/job/{}/translators", jobs[0]), &editor)
            .await,
        StatusCode::OK,
    )
    .await;
    let names: Vec<&str> = suggested
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tina", "tom"]);
    let expected = (0.1 * words_of(jobs[0]) * 100.0).round() as i64;
    let first = &suggested[0];
    assert_eq!(first["currency"], "GBP");
    assert_eq!(first["availability"], "Weekdays, not in August.");
    assert_eq!(
        first["pairs"],
        json!([{ "source_lang": "en", "target_lang": "de", "rate": 0.1 }])
    );
    assert_eq!(first["weighted_words"].as_f64(), Some(words_of(jobs[0])));
    assert_eq!(first["amount"].as_i64(), Some(expected));
    assert_eq!(suggested[1]["amount"], Value::Null);
    // The project's jobs still to assign (en → de and en → pt-br): Tina alone has both.
    let for_project = json_body(
        app.get(&format!("/api/translation/{project}/translators"), &editor)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(for_project.as_array().unwrap().len(), 1, "{for_project}");
    let both = (0.1 * words_of(jobs[0]) * 100.0).round() as i64
        + (0.125 * words_of(jobs[1]) * 100.0).round() as i64;
    assert_eq!(for_project[0]["amount"].as_i64(), Some(both));

    // Refused before anything is written: both prices at once, no rate for the pair.
    let path = format!("/api/job/{}/assignment", jobs[0]);
    let both_prices = offer_body("tina", json!({ "amount": 100, "price_by_rate": true }));
    let refused = app
        .send_json(Method::POST, &path, &editor, both_prices)
        .await;
    let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("price_by_rate"), "{message}");
    for who in ["tom", "una"] {
        let no_rate = offer_body(who, json!({ "price_by_rate": true }));
        let refused = app.send_json(Method::POST, &path, &editor, no_rate).await;
        let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            message.contains("price_by_rate") && message.contains(who),
            "{message}"
        );
    }

    let offer = offer_body("tina", json!({ "price_by_rate": true }));
    let id = json_body(
        app.send_json(Method::POST, &path, &editor, offer).await,
        StatusCode::CREATED,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let shown = json_body(
        app.get(&format!("/api/assignments/{id}"), &tina).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (
            &shown["currency"],
            shown["rate"].as_f64(),
            shown["amount"].as_i64()
        ),
        (&json!("GBP"), Some(0.1), Some(expected))
    );
    assert_eq!(shown["weighted_words"].as_f64(), Some(words_of(jobs[0])));

    // The profile changes: the offer does not, nor the order drawn at acceptance.
    let dearer = json!({ "currency": "EUR", "default_rate": 0.5,
        "pairs": [{ "source_lang": "en", "target_lang": "de" }] });
    json_body(
        put(&app, &admin, &of_user("tina"), dearer).await,
        StatusCode::OK,
    )
    .await;
    let accepted = json_body(
        act(&app, &tina, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (
            &accepted["currency"],
            accepted["rate"].as_f64(),
            accepted["amount"].as_i64()
        ),
        (&json!("GBP"), Some(0.1), Some(expected))
    );
    let pdf = app
        .get(&format!("/api/assignments/{id}/order.pdf"), &tina)
        .await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    let amount = format!("GBP {}.{:02}", expected / 100, expected % 100);
    let basis = format!("weighted words × GBP 0.10 = {amount}");
    for wanted in [basis.as_str(), "Amount (GBP)", amount.as_str()] {
        assert!(text.contains(wanted), "{wanted:?} missing from:\n{text}");
    }
}

#[tokio::test]
async fn a_project_s_orders_are_summed_per_currency_and_its_margin_needs_one_currency() {
    let app = spawn_app().await;
    let (admin, editor) = (app.admin_token().await, app.editor_token().await);
    app.create_user("tina", Role::Translator).await;
    app.create_user("tom", Role::Translator).await;
    let (tina, tom) = (
        app.token("tina", PASSWORD).await,
        app.token("tom", PASSWORD).await,
    );
    json_body(
        put(&app, &admin, &of_user("tina"), terms()).await,
        StatusCode::OK,
    )
    .await;
    let client = create_client(&app, &editor, "Acme").await;
    app.create_customer("carla", vec![client as i32]).await;
    let carla = app.token("carla", PASSWORD).await;
    let (project, jobs) = project_of_client(&app, &editor, client, "Site").await;

    // Tina (GBP) for a fixed 30.00, Tom (no profile: the agency's EUR) for 12.50; both accept.
    let by_tina = offer_with_amount(&app, &editor, jobs[0], "tina", 30_00).await;
    let by_tom = offer_with_amount(&app, &editor, jobs[1], "tom", 12_50).await;
    for (token, id) in [(&tina, by_tina), (&tom, by_tom)] {
        json_body(
            act(&app, token, id, "accept", json!({})).await,
            StatusCode::OK,
        )
        .await;
    }
    let quotes = app.translation(project).quotes();
    let quote = json_body(quotes.compose(&editor, json!({})).await, StatusCode::OK).await;
    json_body(quotes.send(&editor, &quote["id"]).await, StatusCode::OK).await;
    let answer = json!({ "name": "Carla", "po_number": "PO-7", "terms_accepted": true });
    json_body(
        quotes.accept(&carla, &quote["id"], answer).await,
        StatusCode::OK,
    )
    .await;

    let path = format!("/api/translation/{project}/earnings");
    let found = json_body(app.get(&path, &editor).await, StatusCode::OK).await;
    assert_eq!(
        found["orders_by_currency"],
        json!([
            { "currency": "EUR", "total": 12.5, "orders": 1, "without_amount": 0 },
            { "currency": "GBP", "total": 30.0, "orders": 1, "without_amount": 0 },
        ])
    );
    assert_eq!(found["orders"].as_u64(), Some(2));
    assert_eq!(found["quote"]["currency"], "EUR");
    assert_eq!(found["margin"], Value::Null, "{found}");

    // Withdrawn after acceptance, Tina's order is no order: one currency again, a margin.
    json_body(
        act(&app, &editor, by_tina, "withdraw", json!({})).await,
        StatusCode::OK,
    )
    .await;
    let found = json_body(app.get(&path, &editor).await, StatusCode::OK).await;
    assert_eq!(found["orders_by_currency"].as_array().unwrap().len(), 1);
    let margin = found["margin"].as_f64().unwrap();
    let expected = quote["total"].as_f64().unwrap() - 12.5 - found["mt_cost"].as_f64().unwrap();
    assert!((margin - expected).abs() < 0.005, "{margin} != {expected}");
}
