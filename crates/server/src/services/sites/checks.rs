//! Knowing what changed on a site: its content is checked on a schedule (an instance-wide
//! setting, daily by default, or off) and on demand, by the same [`run`]: the content list
//! read again, what the site reported of each translation stored, and the agency's staff told
//! once of the pages whose source changed since their translation (`store::replace_items`, in
//! the list's transaction). Each check ends recorded on the site: when, and why it failed.
//!
//! The background worker ([`spawn`]) looks for due sites every minute. Several instances may
//! share one database: each check is claimed with a lease on the site's row (`check_lease_*`,
//! one conditional update, the helpers of `services::runs`), kept alive while the site is
//! read, so two instances never check one site at once, and a check whose instance died is
//! taken up by another once its lease ran out.

mod store;

use std::{panic::AssertUnwindSafe, sync::Arc, time::Duration};

use futures::FutureExt;
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{
    Connector, Refreshed, SiteError, fields, find,
    projects::{self, SiteProject},
};
use crate::services::{
    clock::Clock,
    mail, mt_settings,
    runs::{self, Claim, panic_message},
};

/// How often a site is checked when nothing was saved: once a day.
pub const DEFAULT_EVERY_HOURS: u32 = 24;
/// The longest interval that can be set: 30 days.
pub const MAX_EVERY_HOURS: u32 = 720;
/// A check that failed is tried again after an hour (or the interval, when shorter): a site
/// that was down for a moment is not left unchecked for a day.
const RETRY_AFTER: time::Duration = time::Duration::HOUR;
/// How often the worker looks for due sites.
const ROUND: Duration = Duration::from_secs(60);

/// How often every site's content is checked (Administration → Settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CheckSchedule {
    /// Hours between two checks of a site, 1 to 720; `null`: no scheduled checks (sites are
    /// read on demand only).
    pub every_hours: Option<u32>,
}

impl Default for CheckSchedule {
    fn default() -> Self {
        Self {
            every_hours: Some(DEFAULT_EVERY_HOURS),
        }
    }
}

impl CheckSchedule {
    fn interval(self) -> Option<time::Duration> {
        self.every_hours
            .map(|hours| time::Duration::hours(i64::from(hours)))
    }
}

/// The saved schedule, or the default (daily).
pub async fn schedule(db: &DatabaseConnection) -> Result<CheckSchedule, SiteError> {
    let Some(saved) = mt_settings::site_checks(db).await? else {
        return Ok(CheckSchedule::default());
    };
    serde_json::from_str(&saved).map_err(|error| {
        SiteError::Db(sea_orm::DbErr::Custom(format!(
            "the stored schedule of site checks is not readable: {error}"
        )))
    })
}

/// Saves the schedule; an interval out of 1 to 720 hours is refused.
pub async fn set_schedule(
    db: &DatabaseConnection,
    schedule: CheckSchedule,
    now: OffsetDateTime,
) -> Result<CheckSchedule, SiteError> {
    if let Some(hours) = schedule.every_hours
        && !(1..=MAX_EVERY_HOURS).contains(&hours)
    {
        return Err(SiteError::Invalid(format!(
            "The interval of site checks is 1 to {MAX_EVERY_HOURS} hours (or off), not {hours}."
        )));
    }
    let value = serde_json::to_string(&schedule)
        .map_err(|error| SiteError::Db(sea_orm::DbErr::Custom(error.to_string())))?;
    mt_settings::save_site_checks(db, &value, now).await?;
    Ok(schedule)
}

/// A site's pending changes: what an update project would hold, and when the site is
/// checked next.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SiteChanges {
    /// Items whose source changed since their translation (in at least one language).
    pub pages: u64,
    /// Those items × the languages where they changed: the jobs of an update project.
    pub jobs: u64,
    /// When the schedule checks the site next; `null` when scheduled checks are off.
    #[serde(with = "time::serde::rfc3339::option")]
    pub next_check_at: Option<OffsetDateTime>,
}

/// A site with pages whose source changed, for the staff's dashboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangedSite {
    pub site_id: i32,
    pub client_id: i32,
    pub name: String,
    /// Items whose source changed since their translation.
    pub pages: u64,
}

/// The site's pending changes.
pub async fn changes(
    db: &DatabaseConnection,
    site_id: i32,
    now: OffsetDateTime,
) -> Result<SiteChanges, SiteError> {
    let site = find(db, site_id).await?;
    let pairs = store::changed_pairs(db, site_id).await?;
    let mut pages: Vec<i64> = pairs.iter().map(|(item, _)| *item).collect();
    pages.dedup();
    let next_check_at = schedule(db).await?.interval().map(|every| {
        match (site.content_checked_at, &site.content_check_error) {
            (None, _) => now,
            (Some(at), None) => at + every,
            (Some(at), Some(_)) => at + every.min(RETRY_AFTER),
        }
    });
    Ok(SiteChanges {
        pages: pages.len() as u64,
        jobs: pairs.len() as u64,
        next_check_at,
    })
}

/// Every site with changed pages, most changed first.
pub async fn changed_sites(db: &DatabaseConnection) -> Result<Vec<ChangedSite>, SiteError> {
    Ok(store::changed_sites(db).await?)
}

/// `POST /api/sites/{id}/update-project`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct NewUpdateProject {
    /// The project's name; "<site> – update <day>" when left out.
    #[serde(default)]
    pub project_name: Option<String>,
}

