//! Knowing what changed on a site, against the real WordPress test site: pages translated and
//! published, one source page changed through WordPress's own REST API, the scheduled check
//! (run by two instances at once: one checks) lists only it as changed and tells the staff
//! once, the update project holds only it, and pre-translation fills its unchanged segments
//! from the memory; a check that fails is recorded on the site.

use std::{sync::Arc, time::Duration};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::{
    config::{Secret, SecretKeySource},
    services::{
        secret_box::SecretBox,
        sites::{
            Connector,
            checks::{self, Checker},
        },
    },
};

use super::{
    post,
    projects::{connected_site, create, publish},
};
use crate::{
    common::{
        ADMIN, EDITOR, PASSWORD, TestApp, error_message, json_body, spawn_app_with,
        wordpress::WordPressSite,
    },
    mt_support,
    notifications::notifications,
};

/// The scheduled checks of an instance named `owner` on the app's database and clock: what the
/// server's worker runs every minute, called by the test when it has moved the clock.
fn checker(app: &TestApp, owner: &str) -> Checker {
    let key = SecretKeySource::Environment(Secret::new(app.secret_key().to_owned()));
    let secrets = SecretBox::load_or_create(&key).unwrap();
    Checker {
        db: app.db.clone(),
        connector: Connector::new(secrets, Duration::from_secs(30)),
        owner: Arc::from(owner),
        lease: Duration::from_secs(30),
        clock: app.clock.clone().into(),
        mail: None,
    }
}

/// Confirms every translated segment of the project's jobs as it stands (an editor's save in
/// the job view): the memory learns them.
async fn confirm(app: &TestApp, token: &str, jobs: &[i64]) {
    for &job in jobs {
        let detail = json_body(app.job(job).get(token).await, StatusCode::OK).await;
        let edits: Vec<Value> = detail["segments"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["translatable"] == true && s["target"].is_string())
            .map(
                |s| json!({ "id": s["id"], "target": s["target"], "base_revision": s["revision"] }),
            )
            .collect();
        assert!(!edits.is_empty(), "{detail}");
        let saved = app
            .job(job)
            .update(token, json!({ "segments": edits }))
            .await;
        json_body(saved, StatusCode::OK).await;
    }
}

async fn changes(app: &TestApp, token: &str, site: i64) -> Value {
    json_body(
        app.get(&format!("/api/sites/{site}/changes"), token).await,
        StatusCode::OK,
    )
    .await
}

