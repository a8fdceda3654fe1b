//! The whole server-side pre-translation run (not a test): 300 jobs × 120 units on a fresh
//! SQLite file, started with `POST /api/translation/{id}/pretranslate` on the in-process server
//! and polled like the app does until done, against the fake DeepL answering every request
//! after 40 ms, 8 requests in flight. It covers what the engine bench leaves out: reading the
//! jobs, the memory lookup, the markup check of every answer, one transaction per job, the
//! status polls.
//!
//! Floor: 36,000 segments ÷ 50 per request × 40 ms ÷ 8 in flight = 3.6 s. Goal: under 5 s.
//! Run with `cargo bench -p wordmark-server --bench pretranslate_run`.
//!
//! With `BENCH_TERMS=N` it runs three times in one process: the project without a client
//! (no termbase), the same project of a client with an N-entry termbase (its
//! `do_not_translate` terms masked, every answer checked against it), and without again, and
//! prints the ratio of the termbase run to the mean of the two others.

use std::time::{Duration, Instant};

use sea_orm::{ActiveValue::Set, EntityTrait, TransactionTrait};
use serde_json::{Value, json};
use wordmark_mt::{ProviderConfig, ProviderKind};
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

const JOBS: usize = 300;
const UNITS: usize = 120;
const LATENCY: Duration = Duration::from_millis(40);
const CONCURRENCY: usize = 8;
const KEY: &str = "bench-deepl-key";
const PASSWORD: &str = "bench-password-123";
const POLL: Duration = Duration::from_millis(250);