/// Creates the site's update project: exactly the items whose source changed since their
/// translation, each in the languages where it did (`projects::make`, as a project from picked
/// pages). Its jobs are whole pages, as a WPML update job is: the segments that did not change
/// are filled from the translation memory by pre-translation, as in every project. Answers the
/// project with its name.
pub async fn update_project(
    db: &DatabaseConnection,
    connector: &Connector,
    site_id: i32,
    author_id: i32,
    new: &NewUpdateProject,
    now: OffsetDateTime,
) -> Result<(SiteProject, String), SiteError> {
    let site = find(db, site_id).await?;
    let name = match new.project_name.as_deref().filter(|n| !n.trim().is_empty()) {
        Some(name) => fields::line("project name", name, fields::NAME_MAX_CHARS)?,
        None => default_name(&site.name, now),
    };
    let pairs = store::changed_pairs(db, site_id).await?;
    if pairs.is_empty() {
        return Err(SiteError::NothingChanged);
    }
    let project = projects::make(db, connector, &site, author_id, name.clone(), pairs, now).await?;
    Ok((project, name))
}

/// "<site> – update <day>", cut to fit a project's name.
fn default_name(site: &str, now: OffsetDateTime) -> String {
    let day = now.date();
    let suffix = format!(" – update {day}");
    let room = fields::NAME_MAX_CHARS.saturating_sub(suffix.chars().count());
    let site: String = site.chars().take(room).collect();
    format!("{site}{suffix}")
}

/// Checks the site's content now: reads the list again (`super::read_content`), tells the
/// staff of pages newly changed, and records the outcome on the site (a failure with its
/// reason, for the site page).
pub async fn run(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
    mail: Option<mail::Site<'_>>,
    now: OffsetDateTime,
) -> Result<Refreshed, SiteError> {
    let read = super::read_content(db, connector, id, mail, now).await;
    if let Err(error) = &read
        && !matches!(error, SiteError::NotFound)
    {
        store::record_failure(db, id, &error.to_string(), now).await?;
    }
    read
}

/// Where the mails' links point and who sends them, owned by the worker.
#[derive(Debug, Clone)]
pub struct MailLinks {
    pub public_url: String,
    pub agency: String,
}

/// What the scheduled checks need of the server: the database, the sites' connector, this
/// instance's name in the leases and how long a lease lasts (`WORDMARK_RUN_CLAIM_TIMEOUT`),
/// the clock, and where mails link to (`None`: no mail is sent).
#[derive(Clone)]
pub struct Checker {
    pub db: DatabaseConnection,
    pub connector: Connector,
    pub owner: Arc<str>,
    pub lease: Duration,
    pub clock: Clock,
    pub mail: Option<MailLinks>,
}

impl Checker {
    fn claim(&self) -> Claim<'_> {
        Claim {
            owner: &self.owner,
            lease: time::Duration::try_from(self.lease).unwrap_or(time::Duration::seconds(30)),
        }
    }
}

/// Looks for due sites every minute while the server runs. A round that fails (the database
/// away) is logged and the next one runs.
pub fn spawn(checker: Checker) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(ROUND);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let round = AssertUnwindSafe(round(&checker)).catch_unwind().await;
            match round {
                Ok(Ok(_)) => {}
                Ok(Err(error)) => tracing::warn!(%error, "the round of site checks failed"),
                Err(panic) => {
                    let detail = panic_message(panic.as_ref());
                    tracing::error!(panic = detail, "the round of site checks panicked");
                }
            }
        }
    });
}

/// Checks every site that is due and that this instance can claim, one after the other;
/// answers how many it checked. Each check's failure, a panic included, ends recorded on its
/// site.
pub async fn round(checker: &Checker) -> Result<usize, SiteError> {
    let db = &checker.db;
    let Some(every) = schedule(db).await?.interval() else {
        return Ok(0);
    };
    let due = store::Due {
        every,
        retry: every.min(RETRY_AFTER),
    };
    let mut checked = 0;
    for site_id in store::due(db, due, checker.clock.now()).await? {
        let now = checker.clock.now();
        if !store::claim(db, site_id, due, checker.claim(), now).await? {
            continue;
        }
        let heartbeat = {
            let checker = checker.clone();
            runs::keep_claimed(site_id, checker.lease, move || {
                let checker = checker.clone();
                async move {
                    store::renew(&checker.db, site_id, checker.claim(), checker.clock.now()).await
                }
            })
        };
        let mail = checker.mail.as_ref().map(|links| mail::Site {
            public_url: &links.public_url,
            agency: &links.agency,
        });
        let outcome = AssertUnwindSafe(run(db, &checker.connector, site_id, mail, now))
            .catch_unwind()
            .await;
        heartbeat.abort();
        match outcome {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => tracing::info!(site_id, %error, "a site check failed"),
            Err(panic) => {
                let detail = panic_message(panic.as_ref());
                tracing::error!(site_id, panic = detail, "a site check panicked");
                let message = format!(
                    "The check stopped because of an internal error ({detail}); the next check tries again."
                );
                store::record_failure(db, site_id, &message, checker.clock.now()).await?;
            }
        }
        store::release(db, site_id, &checker.owner).await?;
        checked += 1;
    }
    Ok(checked)
}
