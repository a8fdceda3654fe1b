//! The background worker that delivers the outbox: every [`POLL`] it takes the due mails one by
//! one (claiming each just before sending it, so a slow mail holds no lease on the others),
//! sends each through SMTP and writes the outcome: delivered, or a failed attempt for any
//! error or panic while sending it. It is supervised: an error or a panic elsewhere in a round
//! is logged and the next round runs; a mail whose round panicked is taken up again when its
//! lease ends. Once an hour a round also deletes the mails delivered longer ago than
//! [`outbox::DELIVERED_RETENTION`].

use std::{any::Any, panic::AssertUnwindSafe, sync::Arc, time::Duration};

use futures::FutureExt;
use sea_orm::{DatabaseConnection, DbErr};
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;

use crate::services::{mail::Mailer, outbox};

/// How often the worker looks for due mails.
pub const POLL: Duration = Duration::from_millis(500);
/// How often delivered mails past their retention are deleted.
const PURGE_EVERY: time::Duration = time::Duration::HOUR;
/// Mails read per scan of the table.
const BATCH: u64 = 20;

/// What the worker needs: the database, the SMTP server, its name in the leases, how long a
/// lease holds (`WORDMARK_MAIL_LEASE`: longer than the mailer's SMTP timeout, so a live sender
/// never loses its mail) and the time (the server's clock, which tests move).
#[derive(Clone)]
pub struct Deliverer {
    pub db: DatabaseConnection,
    pub mailer: Arc<Mailer>,
    pub owner: Arc<str>,
    pub lease: Duration,
    pub now: Arc<dyn Fn() -> OffsetDateTime + Send + Sync>,
}

/// Delivers the outbox in the background until `stop` is cancelled.
pub fn spawn(deliverer: Deliverer, stop: CancellationToken) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut purged_at: Option<OffsetDateTime> = None;
        loop {
            let now = (deliverer.now)();
            if purged_at.is_none_or(|at| now - at >= PURGE_EVERY) {
                purged_at = Some(now);
                deliverer.purge(now).await;
            }
            match AssertUnwindSafe(deliverer.deliver_due())
                .catch_unwind()
                .await
            {
                Ok(Ok(_)) => {}
                Ok(Err(error)) => tracing::error!(%error, "the mail outbox could not be read"),
                Err(panic) => {
                    tracing::error!(
                        panic = panic_text(panic.as_ref()),
                        "the mail outbox worker panicked; it goes on"
                    );
                }
            }
            tokio::select! {
                () = stop.cancelled() => break,
                () = tokio::time::sleep(POLL) => {}
            }
        }
    })
}

fn panic_text(panic: &(dyn Any + Send)) -> &str {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => text,
        (_, Some(text)) => text,
        _ => "a panic",
    }
}

impl Deliverer {
    /// Deletes the mails delivered before `now` less the retention; a failure waits for the
    /// next purge.
    async fn purge(&self, now: OffsetDateTime) {
        match outbox::purge_delivered(&self.db, now - outbox::DELIVERED_RETENTION).await {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "delivered mails past the retention purged"),
            Err(error) => tracing::warn!(%error, "purging delivered mails failed"),
        }
    }

    /// One round: sends every mail due now; the number delivered.
    pub async fn deliver_due(&self) -> Result<usize, DbErr> {
        let mut sent = 0;
        loop {
            let ids = outbox::due_ids(&self.db, (self.now)(), BATCH).await?;
            let mut claimed_any = false;
            for id in ids {
                let Some(mail) =
                    outbox::claim(&self.db, id, &self.owner, (self.now)(), self.lease).await?
                else {
                    // Another instance took it.
                    continue;
                };
                claimed_any = true;
                sent += usize::from(self.deliver(&mail).await?);
            }
            if !claimed_any {
                return Ok(sent);
            }
        }
    }

    /// Sends one claimed mail and writes the outcome; true when it was delivered. A panic while
    /// sending (lettre panics on a header it cannot write, such as a name with a line break
    /// in a mail queued before names were checked) is a failed attempt like any error: it is
    /// retried, given up and shown to administrators, instead of taking the round down and
    /// the mail up again at every lease.
    async fn deliver(&self, mail: &outbox::QueuedMail) -> Result<bool, DbErr> {
        let send = self.mailer.send_alternatives(
            (&mail.recipient, mail.recipient_name.as_deref()),
            &mail.subject,
            mail.body_text.clone(),
            mail.body_html.clone(),
        );
        let sent = match AssertUnwindSafe(send).catch_unwind().await {
            Ok(sent) => sent.map_err(|error| error.to_string()),
            Err(panic) => Err(format!(
                "the mail could not be written: {}",
                panic_text(panic.as_ref())
            )),
        };
        let now = (self.now)();
        match sent {
            Ok(()) => {
                if !outbox::delivered(&self.db, mail, &self.owner, now).await? {
                    tracing::warn!(
                        mail_id = mail.id,
                        "a mail outlasted its lease; another instance may send it again"
                    );
                }
                Ok(true)
            }
            Err(error) => {
                let attempts = mail.attempts + 1;
                tracing::warn!(mail_id = mail.id, attempts, %error, "a mail could not be delivered");
                if attempts >= outbox::MAX_ATTEMPTS {
                    tracing::error!(mail_id = mail.id, attempts, "a mail is given up");
                }
                outbox::failed(&self.db, mail, &self.owner, now, &error).await?;
                Ok(false)
            }
        }
    }
}
