//! The audit log: one test per kind of event (who, from where, on what, with which detail, and
//! never a secret), the administrators-only list with its filters and pages, the CSV export,
//! and the retention purge at start.

use reqwest::{
    Method, Response, StatusCode,
    multipart::{Form, Part},
};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::db::entities::user::Role;

use crate::{
    common::{
        ADMIN, EDITOR, PASSWORD, TestApp, error_message, json_body, spawn_app, spawn_app_with,
    },
    rebranding,
    translation::{create_project, job_form, zip_of_fixtures},
};

/// The events of the audit log matching `query` (e.g. `action=sign_in`), newest first.
async fn events(app: &TestApp, admin: &str, query: &str) -> Vec<Value> {
    let response = app.audit().list(admin, query).await;
    json_body(response, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .clone()
}

/// The newest event of `action`, asserting there is one; no event ever holds `secret`.
async fn last(app: &TestApp, admin: &str, action: &str) -> Value {
    let found = events(app, admin, &format!("action={action}")).await;
    let event = found
        .first()
        .unwrap_or_else(|| panic!("no {action} event"))
        .clone();
    assert_eq!(event["action"], action);
    assert_eq!(event["address"], "127.0.0.1", "the connection's peer");
    event
}

/// Who did it and to what: `(username, target kind, target id, target label)`.
fn who_and_what(event: &Value) -> (&str, &str, i64, &str) {
    (
        event["username"].as_str().unwrap_or_default(),
        event["target_kind"].as_str().unwrap_or_default(),
        event["target_id"].as_i64().unwrap_or_default(),
        event["target_label"].as_str().unwrap_or_default(),
    )
}

async fn setup() -> (TestApp, String) {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    (app, admin)
}

#[tokio::test]
async fn sign_in_and_failed_sign_in_name_the_user_never_the_password() {
    let (app, admin) = setup().await;
    let event = last(&app, &admin, "sign_in").await;
    assert_eq!(event["username"], ADMIN);
    assert!(event["user_id"].as_i64().is_some());

    app.login(ADMIN, "wrong horse battery").await;
    app.login("mallory", "=HYPERLINK(\"x\")").await;
    let failed = events(&app, &admin, "action=sign_in_failed").await;
    assert_eq!(failed.len(), 2);
    assert_eq!(failed[0]["username"], "mallory");
    assert_eq!(failed[0]["user_id"], Value::Null, "no such account");
    assert_eq!(failed[1]["username"], ADMIN);
    assert!(failed[1]["user_id"].as_i64().is_some(), "the account tried");
    assert_eq!(
        failed[1]["detail"],
        json!({ "reason": "wrong_credentials" })
    );
    let text = app.audit().list(&admin, "").await.text().await.unwrap();
    assert!(!text.contains("wrong horse") && !text.contains("HYPERLINK"));
    assert!(!text.contains(PASSWORD));
}

#[tokio::test]
async fn throttled_sign_ins_are_failed_sign_ins() {
    let (app, admin) = setup().await;
    let mut refused = StatusCode::OK;
    for _ in 0..20 {
        refused = app.login("victim", "guess").await.status();
        if refused == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
    }
    assert_eq!(refused, StatusCode::TOO_MANY_REQUESTS);
    let event = last(&app, &admin, "sign_in_failed").await;
    assert_eq!(event["detail"], json!({ "reason": "throttled" }));
}

/// A failed sign-in sent with `X-Forwarded-For: 203.0.113.9`, as the audit log records it.
async fn forwarded_failure(app: &TestApp) -> Value {
    app.request(Method::POST, "/auth/login", None)
        .header("x-forwarded-for", "198.51.100.1, 203.0.113.9")
        .json(&json!({ "username": "mallory", "password": "guess" }))
        .send()
        .await
        .unwrap();
    let admin = app.admin_token().await;
    events(app, &admin, "action=sign_in_failed")
        .await
        .first()
        .expect("a failed sign-in")
        .clone()
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_client_is_recorded_and_otherwise_never() {
    let direct = spawn_app().await;
    let event = forwarded_failure(&direct).await;
    assert_eq!(event["address"], "127.0.0.1", "a forged header is ignored");

    let proxied = spawn_app_with(|config| {
        config.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
    })
    .await;
    let event = forwarded_failure(&proxied).await;
    assert_eq!(
        event["address"], "203.0.113.9",
        "the nearest untrusted hop, not what the client wrote first"
    );
}

#[tokio::test]
async fn sign_out() {
    let (app, admin) = setup().await;
    app.create_user(EDITOR, Role::Editor).await;
    let editor = app.token(EDITOR, PASSWORD).await;
    let response = app
        .request(Method::POST, "/auth/logout", Some(&editor))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let event = last(&app, &admin, "sign_out").await;
    assert_eq!(event["username"], EDITOR);
}

#[tokio::test]
async fn users_created_changed_with_their_fields_given_a_password_and_deleted() {
    let (app, admin) = setup().await;
    let created = app
        .users()
        .create(
            &admin,
            json!({ "username": "jane", "email": "jane@example.com", "first_name": "Jane",
                    "last_name": "Doe", "role": "translator", "password": "first password 1" }),
        )
        .await;
    let jane = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    let event = last(&app, &admin, "user_created").await;
    assert_eq!(who_and_what(&event), (ADMIN, "user", jane, "jane"));
    assert_eq!(event["detail"], json!({ "role": "translator" }));

    let changed = app
        .user("jane")
        .update(
            &admin,
            json!({ "email": "jane@example.org", "role": "editor", "first_name": "Jane",
                    "password": "second password 2", "confirm_password": "second password 2" }),
        )
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let event = last(&app, &admin, "user_changed").await;
    assert_eq!(who_and_what(&event), (ADMIN, "user", jane, "jane"));
    assert_eq!(event["detail"], json!({ "fields": ["email", "role"] }));
    let event = last(&app, &admin, "password_changed").await;
    assert_eq!(who_and_what(&event), (ADMIN, "user", jane, "jane"));
    assert_eq!(event["detail"], Value::Null);

    let deleted = app.user("jane").delete(&admin).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let event = last(&app, &admin, "user_deleted").await;
    assert_eq!(who_and_what(&event), (ADMIN, "user", jane, "jane"));
    let text = app.audit().list(&admin, "").await.text().await.unwrap();
    assert!(!text.contains("first password") && !text.contains("second password"));
}

#[tokio::test]
async fn events_stay_when_the_actor_is_deleted() {
    let (app, admin) = setup().await;
    app.create_user(EDITOR, Role::Editor).await;
    app.token(EDITOR, PASSWORD).await;
    let deleted = app.user(EDITOR).delete(&admin).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let signed_in = events(&app, &admin, &format!("action=sign_in&username={EDITOR}")).await;
    assert_eq!(signed_in.len(), 1);
    assert!(signed_in[0]["user_id"].as_i64().is_some());
}

#[tokio::test]
async fn clients_created_changed_and_deleted() {
    let (app, admin) = setup().await;
    let id = rebranding::create_client(&app, &admin, "Acme").await;
    let event = last(&app, &admin, "client_created").await;
    assert_eq!(who_and_what(&event), (ADMIN, "client", id, "Acme"));
    assert_eq!(event["detail"], json!({ "logo": true }));

    let form = Form::new().text("client_name", "Acme Europe");
    let response = app.client(id).update(&admin, form).await;
    assert_eq!(response.status(), StatusCode::OK);
    let event = last(&app, &admin, "client_changed").await;
    assert_eq!(who_and_what(&event), (ADMIN, "client", id, "Acme Europe"));
    assert_eq!(event["detail"], json!({ "fields": ["name"] }));

    let response = app.client(id).delete(&admin).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let event = last(&app, &admin, "client_deleted").await;
    assert_eq!(who_and_what(&event), (ADMIN, "client", id, "Acme Europe"));
}

#[tokio::test]
async fn translation_projects_created_with_their_upload_and_deleted() {
    let (app, admin) = setup().await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff", "tool-xliff20.xlf"]);
    let bytes = archive.len() as i64;
    let project = create_project(&app, &admin, "Website", archive).await;
    let id = project["id"].as_i64().unwrap();
    let event = last(&app, &admin, "translation_created").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "translation_project", id, "Website")
    );
    assert_eq!(
        event["detail"],
        json!({ "files": 2, "bytes": bytes, "skipped": 0 })
    );

    let response = app.translation(id).delete(&admin).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let event = last(&app, &admin, "translation_deleted").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "translation_project", id, "Website")
    );
}

