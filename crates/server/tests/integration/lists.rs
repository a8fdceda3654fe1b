//! The five paged lists over HTTP: the page as a JSON array of the same items, the total in
//! `X-Total-Count`, filters and orders as query parameters, bad parameters refused with 400
//! naming them, and who may read which list unchanged. (Paging, ties and every filter are
//! checked row by row, on 10,000 projects too, in the translation store's list tests.)

use reqwest::{Method, Response, StatusCode, multipart::Form};
use serde_json::json;
use wordmark_server::db::entities::user::Role;

use crate::{
    common::{TestApp, error_message, json_body, spawn_app},
    translation::{project_form, zip_of_fixtures},
};

async fn create_client(app: &TestApp, token: &str, name: &str) -> i64 {
    let form = Form::new().text("client_name", name.to_owned());
    let response = app.clients().create(token, form).await;
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

/// A project from one fixture (its language: `de`, `fr` or `pt-br`) of a client; returns its id.
async fn create_project(app: &TestApp, token: &str, name: &str, client: i64, fixture: &str) -> i64 {
    let form = project_form(
        Some(name),
        Some(&client.to_string()),
        zip_of_fixtures(&[fixture]),
    );
    let response = app.translations().create(token, form).await;
    json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

fn total(response: &Response) -> u64 {
    response
        .headers()
        .get("x-total-count")
        .expect("X-Total-Count header")
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The page's ids and the total.
async fn page(response: Response) -> (Vec<i64>, u64) {
    let total = total(&response);
    let body = json_body(response, StatusCode::OK).await;
    let ids = body
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect();
    (ids, total)
}

#[tokio::test]
async fn translation_projects_page_filter_and_sort_with_their_total() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let acme = create_client(&app, &token, "Acme").await;
    let zeta = create_client(&app, &token, "zeta").await;
    let shop = create_project(&app, &token, "Shop DE", acme, "wpml-page-cdata.xliff").await;
    let blog = create_project(&app, &token, "blog FR", zeta, "wpml-10-doctype.xliff").await;
    let news = create_project(&app, &token, "News PT", acme, "wpml-bom-crlf.xliff").await;
    let response = app
        .translation(blog)
        .update(&token, json!({"project_status": "Completed"}))
        .await;
    json_body(response, StatusCode::OK).await;

    // Newest first by default; the items keep their fields.
    let response = app.translations().list(&token, "limit=2").await;
    assert_eq!(total(&response), 3);
    let items = json_body(response, StatusCode::OK).await;
    let first = &items[0];
    assert_eq!(first["id"].as_i64(), Some(news));
    assert_eq!(first["project_name"], "News PT");
    assert_eq!(first["client"]["client_name"], "Acme");
    assert_eq!(first["target_langs"], json!(["pt-br"]));
    assert_eq!(first["job_count"], 1);
    assert!(first["segment_count"].as_u64().unwrap() > 0);
    assert!(first.get("jobs").is_none());
    assert_eq!(
        page(app.translations().list(&token, "limit=2&offset=2").await).await,
        (vec![shop], 3)
    );

    for (query, expected) in [
        ("sort=name", vec![blog, news, shop]),
        ("sort=name&order=desc", vec![shop, news, blog]),
        ("sort=created&order=asc", vec![shop, blog, news]),
        ("sort=client", vec![shop, news, blog]),
        ("sort=status&order=desc", vec![blog, news, shop]),
        (&format!("client_id={acme}"), vec![news, shop]),
        ("status=Completed", vec![blog]),
        ("target_lang=de", vec![shop]),
        ("source_lang=en&sort=name", vec![blog, news, shop]),
        ("q=%20BLOG%20", vec![blog]),
        ("q=", vec![news, blog, shop]),
    ] {
        let (ids, total) = page(app.translations().list(&token, query).await).await;
        assert_eq!(ids, expected, "{query}");
        assert_eq!(total, expected.len() as u64, "{query}");
    }
    // The client detail's tab reads one client's projects, as before.
    assert_eq!(
        page(
            app.translations()
                .list(&token, &format!("client_id={zeta}"))
                .await
        )
        .await,
        (vec![blog], 1)
    );
}

#[tokio::test]
async fn bad_list_parameters_are_refused_with_400_naming_them() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // By hand, on purpose: a table of URLs over five lists, each named in its failure message.
    for (path, named) in [
        ("/api/translation?limit=0", "limit 0"),
        ("/api/translation?limit=201", "limit 201"),
        ("/api/translation?sort=owner", "owner"),
        ("/api/translation?status=Done", "\"Done\""),
        ("/api/translation?order=up", "up"),
        ("/api/translation?offset=-1", "offset"),
        ("/api/client?sort=status", "status"),
        ("/api/client?limit=500", "limit 500"),
        ("/api/rebranding?sort=legal", "legal"),
        ("/api/user?role=boss", "boss"),
        ("/api/user?sort=password", "password"),
        ("/api/job?sort=segments", "segments"),
    ] {
        let message = error_message(app.get(path, &token).await, StatusCode::BAD_REQUEST).await;
        assert!(message.contains(named), "{path}: {message}");
    }
}

/// An offset beyond what the databases take (a signed 64-bit integer) is a 400 naming it on
/// every paged list the OpenAPI document declares, as for `limit`; it used to panic the
/// handler where the statement bound it.
#[tokio::test]
async fn an_offset_beyond_the_databases_range_is_refused_on_every_paged_list() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "Offsets").await.to_string();
    // A site is stored without being contacted; its content list reads what was stored.
    let site = json_body(
        app.send_json(
            Method::POST,
            &format!("/api/client/{client}/sites"),
            &token,
            json!({ "name": "Main site", "url": "https://example.com", "username": "editor",
                    "application_password": "abcd efgh ijkl mnop qrst uvwx" }),
        )
        .await,
        StatusCode::CREATED,
    )
    .await["id"]
        .to_string();
    let doc = serde_json::to_value(wordmark_server::openapi::document()).unwrap();
    let mut paged = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(parameters) = item["get"]["parameters"].as_array() else {
            continue;
        };
        if parameters.iter().any(|p| p["name"] == "offset") {
            let id = if path.starts_with("/api/sites/") {
                &site
            } else {
                &client
            };
            paged.push(path.replace("{id}", id));
        }
    }
    assert!(paged.len() >= 13, "the paged lists: {paged:?}");
    for path in paged {
        let at_most = app
            .get(&format!("{path}?offset=9223372036854775807"), &token)
            .await;
        assert_eq!(at_most.status(), StatusCode::OK, "{path}");
        let beyond = app
            .get(&format!("{path}?offset=9223372036854775808"), &token)
            .await;
        let message = error_message(beyond, StatusCode::BAD_REQUEST).await;
        assert!(
            message.contains("offset 9223372036854775808"),
            "{path}: {message}"
        );
    }
}

