//! Requests and quotes: a customer's request from a WPML zip (a project in `Created`, the
//! request's details, a draft quote, the staff told), and a quote's versions through their
//! states (sent, superseded and kept, accepted once, expired refused, declined with a reason),
//! who sees what (no drafts for customers, nothing of another client's), the staff list and
//! its totals, and the notifications, mails and audit entries of each event.

use std::time::Duration;

use reqwest::{StatusCode, multipart::Form, multipart::Part};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use wordmark_server::db::entities::{mail_outbox, notification, user::Role};

use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, smtp::FakeSmtp, spawn_app_with},
    rebranding::create_client,
    translation::{project_form, zip_of_fixtures},
};

const FIXTURE: &str = "wpml-page-cdata.xliff";

/// The staff and customers of one test: an administrator, an editor, a translator, and a
/// customer of each of two clients.
struct People {
    admin: String,
    editor: String,
    translator: String,
    /// A customer of `client`.
    customer: String,
    /// A customer of `other_client`.
    stranger: String,
    client: i64,
    other_client: i64,
}

async fn people(app: &TestApp) -> People {
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    app.create_user("translator", Role::Translator).await;
    let translator = app.token("translator", PASSWORD).await;
    let client = create_client(app, &editor, "Acme").await;
    let other_client = create_client(app, &editor, "Globex").await;
    app.create_customer("cust", vec![client as i32]).await;
    app.create_customer("stranger", vec![other_client as i32])
        .await;
    People {
        admin,
        editor,
        translator,
        customer: app.token("cust", PASSWORD).await,
        stranger: app.token("stranger", PASSWORD).await,
        client,
        other_client,
    }
}

fn request_form(title: &str, client: Option<i64>, due: Option<&str>, note: Option<&str>) -> Form {
    let mut form = Form::new().text("title", title.to_owned());
    if let Some(client) = client {
        form = form.text("client_id", client.to_string());
    }
    if let Some(due) = due {
        form = form.text("due_date", due.to_owned());
    }
    if let Some(note) = note {
        form = form.text("note", note.to_owned());
    }
    let zip = Part::bytes(zip_of_fixtures(&[FIXTURE]))
        .file_name("site.zip")
        .mime_str("application/zip")
        .unwrap();
    form.part("project_files", zip)
}