#[tokio::test]
async fn files_added_to_a_project_by_either_route() {
    let (app, admin) = setup().await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff"]);
    let id = create_project(&app, &admin, "Website", archive).await["id"]
        .as_i64()
        .unwrap();
    let file = crate::translation::fixture("tool-xliff20.xlf");
    let size = file.len() as i64;
    let form = job_form("one.xlf", file.clone());
    assert_eq!(
        app.translation(id).add_job(&admin, form).await.status(),
        StatusCode::CREATED
    );
    let form = job_form("two.xlf", file).text("project_id", id.to_string());
    assert_eq!(
        app.jobs().create(&admin, form).await.status(),
        StatusCode::CREATED
    );
    let added = events(&app, &admin, "action=file_added").await;
    let details: Vec<&Value> = added.iter().map(|e| &e["detail"]).collect();
    assert_eq!(
        details,
        [
            &json!({ "file": "two.xlf", "bytes": size }),
            &json!({ "file": "one.xlf", "bytes": size }),
        ]
    );
    assert_eq!(
        who_and_what(&added[0]),
        (ADMIN, "translation_project", id, "Website")
    );
}

#[tokio::test]
async fn status_changed_by_hand_with_from_and_to() {
    let (app, admin) = setup().await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff"]);
    let id = create_project(&app, &admin, "Website", archive).await["id"]
        .as_i64()
        .unwrap();
    for body in [
        json!({ "name": "Renamed" }),
        json!({ "status": "Completed" }),
        json!({ "status": "Completed" }),
    ] {
        let response = app.translation(id).update(&admin, body).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let changes = events(&app, &admin, "action=status_changed").await;
    assert_eq!(changes.len(), 1, "a status set again changes nothing");
    assert_eq!(
        who_and_what(&changes[0]),
        (ADMIN, "translation_project", id, "Renamed")
    );
    assert_eq!(
        changes[0]["detail"],
        json!({ "from": "Created", "to": "Completed" })
    );
}

/// A download's body, asserting 200.
async fn download(response: Response) -> Vec<u8> {
    assert_eq!(response.status(), StatusCode::OK);
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn downloads_and_the_import_of_corrections_are_recorded_with_counts() {
    let (app, admin) = setup().await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff", "tool-xliff20.xlf"]);
    let id = create_project(&app, &admin, "Shop", archive).await["id"]
        .as_i64()
        .unwrap();
    let workbooks = download(app.translation(id).download_xlsx(&admin).await).await;
    let event = last(&app, &admin, "xlsx_downloaded").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "translation_project", id, "Shop")
    );
    assert_eq!(
        event["detail"],
        json!({ "file": "Shop-xlsx.zip", "bytes": workbooks.len() })
    );

    let part = Part::bytes(workbooks).file_name("Shop-xlsx.zip");
    let form = Form::new().part("xlsx_files", part);
    let response = app.translation(id).upload_xlsx(&admin, form).await;
    assert_eq!(response.status(), StatusCode::OK);
    let event = last(&app, &admin, "corrections_imported").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "translation_project", id, "Shop")
    );
    assert_eq!(
        event["detail"],
        json!({ "workbooks": 2, "unmatched": 0, "rows_applied": 0, "rows_refused": 0 })
    );

    let files = download(app.translation(id).download_xliff(&admin).await).await;
    let event = last(&app, &admin, "xliff_downloaded").await;
    assert_eq!(
        event["detail"],
        json!({ "file": "Shop-xliff.zip", "bytes": files.len() })
    );
}

