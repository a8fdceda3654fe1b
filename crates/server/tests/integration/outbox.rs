//! The mail outbox: a mail committed before a crash is delivered once by the next server; an
//! SMTP server that is down is retried with backoff, then the mail is given up and shown to
//! administrators, who retry it; several workers on one database deliver each mail once;
//! delivered mails are deleted after their retention. (The same crash with the real binary
//! killed mid-send: `crash::outbox`.)

use std::{sync::Arc, time::Duration};

use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, EntityTrait, Set, TransactionTrait};
use wordmark_server::{
    db::entities::mail_outbox,
    services::clock::{Clock, ManualClock},
    services::{
        mail::Mailer,
        outbox::{self, Mail, worker::Deliverer},
    },
};

use crate::common::{
    ADMIN, EDITOR, PASSWORD, TestApp, error_message, json_body,
    smtp::{Behaviour, FakeSmtp},
    spawn_app, spawn_app_with, wait_until,
};

fn mail(to: &str) -> Mail {
    Mail {
        to: to.into(),
        to_name: Some("Kim".into()),
        subject: format!("Hello {to}"),
        text: format!("A mail for {to}."),
        html: Some(format!("<p>A mail for {to}.</p>")),
    }
}

/// A lease as long as the servers' (`WORDMARK_MAIL_LEASE`'s default).
const LEASE: Duration = Duration::from_secs(120);

fn now(clock: &ManualClock) -> time::OffsetDateTime {
    Clock::from(clock.clone()).now()
}

/// Commits `mails` in one transaction, as an event's transaction would.
async fn enqueue(app: &TestApp, mails: impl IntoIterator<Item = Mail>) -> Vec<i64> {
    let txn = app.db.begin().await.unwrap();
    let mut ids = Vec::new();
    for mail in mails {
        ids.push(outbox::enqueue(&txn, mail, now(&app.clock)).await.unwrap());
    }
    txn.commit().await.unwrap();
    ids
}

