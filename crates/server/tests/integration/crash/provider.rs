//! Provider faults under a real server process: bursts of 429 and 5xx and a hanging request
//! are retried (DeepL asks clients to retry those with exponential backoff) and the run
//! finishes; a spent quota (DeepL's 456) half-way stops the run with a message naming the
//! quota, keeps what was translated, and Begin Translation finishes the rest once the quota is
//! raised. No segment is billed twice.

use std::time::Duration;

use super::{
    Setup, begin_translation, billed_twice, lines_match_whole_jobs, translated, unique_files,
};
use crate::common::wait_until;
use crate::mt_support::{DEEPL_KEY, create_project, wait_for_run};

#[tokio::test]
async fn bursts_of_429_and_5xx_and_a_hanging_request_are_retried_and_the_run_finishes() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    // The first request hangs until the 2 s timeout; the next five fail; each is retried.
    fake.hang_next(1);
    fake.fail_next(429, 3);
    fake.fail_next(503, 1);
    fake.fail_next(500, 1);
    let setup = Setup::with_deepl(&fake, &[("WORDMARK_MT_TIMEOUT_SECS", "2")]).await;
    let server = setup.start().await;
    let token = server.token().await;
    let files = unique_files("Faults", 2, 100);
    let project = create_project(&server.app, &token, "Faults", None, &files).await;

    begin_translation(&server.app, &token, project).await;
    let status = wait_for_run(&server.app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}\n{}", server.log());
    assert_eq!(status["from_mt"], 200, "{status}");
    let lines = status["lines"].as_array().unwrap();
    assert!(
        lines.len() == 2 && lines.iter().all(|l| l["kind"] == "success"),
        "{status}"
    );
    // 4 requests, the hanging one and the five failures sent again.
    assert!(fake.request_count() >= 4 + 6, "{}", fake.request_count());
    let counts = fake.text_counts();
    assert_eq!(counts.len(), 200);
    assert!(counts.values().all(|count| count.billed == 1), "{counts:?}");
    assert!(
        counts.values().filter(|count| count.received > 1).count() >= 50,
        "the hanging request's texts were sent again"
    );
}

#[tokio::test]
async fn a_spent_quota_stops_the_run_and_begin_translation_finishes_it_once_raised() {
    const ANSWERED: usize = 3;
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.hold_after(ANSWERED);
    let setup = Setup::with_deepl(&fake, &[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    // 4 jobs of 100 segments: 8 requests; 3 are answered, then the quota is spent.
    let files = unique_files("Quota", 4, 100);
    let project = create_project(&server.app, &token, "Quota", None, &files).await;
    begin_translation(&server.app, &token, project).await;
    let app = &server.app;
    wait_until(
        "three requests are written",
        Duration::from_secs(60),
        || async { translated(app, project).await == 150 },
    )
    .await;
    // The requests waiting at the fake now meet a spent quota.
    fake.set_character_limit(Some(0));
    fake.release();

    let stopped = wait_for_run(&server.app, &token, project).await;
    assert_eq!(stopped["state"], "failed", "{stopped}");
    let error = stopped["error"].as_str().unwrap();
    assert!(
        error.contains("quota") && error.contains("Quota exceeded"),
        "{error}"
    );
    assert_eq!(
        translated(&server.app, project).await,
        150,
        "what was translated is kept"
    );
    // Which three requests were answered is up to the race between them (with four in flight
    // and more sent as answers come, they need not complete a job): whichever they were, a job
    // is reported done exactly when all its segments are.
    lines_match_whole_jobs(&server.app, project, &stopped).await;
    let lines = stopped["lines"].as_array().unwrap();
    assert!(
        lines
            .iter()
            .filter(|l| l["kind"] == "warning")
            .all(|l| l["message"].as_str().unwrap().contains("Quota exceeded")),
        "{stopped}"
    );

    // The quota is raised; Begin Translation starts the run again and it finishes.
    fake.set_character_limit(None);
    begin_translation(&server.app, &token, project).await;
    let finished = wait_for_run(&server.app, &token, project).await;
    assert_eq!(finished["state"], "done", "{finished}\n{}", server.log());
    assert_eq!(translated(&server.app, project).await, 400);
    let counts = fake.text_counts();
    assert_eq!(counts.len(), 400);
    assert!(counts.values().all(|count| count.billed == 1), "{counts:?}");
    assert_eq!(billed_twice(&counts), Vec::<&String>::new());
}
