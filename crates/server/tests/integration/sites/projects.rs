//! `POST /api/sites/{id}/projects` and `/api/translation/{id}/publish` against the real
//! WordPress test site: a project from pages in two languages, pre-translated by the pseudo
//! provider, published, read back through WordPress's own REST API, published again without a
//! duplicate; the refusals that write nothing; a run whose instance died, finished by another.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait, Statement};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};
use wordmark_server::db::entities::{
    site_publish_job::{self as publish_job, PublishJobState},
    site_publish_run::{self as publish_run, PublishStatus, RunState},
};

use super::{add_site, customer_with_client, post, site_form};
use crate::{
    common::{
        TestApp, error_message, json_body, spawn_app, spawn_app_with, wait_until,
        wordpress::WordPressSite,
    },
    mt_support::{self, files},
};

/// A site of a new client, checked and its content read; answers the site's id.
pub(super) async fn connected_site(app: &TestApp, token: &str, wp: &WordPressSite) -> i64 {
    let client = customer_with_client(app, token, "pages").await;
    let form = site_form(&wp.url(), "editor", &wp.password("editor"));
    let id = add_site(app, token, client, form).await["id"]
        .as_i64()
        .unwrap();
    json_body(
        post(app, token, &format!("/api/sites/{id}/check")).await,
        StatusCode::OK,
    )
    .await;
    json_body(
        post(app, token, &format!("/api/sites/{id}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    id
}

pub(super) async fn create(
    app: &TestApp,
    token: &str,
    site: i64,
    body: Value,
) -> reqwest::Response {
    app.send_json(
        Method::POST,
        &format!("/api/sites/{site}/projects"),
        token,
        body,
    )
    .await
}

async fn publishing(app: &TestApp, token: &str, project: i64) -> Value {
    json_body(
        app.get(&format!("/api/translation/{project}/publish"), token)
            .await,
        StatusCode::OK,
    )
    .await
}

/// Starts publishing (202) and waits until the run ended; answers the run.
pub(super) async fn publish(app: &TestApp, token: &str, project: i64, status: &str) -> Value {
    let started = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{project}/publish"),
            token,
            json!({ "status": status }),
        )
        .await;
    json_body(started, StatusCode::ACCEPTED).await;
    finished_run(app, token, project).await
}

async fn finished_run(app: &TestApp, token: &str, project: i64) -> Value {
    wait_until(
        "the publishing run ended",
        Duration::from_secs(60),
        || async { publishing(app, token, project).await["run"]["state"] != "running" },
    )
    .await;
    publishing(app, token, project).await["run"].clone()
}

/// A post as WordPress's own REST API gives it to an editor (`raw` texts).
async fn wp_post(wp: &WordPressSite, kind: &str, id: i64) -> Value {
    reqwest::Client::new()
        .get(format!(
            "{}/wp-json/wp/v2/{kind}/{id}?context=edit",
            wp.url()
        ))
        .basic_auth("editor", Some(wp.password("editor")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The blocks of block markup as their opening delimiters: each block's name and attributes,
/// in order.
fn blocks(markup: &str) -> Vec<(String, serde_json::Map<String, Value>)> {
    markup
        .split("<!-- ")
        .skip(1)
        .filter_map(|comment| {
            let comment = comment.split("-->").next()?;
            let rest = comment
                .strip_prefix("wp:")
                .or(comment.strip_prefix("/wp:").map(|_| ""))?;
            let (name, attrs) = rest.split_once(' ').unwrap_or((rest, ""));
            let attrs = attrs.trim().trim_end_matches('/').trim();
            let attrs = serde_json::from_str(attrs).unwrap_or_default();
            Some((name.trim().to_owned(), attrs))
        })
        .collect()
}

/// The translated markup has the source's block tree, each block with the source's attributes:
/// the same values, but for text attributes, which the pseudo provider marked as translated.
fn assert_same_blocks(source: &str, translated: &str) {
    let (source_blocks, translated_blocks) = (blocks(source), blocks(translated));
    assert!(!source_blocks.is_empty(), "{source}");
    let names = |list: &[(String, serde_json::Map<String, Value>)]| -> Vec<String> {
        list.iter().map(|(name, _)| name.clone()).collect()
    };
    assert_eq!(
        names(&translated_blocks),
        names(&source_blocks),
        "{translated}"
    );
    for ((name, source_attrs), (_, attrs)) in source_blocks.iter().zip(&translated_blocks) {
        let keys = |map: &serde_json::Map<String, Value>| map.keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(attrs), keys(source_attrs), "{name}");
        for (key, value) in source_attrs {
            let now = &attrs[key];
            let translated_text =
                value.is_string() && now.as_str().is_some_and(|t| t.contains("[!! "));
            assert!(
                now == value || translated_text,
                "{name}.{key}: {value} became {now}"
            );
        }
    }
}

/// How many posts of `kind` (`pages`, `posts`) the site has, published or draft.
async fn post_count(wp: &WordPressSite, kind: &str) -> u64 {
    let answer = reqwest::Client::new()
        .get(format!(
            "{}/wp-json/wp/v2/{kind}?status=publish,draft&per_page=1&context=edit",
            wp.url()
        ))
        .basic_auth("editor", Some(wp.password("editor")))
        .send()
        .await
        .unwrap();
    answer.headers()["x-wp-total"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    app.db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT COUNT(*) FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap()
}

#[tokio::test]
async fn pages_become_a_project_whose_translations_are_published_back_once() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = app.admin_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let content = &wp.info["content"];
    let (about, team, classic) = (
        content["about"].as_i64().unwrap(),
        content["team"].as_i64().unwrap(),
        content["classic"].as_i64().unwrap(),
    );
    // 20 items, as the issue names: the block pages, the classic post, 17 block articles. The
    // parent first, so that its translation exists when the child's is written.
    let articles: Vec<i64> = content["articles"]
        .as_array()
        .unwrap()
        .iter()
        .take(17)
        .map(|a| a.as_i64().unwrap())
        .collect();
    let items: Vec<i64> = [about, team, classic]
        .into_iter()
        .chain(articles.iter().copied())
        .collect();
    assert_eq!(items.len(), 20);
    let kind_of = |item: i64| {
        if item == about || item == team {
            "pages"
        } else {
            "posts"
        }
    };
    let (pages_before, posts_before) = (
        post_count(&wp, "pages").await,
        post_count(&wp, "posts").await,
    );

    let body =
        json!({ "project_name": "Site pages", "items": items, "target_langs": ["de", "fr"] });
    let project = json_body(create(&app, &token, site, body).await, StatusCode::CREATED).await;
    let project_id = project["id"].as_i64().unwrap();
    let pairs: Vec<(i64, String)> = project["site_jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| {
            (
                j["item_id"].as_i64().unwrap(),
                j["lang"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected: Vec<(i64, String)> = items
        .iter()
        .flat_map(|&item| ["de", "fr"].map(|lang| (item, lang.to_owned())))
        .collect();
    assert_eq!(pairs, expected);
    // The answer is the project as `GET /api/translation/{id}` shows it, each job with its
    // item: the jobs are those of a WPML export, a normal project of the site's client.
    let job_ids = |list: &Value, key: &str| -> Vec<i64> {
        list[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| j["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(job_ids(&project, "jobs"), job_ids(&project, "site_jobs"));
    assert_eq!(project["jobs"][1]["target_lang"], "fr", "{project}");
    let details = json_body(
        app.get(&format!("/api/translation/{project_id}"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    for key in [
        "name",
        "client",
        "site",
        "jobs",
        "job_count",
        "target_langs",
    ] {
        assert_eq!(project[key], details[key], "{key}");
    }
    assert_eq!(details["name"], "Site pages");
    assert_eq!(details["site"]["id"], site, "{details}");
    assert_eq!(details["site"]["name"], "Main site");
    let before = publishing(&app, &token, project_id).await;
    assert_eq!(before["site"]["id"], site);
    assert_eq!(before["run"], Value::Null);

    // Pseudo-translated: a body segment starts and ends with block markup, and the markers
    // must land in the text, not outside the first and last block.
    let pretranslated = mt_support::pretranslate(&app, &token, project_id as i32).await;
    assert_eq!(pretranslated["state"], "done", "{pretranslated}");
    let run = publish(&app, &token, project_id, "publish").await;
    assert_eq!(run["state"], "done", "{run}");
    let jobs = run["jobs"].as_array().unwrap().clone();
    assert_eq!(jobs.len(), 40);
    assert!(
        jobs.iter()
            .all(|j| j["state"] == "published" && j["edit_link"].is_string()),
        "{run}"
    );
    let post_of = |item: i64, lang: &str| {
        jobs.iter()
            .find(|j| j["item_id"] == item && j["lang"] == lang)
            .unwrap()["post_id"]
            .as_i64()
            .unwrap()
    };

    // Read back through WordPress's own REST API: every block's structure and attributes as in
    // the source, the text translated, the meta translated, the parent mapped.
    for &item in &items {
        let source = wp_post(&wp, kind_of(item), item).await;
        for lang in ["de", "fr"] {
            let job = jobs
                .iter()
                .find(|j| j["item_id"] == item && j["lang"] == lang)
                .unwrap();
            // Each result names its page as the site's content list holds it.
            assert_eq!(job["title"], source["title"]["raw"], "{job}");
            let translated = wp_post(&wp, kind_of(item), post_of(item, lang)).await;
            assert_eq!(translated["status"], "publish");
            let title = translated["title"]["raw"].as_str().unwrap();
            assert!(
                title.starts_with("[!! ") && title.ends_with(" !!]"),
                "{title}"
            );
            let (source_body, translated_body) = (
                source["content"]["raw"].as_str().unwrap(),
                translated["content"]["raw"].as_str().unwrap(),
            );
            assert!(translated_body.contains("[!! "), "{translated_body}");
            if item != classic {
                assert_same_blocks(source_body, translated_body);
            }
            assert_eq!(translated["featured_media"], source["featured_media"]);
            assert_eq!(translated["template"], source["template"]);
        }
    }
    for lang in ["de", "fr"] {
        let child = wp_post(&wp, "pages", post_of(team, lang)).await;
        assert_eq!(
            child["parent"],
            post_of(about, lang),
            "the parent is mapped"
        );
        let about_translated = wp_post(&wp, "pages", post_of(about, lang)).await;
        let meta = &about_translated["meta"];
        for key in [
            "_yoast_wpseo_title",
            "_yoast_wpseo_metadesc",
            "rank_math_title",
            "rank_math_description",
            "subtitle",
            "intro",
            "sidebar_text",
            "cta_text",
        ] {
            let text = meta[key].as_str().unwrap_or_default();
            assert!(text.contains("[!! "), "{lang} {key}: {meta}");
        }
    }
    // Linked as the translations: the site lists each item as up to date in both languages,
    // with the post written.
    json_body(
        post(&app, &token, &format!("/api/sites/{site}/refresh")).await,
        StatusCode::OK,
    )
    .await;
    let listed = json_body(
        app.get(&format!("/api/sites/{site}/content?limit=100"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    for &item in &items {
        let entry = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == item)
            .unwrap();
        for lang in ["de", "fr"] {
            let translation = entry["translations"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["lang"] == lang)
                .unwrap();
            assert_eq!(translation["state"], "current", "{entry}");
            assert_eq!(translation["post_id"], post_of(item, lang), "{entry}");
        }
    }

    // Again: the same posts are updated, none is added.
    let again = publish(&app, &token, project_id, "publish").await;
    assert_eq!(again["state"], "done", "{again}");
    for job in again["jobs"].as_array().unwrap() {
        let item = job["item_id"].as_i64().unwrap();
        assert_eq!(job["post_id"], post_of(item, job["lang"].as_str().unwrap()));
    }
    assert_eq!(post_count(&wp, "pages").await, pages_before + 4);
    assert_eq!(post_count(&wp, "posts").await, posts_before + 36);
}

/// The site stops in the middle of a publishing run: the run ends failed, naming the page it
/// could not write and why, the jobs published so far kept; the site back, publishing again
/// finishes the run, and every translation exists once.
#[tokio::test]
async fn a_site_stopped_mid_run_fails_the_run_by_name_and_publishing_again_resumes_it() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = app.admin_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let articles: Vec<i64> = wp.info["content"]["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_i64().unwrap())
        .collect();
    let posts_before = post_count(&wp, "posts").await;
    let body =
        json!({ "project_name": "Stopped", "items": articles, "target_langs": ["de", "fr"] });
    let project = json_body(create(&app, &token, site, body).await, StatusCode::CREATED).await;
    let project_id = project["id"].as_i64().unwrap();
    let pretranslated = mt_support::pretranslate(&app, &token, project_id as i32).await;
    assert_eq!(pretranslated["state"], "done", "{pretranslated}");

    let started = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{project_id}/publish"),
            &token,
            json!({ "status": "draft" }),
        )
        .await;
    json_body(started, StatusCode::ACCEPTED).await;
    // Stopped once the first job is written: 35 are left to send, one at a time.
    wait_until("a job was published", Duration::from_secs(60), || async {
        publishing(&app, &token, project_id).await["run"]["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|j| j["state"] == "published")
    })
    .await;
    wp.server("stop");
    let run = finished_run(&app, &token, project_id).await;
    assert_eq!(run["state"], "failed", "{run}");
    let error = run["error"].as_str().unwrap();
    assert!(
        error.starts_with("Publishing \"Article ") && error.contains("cannot be reached"),
        "{error}"
    );
    assert!(
        error.contains("Publish to WordPress sends the rest"),
        "{error}"
    );
    let states = |run: &Value, state: &str| {
        run["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|j| j["state"] == state)
            .count()
    };
    let published = states(&run, "published");
    assert!(published >= 1 && states(&run, "pending") >= 1, "{run}");
    assert_eq!(published + states(&run, "pending"), 36, "{run}");

    // Back up: publishing again with the same status resumes the run.
    wp.server("start");
    let resumed = publish(&app, &token, project_id, "draft").await;
    assert_eq!(resumed["id"], run["id"], "the same run, resumed");
    assert_eq!(resumed["state"], "done", "{resumed}");
    assert_eq!(states(&resumed, "published"), 36, "{resumed}");
    for job in run["jobs"].as_array().unwrap() {
        if job["state"] == "published" {
            let again = resumed["jobs"]
                .as_array()
                .unwrap()
                .iter()
                .find(|j| j["job_id"] == job["job_id"])
                .unwrap();
            assert_eq!(again["post_id"], job["post_id"], "kept, not sent again");
            assert_eq!(again["finished_at"], job["finished_at"], "not sent again");
        }
    }
    // The job in flight when the site stopped, sent again, updated its post if it had been
    // written: one translation per article and language.
    assert_eq!(post_count(&wp, "posts").await, posts_before + 36);
}

#[tokio::test]
async fn refused_projects_write_nothing_and_name_why() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let about = wp.info["content"]["about"].as_i64().unwrap();
    let projects = count(&app, "translation_projects").await;

    let unknown = json!({ "project_name": "P", "items": [about, 987_654], "target_langs": ["de"] });
    let message = error_message(
        create(&app, &token, site, unknown).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("987654"), "{message}");
    let wrong = json!({ "project_name": "P", "items": [about], "target_langs": ["de", "es"] });
    let message = error_message(
        create(&app, &token, site, wrong).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("\"es\""), "{message}");

    // A project not made from a site cannot be published.
    let other =
        mt_support::create_project(&app, &token, "Zip", None, &files(1, &["Hello world."])).await;
    let refused = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{other}/publish"),
            &token,
            json!({}),
        )
        .await;
    let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("not made from a site"), "{message}");
    assert_eq!(
        publishing(&app, &token, i64::from(other)).await["site"],
        Value::Null
    );
    let details = json_body(
        app.get(&format!("/api/translation/{other}"), &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(details["site"], Value::Null, "{details}");

    let made = json!({ "project_name": "Made", "items": [about], "target_langs": ["de"] });
    let made = json_body(create(&app, &token, site, made).await, StatusCode::CREATED).await;
    let made = made["id"].as_i64().unwrap();

    // The site stopped: no project is made, and a run stops with the reason, its job pending.
    drop(wp);
    let stopped = json!({ "project_name": "P", "items": [about], "target_langs": ["de"] });
    let message = error_message(
        create(&app, &token, site, stopped).await,
        StatusCode::BAD_GATEWAY,
    )
    .await;
    assert!(message.contains("cannot be reached"), "{message}");
    assert_eq!(
        count(&app, "translation_projects").await,
        projects + 2,
        "the zip's and the first site project only"
    );
    assert_eq!(count(&app, "site_jobs").await, 1);
    let run = publish(&app, &token, made, "draft").await;
    assert_eq!(run["state"], "failed", "{run}");
    assert!(
        run["error"].as_str().unwrap().contains("cannot be reached"),
        "{run}"
    );
    assert_eq!(run["jobs"][0]["state"], "pending");
}

#[tokio::test]
async fn a_run_whose_instance_died_is_finished_without_sending_a_published_job_again() {
    let wp = WordPressSite::start("wpml");
    let app = spawn_app_with(|c| c.run_claim_timeout = Duration::from_secs(1)).await;
    let token = app.admin_token().await;
    let site = connected_site(&app, &token, &wp).await;
    let about = wp.info["content"]["about"].as_i64().unwrap();
    let team = wp.info["content"]["team"].as_i64().unwrap();
    let body = json!({ "project_name": "Resumed", "items": [about, team], "target_langs": ["de"] });
    let project = json_body(create(&app, &token, site, body).await, StatusCode::CREATED).await;
    let project_id = project["id"].as_i64().unwrap();
    let jobs: Vec<i32> = project["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_i64().unwrap() as i32)
        .collect();

    // What an instance that is still alive holds: another start is refused.
    let now = app.now();
    let run_id = publish_run::Entity::insert(publish_run::ActiveModel {
        project_id: Set(project_id as i32),
        state: Set(RunState::Running),
        status: Set(PublishStatus::Draft),
        error: Set(None),
        lease_owner: Set(Some("another-instance".into())),
        lease_until: Set(Some(now + time::Duration::hours(1))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&app.db)
    .await
    .unwrap()
    .last_insert_id;
    // The first job was published before the instance died (a post id the site never gave:
    // sending it again would replace it).
    for (position, &job_id) in jobs.iter().enumerate() {
        let done = position == 0;
        publish_job::Entity::insert(publish_job::ActiveModel {
            run_id: Set(run_id),
            job_id: Set(job_id),
            position: Set(position as i32),
            state: Set(if done {
                PublishJobState::Published
            } else {
                PublishJobState::Pending
            }),
            post_id: Set(done.then_some(424_242)),
            edit_link: Set(None),
            error: Set(None),
            finished_at: Set(done.then_some(now)),
        })
        .exec(&app.db)
        .await
        .unwrap();
    }
    let busy = app
        .send_json(
            Method::POST,
            &format!("/api/translation/{project_id}/publish"),
            &token,
            json!({}),
        )
        .await;
    error_message(busy, StatusCode::CONFLICT).await;

    // The instance died: its lease runs out and this server's resumer finishes the run.
    publish_run::Entity::update_many()
        .col_expr(
            publish_run::Column::LeaseUntil,
            sea_orm::sea_query::Expr::value(now - time::Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    let run = finished_run(&app, &token, project_id).await;
    assert_eq!(run["state"], "done", "{run}");
    assert_eq!(run["jobs"][0]["post_id"], 424_242, "not sent again");
    assert_eq!(run["jobs"][1]["state"], "published");
    let child = wp_post(&wp, "pages", run["jobs"][1]["post_id"].as_i64().unwrap()).await;
    assert_eq!(child["status"], "draft");
}