/// A staff project of `client`; its id.
async fn staff_project(app: &TestApp, editor: &str, client: i64) -> i64 {
    let form = project_form(
        Some("Site"),
        Some(&client.to_string()),
        zip_of_fixtures(&[FIXTURE]),
    );
    let project = app.translations().create(editor, form).await;
    json_body(project, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

async fn compose(app: &TestApp, project: i64, token: &str, body: Value) -> Value {
    let composed = app.translation(project).quotes().compose(token, body).await;
    json_body(composed, StatusCode::OK).await
}

async fn send(app: &TestApp, project: i64, quote: &Value, token: &str) -> reqwest::Response {
    app.translation(project)
        .quotes()
        .send(token, &quote["id"])
        .await
}

fn accepting(name: &str) -> Value {
    json!({ "name": name, "po_number": "PO-7", "terms_accepted": true })
}

async fn overview(app: &TestApp, project: i64, token: &str) -> Value {
    json_body(
        app.translation(project).quotes().overview(token).await,
        StatusCode::OK,
    )
    .await
}

async fn notified(app: &TestApp, username: &str, kind: &str) -> u64 {
    let user = wordmark_server::services::accounts::find_by_username(&app.db, username)
        .await
        .unwrap()
        .unwrap();
    notification::Entity::find()
        .filter(notification::Column::UserId.eq(user.id))
        .filter(notification::Column::Kind.eq(kind))
        .count(&app.db)
        .await
        .unwrap()
}

async fn mails(app: &TestApp, to: &str, subject: &str) -> u64 {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Recipient.eq(to))
        .filter(mail_outbox::Column::Subject.contains(subject))
        .count(&app.db)
        .await
        .unwrap()
}

async fn audit_actions(app: &TestApp, admin: &str) -> Vec<String> {
    let events = json_body(app.audit().list(admin, "limit=200").await, StatusCode::OK).await;
    events
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

fn money(value: &Value) -> f64 {
    value.as_f64().unwrap()
}

#[tokio::test]
async fn a_request_from_a_zip_is_a_created_project_with_a_draft_quote_and_the_staff_are_told() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let p = people(&app).await;

    // Refused before anything is written: another client's (404, as any record out of scope),
    // no title, a date in the past; translators may not request.
    let other = request_form("Site", Some(p.other_client), None, None);
    let answer = app.quote_requests().create(&p.customer, other).await;
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    let untitled = request_form(" ", Some(p.client), None, None);
    let message = error_message(
        app.quote_requests().create(&p.customer, untitled).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "The title is required.");
    let past = request_form("Site", Some(p.client), Some("2000-01-01"), None);
    let answer = app.quote_requests().create(&p.customer, past).await;
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let form = request_form("Site", Some(p.client), None, None);
    let answer = app.quote_requests().create(&p.translator, form).await;
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    let listed = app.translations().list(&p.editor, "").await;
    assert_eq!(json_body(listed, StatusCode::OK).await, json!([]));

    let form = request_form(
        "Spring site",
        Some(p.client),
        Some("2099-05-01"),
        Some("By May"),
    );
    let requested = app.quote_requests().create(&p.customer, form).await;
    let requested = json_body(requested, StatusCode::CREATED).await;
    let project = requested["project"]["id"].as_i64().unwrap();
    assert_eq!(requested["project"]["status"], "Created");
    assert_eq!(requested["project"]["name"], "Spring site");
    assert_eq!(requested["project"]["jobs"].as_array().unwrap().len(), 1);
    let draft = &requested["quote"];
    assert_eq!(draft["state"], "draft");
    assert_eq!(draft["version"], 1);
    assert_eq!(draft["due_date"], "2099-05-01");
    assert_eq!(draft["validity_days"], 30);
    assert!(draft["numbers"]["words"].as_u64().unwrap() > 0, "{draft}");
    assert_eq!(draft["numbers"]["bands"].as_array().unwrap().len(), 8);
    assert_eq!(
        money(&draft["total"]),
        money(&draft["numbers"]["priced_total"])
    );
    // The analysis prices the same words the same way.
    let analysis = app.translation(project).analysis(&p.editor).await;
    let analysis = json_body(analysis, StatusCode::OK).await;
    assert_eq!(
        money(&analysis["pricing"]["priced"]["total"]),
        money(&draft["total"])
    );

    let staff_view = overview(&app, project, &p.editor).await;
    assert_eq!(staff_view["request"]["note"], "By May");
    assert_eq!(staff_view["request"]["due_date"], "2099-05-01");
    assert_eq!(
        staff_view["request"]["requester_name"],
        "cust-first cust-last"
    );
    assert_eq!(staff_view["quotes"].as_array().unwrap().len(), 1);
    // The customer sees their request, not the draft.
    let customer_view = overview(&app, project, &p.customer).await;
    assert_eq!(customer_view["request"]["note"], "By May");
    assert_eq!(customer_view["quotes"], json!([]));
    let quotes = app.translation(project).quotes();
    assert_eq!(
        quotes.get(&p.customer, &draft["id"]).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        quotes.pdf(&p.customer, &draft["id"]).await.status(),
        StatusCode::NOT_FOUND
    );

    // Administrators and editors are told, in the app and by mail; the customer is not.
    for staff in ["admin", "editor"] {
        assert_eq!(
            notified(&app, staff, "request_received").await,
            1,
            "{staff}"
        );
        let address = format!("{staff}@example.com");
        assert_eq!(mails(&app, &address, "requested a translation").await, 1);
    }
    assert_eq!(notified(&app, "cust", "request_received").await, 0);
    assert!(
        audit_actions(&app, &p.admin)
            .await
            .contains(&"translation_requested".to_owned())
    );
}

#[tokio::test]
async fn a_quote_is_sent_superseded_accepted_once_and_frozen() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let p = people(&app).await;
    let project = staff_project(&app, &p.editor, p.client).await;

    // Customers and translators neither compose nor send (a translator does not even see the
    // project).
    let quotes = app.translation(project).quotes();
    for (token, refusal) in [
        (&p.customer, StatusCode::FORBIDDEN),
        (&p.translator, StatusCode::NOT_FOUND),
    ] {
        let answer = quotes.compose(token, json!({})).await;
        assert_eq!(answer.status(), refusal);
    }
    let refused = quotes
        .compose(
            &p.editor,
            json!({ "discount": { "kind": "percent", "value": 120 } }),
        )
        .await;
    assert_eq!(
        error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await,
        "The discount (percent) must be a number from 0 to 100."
    );
    let v1 = compose(
        &app,
        project,
        &p.editor,
        json!({
            "discount": { "kind": "percent", "value": 10 },
            "extra_lines": [{ "label": "Rush fee", "amount": 50 }],
            "due_date": "2099-01-31",
        }),
    )
    .await;
    let priced = money(&v1["numbers"]["priced_total"]);
    let expected = ((priced + 50.0) * 0.9 * 100.0).round() / 100.0;
    assert!((money(&v1["total"]) - expected).abs() < 0.006, "{v1}");
    assert_eq!(v1["extra_lines"][0]["label"], "Rush fee");
    // Composing again recomputes the one draft.
    let v1 = compose(
        &app,
        project,
        &p.editor,
        json!({ "extra_lines": [{ "label": "Rush fee", "amount": 50 }] }),
    )
    .await;
    assert_eq!(v1["version"], 1);
    assert_eq!(
        money(&v1["total"]),
        ((priced + 50.0) * 100.0).round() / 100.0
    );
    assert_eq!(
        send(&app, project, &v1, &p.customer).await.status(),
        StatusCode::FORBIDDEN
    );

    let terms = json!({ "terms": "Payment within 30 days." });
    let saved = app.settings().set_quote_terms(&p.admin, terms).await;
    json_body(saved, StatusCode::OK).await;
    let sent = json_body(send(&app, project, &v1, &p.editor).await, StatusCode::OK).await;
    assert_eq!(sent["state"], "sent");
    assert_eq!(sent["terms"], "Payment within 30 days.");
    assert!(sent["valid_until"].is_string());
    let again = send(&app, project, &v1, &p.editor).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    // The client's customers are told.
    assert_eq!(notified(&app, "cust", "quote_sent").await, 1);
    assert_eq!(mails(&app, "cust@example.com", "Quote 1").await, 1);
    assert_eq!(notified(&app, "stranger", "quote_sent").await, 0);

    let v2 = compose(&app, project, &p.editor, json!({})).await;
    assert_eq!(v2["version"], 2);
    let seen = overview(&app, project, &p.customer).await;
    assert_eq!(
        seen["quotes"].as_array().unwrap().len(),
        1,
        "no drafts: {seen}"
    );
    json_body(send(&app, project, &v2, &p.editor).await, StatusCode::OK).await;
    let states: Vec<(i64, String)> = overview(&app, project, &p.customer).await["quotes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["version"].as_i64().unwrap(),
                q["state"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(states, [(2, "sent".into()), (1, "superseded".into())]);

    let answer = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v1["id"], accepting("Ann"))
        .await;
    assert_eq!(answer.status(), StatusCode::CONFLICT, "superseded");
    let unaccepted = json!({ "name": "Ann", "terms_accepted": false });
    let answer = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v2["id"], unaccepted)
        .await;
    assert_eq!(
        error_message(answer, StatusCode::UNPROCESSABLE_ENTITY).await,
        "Accept the terms to accept the quote."
    );
    let nameless = json!({ "name": " ", "terms_accepted": true });
    let answer = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v2["id"], nameless)
        .await;
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let accepted = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v2["id"], accepting("Ann Smith"))
        .await;
    let accepted = json_body(accepted, StatusCode::OK).await;
    assert_eq!(accepted["state"], "accepted");
    assert_eq!(accepted["accepted_name"], "Ann Smith");
    assert_eq!(accepted["po_number"], "PO-7");
    assert_eq!(accepted["total"], v2["total"], "the numbers stay");
    let twice = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v2["id"], accepting("Ann Smith"))
        .await;
    assert_eq!(
        error_message(twice, StatusCode::CONFLICT).await,
        "This quote was accepted already."
    );
    let declined = app
        .translation(project)
        .quotes()
        .decline(&p.customer, &v2["id"], json!({ "reason": "No" }))
        .await;
    assert_eq!(declined.status(), StatusCode::CONFLICT);
    // Settled: no new draft.
    let quotes = app.translation(project).quotes();
    let answer = quotes.compose(&p.editor, json!({})).await;
    assert_eq!(answer.status(), StatusCode::CONFLICT);

    // The PDF as accepted is stored: the same bytes each time, whatever happens since.
    let first = app
        .translation(project)
        .quotes()
        .pdf(&p.customer, &v2["id"])
        .await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(first.headers()["content-type"], "application/pdf");
    let first = first.bytes().await.unwrap();
    assert!(first.starts_with(b"%PDF"));
    let changed = json!({ "terms": "Other terms." });
    app.settings().set_quote_terms(&p.admin, changed).await;
    let second = app
        .translation(project)
        .quotes()
        .pdf(&p.editor, &v2["id"])
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(first, second);
    // One price reaches the customer, the quote sent to them: the quote priced from today's
    // analysis is the staff's.
    let today = app.translation(project).quote_pdf(&p.customer).await;
    error_message(today, StatusCode::FORBIDDEN).await;
    let today = app.translation(project).quote_pdf(&p.editor).await;
    assert_eq!(today.status(), StatusCode::OK);

    // The staff are told; the actor is not told of their own act.
    for staff in ["admin", "editor"] {
        assert_eq!(notified(&app, staff, "quote_accepted").await, 1, "{staff}");
        assert_eq!(
            mails(&app, &format!("{staff}@example.com"), "accepted quote 2").await,
            1
        );
    }
    assert_eq!(notified(&app, "cust", "quote_accepted").await, 0);
    let actions = audit_actions(&app, &p.admin).await;
    for action in ["quote_sent", "quote_accepted", "quote_terms_changed"] {
        assert!(
            actions.contains(&action.to_owned()),
            "{action}: {actions:?}"
        );
    }
}

