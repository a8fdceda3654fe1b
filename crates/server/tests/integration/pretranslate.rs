//! Pre-translation against the in-repo fake DeepL over real HTTP: runs, lines, markup checks,
//! provider failures, translation memory, resuming after a restart.

use reqwest::StatusCode;
use sea_orm::{ActiveValue::Set, EntityTrait};
use serde_json::Value;
use wordmark_mt::{ProviderConfig, ProviderKind, fake::Damage};
use wordmark_server::{
    db::entities::{
        pretranslate_run::{self as run, RunState},
        pretranslate_run_job::{self as run_job, LineKind, RunJobState},
        translation_project::ProjectStatus,
        translation_segment::{SegmentMarkup, SegmentOrigin, SegmentStatus},
    },
    services::memory,
    services::pretranslate,
};

use crate::common::{error_message, json_body, spawn_app_with};
use crate::mt_support::{
    DEEPL_KEY, create_project, deepl, files, job_ids, pretranslate, project_status, segments,
    wait_for_run,
};

const SENTENCES: [&str; 3] = [
    "Welcome to <strong>our</strong> shop.",
    "Line one<br>line two",
    "Plain words",
];

fn lines(status: &Value) -> Vec<(String, String)> {
    status["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["kind"].as_str().unwrap().to_owned(),
                l["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_three_job_project_is_pretranslated_with_three_success_lines() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Site", None, &files(3, &SENTENCES)).await;

    let before = crate::mt_support::run_status(&app, &token, project).await;
    assert_eq!(before["state"], "idle");
    assert_eq!(before["jobs_total"], 3);
    assert_eq!(before["segments_total"], 9);
    // "Welcome to our shop." + "Line oneline two" + "Plain words", three times.
    assert_eq!(before["characters_pending"], 3 * (20 + 16 + 11));

    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["provider"], "deepl");
    assert_eq!(status["pseudo"], false);
    assert_eq!(status["jobs_done"], 3);
    assert_eq!(status["segments_done"], 9);
    assert_eq!(status["from_mt"], 9);
    assert_eq!(status["from_memory"], 0);
    assert_eq!(status["characters_pending"], 0);
    let mut got = lines(&status);
    got.sort();
    assert_eq!(
        got,
        (1..=3)
            .map(|n| (
                "success".to_owned(),
                format!("Successfully translated page-{n}.xliff")
            ))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        project_status(&app, project).await,
        ProjectStatus::Pretranslated
    );

    for job in job_ids(&app, project).await {
        let segments = segments(&app, job).await;
        assert_eq!(
            segments[0].target.as_deref(),
            Some("DE:Welcome to <strong>DE:our</strong>DE: shop.")
        );
        assert_eq!(
            segments[1].target.as_deref(),
            Some("DE:Line one<br>DE:line two")
        );
        for segment in &segments {
            assert_eq!(segment.origin, SegmentOrigin::Mt);
            assert_eq!(segment.status, SegmentStatus::Translated);
            assert_eq!(segment.mt_target, segment.target);
        }
    }
    // Segments of several jobs share requests: 9 texts in one request.
    assert_eq!(fake.request_count(), 1);

    // Nothing left: a second start finishes at once and translates nothing again.
    let again = pretranslate(&app, &token, project).await;
    assert_eq!(again["state"], "done");
    assert_eq!(again["jobs_total"], 0);
    assert_eq!(fake.request_count(), 1);
}

#[tokio::test]
async fn markup_damaged_by_the_provider_is_flagged_and_never_written() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.set_damage(Some(Damage::DropStandalone));
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Damaged", None, &files(1, &SENTENCES)).await;

    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["flagged"], 1);
    assert_eq!(status["from_mt"], 2);
    let job = job_ids(&app, project).await[0];
    let segments = segments(&app, job).await;
    let damaged = &segments[1];
    assert_eq!(
        damaged.target.as_deref(),
        Some(SENTENCES[1]),
        "the source is kept"
    );
    assert_eq!(damaged.mt_target, None);
    assert_eq!(damaged.origin, SegmentOrigin::Source);
    assert_eq!(damaged.status, SegmentStatus::NeedsReview);
    let flags: Value = serde_json::from_str(&damaged.qa_flags).unwrap();
    assert_eq!(flags[0]["kind"], "mt_markup");
    assert!(
        flags[0]["message"].as_str().unwrap().contains("markup"),
        "{flags}"
    );
    // The damaged text was asked again once, strictly.
    let requests = fake.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].texts, 1);
    assert_eq!(segments[0].origin, SegmentOrigin::Mt);
}

