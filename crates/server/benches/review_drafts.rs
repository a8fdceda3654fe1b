//! Draft saves of the review link under load (not a test): 20 reviewers at once, each saving
//! drafts of its own page's segments one after another (`PUT /api/review/{token}/segments/{id}`
//! with the revision of its previous answer), against the in-process server on a fresh SQLite
//! file. Baseline in the same run: the same 20 × 100 calls of `GET /api/build-info` (token
//! check and a small JSON answer). Goal of #18: p99 under 50 ms.
//! Run with `cargo bench -p wordmark-server --bench review_drafts`.

use std::time::{Duration, Instant};

use sea_orm::{ActiveValue::Set, EntityTrait, TransactionTrait};
use serde_json::{Value, json};
use wordmark_server::{
    AppState,
    config::{Config, DatabaseUrl},
    db::{
        self,
        entities::{
            translation_job as job,
            translation_project::{self as project, ProjectStatus},
            translation_segment::{self as segment, SegmentMarkup, SegmentOrigin, SegmentStatus},
            user::Role,
        },
    },
    server,
    services::{
        accounts::{self, NewAccount},
        clock::Clock,
        secret_box::{self, SecretBox},
    },
};

const REVIEWERS: usize = 20;
const SAVES: usize = 100;
const PASSWORD: &str = "bench-password-123";

/// A pre-translated project with one page (job) of `SAVES` segments per reviewer; returns its
/// id and the segment ids per page.
async fn seed(db: &sea_orm::DatabaseConnection) -> (i32, Vec<Vec<i64>>) {
    let now = Clock::default().now();
    let txn = db.begin().await.expect("transaction");
    let project_id = project::Entity::insert(project::ActiveModel {
        name: Set("Review benchmark".into()),
        status: Set(ProjectStatus::Pretranslated),
        target_lang: Set(Some("de".into())),
        date_created: Set(now),
        ..Default::default()
    })
    .exec(&txn)
    .await
    .expect("project")
    .last_insert_id;
    for j in 0..REVIEWERS {
        let job_id = job::Entity::insert(job::ActiveModel {
            project_id: Set(project_id),
            file_name: Set(format!("page-{j}.xliff")),
            source_lang: Set(Some("en".into())),
            target_lang: Set(Some("de".into())),
            xliff_version: Set("1.2".into()),
            original: Set(Vec::new()),
            checksum: Set(String::new()),
            date_created: Set(now),
            ..Default::default()
        })
        .exec(&txn)
        .await
        .expect("job")
        .last_insert_id;
        let rows = (0..SAVES).map(|u| {
            let target = format!("Seite {j} Feld {u}: der <strong>schnelle</strong> Fuchs.");
            segment::ActiveModel {
                job_id: Set(job_id),
                position: Set(u as i32),
                unit_key: Set(format!("field-{u}")),
                translatable: Set(true),
                markup: Set(SegmentMarkup::Html),
                source: Set(format!(
                    "Page {j} field {u}: the <strong>quick</strong> fox."
                )),
                target: Set(Some(target.clone())),
                mt_target: Set(Some(target)),
                origin: Set(SegmentOrigin::Mt),
                status: Set(SegmentStatus::Translated),
                qa_flags: Set("[]".into()),
                ..Default::default()
            }
        });
        segment::Entity::insert_many(rows)
            .exec(&txn)
            .await
            .expect("segments");
    }
    txn.commit().await.expect("commit");
    let mut pages = Vec::new();
    for job in job::Entity::find().all(db).await.expect("jobs") {
        let mut ids: Vec<i64> = segment::Entity::find()
            .all(db)
            .await
            .expect("segments")
            .into_iter()
            .filter(|s| s.job_id == job.id)
            .map(|s| s.id)
            .collect();
        ids.sort_unstable();
        pages.push(ids);
    }
    (project_id, pages)
}