#[tokio::test]
async fn pretranslation_started_names_the_provider() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let admin = app.admin_token().await;
    let archive = zip_of_fixtures(&["wpml-page-cdata.xliff"]);
    let id = create_project(&app, &admin, "Website", archive).await["id"]
        .as_i64()
        .unwrap();
    let response = app.translation(id).pretranslate(&admin).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let event = last(&app, &admin, "pretranslation_started").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "translation_project", id, "Website")
    );
    assert_eq!(event["detail"], json!({ "provider": "pseudo", "jobs": 1 }));
}

#[tokio::test]
async fn rebranding_projects_created_downloaded_and_deleted() {
    let (app, admin) = setup().await;
    let client = rebranding::create_client(&app, &admin, "Süß Holding").await;
    let created = app
        .rebrandings()
        .create(&admin, rebranding::project(client))
        .await;
    let id = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    let event = last(&app, &admin, "rebranding_created").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "rebranding_project", id, "Café Süß")
    );
    assert_eq!(event["detail"], json!({ "client_id": client }));

    let response = app.rebranding(id).download_package(&admin).await;
    let package = response.bytes().await.unwrap();
    let event = last(&app, &admin, "package_downloaded").await;
    assert_eq!(event["detail"]["bytes"], package.len());
    assert!(event["detail"]["file"].as_str().unwrap().ends_with(".zip"));

    let response = app.rebranding(id).delete(&admin).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let event = last(&app, &admin, "rebranding_deleted").await;
    assert_eq!(
        who_and_what(&event),
        (ADMIN, "rebranding_project", id, "Café Süß")
    );
}

