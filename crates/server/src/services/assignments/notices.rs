//! The due-date notices of assignments: the translator hears when a job of theirs is due
//! within 24 hours, and the translator and the staff member who offered it when it is past
//! due, once each, while the job is still the translator's to do (offered, accepted or
//! returned). A background pass runs every minute on the server's clock; each notice is
//! claimed with a conditional `UPDATE … SET <sent_at> = now WHERE <sent_at> IS NULL` in the
//! transaction that records it, so several instances never send one twice, and a notice whose
//! recording fails is rolled back with its claim and tried again at the next pass.

use std::{panic::AssertUnwindSafe, time::Duration};

use futures::FutureExt;
use sea_orm::{DatabaseConnection, DbErr};
use time::OffsetDateTime;

use super::store;
use crate::{
    db::begin_write,
    services::{clock::Clock, mail::Site, notifications::events, runs::panic_message},
};

/// How long before its due time a job's translator is reminded.
pub const DUE_SOON: time::Duration = time::Duration::hours(24);

/// How often the pass runs.
const EVERY: Duration = Duration::from_secs(60);

/// Which notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Due within [`DUE_SOON`].
    DueSoon,
    /// Past its due time.
    Overdue,
}

/// Sends the notices due at `now` (mailed with `site`); how many were sent.
pub async fn send_due(
    db: &DatabaseConnection,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<usize, DbErr> {
    let mut sent = 0;
    for notice in [Notice::Overdue, Notice::DueSoon] {
        for row in store::awaiting_notice(db, notice, now).await? {
            let txn = begin_write(db).await?;
            // Another instance (or an earlier pass) sent it since it was read: nothing to do.
            if !store::claim_notice(&txn, row.id, notice, now).await? {
                continue;
            }
            events::assignment_due(&txn, &row, notice == Notice::Overdue, site, now).await?;
            txn.commit().await?;
            sent += 1;
        }
    }
    Ok(sent)
}

/// Where the notifier's mails link to, kept for as long as it runs.
#[derive(Debug, Clone)]
pub struct MailSite {
    pub public_url: String,
    pub agency: String,
}

/// Sends the due-date notices every minute (and once at start) for as long as the runtime
/// runs, on `clock`'s time. A failed or panicking pass is logged and the next one runs.
pub fn spawn_notifier(db: DatabaseConnection, mail: Option<MailSite>, clock: Clock) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let site = mail.as_ref().map(|m| Site {
                public_url: &m.public_url,
                agency: &m.agency,
            });
            match AssertUnwindSafe(send_due(&db, site, clock.now()))
                .catch_unwind()
                .await
            {
                Ok(Ok(0)) => {}
                Ok(Ok(sent)) => tracing::info!(sent, "assignment due-date notices sent"),
                Ok(Err(error)) => {
                    tracing::error!(%error, "assignment due-date notices failed; the next pass tries again");
                }
                Err(panic) => tracing::error!(
                    panic = panic_message(panic.as_ref()),
                    "the assignment due-date notifier panicked; the next pass tries again"
                ),
            }
        }
    });
}
