//! The mail outbox across a SIGKILL: one invitation's mail is in the middle of its SMTP
//! exchange (the fake SMTP server holds its data unanswered, so the worker's lease is taken and
//! nothing is accepted) and another one's is committed behind it, not claimed yet, when the
//! server is killed. The next server on the same database delivers each exactly once: the
//! unclaimed mail at once, the held one when the dead server's lease is over.

use std::time::Duration;

use reqwest::StatusCode;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use serde_json::json;
use wordmark_server::db::entities::mail_outbox;

use super::{Server, Setup};
use crate::common::{
    json_body,
    smtp::{Behaviour, FakeSmtp, PUBLIC_URL},
    wait_until,
};

/// The servers' claim on a mail they send (`WORDMARK_MAIL_LEASE`): short, so that the next
/// server takes the held mail over within the test, and long enough that the killed server's
/// SMTP timeout (half of it) cannot end the held exchange before the kill.
const LEASE_SECS: u64 = 20;

async fn invite(server: &Server, token: &str, email: &str) {
    let body = json!({ "email": email, "role": "editor", "first_name": "Kim", "last_name": "Lee" });
    let response = server.app.invitations().create(token, body).await;
    json_body(response, StatusCode::CREATED).await;
}

async fn mail_to(db: &DatabaseConnection, email: &str) -> mail_outbox::Model {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Recipient.eq(email))
        .one(db)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("a mail to {email} is in the outbox"))
}

#[tokio::test]
async fn mails_committed_before_a_kill_are_delivered_exactly_once_after_the_restart() {
    let smtp = FakeSmtp::start().await;
    smtp.set(Behaviour::Hold);
    let smtp_url = format!("smtp://127.0.0.1:{}", smtp.port);
    let lease = format!("{LEASE_SECS}s");
    let setup = Setup::new(&[
        ("WORDMARK_SMTP_URL", &smtp_url),
        ("WORDMARK_SMTP_FROM", "Agentur <wordmark@example.com>"),
        ("WORDMARK_PUBLIC_URL", PUBLIC_URL),
        ("WORDMARK_MAIL_LEASE", &lease),
    ])
    .await;
    let first = setup.start().await;
    let token = first.token().await;

    invite(&first, &token, "held@example.com").await;
    wait_until(
        "the first mail's data is held",
        Duration::from_secs(30),
        || async { smtp.held() == 1 },
    )
    .await;
    // The worker waits on the held mail: the second one is committed and not claimed.
    invite(&first, &token, "queued@example.com").await;
    let held = mail_to(&first.app.db, "held@example.com").await;
    assert!(held.lease_owner.is_some(), "{held:?}");
    let queued = mail_to(&first.app.db, "queued@example.com").await;
    assert_eq!(queued.lease_owner, None, "{queued:?}");
    assert_eq!(queued.attempts, 0);

    first.kill().await;
    assert!(smtp.received().is_empty(), "a held mail is not accepted");
    let db = wordmark_server::db::connect(&setup.database.url)
        .await
        .unwrap();
    let held = mail_to(&db, "held@example.com").await;
    assert_eq!(held.delivered_at, None);
    assert_eq!(held.attempts, 0, "the kill wrote no outcome");
    smtp.set(Behaviour::Accept);

    let next = setup.start().await;
    let received = smtp.wait_for(1).await;
    assert!(
        received[0].is_to("queued@example.com"),
        "the mail nobody held goes first: {received:?}"
    );
    // The dead server's lease still holds the other one; then the next server sends it.
    wait_until(
        "the held mail is delivered once its lease is over",
        Duration::from_secs(LEASE_SECS * 3),
        || async {
            mail_to(&next.app.db, "held@example.com")
                .await
                .delivered_at
                .is_some()
        },
    )
    .await;
    let queued = mail_to(&next.app.db, "queued@example.com").await;
    assert!(queued.delivered_at.is_some());
    assert_eq!(queued.attempts, 1);
    assert_eq!(mail_to(&next.app.db, "held@example.com").await.attempts, 1);
    // Another round of the worker finds nothing left to send.
    tokio::time::sleep(wordmark_server::services::outbox::worker::POLL * 3).await;
    assert_eq!(smtp.to("held@example.com").len(), 1);
    assert_eq!(smtp.to("queued@example.com").len(), 1);
    assert_eq!(smtp.received().len(), 2, "{}", next.log());
}