#[tokio::test]
async fn clients_rebranding_users_and_jobs_are_paged_with_their_total() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let beta = create_client(&app, &token, "beta").await;
    let alpha = create_client(&app, &token, "Alpha").await;
    let gamma = create_client(&app, &token, "Gamma").await;
    assert_eq!(
        page(app.clients().list(&token, "").await).await,
        (vec![alpha, beta, gamma], 3)
    );
    assert_eq!(
        page(
            app.clients()
                .list(&token, "limit=1&offset=1&order=desc")
                .await
        )
        .await,
        (vec![beta], 3)
    );
    assert_eq!(
        page(app.clients().list(&token, "q=MM").await).await,
        (vec![gamma], 1)
    );
    assert_eq!(
        page(app.clients().list(&token, "sort=created&order=desc").await).await,
        (vec![gamma, alpha, beta], 3)
    );

    let mut rebranding = Vec::new();
    for (client, name) in [(beta, "Beta Brand"), (alpha, "Alpha Brand")] {
        let body = json!({
            "client_id": client,
            "legal_name": format!("{name} GmbH"),
            "display_name": name,
            "color_scheme": {"prio1_colors": [], "prio2_colors": [], "highlight_color": {"hex": "#FA983A"}, "greyscale_colors": []},
            "font_scheme": {"headline": "Montserrat", "body": "Open Sans"},
            "locations": []
        });
        let response = app.rebrandings().create(&token, body).await;
        rebranding.push(
            json_body(response, StatusCode::CREATED).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let (first, second) = (rebranding[0], rebranding[1]);
    assert_eq!(
        page(app.rebrandings().list(&token, "").await).await,
        (vec![second, first], 2)
    );
    assert_eq!(
        page(app.rebrandings().list(&token, "sort=name").await).await,
        (vec![second, first], 2)
    );
    assert_eq!(
        page(
            app.rebrandings()
                .list(&token, "sort=client&order=desc")
                .await
        )
        .await,
        (vec![first, second], 2)
    );
    assert_eq!(
        page(
            app.rebrandings()
                .list(&token, &format!("client_id={beta}"))
                .await
        )
        .await,
        (vec![first], 1)
    );
    assert_eq!(
        page(
            app.rebrandings()
                .list(&token, "q=alpha%20brand%20gmbh&limit=1")
                .await
        )
        .await,
        (vec![second], 1)
    );

    app.create_user("zoe", Role::Translator).await;
    app.create_user("bob", Role::Editor).await;
    let response = app
        .users()
        .list(&token, "sort=username&order=desc&limit=2")
        .await;
    assert_eq!(total(&response), 3);
    let users = json_body(response, StatusCode::OK).await;
    let names: Vec<&str> = users
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["zoe", "bob"]);
    let response = app.users().list(&token, "role=translator").await;
    assert_eq!(total(&response), 1);
    let response = app.users().list(&token, "q=BOB-LAST").await;
    assert_eq!(
        json_body(response, StatusCode::OK).await[0]["username"],
        "bob"
    );

    let project = create_project(&app, &token, "Many", alpha, "wpml-page-cdata.xliff").await;
    let form = crate::translation::job_form(
        "a-second.xliff",
        crate::translation::fixture("wpml-10-doctype.xliff"),
    );
    let response = app.translation(project).add_job(&token, form).await;
    let added = json_body(response, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    let (jobs, count) = page(
        app.jobs()
            .list(&token, &format!("project_id={project}"))
            .await,
    )
    .await;
    assert_eq!((jobs.len(), count, jobs[1]), (2, 2, added));
    let response = app
        .jobs()
        .list(&token, &format!("project_id={project}&sort=name&limit=1"))
        .await;
    assert_eq!(total(&response), 2);
    let first_by_name = json_body(response, StatusCode::OK).await;
    assert_eq!(first_by_name[0]["file_name"], "a-second.xliff");
    assert!(first_by_name[0]["segment_count"].as_u64().unwrap() > 0);
    assert_eq!(
        page(app.jobs().list(&token, "target_lang=fr").await).await,
        (vec![added], 1)
    );
    assert_eq!(
        page(app.jobs().list(&token, "q=SECOND").await).await,
        (vec![added], 1)
    );
}

#[tokio::test]
async fn the_users_list_stays_for_administrators_only() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    // By hand, on purpose: each URL is named in its failure message.
    for path in ["/api/user", "/api/user?limit=5&sort=created"] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
    }
    // By hand, on purpose: anonymous, no token at all.
    let response = app
        .request(Method::GET, "/api/translation?limit=5", None)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