#[tokio::test]
async fn a_spent_quota_stops_the_run_with_the_providers_message() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.set_character_limit(Some(10));
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Quota", None, &files(2, &SENTENCES)).await;

    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "failed", "{status}");
    let error = status["error"].as_str().unwrap();
    assert!(error.contains("Quota exceeded"), "{error}");
    let lines = lines(&status);
    assert_eq!(lines.len(), 1, "{status}");
    assert_eq!(lines[0].0, "warning");
    assert!(
        lines[0]
            .1
            .starts_with("Errors encountered while translating page-")
            && lines[0].1.contains("Quota exceeded"),
        "{lines:?}"
    );
    assert_eq!(project_status(&app, project).await, ProjectStatus::Created);
    // No retries of a 456, and nothing after it.
    assert_eq!(fake.request_count(), 1);
}

#[tokio::test]
async fn a_wrong_key_is_reported_for_a_job_and_a_run() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), "not-the-key")).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Key", None, &files(1, &SENTENCES)).await;
    let job = job_ids(&app, project).await[0];

    let response = app.job(job).translate(&token).await;
    let message = error_message(response, StatusCode::BAD_GATEWAY).await;
    assert!(message.to_lowercase().contains("key"), "{message}");

    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "failed");
    assert!(
        status["error"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("key"),
        "{status}"
    );
    assert!(
        segments(&app, job)
            .await
            .iter()
            .all(|s| s.target.as_deref().is_none_or(str::is_empty))
    );
}

#[tokio::test]
async fn one_job_translates_synchronously() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "One", None, &files(2, &SENTENCES)).await;
    let job = job_ids(&app, project).await[0];

    let response = app.job(job).translate(&token).await;
    let body = json_body(response, StatusCode::OK).await;
    assert_eq!(body["id"], job);
    assert_eq!(body["file_name"], "page-1.xliff");
    assert_eq!(body["segment_count"], 3);
    assert_eq!(body["translated_count"], 3);
    assert_eq!(body["from_mt"], 3);
    assert_eq!(body["from_memory"], 0);

    let missing = app.job(999999).translate(&token).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn without_a_provider_starting_says_what_to_configure() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::None)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "None", None, &files(1, &SENTENCES)).await;
    let response = app.translation(project).pretranslate(&token).await;
    let message = error_message(response, StatusCode::CONFLICT).await;
    assert!(message.contains("WORDMARK_MT_PROVIDER"), "{message}");
    assert!(message.contains("Administration → Settings"), "{message}");
    let job = job_ids(&app, project).await[0];
    let response = app.job(job).translate(&token).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn pseudo_translation_is_labelled() {
    let app = spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Dry run", None, &files(1, &SENTENCES)).await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done");
    assert_eq!(status["provider"], "pseudo");
    assert_eq!(status["pseudo"], true);
    let job = job_ids(&app, project).await[0];
    assert!(
        segments(&app, job)
            .await
            .iter()
            .all(|s| s.origin == SegmentOrigin::Pseudo)
    );
}

#[tokio::test]
async fn a_second_project_with_the_same_sentences_sends_only_new_ones() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    // Confirmed translations of the three sentences (what the XLSX import and the job view
    // store), for projects without a client, English to German.
    let scope = memory::Scope {
        client_id: None,
        source_lang: "en".into(),
        target_lang: "de".into(),
    };
    let confirmed: Vec<memory::Confirmed> = SENTENCES
        .iter()
        .map(|source| memory::Confirmed {
            source: (*source).into(),
            markup: SegmentMarkup::Html,
            resname: None,
            target: format!("Bestätigt: {source}"),
            origin: SegmentOrigin::Customer,
        })
        .collect();
    memory::remember(&app.db, &scope, &confirmed, app.now())
        .await
        .unwrap();

    let mut sentences = SENTENCES.to_vec();
    sentences.extend(["A new sentence", "Another <em>new</em> one"]);
    let project = create_project(&app, &token, "Second", None, &files(2, &sentences)).await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["from_memory"], 6);
    assert_eq!(status["from_mt"], 4);
    assert_eq!(fake.text_count(), 4, "only the new sentences went to MT");
    let job = job_ids(&app, project).await[0];
    let segments = segments(&app, job).await;
    assert_eq!(
        segments[0].target.as_deref(),
        Some(format!("Bestätigt: {}", SENTENCES[0]).as_str())
    );
    assert_eq!(segments[0].origin, SegmentOrigin::Memory);
    assert_eq!(segments[3].origin, SegmentOrigin::Mt);

    // A project of another client does not see this memory.
    let other = reqwest::multipart::Form::new().text("client_name", "Other");
    let other_client = app.clients().create(&token, other).await;
    let client = json_body(other_client, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap() as i32;
    let project = create_project(&app, &token, "Third", Some(client), &files(1, &SENTENCES)).await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["from_memory"], 0);
    assert_eq!(status["from_mt"], 3);
}

