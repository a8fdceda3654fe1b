//! `/api/client/{id}/sites`, `/api/sites/{id}`: a client's WordPress sites, checked and read
//! against a real WordPress with the Wordmark Connector (`common::wordpress`), WPML's part
//! played by the stand-in of its documented hooks.

use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use tokio::{io::AsyncWriteExt, net::TcpListener};
use wordmark_server::db::entities::user::Role;

use crate::common::{
    PASSWORD, TestApp, error_message, json_body, spawn_app, wordpress::WordPressSite,
};

mod changes;
mod fake_site;
mod hostile;
mod plugin;
mod projects;
mod requests;

/// A customer `username` with a client of their own; answers the client's id.
async fn customer_with_client(app: &TestApp, token: &str, username: &str) -> i64 {
    app.create_user(username, Role::Customer).await;
    let name = format!("{username}'s client");
    let clients = json_body(
        app.get(
            &format!(
                "/api/client?q={}",
                name.replace(' ', "%20").replace('\'', "%27")
            ),
            token,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    clients[0]["id"].as_i64().unwrap()
}

fn site_form(url: &str, username: &str, password: &str) -> Value {
    json!({ "name": "Main site", "url": url, "username": username, "application_password": password })
}

async fn add_site(app: &TestApp, token: &str, client: i64, form: Value) -> Value {
    json_body(
        app.send_json(
            Method::POST,
            &format!("/api/client/{client}/sites"),
            token,
            form,
        )
        .await,
        StatusCode::CREATED,
    )
    .await
}

async fn post(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.request(Method::POST, path, Some(token))
        .send()
        .await
        .unwrap()
}

/// The plugin's own answer, read past Wordmark.
async fn plugin_get(site: &WordPressSite, route: &str) -> Value {
    reqwest::Client::new()
        .get(format!("{}/wp-json/wordmark/v1{route}", site.url()))
        .basic_auth("editor", Some(site.password("editor")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Writes the item's untranslated XLIFF back as its German translation, as a publish would.
async fn translate_into_german(site: &WordPressSite, item: i64) {
    let job = plugin_get(site, &format!("/content/{item}/xliff?lang=de")).await;
    let answer = reqwest::Client::new()
        .put(format!(
            "{}/wp-json/wordmark/v1/content/{item}/translations/de",
            site.url()
        ))
        .basic_auth("editor", Some(site.password("editor")))
        .header("Content-Type", "application/xml")
        .body(job["xliff"].as_str().unwrap().to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(
        answer.status(),
        StatusCode::CREATED,
        "{}",
        answer.text().await.unwrap()
    );
}

fn state_of(item: &Value, lang: &str) -> String {
    item["translations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["lang"] == lang)
        .map(|t| t["state"].as_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_site_is_checked_read_and_its_pages_states_follow_the_site() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let client = customer_with_client(&app, &admin, "shop").await;

    let password = wp.password("editor");
    let site = add_site(
        &app,
        &admin,
        client,
        site_form(&format!("{}/", wp.url()), "editor", &password),
    )
    .await;
    let id = site["id"].as_i64().unwrap();
    assert_eq!(site["url"], wp.url(), "the trailing slash is dropped");
    let plain: String = password.split_whitespace().collect();
    assert_eq!(site["password_last4"], plain[20..]);
    assert!(
        !site.to_string().contains(&plain[..20]),
        "the password is never answered"
    );
    let stored = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT password FROM sites WHERE id = {id}"),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<String>(0)
        .unwrap();
    assert!(stored.starts_with("sealed:"), "{stored}");
    assert!(!stored.contains(&plain[..8]));

    // Test connection: versions, WPML and its languages.
    let checked = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], Value::Null, "{checked}");
    let connection = &checked["site"]["connection"];
    assert_eq!(connection["multilingual"], "wpml");
    assert_eq!(connection["source_language"], "en");
    assert_eq!(connection["languages"], json!(["de", "fr"]));
    assert_eq!(
        connection["plugin_version"],
        plugin_get(&wp, "/site").await["plugin_version"]
    );
    assert!(connection["checked_at"].is_string());

    // The content, read whole: as many items as the plugin lists.
    let refreshed = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    let total = plugin_get(&wp, "/content?per_page=1").await["total"]
        .as_u64()
        .unwrap();
    assert!(total > 5, "the seeded site has pages and posts");
    assert_eq!(refreshed["items"], total);
    assert_eq!(
        refreshed["changed_since_last"], total,
        "everything is new the first time"
    );

    // Paged, searched and filtered on Wordmark's side.
    let page = app
        .get(&format!("/api/sites/{id}/content?limit=2"), &admin)
        .await;
    assert_eq!(page.headers()["x-total-count"], total.to_string().as_str());
    assert_eq!(
        json_body(page, StatusCode::OK)
            .await
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let articles = json_body(
        app.get(
            &format!("/api/sites/{id}/content?q=article&limit=200"),
            &admin,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert!(!articles.as_array().unwrap().is_empty());
    assert!(articles.as_array().unwrap().iter().all(|i| {
        i["title"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("article")
    }));
    let pages = json_body(
        app.get(
            &format!("/api/sites/{id}/content?type=page&sort=title&limit=200"),
            &admin,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert!(
        pages
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["type"] == "page")
    );
    let titles: Vec<&str> = pages
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["title"].as_str().unwrap())
        .collect();
    assert!(titles.is_sorted_by_key(|t| t.to_lowercase()), "{titles:?}");

    // Translated through the plugin: up to date; the source edited on the site: changed.
    let about = wp.info["content"]["about"].as_i64().unwrap();
    translate_into_german(&wp, about).await;
    let refreshed = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(refreshed["changed_since_last"], 0);
    let current = json_body(
        app.get(
            &format!("/api/sites/{id}/content?lang=de&state=current"),
            &admin,
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let ids: Vec<i64> = current
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![about]);
    assert_eq!(state_of(&current[0], "fr"), "missing");

    let edited = reqwest::Client::new()
        .post(format!("{}/wp-json/wp/v2/pages/{about}", wp.url()))
        .basic_auth("editor", Some(&password))
        .json(&json!({ "title": "About our agency" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        edited.status(),
        StatusCode::OK,
        "{}",
        edited.text().await.unwrap()
    );
    let refreshed = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(refreshed["changed_since_last"], 1);
    assert_eq!(refreshed["states"]["de"]["changed"], 1);
    let changed = json_body(
        app.get(&format!("/api/sites/{id}/content?state=changed"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(changed[0]["id"], about);
    assert_eq!(changed[0]["title"], "About our agency");
    assert_eq!(state_of(&changed[0], "de"), "changed");

    // Its customer reads the site and its content; may not manage it. Another customer sees nothing.
    let customer = app.token("shop", PASSWORD).await;
    let theirs = json_body(
        app.get(&format!("/api/client/{client}/sites"), &customer)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(theirs[0]["id"], id);
    assert_eq!(
        post(&app, &customer, &format!("/api/sites/{id}/check"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    customer_with_client(&app, &admin, "other").await;
    let other = app.token("other", PASSWORD).await;
    for path in [
        format!("/api/sites/{id}"),
        format!("/api/sites/{id}/content"),
        format!("/api/client/{client}/sites"),
    ] {
        assert_eq!(
            app.get(&path, &other).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }

    // What is wrong, named: a user who may not edit others' posts, a wrong password, the plugin off.
    let change = |user: &'static str, password: String| {
        let path = format!("/api/sites/{id}");
        let form = site_form(&wp.url(), user, &password);
        let (app, admin) = (&app, &admin);
        async move { app.send_json(Method::PUT, &path, admin, form).await }
    };
    assert_eq!(
        change("author", wp.password("author")).await.status(),
        StatusCode::OK
    );
    let checked = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], "forbidden", "{checked}");
    assert!(
        checked["site"]["connection"]["problem"]
            .as_str()
            .unwrap()
            .contains("Editor")
    );
    assert_eq!(
        change("editor", "abcd efgh ijkl mnop qrst uvwx".to_owned())
            .await
            .status(),
        StatusCode::OK
    );
    let checked = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], "unauthorized", "{checked}");
    let refused = post(&app, &admin, &format!("/api/sites/{id}/refresh")).await;
    assert!(
        error_message(refused, StatusCode::BAD_GATEWAY)
            .await
            .contains("application password")
    );
    let still = app
        .get(&format!("/api/sites/{id}/content?limit=1"), &admin)
        .await;
    assert_eq!(
        still.headers()["x-total-count"],
        total.to_string().as_str(),
        "a failed refresh keeps the list"
    );
    assert_eq!(
        change("editor", password.clone()).await.status(),
        StatusCode::OK
    );
    wp.plugin("deactivate");
    let checked = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], "plugin_missing", "{checked}");
    wp.plugin("activate");
    let checked = json_body(
        post(&app, &admin, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], Value::Null, "{checked}");

    // Removed with what was read of it.
    let removed = app
        .request(Method::DELETE, &format!("/api/sites/{id}"), Some(&admin))
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&format!("/api/sites/{id}"), &admin).await.status(),
        StatusCode::NOT_FOUND
    );
    let left = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) FROM site_items".to_owned(),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn the_form_is_checked_and_unreachable_sites_are_named() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let admin = app.admin_token().await;
    let client = customer_with_client(&app, &admin, "shop").await;
    let path = format!("/api/client/{client}/sites");
    let password = "abcd efgh ijkl mnop qrst uvwx";

    for (form, named) in [
        (site_form("example.com", "editor", password), "https://"),
        (
            site_form("https://example.com/?p=2", "editor", password),
            "query",
        ),
        (site_form("https://example.com", "", password), "user name"),
        (
            site_form("https://example.com", "ed\nitor", password),
            "control character",
        ),
        (
            site_form("https://example.com", "editor", "hunter2"),
            "24 letters and digits",
        ),
        (
            json!({ "name": "x".repeat(201), "url": "https://example.com", "username": "e", "application_password": password }),
            "200 characters",
        ),
        (
            json!({ "name": "Shop", "url": "https://example.com", "username": "e" }),
            "password is missing",
        ),
    ] {
        let answer = app
            .send_json(Method::POST, &path, &editor, form.clone())
            .await;
        let message = error_message(answer, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(message.contains(named), "{form}: {message}");
    }
    assert_eq!(
        app.send_json(
            Method::POST,
            "/api/client/9999/sites",
            &editor,
            site_form("https://example.com", "e", password)
        )
        .await
        .status(),
        StatusCode::NOT_FOUND
    );

    // Nothing listens: unreachable, named with the address.
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let closed_url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let site = add_site(
        &app,
        &editor,
        client,
        site_form(&closed_url, "editor", password),
    )
    .await;
    let again = app
        .send_json(
            Method::POST,
            &path,
            &editor,
            site_form(&closed_url, "other", password),
        )
        .await;
    assert!(
        error_message(again, StatusCode::CONFLICT)
            .await
            .contains("already has the site")
    );
    let checked = json_body(
        post(&app, &editor, &format!("/api/sites/{}/check", site["id"])).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], "unreachable", "{checked}");
    assert!(
        checked["site"]["connection"]["problem"]
            .as_str()
            .unwrap()
            .contains(&closed_url)
    );

    // Something that does not speak TLS on an https:// address: the certificate's problem.
    let plain = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let tls_url = format!("https://{}", plain.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = plain.accept().await {
            let _ = socket
                .write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                .await;
        }
    });
    let site = add_site(
        &app,
        &editor,
        client,
        site_form(&tls_url, "editor", password),
    )
    .await;
    let checked = json_body(
        post(&app, &editor, &format!("/api/sites/{}/check", site["id"])).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(checked["problem_kind"], "tls", "{checked}");

    // Without a name (absent or blank), the site is called by its host.
    for (url, name, host) in [
        ("https://shop.example.com/blog", None, "shop.example.com"),
        ("http://127.0.0.1:8089", Some("  "), "127.0.0.1:8089"),
    ] {
        let mut form = site_form(url, "editor", password);
        match name {
            Some(blank) => form["name"] = json!(blank),
            None => drop(form.as_object_mut().unwrap().remove("name")),
        }
        assert_eq!(add_site(&app, &editor, client, form).await["name"], host);
    }
}