fn ids(values: &Value) -> Vec<i64> {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_changed_page_is_listed_told_once_and_becomes_an_update_project_the_memory_fills() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let mut token = app.admin_token().await;
    app.editor_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let (about, team) = (
        wp.info["content"]["about"].as_i64().unwrap(),
        wp.info["content"]["team"].as_i64().unwrap(),
    );

    // Translated, confirmed (the memory learns it) and published in German.
    let body = json!({ "project_name": "Pages", "items": [about, team], "target_langs": ["de"] });
    let project = json_body(create(&app, &token, site, body).await, StatusCode::CREATED).await;
    let project_id = project["id"].as_i64().unwrap();
    let pretranslated = mt_support::pretranslate(&app, &token, project_id as i32).await;
    assert_eq!(pretranslated["state"], "done", "{pretranslated}");
    confirm(&app, &token, &ids(&project["jobs"])).await;
    let run = publish(&app, &token, project_id, "publish").await;
    assert_eq!(run["state"], "done", "{run}");
    json_body(
        post(&app, &token, &format!("/api/sites/{site}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    let before = changes(&app, &token, site).await;
    assert_eq!(
        (before["pages"].as_u64(), before["jobs"].as_u64()),
        (Some(0), Some(0))
    );
    let refused = app
        .send_json(
            Method::POST,
            &format!("/api/sites/{site}/update-project"),
            &token,
            json!({}),
        )
        .await;
    let message = error_message(refused, StatusCode::CONFLICT).await;
    assert!(message.contains("No page"), "{message}");

    // The team page's title changes on the site.
    let changed = reqwest::Client::new()
        .post(format!("{}/wp-json/wp/v2/pages/{team}", wp.url()))
        .basic_auth("editor", Some(wp.password("editor")))
        .json(&json!({ "title": "Our whole team" }))
        .send()
        .await
        .unwrap();
    assert!(changed.status().is_success(), "{:?}", changed.text().await);

    // A day later both instances look for due sites at once: one checks the site.
    app.clock.advance(Duration::from_secs(25 * 3600));
    let (one, two) = (checker(&app, "one"), checker(&app, "two"));
    let (checked_one, checked_two) = tokio::join!(checks::round(&one), checks::round(&two));
    assert_eq!(checked_one.unwrap() + checked_two.unwrap(), 1);
    assert_eq!(checks::round(&one).await.unwrap(), 0, "not due again yet");
    // Sessions end after 12 idle hours: sign in again.
    token = app.token(ADMIN, PASSWORD).await;
    let editor = app.token(EDITOR, PASSWORD).await;

    let after = changes(&app, &token, site).await;
    assert_eq!(
        (after["pages"].as_u64(), after["jobs"].as_u64()),
        (Some(1), Some(1)),
        "{after}"
    );
    assert!(after["next_check_at"].is_string());
    let listed = json_body(
        app.get(&format!("/api/sites/{site}/content?state=changed"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(ids(&listed), [team], "{listed}");
    let shown = json_body(
        app.get(&format!("/api/sites/{site}"), &token).await,
        StatusCode::OK,
    )
    .await;
    assert!(shown["content_checked_at"].is_string(), "{shown}");
    assert_eq!(shown["content_check_error"], Value::Null);
    let dashboard = json_body(app.get("/api/sites/changed", &token).await, StatusCode::OK).await;
    assert_eq!(
        dashboard,
        json!([{ "site_id": site, "client_id": shown["client_id"], "name": "Main site", "pages": 1 }])
    );

    // The staff are told once: reading the site again finds nothing new.
    let told = |list: Vec<Value>| {
        list.into_iter()
            .filter(|n| n["kind"] == "site_pages_changed")
            .collect::<Vec<_>>()
    };
    let admin_told = told(notifications(&app, &token, "").await);
    assert_eq!(admin_told.len(), 1, "{admin_told:?}");
    assert_eq!(
        admin_told[0]["text"],
        "1 page of \"Main site\" changed since its translation"
    );
    assert_eq!(admin_told[0]["link"], format!("/sites/{site}"));
    assert_eq!(told(notifications(&app, &editor, "").await).len(), 1);
    json_body(
        post(&app, &token, &format!("/api/sites/{site}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(told(notifications(&app, &token, "").await).len(), 1);

    // The update project holds the changed page in the language it changed in.
    let update = json_body(
        app.send_json(
            Method::POST,
            &format!("/api/sites/{site}/update-project"),
            &token,
            json!({}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let jobs = update["site_jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 1, "{update}");
    assert_eq!(
        (jobs[0]["item_id"].as_i64(), jobs[0]["lang"].as_str()),
        (Some(team), Some("de"))
    );
    let update_id = update["id"].as_i64().unwrap();
    let details = json_body(
        app.get(&format!("/api/translation/{update_id}"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(
        details["name"]
            .as_str()
            .unwrap()
            .starts_with("Main site – update "),
        "{details}"
    );

    // Pre-translation fills what did not change from the memory; only the title is new.
    let pretranslated = mt_support::pretranslate(&app, &token, update_id as i32).await;
    assert_eq!(pretranslated["state"], "done", "{pretranslated}");
    let job = json_body(
        app.job(jobs[0]["id"].as_i64().unwrap()).get(&token).await,
        StatusCode::OK,
    )
    .await;
    let segments: Vec<&Value> = job["segments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["translatable"] == true)
        .collect();
    let (title, rest): (Vec<&Value>, Vec<&Value>) = segments
        .into_iter()
        .partition(|s| s["source"] == "Our whole team");
    assert_eq!(title.len(), 1, "{job}");
    assert_ne!(title[0]["origin"], "memory");
    assert!(rest.iter().any(|s| s["origin"] == "memory"), "{job}");
    // Segments with nothing to translate keep their source.
    assert!(
        rest.iter()
            .all(|s| s["origin"] == "memory" || s["origin"] == "source"),
        "{job}"
    );

    // The site goes down: the next check fails and says why on the site.
    drop(wp);
    app.clock.advance(Duration::from_secs(25 * 3600));
    assert_eq!(checks::round(&two).await.unwrap(), 1);
    let token = app.token(ADMIN, PASSWORD).await;
    let shown = json_body(
        app.get(&format!("/api/sites/{site}"), &token).await,
        StatusCode::OK,
    )
    .await;
    let error = shown["content_check_error"].as_str().unwrap();
    assert!(error.contains("cannot be reached"), "{error}");
    let still = changes(&app, &token, site).await;
    assert_eq!(still["pages"], 1, "the list as last read stays");
}

#[tokio::test]
async fn the_schedule_is_daily_by_default_can_be_off_and_refuses_nonsense() {
    let wp = WordPressSite::start("none");
    let app = spawn_app_with(|_| {}).await;
    let mut token = app.admin_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let schedule = json_body(
        app.get("/api/settings/site-checks", &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(schedule, json!({ "every_hours": 24 }));
    let editor = app.editor_token().await;
    let forbidden = app.get("/api/settings/site-checks", &editor).await;
    assert_eq!(forbidden.status(), StatusCode::FORBIDDEN);
    let wrong = app
        .send_json(
            Method::PUT,
            "/api/settings/site-checks",
            &token,
            json!({ "every_hours": 0 }),
        )
        .await;
    let message = error_message(wrong, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("1 to 720 hours"), "{message}");

    // Off: nothing is due, however long it has been.
    let off = app
        .send_json(
            Method::PUT,
            "/api/settings/site-checks",
            &token,
            json!({ "every_hours": null }),
        )
        .await;
    assert_eq!(
        json_body(off, StatusCode::OK).await,
        json!({ "every_hours": null })
    );
    app.clock.advance(Duration::from_secs(90 * 24 * 3600));
    assert_eq!(checks::round(&checker(&app, "one")).await.unwrap(), 0);
    token = app.token(ADMIN, PASSWORD).await;
    assert_eq!(
        changes(&app, &token, site).await["next_check_at"],
        Value::Null
    );

    // Every hour: due an hour after the last read.
    let hourly = app
        .send_json(
            Method::PUT,
            "/api/settings/site-checks",
            &token,
            json!({ "every_hours": 1 }),
        )
        .await;
    json_body(hourly, StatusCode::OK).await;
    assert_eq!(checks::round(&checker(&app, "one")).await.unwrap(), 1);
    assert_eq!(checks::round(&checker(&app, "one")).await.unwrap(), 0);
    app.clock.advance(Duration::from_secs(3601));
    assert_eq!(checks::round(&checker(&app, "one")).await.unwrap(), 1);
}