#[tokio::test]
async fn an_interrupted_run_resumes_after_a_restart_without_doing_anything_twice() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Resume", None, &files(3, &SENTENCES)).await;
    let jobs = job_ids(&app, project).await;

    // The state a killed server leaves: the run is running, claimed by an instance that is
    // gone, the first job written (with its line), the others pending.
    let response = app.job(jobs[0]).translate(&token).await;
    json_body(response, StatusCode::OK).await;
    let now = app.now();
    let run_id = run::Entity::insert(run::ActiveModel {
        project_id: Set(project),
        state: Set(RunState::Running),
        provider: Set("deepl".into()),
        pseudo: Set(false),
        error: Set(None),
        lease_owner: Set(Some("a-server-that-was-killed".into())),
        lease_until: Set(Some(now - time::Duration::minutes(1))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&app.db)
    .await
    .unwrap()
    .last_insert_id;
    for (position, &job) in jobs.iter().enumerate() {
        let done = position == 0;
        run_job::Entity::insert(run_job::ActiveModel {
            run_id: Set(run_id),
            job_id: Set(job),
            position: Set(position as i32),
            file_name: Set(format!("page-{}.xliff", position + 1)),
            state: Set(if done {
                RunJobState::Done
            } else {
                RunJobState::Pending
            }),
            kind: Set(done.then_some(LineKind::Success)),
            message: Set(done.then(|| "Successfully translated page-1.xliff".to_owned())),
            segments: Set(3),
            characters: Set(47),
            from_memory: Set(0),
            from_mt: Set(if done { 3 } else { 0 }),
            flagged: Set(0),
            finished_at: Set(done.then_some(now)),
            ..Default::default()
        })
        .exec(&app.db)
        .await
        .unwrap();
    }
    let texts_before = fake.text_count();
    assert_eq!(texts_before, 3);

    // The server comes back (a new instance on the same database) and resumes the run.
    let restarted = app
        .spawn_sibling(|c| c.mt = deepl(fake.url(), DEEPL_KEY))
        .await;
    let status = wait_for_run(&restarted, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["jobs_done"], 3);
    assert_eq!(status["lines"].as_array().unwrap().len(), 3);
    assert_eq!(fake.text_count(), 9, "only the two pending jobs were sent");
    for job in &jobs {
        assert!(
            segments(&app, *job)
                .await
                .iter()
                .all(|s| s.origin == SegmentOrigin::Mt)
        );
    }
    assert_eq!(
        project_status(&app, project).await,
        ProjectStatus::Pretranslated
    );
}

/// The answers of each provider request are stored as it returns, not when its job is done:
/// a server that dies in the middle of a large job loses only the requests in flight. Here the
/// fake answers two requests of a 150-segment job and holds the third.
#[tokio::test]
async fn each_returned_request_is_stored_before_its_job_is_finished() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.hold_after(2);
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let sources: Vec<String> = (1..=150).map(|n| format!("Sentence {n}")).collect();
    let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
    let project = create_project(&app, &token, "Large", None, &files(1, &sources)).await;
    let response = app.translation(project).pretranslate(&token).await;
    json_body(response, StatusCode::ACCEPTED).await;

    let job = job_ids(&app, project).await[0];
    let started = std::time::Instant::now();
    let status = loop {
        let status = crate::mt_support::run_status(&app, &token, project).await;
        if status["from_mt"] == 100 {
            break status;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "two answered requests are not stored: {status}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(status["state"], "running", "{status}");
    assert_eq!(status["jobs_done"], 0, "{status}");
    assert_eq!(status["segments_done"], 100, "{status}");
    let stored = segments(&app, job).await;
    assert_eq!(
        stored
            .iter()
            .filter(|s| s.origin == SegmentOrigin::Mt)
            .count(),
        100
    );

    fake.release();
    let status = wait_for_run(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["from_mt"], 150, "{status}");
    assert_eq!(
        lines(&status),
        [(
            "success".to_owned(),
            "Successfully translated page-1.xliff".to_owned()
        )]
    );
}

#[tokio::test]
async fn a_run_claimed_by_a_live_instance_is_left_to_it_until_its_claim_expires() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let project = create_project(&app, &token, "Claimed", None, &files(2, &SENTENCES)).await;
    let now = app.now();
    let run_id = run::Entity::insert(run::ActiveModel {
        project_id: Set(project),
        state: Set(RunState::Running),
        provider: Set("deepl".into()),
        pseudo: Set(false),
        error: Set(None),
        lease_owner: Set(Some("another-live-server".into())),
        lease_until: Set(Some(now + time::Duration::minutes(5))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&app.db)
    .await
    .unwrap()
    .last_insert_id;
    for (position, job) in job_ids(&app, project).await.into_iter().enumerate() {
        run_job::Entity::insert(run_job::ActiveModel {
            run_id: Set(run_id),
            job_id: Set(job),
            position: Set(position as i32),
            file_name: Set(format!("page-{}.xliff", position + 1)),
            state: Set(RunJobState::Pending),
            kind: Set(None),
            message: Set(None),
            segments: Set(3),
            characters: Set(47),
            from_memory: Set(0),
            from_mt: Set(0),
            flagged: Set(0),
            finished_at: Set(None),
            ..Default::default()
        })
        .exec(&app.db)
        .await
        .unwrap();
    }

    let response = app.translation(project).pretranslate(&token).await;
    assert_eq!(
        json_body(response, StatusCode::ACCEPTED).await["state"],
        "running"
    );
    // The request put a worker on the run before answering; once it has let go (this process
    // can enter the run again), it has tried its claim and given up.
    let limit = std::time::Duration::from_secs(30);
    crate::common::wait_until("the worker lets go of the run", limit, || {
        std::future::ready(app.runs.enter(run_id).is_some())
    })
    .await;
    assert_eq!(
        fake.request_count(),
        0,
        "the other server's run was not touched"
    );

    // That server shuts down and hands its runs back: the next start takes the run over.
    pretranslate::release_claims(&app.db, "another-live-server")
        .await
        .unwrap();
    let response = app.translation(project).pretranslate(&token).await;
    json_body(response, StatusCode::ACCEPTED).await;
    let status = wait_for_run(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(fake.text_count(), 6);
}

#[tokio::test]
async fn targets_edited_in_the_job_view_fill_the_next_project_from_memory() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let first = create_project(&app, &token, "First", None, &files(1, &SENTENCES)).await;
    let job = job_ids(&app, first).await[0];
    let edited = [
        "Willkommen in <strong>unserem</strong> Laden.",
        "Zeile eins<br>Zeile zwei",
        "Schlichte Worte",
    ];
    let edits: Vec<Value> = segments(&app, job)
        .await
        .iter()
        .zip(edited)
        .map(|(segment, target)| serde_json::json!({ "id": segment.id, "target": target, "base_revision": segment.revision }))
        .collect();
    let response = app
        .job(job)
        .update(&token, serde_json::json!({ "segments": edits }))
        .await;
    json_body(response, StatusCode::OK).await;

    let second = create_project(&app, &token, "Second", None, &files(1, &SENTENCES)).await;
    let status = pretranslate(&app, &token, second).await;
    assert_eq!(status["from_memory"], 3, "{status}");
    assert_eq!(status["from_mt"], 0);
    assert_eq!(fake.request_count(), 0);
    let job = job_ids(&app, second).await[0];
    let targets: Vec<Option<String>> = segments(&app, job)
        .await
        .into_iter()
        .map(|s| s.target)
        .collect();
    assert_eq!(targets, edited.map(|t| Some(t.to_owned())));
}

#[tokio::test]
async fn the_memory_prefers_the_same_resname_and_keeps_one_entry_per_source() {
    let app = crate::common::spawn_app().await;
    let scope = memory::Scope {
        client_id: None,
        source_lang: "en".into(),
        target_lang: "de".into(),
    };
    let entry = |resname: Option<&str>, target: &str| memory::Confirmed {
        source: "Home".into(),
        markup: SegmentMarkup::Html,
        resname: resname.map(Into::into),
        target: target.into(),
        origin: SegmentOrigin::Editor,
    };
    memory::remember(
        &app.db,
        &scope,
        &[entry(Some("title"), "Startseite"), entry(None, "Heim")],
        app.now(),
    )
    .await
    .unwrap();
    // A newer confirmation replaces the older one of the same source and resname.
    memory::remember(&app.db, &scope, &[entry(None, "Zuhause")], app.now())
        .await
        .unwrap();
    let query = |resname| memory::Query {
        source: "Home",
        markup: SegmentMarkup::Html,
        resname,
    };
    let other_markup = memory::Query {
        source: "Home",
        markup: SegmentMarkup::Xliff,
        resname: None,
    };
    let found = memory::lookup(
        &app.db,
        &scope,
        &[query(Some("title")), query(Some("menu")), other_markup],
    )
    .await
    .unwrap();
    assert_eq!(found[&0], "Startseite");
    assert_eq!(found[&1], "Zuhause");
    assert!(!found.contains_key(&2));
}

#[tokio::test]
async fn wpml_copies_of_the_source_are_pretranslated_and_memory_suggestions_kept() {
    // WPML exports an untranslated job with every target a copy of its source.
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.editor_token().await;
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/xliff/wpml-untranslated-copies.xliff"
    ))
    .unwrap();
    let project =
        create_project(&app, &token, "WPML", None, &[("job-41.xliff".into(), file)]).await;

    let job = job_ids(&app, project).await[0];
    let imported = segments(&app, job).await;
    for copy in &imported[..2] {
        assert_eq!(
            copy.target, None,
            "a copy of the source is not a translation"
        );
        assert_eq!(copy.status, SegmentStatus::New);
    }
    assert_eq!(imported[2].target.as_deref(), Some("Seit 1999"));
    assert_eq!(imported[2].status, SegmentStatus::NeedsReview);

    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["from_mt"], 2);
    let translated = segments(&app, job).await;
    assert_eq!(translated[0].target.as_deref(), Some("DE:Plain words"));
    assert_eq!(translated[0].origin, SegmentOrigin::Mt);
    assert_eq!(
        translated[2].target.as_deref(),
        Some("Seit 1999"),
        "WPML's suggestion is kept"
    );
}

