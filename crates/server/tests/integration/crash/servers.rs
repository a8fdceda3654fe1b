//! Several servers: two `wordmark serve` processes on one database, the one working a run is
//! killed and the other finishes it; SIGTERM lets a request in progress finish, hands the run
//! back and exits 0.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use wordmark_server::db::entities::pretranslate_run::{self as run, RunState};

use super::{
    CONCURRENCY, Setup, TEXTS_PER_REQUEST, begin_translation, billed_twice, translated,
    unique_files,
};
use crate::common::{json_body, wait_until};
use crate::mt_support::{DEEPL_KEY, create_project, job_ids, wait_for_run};

/// Both servers run on the same database (on PostgreSQL in the PostgreSQL run); the run is
/// started on the first, which claims it. Once four requests are written the first is killed;
/// the second takes the run over when the claim expires (2 s here) and finishes it.
#[tokio::test]
async fn when_the_server_working_a_run_dies_another_one_finishes_it() {
    const ANSWERED: usize = 4;
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.hold_after(ANSWERED);
    let setup = Setup::with_deepl(&fake, &[]).await;
    let first = setup.start().await;
    let second = setup.start().await;
    let token = first.token().await;
    let files = unique_files("Twins", 4, 100);
    let project = create_project(&first.app, &token, "Twins", None, &files).await;
    begin_translation(&first.app, &token, project).await;
    let app = &first.app;
    wait_until(
        "four requests are written",
        Duration::from_secs(60),
        || async { translated(app, project).await == (ANSWERED * TEXTS_PER_REQUEST) as u64 },
    )
    .await;
    let in_flight: HashSet<String> = fake
        .text_counts()
        .into_iter()
        .filter(|(_, count)| count.billed == 0)
        .map(|(text, _)| text)
        .collect();

    first.kill().await;
    fake.release();
    let status = wait_for_run(&second.app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}\n{}", second.log());
    assert_eq!(status["from_mt"], 400, "{status}");
    assert_eq!(status["jobs_done"], 4, "{status}");
    let counts = fake.text_counts();
    assert_eq!(counts.len(), 400);
    let sent_twice: Vec<&String> = counts
        .iter()
        .filter(|(_, count)| count.received > 1)
        .map(|(text, _)| text)
        .collect();
    assert!(
        sent_twice.iter().all(|text| in_flight.contains(*text)),
        "only texts in flight at the kill were sent again: {sent_twice:?}"
    );
    assert!(sent_twice.len() <= CONCURRENCY * TEXTS_PER_REQUEST);
    assert_eq!(billed_twice(&counts), Vec::<&String>::new());
}

/// SIGTERM while a one-job translation waits for the provider and a run is working: the
/// request gets its answer, the run stops and is handed back (no claim left), the process
/// exits 0, and the next server resumes the run at once and finishes it.
#[tokio::test]
async fn sigterm_finishes_the_request_in_progress_hands_the_run_back_and_exits_0() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.set_latency(Duration::from_millis(1500));
    let setup = Setup::with_deepl(&fake, &[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    let run_files = unique_files("Stopping", 4, 100);
    let project = create_project(&server.app, &token, "Run", None, &run_files).await;
    let single = create_project(
        &server.app,
        &token,
        "Single",
        None,
        &unique_files("Single", 1, 3),
    )
    .await;
    let job = job_ids(&server.app, single).await[0];
    begin_translation(&server.app, &token, project).await;

    // By hand, on purpose: the request is sent in a task of its own while the server stops; a
    // typed request borrows the app and is sent at once.
    let request = server.app.request(
        Method::POST,
        &format!("/api/job/{job}/translate"),
        Some(&token),
    );
    let answer = tokio::spawn(request.send());
    // The one-job translation has reached the provider: it is in progress.
    wait_until(
        "the job's texts reach the provider",
        Duration::from_secs(60),
        || async {
            fake.text_counts()
                .keys()
                .any(|text| text.starts_with("Single"))
        },
    )
    .await;
    let exit = server.terminate().await;
    let answer = answer.await.unwrap().expect("the request got its answer");
    let body = json_body(answer, StatusCode::OK).await;
    assert_eq!(body["translated_count"], 3, "{body}");
    assert!(exit.success(), "{exit:?}");

    let stored = run::Entity::find()
        .all(&setup_db(&setup).await)
        .await
        .unwrap();
    let handed_back = stored
        .iter()
        .find(|r| r.project_id == project)
        .expect("the run is stored");
    assert_eq!(handed_back.state, RunState::Running);
    assert_eq!(handed_back.lease_owner, None, "the claim was handed back");

    fake.set_latency(Duration::ZERO);
    let next = setup.start().await;
    // Resumed at start (no claim to wait for): well within the 30 s of wait_for_run.
    let status = wait_for_run(&next.app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}\n{}", next.log());
    assert_eq!(status["from_mt"], 400, "{status}");
    let counts = fake.text_counts();
    assert!(
        counts.values().filter(|count| count.received > 1).count()
            <= CONCURRENCY * TEXTS_PER_REQUEST
    );
    assert_eq!(billed_twice(&counts).len(), 0);
}

async fn setup_db(setup: &Setup) -> sea_orm::DatabaseConnection {
    wordmark_server::db::connect(&setup.database.url)
        .await
        .unwrap()
}