/// Peak resident memory of this process (Linux), in KiB.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// What the projects feature stores for an upload of `JOBS` WPML files of `UNITS` units.
async fn seed(db: &sea_orm::DatabaseConnection, client_id: Option<i32>) -> i32 {
    let now = Clock::default().now();
    let txn = db.begin().await.expect("transaction");
    let project_id = project::Entity::insert(project::ActiveModel {
        name: Set("Benchmark".into()),
        status: Set(ProjectStatus::Created),
        client_id: Set(client_id),
        target_lang: Set(Some("de".into())),
        author_id: Set(None),
        date_created: Set(now),
        ..Default::default()
    })
    .exec(&txn)
    .await
    .expect("project")
    .last_insert_id;
    for j in 0..JOBS {
        let job_id = job::Entity::insert(job::ActiveModel {
            project_id: Set(project_id),
            wpml_id: Set(Some(j.to_string())),
            file_name: Set(format!("page-{j}.xliff")),
            post_type: Set(Some("page".into())),
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
        let segments: Vec<segment::ActiveModel> = (0..UNITS)
            .map(|u| segment::ActiveModel {
                job_id: Set(job_id),
                position: Set(u as i32),
                unit_key: Set(format!("field-{u}")),
                unit_id: Set(Some(format!("field-{u}"))),
                resname: Set(Some(format!("field-{u}"))),
                translatable: Set(true),
                markup: Set(SegmentMarkup::Html),
                source: Set(format!(
                    "Page {j} unit {u}: the <strong>quick</strong> brown fox jumps over the lazy dog.<br>"
                )),
                target: Set(None),
                mt_target: Set(None),
                origin: Set(SegmentOrigin::None),
                status: Set(SegmentStatus::New),
                qa_flags: Set("[]".into()),
                comment: Set(None),
                ..Default::default()
            })
            .collect();
        segment::Entity::insert_many(segments)
            .exec(&txn)
            .await
            .expect("segments");
    }
    txn.commit().await.expect("commit");
    project_id
}

/// A client with `count` termbase entries for en → de: three that occur in every segment (a
/// preferred term the fake's answer lacks, a forbidden one, a name not to translate), the
/// rest synthetic terms that never occur.
async fn client_with_terms(db: &sea_orm::DatabaseConnection, count: usize) -> i32 {
    use wordmark_core::terms::{TermEntry, TermKind};
    use wordmark_server::{db::entities::client, services::terminology};
    let client_id = client::Entity::insert(client::ActiveModel {
        client_name: Set("Bench client".into()),
        name_key: Set("bench client".into()),
        client_logo: Set(None),
        author_id: Set(None),
        date_created: Set(Clock::default().now()),
        ..Default::default()
    })
    .exec(db)
    .await
    .expect("client")
    .last_insert_id;
    let entry = |source: String, targets: Vec<String>, kind| TermEntry {
        source_lang: "en".into(),
        target_lang: "de".into(),
        source,
        targets,
        kind,
        case_sensitive: false,
        part_of_speech: None,
        note: None,
    };
    let mut entries = vec![
        entry("quick".into(), vec!["schnell".into()], TermKind::Preferred),
        entry(
            "lazy dog".into(),
            vec!["Faulpelz".into()],
            TermKind::Forbidden,
        ),
        entry("brown fox".into(), vec![], TermKind::DoNotTranslate),
    ];
    entries.extend((3..count).map(|i| {
        entry(
            format!("product line {i}"),
            vec![format!("Produktlinie {i}")],
            TermKind::Preferred,
        )
    }));
    terminology::import(db, client_id, entries, Clock::default().now())
        .await
        .expect("termbase");
    client_id
}

/// The termbase's share of a run, measured on its own: building the index, masking every
/// source and checking every answer (the fake's `DE:` answers), as the engine does.
fn term_work(count: usize) -> Duration {
    use wordmark_core::segment::{Markup, Segment};
    use wordmark_core::terms::{self, TermEntry, TermIndex, TermKind};
    let entries: Vec<TermEntry> = (0..count)
        .map(|i| TermEntry {
            source_lang: "en".into(),
            target_lang: "de".into(),
            source: if i == 0 {
                "brown fox".into()
            } else {
                format!("product line {i}")
            },
            targets: if i == 0 {
                vec![]
            } else {
                vec![format!("Produktlinie {i}")]
            },
            kind: if i == 0 {
                TermKind::DoNotTranslate
            } else {
                TermKind::Preferred
            },
            case_sensitive: false,
            part_of_speech: None,
            note: None,
        })
        .collect();
    let started = Instant::now();
    let index = TermIndex::new("en", "de", entries);
    println!(
        "index of {count} entries built in {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    for j in 0..JOBS {
        for u in 0..UNITS {
            let source = format!(
                "Page {j} unit {u}: the <strong>quick</strong> brown fox jumps over the lazy dog.<br>"
            );
            let parsed = Segment::parse(&source, Markup::Html);
            let masked = terms::mask_dnt(&parsed, &index);
            let target = format!("DE:{}", masked.segment.to_mt_xml(Markup::Html));
            std::hint::black_box(terms::check(
                &index,
                &terms::term_text(&parsed, Markup::Html),
                &terms::term_text(&Segment::parse(&target, Markup::Html), Markup::Html),
            ));
        }
    }
    started.elapsed()
}

#[tokio::main]
async fn main() {
    let fake = wordmark_mt::fake::deepl(KEY)
        .await
        .expect("fake DeepL starts");
    fake.set_latency(LATENCY);
    fake.set_recording(false);

    let dir = std::env::temp_dir().join(format!("wordmark-mt-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let url = format!("sqlite://{}/wordmark.db?mode=rwc", dir.display());
    let db = db::connect_and_migrate(&url).await.expect("database");
    let terms: usize = std::env::var("BENCH_TERMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut projects = vec![("without a termbase", seed(&db, None).await)];
    if terms > 0 {
        let client = client_with_terms(&db, terms).await;
        projects.push(("with the termbase", seed(&db, Some(client)).await));
        projects.push(("without a termbase (again)", seed(&db, None).await));
    }
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
    let mut mt = ProviderConfig::new(ProviderKind::Deepl);
    mt.api_key = Some(KEY.into());
    mt.base_url = Some(fake.url().into());
    mt.concurrency = CONCURRENCY;
    config.mt = mt;
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
    let mut times = Vec::new();
    for (label, project_id) in &projects {
        let (elapsed, status) = run(&http, &base, &token, *project_id).await;
        assert_eq!(status["state"], "done", "{status}");
        assert_eq!(status["from_mt"], JOBS * UNITS);
        println!("{label}: {:.2} s", elapsed.as_secs_f64());
        times.push(elapsed.as_secs_f64());
    }
    let elapsed = Duration::from_secs_f64(times[0]);
    if let [without, with, again] = times[..] {
        println!(
            "termbase of {terms} entries: {:.3} × the mean run without one",
            with / ((without + again) / 2.0)
        );
        println!(
            "term work alone: {:.0} ms for {} segments (index built once, masking, checks)",
            term_work(terms).as_secs_f64() * 1000.0,
            JOBS * UNITS
        );
    }
    std::fs::remove_dir_all(&dir).ok();

    let total = JOBS * UNITS;
    let floor = LATENCY.as_secs_f64() * (total as f64 / 50.0).ceil() / CONCURRENCY as f64;
    println!("jobs × units:    {JOBS} × {UNITS} = {total} segments (SQLite)");
    println!("requests sent:   {}", fake.request_count());
    println!("peak in flight:  {}", fake.peak_in_flight());
    println!(
        "wall time:       {:.2} s (floor {floor:.2} s; polled every {} ms)",
        elapsed.as_secs_f64(),
        POLL.as_millis()
    );
    match peak_rss_kib() {
        Some(kib) => println!(
            "peak memory:     {:.1} MiB (whole process: server, fake DeepL, seeding)",
            kib as f64 / 1024.0
        ),
        None => println!("peak memory:     unavailable on this platform"),
    }
}

/// Starts the project's run and polls it like the app until it is no longer running.
async fn run(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    project_id: i32,
) -> (Duration, Value) {
    let path = format!("{base}/api/translation/{project_id}/pretranslate");

    let started = Instant::now();
    let response = http
        .post(&path)
        .bearer_auth(token)
        .send()
        .await
        .expect("start");
    assert_eq!(response.status(), reqwest::StatusCode::ACCEPTED);
    let status = loop {
        tokio::time::sleep(POLL).await;
        let status: Value = http
            .get(&path)
            .bearer_auth(token)
            .send()
            .await
            .expect("status")
            .json()
            .await
            .expect("status answer");
        if status["state"] != "running" {
            break status;
        }
    };
    (started.elapsed(), status)
}