#[tokio::test]
async fn mt_settings_changed_names_the_fields_never_the_key() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::None)).await;
    let admin = app.admin_token().await;
    let key = "very-secret-deepl-key:fx";
    let body = json!({ "provider": "deepl", "api_key": key, "formality": "less" });
    let response = app.settings().set_mt(&admin, body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let event = last(&app, &admin, "mt_settings_changed").await;
    assert_eq!(event["target_kind"], "mt_settings");
    assert_eq!(
        event["detail"],
        json!({ "provider": "deepl", "fields": ["provider", "api_key", "formality"] })
    );
    let export = export(&app, &admin, "").await.text().await.unwrap();
    let list = app.audit().list(&admin, "").await.text().await.unwrap();
    assert!(!export.contains(key) && !list.contains(key));
}

async fn export(app: &TestApp, admin: &str, query: &str) -> Response {
    app.audit().export(admin, query).await
}

#[tokio::test]
async fn only_administrators_read_or_export_the_log() {
    let (app, _) = setup().await;
    let editor = app.editor_token().await;
    // By hand, on purpose: both URLs asked by an editor and anonymously.
    for path in ["/api/audit", "/api/audit/export"] {
        assert_eq!(app.get(path, &editor).await.status(), StatusCode::FORBIDDEN);
        let anonymous = app.request(Method::GET, path, None).send().await.unwrap();
        assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn the_list_is_filtered_and_paged_newest_first_with_the_total() {
    let (app, admin) = setup().await;
    for _ in 0..3 {
        app.login(ADMIN, "wrong").await;
    }
    let response = app
        .audit()
        .list(&admin, "action=sign_in_failed&limit=2&offset=0")
        .await;
    assert_eq!(response.headers()["x-total-count"], "3");
    assert_eq!(response.headers()["x-audit-write-failures"], "0");
    let first: Vec<Value> = response.json().await.unwrap();
    let second = events(&app, &admin, "action=sign_in_failed&limit=2&offset=2").await;
    assert_eq!((first.len(), second.len()), (2, 1));
    let ids: Vec<i64> = first
        .iter()
        .chain(&second)
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    let oldest_first: Vec<i64> = events(&app, &admin, "action=sign_in_failed&order=asc")
        .await
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(oldest_first, ids.iter().rev().copied().collect::<Vec<_>>());

    assert_eq!(events(&app, &admin, "username=admin").await.len(), 4);
    assert_eq!(events(&app, &admin, "username=adm").await.len(), 0);
    assert!(events(&app, &admin, "target_kind=client").await.is_empty());
    let today = app.now().date();
    let range = format!("from={today}&to={today}");
    assert_eq!(events(&app, &admin, &range).await.len(), 4);
    let tomorrow = today.next_day().unwrap();
    assert!(
        events(&app, &admin, &format!("from={tomorrow}"))
            .await
            .is_empty()
    );

    for (query, needle) in [
        ("action=reboot", "action"),
        ("from=24.11.2026", "from=\"24.11.2026\""),
        ("limit=500", "limit 500"),
    ] {
        let response = app.audit().list(&admin, query).await;

        let message = error_message(response, StatusCode::BAD_REQUEST).await;
        assert!(message.contains(needle), "{query}: {message}");
    }
}

#[tokio::test]
async fn the_export_is_csv_for_spreadsheets_with_the_filters_applied() {
    let (app, admin) = setup().await;
    app.login("=cmd|' /C calc'!A0", "x").await;
    app.login("@SUM(1+1)", "x").await;
    let response = export(&app, &admin, "action=sign_in_failed").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    let disposition = response.headers()["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment; filename=\"wordmark-audit-"));
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "UTF-8 with a BOM");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("\"time_utc\",\"username\""));
    assert!(lines[1].contains(",\"'@SUM(1+1)\","), "{}", lines[1]);
    assert!(
        lines[2].contains(",\"'=cmd|' /C calc'!A0\","),
        "{}",
        lines[2]
    );
    assert!(lines[1].contains("\"sign_in_failed\""));
    // The export itself is recorded, with its filters.
    let event = last(&app, &admin, "audit_exported").await;
    assert_eq!(event["detail"]["action"], "sign_in_failed");
}

