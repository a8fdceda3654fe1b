//! `/api/sites/{id}/requests`: a customer picks pages of their client's site for a request
//! instead of a zip, and the staff make its project (read from the real WordPress test site)
//! with the request and its draft quote; the customer's scope and the refusals that write
//! nothing.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use super::{customer_with_client, post, projects::connected_site};
use crate::common::{
    PASSWORD, TestApp, error_message, json_body, spawn_app, wordpress::WordPressSite,
};

async fn request(app: &TestApp, token: &str, site: i64, body: Value) -> reqwest::Response {
    app.send_json(
        Method::POST,
        &format!("/api/sites/{site}/requests"),
        token,
        body,
    )
    .await
}

async fn requests(app: &TestApp, token: &str, site: i64) -> Value {
    json_body(
        app.get(&format!("/api/sites/{site}/requests"), token).await,
        StatusCode::OK,
    )
    .await
}

async fn waiting(app: &TestApp, token: &str) -> Value {
    json_body(app.get("/api/site-requests", token).await, StatusCode::OK).await
}

async fn make(app: &TestApp, token: &str, site: i64, request: i64) -> reqwest::Response {
    post(
        app,
        token,
        &format!("/api/sites/{site}/requests/{request}/project"),
    )
    .await
}

#[tokio::test]
async fn a_customer_requests_pages_of_their_site_and_the_staff_make_its_project_and_quote() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.create_user("editor", Role::Editor).await;
    // `connected_site` makes the customer "pages" with the site's client.
    let site = connected_site(&app, &admin, &wp).await;
    let customer = app.token("pages", PASSWORD).await;
    let content = &wp.info["content"];
    let (about, team) = (
        content["about"].as_i64().unwrap(),
        content["team"].as_i64().unwrap(),
    );

    // The customer sees the site and its content with the states, never how Wordmark signs in.
    let seen = json_body(
        app.get(&format!("/api/sites/{site}"), &customer).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(seen["username"], Value::Null, "{seen}");
    assert_eq!(seen["password_last4"], Value::Null, "{seen}");
    assert_eq!(seen["connection"]["languages"], json!(["de", "fr"]));
    let client = seen["client_id"].as_i64().unwrap();
    let listed = json_body(
        app.get(&format!("/api/client/{client}/sites"), &customer)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["username"], Value::Null, "{listed}");
    let staff_view = json_body(
        app.get(&format!("/api/sites/{site}"), &admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(staff_view["username"], "editor");
    let pages = json_body(
        app.get(&format!("/api/sites/{site}/content?q=team"), &customer)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(pages[0]["id"], team);
    assert_eq!(pages[0]["translations"][0]["state"], "missing");

    let body = json!({
        "title": "About pages", "items": [about, team, about], "target_langs": ["de", "fr"],
        "due_date": "2099-05-01", "note": "By May",
    });
    let sent = json_body(
        request(&app, &customer, site, body).await,
        StatusCode::CREATED,
    )
    .await;
    let id = sent["id"].as_i64().unwrap();
    assert_eq!(sent["project_id"], Value::Null);
    let picked: Vec<(i64, &str)> = sent["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["item_id"].as_i64().unwrap(), p["title"].as_str().unwrap()))
        .collect();
    assert_eq!(picked, [(about, "About us"), (team, "Our team")], "{sent}");
    assert_eq!(sent["requester_name"], "pages-first pages-last");
    assert_eq!(sent["due_date"], "2099-05-01");
    // The staff are told, linked to the site; the customer is not.
    for staff in ["admin", "editor"] {
        let token = app.token(staff, PASSWORD).await;
        let told = json_body(app.notifications().list(&token, "").await, StatusCode::OK).await;
        let told = told
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["kind"] == "request_received")
            .unwrap_or_else(|| panic!("{staff}: {told}"))
            .clone();
        assert_eq!(told["link"], format!("/sites/{site}"));
        assert!(
            told["text"]
                .as_str()
                .unwrap()
                .contains("2 pages of \"Main site\": \"About pages\""),
            "{told}"
        );
    }
    let mine = json_body(
        app.notifications().list(&customer, "").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine, json!([]));
    assert_eq!(requests(&app, &admin, site).await[0]["id"], id);
    assert_eq!(requests(&app, &customer, site).await[0]["id"], id);
    // The customer's portal lists it as waiting, with its site, as do the staff.
    for token in [&customer, &admin] {
        let waiting = waiting(&app, token).await;
        assert_eq!(waiting.as_array().unwrap().len(), 1, "{waiting}");
        assert_eq!(waiting[0]["id"], id);
        assert_eq!(waiting[0]["site_name"], "Main site");
    }
    // Only staff make the project.
    assert_eq!(
        make(&app, &customer, site, id).await.status(),
        StatusCode::FORBIDDEN
    );

    let project = json_body(make(&app, &admin, site, id).await, StatusCode::CREATED).await;
    let project_id = project["id"].as_i64().unwrap();
    assert_eq!(project["name"], "About pages");
    assert_eq!(project["site"]["id"], site);
    // The translation project's page and the project list name the site it was made from.
    let detail = json_body(
        app.get(&format!("/api/translation/{project_id}"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (&detail["site"]["id"], &detail["site"]["name"]),
        (&json!(site), &json!("Main site"))
    );
    let listed = json_body(app.get("/api/translation", &admin).await, StatusCode::OK).await;
    let row = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["id"] == project_id)
        .unwrap();
    assert_eq!(row["site"]["name"], "Main site");
    let jobs: Vec<(i64, &str)> = project["site_jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| (j["item_id"].as_i64().unwrap(), j["lang"].as_str().unwrap()))
        .collect();
    assert_eq!(
        jobs,
        [(about, "de"), (about, "fr"), (team, "de"), (team, "fr")]
    );
    assert_eq!(
        requests(&app, &customer, site).await[0]["project_id"],
        project_id
    );
    assert_eq!(
        waiting(&app, &customer).await,
        json!([]),
        "made: no longer waiting"
    );
    // The quote flow goes on as for a requested zip: the request beside the project, a draft
    // for the staff, none shown to the customer yet.
    let overview = |token: String| {
        let app = &app;
        async move {
            json_body(
                app.translation(project_id).quotes().overview(&token).await,
                StatusCode::OK,
            )
            .await
        }
    };
    let staff_overview = overview(admin.clone()).await;
    assert_eq!(staff_overview["request"]["note"], "By May");
    assert_eq!(staff_overview["request"]["due_date"], "2099-05-01");
    assert_eq!(
        staff_overview["request"]["requester_name"],
        "pages-first pages-last"
    );
    let quotes = staff_overview["quotes"].as_array().unwrap();
    assert_eq!(quotes.len(), 1);
    assert_eq!(quotes[0]["state"], "draft");
    assert!(quotes[0]["numbers"]["words"].as_u64().unwrap() > 0);
    let customer_overview = overview(customer.clone()).await;
    assert_eq!(customer_overview["request"]["note"], "By May");
    assert_eq!(customer_overview["quotes"], json!([]));

    // A request is made once.
    let again = error_message(make(&app, &admin, site, id).await, StatusCode::CONFLICT).await;
    assert!(again.contains("already"), "{again}");
}

#[tokio::test]
async fn other_clients_customers_and_translators_find_no_site_and_bad_requests_write_nothing() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let site = connected_site(&app, &admin, &wp).await;
    let customer = app.token("pages", PASSWORD).await;
    customer_with_client(&app, &admin, "other").await;
    let other = app.token("other", PASSWORD).await;
    app.create_user("translator", Role::Translator).await;
    let translator = app.token("translator", PASSWORD).await;
    let about = wp.info["content"]["about"].as_i64().unwrap();
    let body = json!({ "title": "T", "items": [about], "target_langs": ["de"] });

    for outsider in [&other, &translator] {
        for path in ["", "/content", "/requests"] {
            let answer = app.get(&format!("/api/sites/{site}{path}"), outsider).await;
            assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
        }
        let answer = request(&app, outsider, site, body.clone()).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    }

    let refusals = [
        (
            json!({ "title": " ", "items": [about], "target_langs": ["de"] }),
            "The title is required.",
        ),
        (
            json!({ "title": "T", "items": [], "target_langs": ["de"] }),
            "Pick at least one item",
        ),
        (
            json!({ "title": "T", "items": [about, 987_654], "target_langs": ["de"] }),
            "987654",
        ),
        (
            json!({ "title": "T", "items": [about], "target_langs": ["es"] }),
            "\"es\"",
        ),
        (
            json!({ "title": "T", "items": [about], "target_langs": ["de"], "due_date": "2000-01-01" }),
            "in the past",
        ),
    ];
    for (body, named) in refusals {
        let message = error_message(
            request(&app, &customer, site, body.clone()).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(named), "{body}: {message}");
    }
    assert_eq!(requests(&app, &admin, site).await, json!([]));

    // A request of another site is not this site's.
    let sent = json_body(
        request(&app, &customer, site, body).await,
        StatusCode::CREATED,
    )
    .await;
    let id = sent["id"].as_i64().unwrap();
    // Another client's customer does not see it waiting; a translator may not ask.
    assert_eq!(waiting(&app, &other).await, json!([]));
    assert_eq!(waiting(&app, &customer).await[0]["id"], id);
    let answer = app.get("/api/site-requests", &translator).await;
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    let elsewhere = make(&app, &admin, site + 1000, id).await;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);
    let missing = make(&app, &admin, site, id + 1000).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    // The site down when the staff make the project: nothing is written, the request waits.
    drop(wp);
    let message = error_message(make(&app, &admin, site, id).await, StatusCode::BAD_GATEWAY).await;
    assert!(message.contains("cannot be reached"), "{message}");
    assert_eq!(
        requests(&app, &admin, site).await[0]["project_id"],
        Value::Null
    );
    let projects = json_body(app.get("/api/translation", &admin).await, StatusCode::OK).await;
    assert_eq!(projects, json!([]));
}