/// p50 and p99 of `times`, in milliseconds.
fn percentiles(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort_unstable();
    let at = |p: f64| times[((times.len() as f64 * p).ceil() as usize).min(times.len()) - 1];
    (
        at(0.50).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
    )
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("wordmark-review-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let url = format!("sqlite://{}/wordmark.db?mode=rwc", dir.display());
    let db = db::connect_and_migrate(&url).await.expect("database");
    let (project_id, pages) = seed(&db).await;
    accounts::create(
        &db,
        NewAccount {
            username: "bench".into(),
            email: "bench@example.com".into(),
            first_name: "Bench".into(),
            last_name: "Mark".into(),
            role: Role::Editor,
            client_ids: Vec::new(),
            password: PASSWORD.into(),
            confirm_password: None,
        },
        Clock::default().now(),
    )
    .await
    .expect("user");
    let mut config = Config::from_lookup(|_| None).expect("defaults");
    config.database_url = DatabaseUrl::new(url);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(server::serve(
        listener,
        AppState::new(db, config, SecretBox::from_keys(&[secret_box::new_key()])),
        std::future::pending(),
    ));
    let http = reqwest::Client::new();
    let login: Value = http
        .post(format!("{base}/auth/login"))
        .json(&json!({ "username": "bench", "password": PASSWORD }))
        .send()
        .await
        .expect("sign-in")
        .json()
        .await
        .expect("sign-in answer");
    let token = login["token"].as_str().expect("token").to_owned();
    let created: Value = http
        .post(format!("{base}/api/translation/{project_id}/review-links"))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .expect("link")
        .json()
        .await
        .expect("link answer");
    let link = created["token"].as_str().expect("link token").to_owned();

    // Baseline: the same number of calls of a small signed-in endpoint, 20 at once.
    let mut tasks = Vec::new();
    for _ in 0..REVIEWERS {
        let (http, base, token) = (http.clone(), base.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(SAVES);
            for _ in 0..SAVES {
                let started = Instant::now();
                let response = http
                    .get(format!("{base}/api/build-info"))
                    .bearer_auth(&token)
                    .send()
                    .await
                    .expect("build-info");
                assert!(response.status().is_success());
                response.bytes().await.expect("body");
                times.push(started.elapsed());
            }
            times
        }));
    }
    let mut baseline = Vec::new();
    for task in tasks {
        baseline.extend(task.await.expect("baseline task"));
    }

    // Draft saves: each reviewer its own page, every segment once, 20 at once.
    let started = Instant::now();
    let mut tasks = Vec::new();
    for ids in pages {
        let (http, base, link) = (http.clone(), base.clone(), link.clone());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(ids.len());
            for id in ids {
                let begun = Instant::now();
                let response = http
                    .put(format!("{base}/api/review/{link}/segments/{id}"))
                    .json(&json!({ "text": format!("Kunde {id}: der <strong>flinke</strong> Fuchs."), "base_revision": 0 }))
                    .send()
                    .await
                    .expect("save");
                assert_eq!(response.status(), reqwest::StatusCode::OK);
                response.bytes().await.expect("body");
                times.push(begun.elapsed());
            }
            times
        }));
    }
    let mut saves = Vec::new();
    for task in tasks {
        saves.extend(task.await.expect("reviewer task"));
    }
    let elapsed = started.elapsed();
    std::fs::remove_dir_all(&dir).ok();

    let (base50, base99) = percentiles(baseline);
    let (save50, save99) = percentiles(saves);
    println!("reviewers × saves: {REVIEWERS} × {SAVES} (SQLite)");
    println!("build-info:        p50 {base50:.1} ms, p99 {base99:.1} ms (baseline)");
    println!(
        "draft save:        p50 {save50:.1} ms, p99 {save99:.1} ms; all saves in {:.2} s",
        elapsed.as_secs_f64()
    );
    println!("ratio p99:         {:.1}× the baseline", save99 / base99);
}