#[tokio::test]
async fn a_long_log_is_exported_whole_across_batches() {
    let (app, admin) = setup().await;
    // Past one batch of the export (500 events), written as the server writes them.
    let values = vec!["('2026-01-01T00:00:00Z', 'bulk', 'sign_out')"; 1200].join(", ");
    app.db
        .execute_unprepared(&format!(
            "INSERT INTO audit_events (occurred_at, username, action) VALUES {values}"
        ))
        .await
        .unwrap();
    let text = export(&app, &admin, "username=bulk")
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(text.split_terminator("\r\n").count(), 1 + 1200);
}

#[tokio::test]
async fn events_past_the_retention_are_purged_when_the_server_starts() {
    let (app, admin) = setup().await;
    let backend = app.db.get_database_backend();
    let old = app.now() - time::Duration::days(40);
    let recent = app.now() - time::Duration::days(20);
    for (at, username) in [(old, "old"), (recent, "recent")] {
        let at = at.replace_nanosecond(0).unwrap();
        let insert = Statement::from_sql_and_values(
            backend,
            match backend {
                sea_orm::DbBackend::Postgres => {
                    "INSERT INTO audit_events (occurred_at, username, action) VALUES ($1, $2, 'sign_in')"
                }
                _ => {
                    "INSERT INTO audit_events (occurred_at, username, action) VALUES (?, ?, 'sign_in')"
                }
            },
            [at.into(), username.into()],
        );
        app.db.execute_raw(insert).await.unwrap();
    }
    let restarted = app
        .spawn_sibling(|c| c.audit_retention = std::time::Duration::from_secs(30 * 24 * 3600))
        .await;
    let mut left = Vec::new();
    for _ in 0..50 {
        left = events(&restarted, &admin, "action=sign_in").await;
        if left.iter().all(|e| e["username"] != "old") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let names: Vec<&str> = left.iter().filter_map(|e| e["username"].as_str()).collect();
    assert_eq!(names, [ADMIN, "recent"]);
}