#[tokio::test]
async fn an_expired_quote_is_refused_and_a_declined_one_keeps_its_reason() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let p = people(&app).await;
    let project = staff_project(&app, &p.editor, p.client).await;

    let v1 = compose(&app, project, &p.editor, json!({ "validity_days": 1 })).await;
    json_body(send(&app, project, &v1, &p.editor).await, StatusCode::OK).await;
    app.clock.advance(Duration::from_secs(3 * 24 * 3600));
    // The sessions ended with the days gone by: signed in again.
    let p = People {
        admin: app.token("admin", PASSWORD).await,
        editor: app.token("editor", PASSWORD).await,
        customer: app.token("cust", PASSWORD).await,
        ..p
    };
    let seen = overview(&app, project, &p.customer).await;
    assert_eq!(seen["quotes"][0]["state"], "expired");
    let answer = app
        .translation(project)
        .quotes()
        .accept(&p.customer, &v1["id"], accepting("Ann"))
        .await;
    let message = error_message(answer, StatusCode::GONE).await;
    assert!(
        message.starts_with("This quote expired after "),
        "{message}"
    );

    // The staff list: the state as shown today, filters, totals, pages.
    let listed = app.quotes().list(&p.editor, "state=expired").await;
    assert_eq!(listed.headers()["x-total-count"], "1");
    let listed = json_body(listed, StatusCode::OK).await;
    assert_eq!(listed[0]["project_id"], project);
    assert_eq!(listed[0]["client_name"], "Acme");
    let listed = app.quotes().list(&p.editor, "state=sent").await;
    assert_eq!(json_body(listed, StatusCode::OK).await, json!([]));

    // Sending a new version leaves the expired one expired.
    let v2 = compose(&app, project, &p.editor, json!({})).await;
    json_body(send(&app, project, &v2, &p.editor).await, StatusCode::OK).await;
    let states: Vec<Value> = overview(&app, project, &p.editor).await["quotes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["state"].clone())
        .collect();
    assert_eq!(states, [json!("sent"), json!("expired")]);
    let reasonless = app
        .translation(project)
        .quotes()
        .decline(&p.customer, &v2["id"], json!({ "reason": "  " }))
        .await;
    assert_eq!(
        error_message(reasonless, StatusCode::UNPROCESSABLE_ENTITY).await,
        "The reason is required."
    );
    let declined = app
        .translation(project)
        .quotes()
        .decline(&p.customer, &v2["id"], json!({ "reason": "Too dear" }))
        .await;
    let declined = json_body(declined, StatusCode::OK).await;
    assert_eq!(declined["state"], "declined");
    assert_eq!(declined["decline_reason"], "Too dear");
    assert_eq!(notified(&app, "editor", "quote_declined").await, 1);
    assert_eq!(
        mails(&app, "admin@example.com", "declined quote 2").await,
        1
    );
    assert!(
        audit_actions(&app, &p.admin)
            .await
            .contains(&"quote_declined".to_owned())
    );

    // Another project of the other client, for the filters and pages.
    let elsewhere = staff_project(&app, &p.editor, p.other_client).await;
    compose(&app, elsewhere, &p.editor, json!({})).await;
    let page = app.quotes().list(&p.editor, "limit=2&offset=0").await;
    assert_eq!(page.headers()["x-total-count"], "3");
    let page = json_body(page, StatusCode::OK).await;
    assert_eq!(page.as_array().unwrap().len(), 2);
    assert_eq!(page[0]["project_id"], elsewhere, "newest first");
    let of_client = app
        .quotes()
        .list(&p.editor, &format!("client_id={}", p.other_client))
        .await;
    assert_eq!(of_client.headers()["x-total-count"], "1");
    let totals = json_body(app.quotes().totals(&p.editor).await, StatusCode::OK).await;
    let count = |state: &str| {
        totals
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["state"] == state)
            .map(|t| t["count"].as_i64().unwrap())
            .sum::<i64>()
    };
    assert_eq!(
        (count("draft"), count("expired"), count("declined")),
        (1, 1, 1),
        "{totals}"
    );
    let declined_total = totals
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["state"] == "declined")
        .unwrap();
    assert_eq!(declined_total["amount"], declined["total"]);
    let bad = app.quotes().list(&p.editor, "state=lost").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn customers_reach_only_their_clients_quotes_and_no_staff_actions() {
    let app = spawn_app_with(|_| {}).await;
    let p = people(&app).await;
    let project = staff_project(&app, &p.editor, p.client).await;
    let v1 = compose(&app, project, &p.editor, json!({})).await;
    json_body(send(&app, project, &v1, &p.editor).await, StatusCode::OK).await;

    // A customer of another client finds nothing, whatever they try.
    let quotes = app.translation(project).quotes();
    let quote = &v1["id"];
    for (path, answer) in [
        ("quotes", quotes.overview(&p.stranger).await),
        ("quotes/{quote}", quotes.get(&p.stranger, quote).await),
        (
            "quotes/{quote}/quote.pdf",
            quotes.pdf(&p.stranger, quote).await,
        ),
    ] {
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let answer = quotes.accept(&p.stranger, quote, accepting("Eve")).await;
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    // A quote id of another project under this one's is no quote of it.
    let elsewhere = staff_project(&app, &p.editor, p.client).await;
    assert_eq!(
        app.translation(elsewhere)
            .quotes()
            .get(&p.customer, &v1["id"])
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // The staff's list, totals and actions are not the customers'. By hand, on purpose: each
    // URL is named in its failure message.
    for path in [
        "/api/quotes",
        "/api/quotes/totals",
        "/api/settings/quote-terms",
    ] {
        let answer = app.get(path, &p.customer).await;
        assert_eq!(answer.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let answer = quotes.send(&p.customer, quote).await;
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    // Their own client's sent quote is theirs to read.
    let own = json_body(quotes.get(&p.customer, quote).await, StatusCode::OK).await;
    assert_eq!(own["state"], "sent");
    // Translators neither read quotes nor answer them.
    let answer = quotes.accept(&p.translator, quote, accepting("Tom")).await;
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
}

/// A request the size agencies get: 2,000 WPML files in one zip make one project whose draft
/// quote counts every file's words, and the quote's PDF is made for it like for one file.
#[tokio::test]
async fn a_request_of_two_thousand_files_is_quoted_with_every_files_words() {
    let app = spawn_app_with(|_| {}).await;
    let p = people(&app).await;
    // Four words a file: two sentences, one with inline markup.
    let pages = crate::mt_support::files(2_000, &["One sentence.", "Another <b>one</b>."]);
    let entries: Vec<(&str, &[u8])> = pages
        .iter()
        .map(|(name, xliff)| (name.as_str(), xliff.as_bytes()))
        .collect();
    let zip = Part::bytes(crate::review::sheet::zip(&entries))
        .file_name("site.zip")
        .mime_str("application/zip")
        .unwrap();
    let form = Form::new()
        .text("title", "Whole site")
        .text("client_id", p.client.to_string())
        .part("project_files", zip);
    let requested = app.quote_requests().create(&p.customer, form).await;
    let requested = json_body(requested, StatusCode::CREATED).await;
    let project = requested["project"]["id"].as_i64().unwrap();
    assert_eq!(
        requested["project"]["jobs"].as_array().unwrap().len(),
        2_000
    );
    let draft = &requested["quote"];
    assert_eq!(draft["numbers"]["words"], 8_000, "{draft}");

    let sent = json_body(send(&app, project, draft, &p.editor).await, StatusCode::OK).await;
    let pdf = app
        .translation(project)
        .quotes()
        .pdf(&p.customer, &sent["id"])
        .await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let pdf = pdf.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    assert!(
        pdf.trim_ascii_end().ends_with(b"%%EOF"),
        "written to its end"
    );
}
