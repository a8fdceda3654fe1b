//! SIGKILL during a pre-translation run, a project upload and a job edit.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::json;
use wordmark_server::db::entities::{
    translation_job,
    translation_project::{self, ProjectStatus},
    translation_segment,
    translation_segment::SegmentOrigin,
};

use super::{
    CONCURRENCY, Setup, TEXTS_PER_REQUEST, WriteProbe, begin_translation, billed_twice,
    lines_match_whole_jobs, translated, unique_files,
};
use crate::common::{TestApp, json_body, wait_until};
use crate::mt_support::{
    DEEPL_KEY, create_project, job_ids, project_status, segments, wait_for_run, zip,
};
use crate::review::{
    sheet,
    support::{self as review_support, download},
};

/// The server is killed after six provider requests were answered and written while four more
/// wait at the fake, unanswered (the kill moment is the written count, not a time). Started
/// again, the server resumes the run by itself and finishes it; the only texts the provider
/// receives twice are the ones that were in flight at the kill, and none is billed twice.
#[tokio::test]
async fn a_killed_run_resumes_and_sends_again_only_what_was_in_flight() {
    const ANSWERED: usize = 6;
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.hold_after(ANSWERED);
    let setup = Setup::with_deepl(&fake, &[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    // 4 jobs of 125 segments, 10 requests of 50: jobs share requests, so whichever six are
    // answered first, some job is partly written at the kill.
    let project = create_project(
        &server.app,
        &token,
        "Run",
        None,
        &unique_files("Run", 4, 125),
    )
    .await;
    begin_translation(&server.app, &token, project).await;

    let written = (ANSWERED * TEXTS_PER_REQUEST) as u64;
    let app = &server.app;
    wait_until(
        "six requests are written",
        Duration::from_secs(60),
        || async { translated(app, project).await == written },
    )
    .await;
    let status = crate::mt_support::run_status(&server.app, &token, project).await;
    assert_eq!(status["state"], "running", "{status}");
    assert_eq!(status["from_mt"], written, "{status}");
    let whole_jobs = lines_match_whole_jobs(&server.app, project, &status).await;
    assert!(whole_jobs < 4, "{status}");
    // What the fake holds unanswered now is what is in flight.
    let in_flight: HashSet<String> = fake
        .text_counts()
        .into_iter()
        .filter(|(_, count)| count.billed == 0)
        .map(|(text, _)| text)
        .collect();
    assert!(in_flight.len() <= CONCURRENCY * TEXTS_PER_REQUEST);

    server.kill().await;
    fake.release();
    let restarted = setup.start().await;
    let status = wait_for_run(&restarted.app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}\n{}", restarted.log());
    assert_eq!(status["jobs_done"], 4, "{status}");
    assert_eq!(
        status["from_mt"], 500,
        "counts of both servers add up: {status}"
    );
    let lines = status["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 4, "{status}");
    assert!(lines.iter().all(|l| l["kind"] == "success"), "{status}");
    assert_eq!(
        project_status(&restarted.app, project).await,
        ProjectStatus::Pretranslated
    );
    for job in job_ids(&restarted.app, project).await {
        assert!(
            segments(&restarted.app, job)
                .await
                .iter()
                .all(|s| s.origin == SegmentOrigin::Mt)
        );
    }

    let counts = fake.text_counts();
    assert_eq!(counts.len(), 500, "every segment reached the provider");
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
    assert!(
        counts.values().all(|count| count.billed >= 1),
        "every segment was translated"
    );
    assert_eq!(billed_twice(&counts), Vec::<&String>::new());
}

/// An edit the server acknowledged (200) is there after a SIGKILL right after the answer.
#[tokio::test]
async fn an_acknowledged_job_edit_survives_a_kill() {
    let setup = Setup::new(&[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    let project = create_project(
        &server.app,
        &token,
        "Edit",
        None,
        &unique_files("Edit", 1, 3),
    )
    .await;
    let job = job_ids(&server.app, project).await[0];
    let edits: Vec<(i64, String, i32)> = segments(&server.app, job)
        .await
        .iter()
        .map(|s| {
            let target = format!("Bearbeitet <strong>{}</strong>", s.position);
            (s.id, target, s.revision)
        })
        .collect();
    let body = json!({
        "segments": edits
            .iter()
            .map(|(id, target, revision)| json!({ "id": id, "target": target, "base_revision": revision }))
            .collect::<Vec<_>>()
    });
    let response = server.app.job(job).update(&token, body).await;
    json_body(response, StatusCode::OK).await;
    server.kill().await;

    let restarted = setup.start().await;
    let stored: Vec<(i64, Option<String>)> = segments(&restarted.app, job)
        .await
        .into_iter()
        .map(|s| (s.id, s.target))
        .collect();
    let expected: Vec<(i64, Option<String>)> =
        edits.into_iter().map(|(id, t, _)| (id, Some(t))).collect();
    assert_eq!(stored, expected);
}

/// SIGKILL while the upload's transaction is open (seen from another connection) leaves no
/// project, job or segment; after an acknowledged upload and a kill, the project is whole.
#[tokio::test]
async fn a_project_upload_is_all_or_nothing_across_a_kill() {
    const FILES: u32 = 300;
    const UNITS: u32 = 40;
    let setup = Setup::new(&[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    let archive = zip(&unique_files("Upload", FILES, UNITS));

    let upload = {
        let request = upload_request(&server.app, &token, archive.clone());
        tokio::spawn(request.send())
    };
    let probe = WriteProbe::new(&server.app.database_url).await;
    wait_until("the upload writes", Duration::from_secs(60), || {
        probe.write_open()
    })
    .await;
    server.kill().await;
    let answer = upload.await.unwrap();
    assert!(
        answer.is_err(),
        "the kill came before the answer: {answer:?}"
    );

    let restarted = setup.start().await;
    assert_eq!(rows(&restarted.app).await, (0, 0, 0), "no half project");

    let response = upload_request(&restarted.app, &token, archive)
        .send()
        .await
        .unwrap();
    let created = json_body(response, StatusCode::CREATED).await;
    restarted.kill().await;
    let again = setup.start().await;
    assert_eq!(
        rows(&again.app).await,
        (1, u64::from(FILES), u64::from(FILES * UNITS)),
        "{created}"
    );
}

/// SIGKILL while the import of the customer's corrected workbooks writes (its transaction seen
/// open) keeps none of them; after an acknowledged import and a kill, all of them are there.
#[tokio::test]
async fn the_corrections_of_an_xlsx_import_are_all_in_or_none_across_a_kill() {
    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let setup = Setup::with_deepl(&fake, &[]).await;
    let server = setup.start().await;
    let token = server.token().await;
    let files = unique_files("Review", 150, 30);
    let project = create_project(&server.app, &token, "Review", None, &files).await;
    begin_translation(&server.app, &token, project).await;
    let status = wait_for_run(&server.app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    let (_, workbooks) = download(&server.app, &token, project, "download-xlsx").await;
    // The customer corrects every machine translation ("DE:…" becomes "KO:…").
    let corrected: Vec<(String, Vec<u8>)> = sheet::unzip(&workbooks)
        .into_iter()
        .map(|(name, workbook)| {
            let parts: Vec<(String, Vec<u8>)> = sheet::unzip(&workbook)
                .into_iter()
                .map(|(part, bytes)| {
                    let text = String::from_utf8(bytes).unwrap().replace("DE:", "KO:");
                    (part, text.into_bytes())
                })
                .collect();
            let parts: Vec<(&str, &[u8])> = parts
                .iter()
                .map(|(n, b)| (n.as_str(), b.as_slice()))
                .collect();
            (name, sheet::zip(&parts))
        })
        .collect();
    let corrected: Vec<(&str, &[u8])> = corrected
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let archive = sheet::zip(&corrected);

    let import = {
        let request = import_request(&server.app, &token, project, archive.clone());
        tokio::spawn(request.send())
    };
    let probe = WriteProbe::new(&server.app.database_url).await;
    let (pending, probe) = (&import, &probe);
    wait_until(
        "the import writes",
        Duration::from_secs(120),
        move || async move {
            // An import that answered before it was seen writing makes this case moot: say so
            // rather than wait out the limit.
            assert!(
                !pending.is_finished(),
                "the import answered before it was seen writing"
            );
            probe.write_open().await
        },
    )
    .await;
    server.kill().await;
    let answer = import.await.unwrap();
    assert!(
        answer.is_err(),
        "the kill came before the answer: {answer:?}"
    );

    let restarted = setup.start().await;
    let targets = review_support::segments(&restarted.app, project).await;
    assert_eq!(targets.len(), 150 * 30);
    assert!(
        targets
            .iter()
            .all(|s| s.target.as_deref().is_some_and(|t| t.starts_with("DE:"))),
        "no correction is in"
    );
    assert_eq!(
        project_status(&restarted.app, project).await,
        ProjectStatus::TranslationsInCorrection
    );

    let response = import_request(&restarted.app, &token, project, archive)
        .send()
        .await
        .unwrap();
    json_body(response, StatusCode::OK).await;
    restarted.kill().await;
    let again = setup.start().await;
    let targets = review_support::segments(&again.app, project).await;
    assert!(
        targets
            .iter()
            .all(|s| s.target.as_deref().is_some_and(|t| t.starts_with("KO:"))),
        "every correction is in"
    );
    assert_eq!(
        project_status(&again.app, project).await,
        ProjectStatus::TranslationsCorrected
    );
}

fn import_request(
    app: &TestApp,
    token: &str,
    project_id: i32,
    archive: Vec<u8>,
) -> reqwest::RequestBuilder {
    let form = reqwest::multipart::Form::new().part(
        "xlsx_files",
        reqwest::multipart::Part::bytes(archive).file_name("corrected.zip"),
    );
    // By hand, on purpose: the request is sent later, in a task of its own, while the server
    // is killed; a typed request is sent at once.
    app.request(
        Method::POST,
        &format!("/api/translation/{project_id}/upload-xlsx"),
        Some(token),
    )
    .multipart(form)
}

fn upload_request(app: &TestApp, token: &str, archive: Vec<u8>) -> reqwest::RequestBuilder {
    let form = reqwest::multipart::Form::new()
        .text("project_name", "Upload")
        .text("client_id", "")
        .part(
            "project_files",
            reqwest::multipart::Part::bytes(archive).file_name("project.zip"),
        );
    // By hand, on purpose: built here, sent later while the server is killed (as above).
    app.request(Method::POST, "/api/translation", Some(token))
        .multipart(form)
}

/// Projects, jobs and segments in the database.
async fn rows(app: &TestApp) -> (u64, u64, u64) {
    (
        translation_project::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_job::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
        translation_segment::Entity::find()
            .count(&app.db)
            .await
            .unwrap(),
    )
}