/// A panic in a run's worker (here the provider's code) ends the run as failed with a message
/// the page shows, instead of leaving it running for ever; the run can be started again, and
/// finishes once the provider works.
#[tokio::test]
async fn a_panic_while_translating_fails_the_run_with_a_message_and_it_can_be_started_again() {
    let panicking = |c: &mut wordmark_server::config::Config| {
        c.mt = ProviderConfig::new(ProviderKind::Pseudo);
        c.mt.base_url = Some(wordmark_mt::fake::PANICKING_URL.into());
    };
    let app = spawn_app_with(panicking).await;
    let token = app.editor_token().await;
    // A text run that starts with a no-break space once made the pseudo provider panic.
    let sources = ["&nbsp;Price: 5&nbsp;€", "<b>\u{a0}Bold</b>\u{a0}text"];
    let project = create_project(&app, &token, "Panics", None, &files(2, &sources)).await;

    for attempt in 1..=2 {
        let status = pretranslate(&app, &token, project).await;
        assert_eq!(status["state"], "failed", "attempt {attempt}: {status}");
        let error = status["error"].as_str().unwrap_or_default();
        assert!(
            error.contains("internal error") && error.contains("the fake provider panics"),
            "attempt {attempt}: {error}"
        );
        assert_eq!(status["jobs_done"], 0);
        let stored = run::Entity::find().all(&app.db).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].state, RunState::Failed);
        assert_eq!(stored[0].lease_owner, None, "the claim is released");
    }

    // The provider works again (here: a server started with the pseudo provider).
    let fixed = app
        .spawn_sibling(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo))
        .await;
    let status = pretranslate(&fixed, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["jobs_done"], 2);
    assert_eq!(status["from_mt"], 4);
    for job in job_ids(&app, project).await {
        let segments = segments(&app, job).await;
        assert_eq!(
            segments[0].target.as_deref(),
            Some("[!! &nbsp;Prííçéé: 5&nbsp;€ !!]")
        );
        assert!(segments.iter().all(|s| s.origin == SegmentOrigin::Pseudo));
    }
}