async fn row(app: &TestApp, id: i64) -> mail_outbox::Model {
    mail_outbox::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

/// A worker of its own on `app`'s database, named `owner`, on `clock`.
fn deliverer(app: &TestApp, smtp: &FakeSmtp, owner: &str, clock: &ManualClock) -> Deliverer {
    let clock = Clock::from(clock.clone());
    Deliverer {
        db: app.db.clone(),
        mailer: Arc::new(
            Mailer::new(
                &format!("smtp://127.0.0.1:{}", smtp.port),
                "w@example.com",
                LEASE / 2,
            )
            .unwrap(),
        ),
        owner: owner.into(),
        lease: LEASE,
        now: Arc::new(move || clock.now()),
    }
}

#[tokio::test]
async fn mails_committed_before_a_crash_are_delivered_once_by_the_next_server() {
    let smtp = FakeSmtp::start().await;
    // The first server has no SMTP, so no worker: it stands for one that died after the
    // commit and before delivering.
    let first = spawn_app().await;
    let waiting = enqueue(&first, [mail("kim@example.com")]).await[0];
    // Another mail was taken by a worker that died while sending it: its lease holds it.
    let taken = enqueue(&first, [mail("lee@example.com")]).await[0];
    let dead = outbox::claim(&first.db, taken, "dead", now(&first.clock), LEASE)
        .await
        .unwrap();
    assert!(dead.is_some(), "the dead worker had claimed it");

    let next = first.spawn_sibling(smtp.configure()).await;
    let received = smtp.wait_for(1).await;
    assert!(received[0].is_to("kim@example.com"), "{received:?}");
    assert!(received[0].text().contains("A mail for kim@example.com."));
    // The fake server keeps the mail before it answers; the delivery is written after that.
    wait_until(
        "the mail is marked delivered",
        Duration::from_secs(10),
        || async { row(&next, waiting).await.delivered_at.is_some() },
    )
    .await;
    let delivered = row(&next, waiting).await;
    assert_eq!(delivered.attempts, 1);
    assert_eq!(delivered.body_text, "", "a delivered mail keeps no body");
    assert_eq!(row(&next, taken).await.delivered_at, None);

    // The dead worker's lease ends: the next server takes the mail over.
    next.clock.advance(LEASE + Duration::from_secs(1));
    smtp.wait_for(2).await;
    assert!(smtp.received()[1].is_to("lee@example.com"));
    wait_until(
        "the mail is marked delivered",
        Duration::from_secs(10),
        || async { row(&next, taken).await.delivered_at.is_some() },
    )
    .await;
    // Nothing is left to send, for any worker.
    let late = deliverer(&next, &smtp, "late", &next.clock);
    assert_eq!(late.deliver_due().await.unwrap(), 0);
    assert_eq!(smtp.received().len(), 2);
}

#[tokio::test]
async fn an_smtp_server_that_is_down_is_retried_with_backoff_then_the_mail_is_given_up() {
    let smtp = FakeSmtp::start().await;
    smtp.set(Behaviour::Down);
    let app = spawn_app_with(smtp.configure()).await;
    app.admin_token().await;
    app.editor_token().await;
    let id = enqueue(&app, [mail("kim@example.com")]).await[0];

    let mut expected = 0;
    while expected < outbox::MAX_ATTEMPTS {
        expected += 1;
        if expected == 5 {
            // A server that answers but refuses is a failure too.
            smtp.set(Behaviour::TemporaryFailure);
        }
        wait_until(
            &format!("attempt {expected}"),
            Duration::from_secs(10),
            || async { row(&app, id).await.attempts == expected },
        )
        .await;
        let failed = row(&app, id).await;
        assert!(failed.last_error.is_some());
        assert_eq!(failed.lease_owner, None);
        if expected == outbox::MAX_ATTEMPTS {
            break;
        }
        assert!(!failed.given_up);
        // Not tried again before its backoff is over.
        let backoff = outbox::backoff(expected);
        let wait = failed.next_attempt_at - now(&app.clock);
        assert!(
            wait > time::Duration::ZERO && wait <= backoff,
            "{wait} of {backoff:?}"
        );
        let eager = deliverer(&app, &smtp, "eager", &app.clock);
        assert_eq!(eager.deliver_due().await.unwrap(), 0);
        assert_eq!(row(&app, id).await.attempts, expected);
        app.clock.advance(backoff);
    }
    let given_up = row(&app, id).await;
    assert!(given_up.given_up);
    assert!(
        given_up.last_error.as_deref().unwrap().contains("451"),
        "{given_up:?}"
    );
    app.clock.advance(Duration::from_secs(24 * 3600));
    let eager = deliverer(&app, &smtp, "eager", &app.clock);
    assert_eq!(
        eager.deliver_due().await.unwrap(),
        0,
        "a given-up mail is not sent"
    );
    assert!(smtp.received().is_empty());

    // Administrators see it; nobody else does. (Signed in again: the clock moved past the
    // sessions' expiry.)
    let admin = app.token(ADMIN, PASSWORD).await;
    let editor = app.token(EDITOR, PASSWORD).await;
    let failed = json_body(
        app.outbox().list(&admin, "state=failed").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(failed.as_array().unwrap().len(), 1, "{failed}");
    assert_eq!(failed[0]["id"], id);
    assert_eq!(failed[0]["given_up"], true);
    assert_eq!(failed[0]["attempts"], outbox::MAX_ATTEMPTS);
    assert_eq!(failed[0]["recipient"], "kim@example.com");
    assert!(
        failed[0].get("body_text").is_none(),
        "bodies are never answered"
    );
    let forbidden = app.outbox().list(&editor, "state=failed").await;
    assert_eq!(forbidden.status(), StatusCode::FORBIDDEN);
    let bad = app.outbox().list(&admin, "state=lost").await;
    error_message(bad, StatusCode::BAD_REQUEST).await;

    // The administrator retries once SMTP works again.
    smtp.set(Behaviour::Accept);
    let retried = app.outbox().retry(&admin, id).await;
    let retried = json_body(retried, StatusCode::OK).await;
    assert_eq!(retried["given_up"], false);
    smtp.wait_for(1).await;
    wait_until(
        "the retried mail is delivered",
        Duration::from_secs(10),
        || async { row(&app, id).await.delivered_at.is_some() },
    )
    .await;
    let failed = json_body(
        app.outbox().list(&admin, "state=failed").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(failed, serde_json::json!([]));
    let delivered = app.outbox().list(&admin, "state=delivered").await;
    assert_eq!(json_body(delivered, StatusCode::OK).await[0]["id"], id);
    let again = app.outbox().retry(&admin, id).await;
    error_message(again, StatusCode::CONFLICT).await;
    let unknown = app.outbox().retry(&admin, 999999).await;
    error_message(unknown, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn workers_sharing_a_database_deliver_each_mail_once() {
    const MAILS: usize = 30;
    let smtp = FakeSmtp::start().await;
    // Two servers, each with its worker, and four more workers racing in this test.
    let first = spawn_app_with(smtp.configure()).await;
    let second = first.spawn_sibling(smtp.configure()).await;
    let addresses: Vec<String> = (0..MAILS)
        .map(|i| format!("reader{i}@example.com"))
        .collect();
    enqueue(&first, addresses.iter().map(|a| mail(a))).await;
    let racers: Vec<Deliverer> = (0..4)
        .map(|i| deliverer(&second, &smtp, &format!("racer{i}"), &second.clock))
        .collect();
    futures::future::join_all(racers.iter().map(Deliverer::deliver_due)).await;

    smtp.wait_for(MAILS).await;
    wait_until(
        "every mail is marked delivered",
        Duration::from_secs(10),
        || async {
            mail_outbox::Entity::find()
                .all(&first.db)
                .await
                .unwrap()
                .iter()
                .all(|m| m.delivered_at.is_some())
        },
    )
    .await;
    for address in &addresses {
        assert_eq!(smtp.to(address).len(), 1, "{address}");
    }
    assert_eq!(smtp.received().len(), MAILS);
}

#[tokio::test]
async fn delivered_mails_are_deleted_after_their_retention_and_others_stay() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let delivered = enqueue(&app, [mail("kim@example.com")]).await[0];
    smtp.wait_for(1).await;
    wait_until("the mail is delivered", Duration::from_secs(10), || async {
        row(&app, delivered).await.delivered_at.is_some()
    })
    .await;
    // A mail that is never delivered, however old: it waits for an administrator.
    smtp.set(Behaviour::Down);
    let waiting = enqueue(&app, [mail("lee@example.com")]).await[0];
    wait_until("the mail failed once", Duration::from_secs(10), || async {
        row(&app, waiting).await.attempts == 1
    })
    .await;
    let exists = |id| {
        let app = &app;
        async move {
            mail_outbox::Entity::find_by_id(id)
                .one(&app.db)
                .await
                .unwrap()
                .is_some()
        }
    };

    // An hour and more later the worker purges; the delivered mail is within its retention.
    let day = Duration::from_secs(24 * 3600);
    app.clock.advance(outbox::DELIVERED_RETENTION - day);
    // The waiting mail's next attempt (a failure) marks a round after the purge.
    wait_until("the next attempt", Duration::from_secs(10), || async {
        row(&app, waiting).await.attempts == 2
    })
    .await;
    assert!(exists(delivered).await, "kept within the retention");

    app.clock.advance(2 * day);
    wait_until(
        "the delivered mail is purged",
        Duration::from_secs(10),
        || async { !exists(delivered).await },
    )
    .await;
    assert!(
        exists(waiting).await,
        "a mail not delivered is never purged"
    );
}

#[tokio::test]
async fn a_mail_that_cannot_be_written_is_a_failed_attempt_and_the_round_goes_on() {
    let smtp = FakeSmtp::start().await;
    // No worker of the server's own: the test's worker runs the round itself.
    let app = spawn_app().await;
    // A mail queued before names were checked: its recipient's name holds a line break,
    // which no mail header can carry (sending it panics inside lettre).
    let broken = mail_outbox::ActiveModel {
        recipient: Set("kim@example.com".into()),
        recipient_name: Set(Some("Kim\nLee".into())),
        subject: Set("Hello".into()),
        body_text: Set("A mail for Kim.".into()),
        created_at: Set(now(&app.clock)),
        attempts: Set(0),
        next_attempt_at: Set(now(&app.clock)),
        given_up: Set(false),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id;
    let fine = enqueue(&app, [mail("lee@example.com")]).await[0];

    let worker = deliverer(&app, &smtp, "worker", &app.clock);
    assert_eq!(worker.deliver_due().await.unwrap(), 1);
    assert!(smtp.received()[0].is_to("lee@example.com"));
    assert!(row(&app, fine).await.delivered_at.is_some());
    let failed = row(&app, broken).await;
    assert_eq!(failed.attempts, 1);
    assert_eq!(failed.lease_owner, None, "the lease is given back");
    let error = failed.last_error.unwrap();
    assert!(error.contains("could not be written"), "{error}");

    // Administrators see it among the failed mails; it waits for its backoff.
    let admin = app.admin_token().await;
    let listed = json_body(
        app.outbox().list(&admin, "state=failed").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(listed[0]["id"], broken, "{listed}");
    assert_eq!(worker.deliver_due().await.unwrap(), 0);
    assert_eq!(row(&app, broken).await.attempts, 1);
}

#[tokio::test]
async fn mails_carry_a_message_id_of_the_senders_domain_and_a_mime_version() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let plain = Mail {
        html: None,
        ..mail("kim@example.com")
    };
    enqueue(&app, [plain, mail("lee@example.com")]).await;
    let received = smtp.wait_for(2).await;
    let mut ids = Vec::new();
    for mail in &received {
        let headers = mail.data.split("\n\n").next().unwrap().replace("\r", "");
        assert!(headers.contains("\nMIME-Version: 1.0\n"), "{headers}");
        let id = headers
            .lines()
            .find_map(|line| line.strip_prefix("Message-ID: "))
            .unwrap_or_else(|| panic!("no Message-ID in {headers}"));
        assert!(
            id.starts_with('<') && id.ends_with("@example.com>") && id.len() > 20,
            "{id}"
        );
        ids.push(id.to_owned());
    }
    assert_ne!(ids[0], ids[1], "each mail has its own");
}

#[tokio::test]
async fn user_text_reaches_a_mail_without_control_or_bidi_characters_and_bounded() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let id = enqueue(
        &app,
        [Mail {
            to: "kim@example.com".into(),
            to_name: Some("Kim\r\nBcc: eve@example.com".into()),
            subject: format!("Review of \u{202e}fdp.exe {}", "x".repeat(100_010)),
            text: "Hello \u{202e}Kim,\r\nplease review\u{7}.\n".into(),
            html: None,
        }],
    )
    .await[0];
    let stored = row(&app, id).await;
    assert!(stored.subject.chars().count() <= 200, "the subject is cut");
    assert!(stored.subject.starts_with("Review of fdp.exe x"));
    assert_eq!(
        stored.recipient_name.as_deref(),
        Some("Kim  Bcc: eve@example.com")
    );

    let received = smtp.wait_for(1).await;
    assert_eq!(received[0].recipients, ["kim@example.com"]);
    let text = received[0].text();
    assert!(text.contains("Hello Kim,\nplease review.\n"), "{text}");
    assert!(
        !text.contains('\u{202e}') && !text.contains("=E2=80=AE"),
        "{text}"
    );
}
