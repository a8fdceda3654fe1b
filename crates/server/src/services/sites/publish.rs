//! Publishing a site project: each job's XLIFF (the XLIFF export's file of that job) sent to
//! its item's translation route, as a background run ([`worker`]). One run per project, leased
//! like the pre-translation runs so that one instance of several works it; each job's outcome
//! is written as soon as the site answered, so a run taken over after a crash, or started again
//! after the site went down, sends only the jobs not published yet.

mod store;
pub mod worker;

use std::{collections::HashMap, sync::Arc};

use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{Connector, SiteError, find, site_jobs};
// The states of a publishing run and its jobs are values stored in columns: this service's
// vocabulary as they are.
pub use crate::db::entities::{
    site_publish_job::PublishJobState,
    site_publish_run::{PublishStatus, RunState},
};
use crate::services::runs::{Claim, Working};

/// What publishing needs of the server: the database, the sites' connector, this instance's
/// name in the leases and how long a lease lasts (`WORDMARK_RUN_CLAIM_TIMEOUT`), the registry
/// of the publishing runs this process works, and the clock.
#[derive(Clone)]
pub struct Publisher {
    pub db: DatabaseConnection,
    pub connector: Connector,
    pub owner: Arc<str>,
    pub lease: std::time::Duration,
    pub runs: Arc<Working>,
    pub now: Arc<dyn Fn() -> OffsetDateTime + Send + Sync>,
}

impl Publisher {
    fn claim(&self) -> Claim<'_> {
        Claim {
            owner: &self.owner,
            lease: time::Duration::try_from(self.lease).unwrap_or(time::Duration::seconds(30)),
        }
    }
}

/// `POST /api/translation/{id}/publish`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct PublishRequest {
    /// What the translated posts become; `draft` when left out.
    #[serde(default)]
    pub status: PublishStatus,
}

/// A project's publishing: its site, and its latest run (`null`: never published).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Publishing {
    /// `null` when the project was not made from a site's pages.
    pub site: Option<PublishSite>,
    pub run: Option<PublishRun>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublishSite {
    pub id: i32,
    pub name: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublishRun {
    pub id: i32,
    pub state: RunState,
    pub status: PublishStatus,
    /// Why the run failed.
    pub error: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
    pub jobs: Vec<PublishJob>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublishJob {
    pub job_id: i32,
    pub item_id: i64,
    /// The item's title on the site as last read (`null` when the site no longer lists it).
    pub title: Option<String>,
    pub lang: String,
    pub state: PublishJobState,
    pub post_id: Option<i64>,
    pub edit_link: Option<String>,
    /// Why the site refused this job.
    pub error: Option<String>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
}

/// Starts (or resumes) publishing the project and works it in the background.
pub async fn start(
    publisher: &Publisher,
    project_id: i32,
    request: &PublishRequest,
    now: OffsetDateTime,
) -> Result<PublishRun, SiteError> {
    let links = site_jobs::of_project(&publisher.db, project_id).await?;
    if links.is_empty() {
        return Err(SiteError::NotASiteProject);
    }
    let jobs: Vec<i32> = links.iter().map(|link| link.job_id).collect();
    let started = store::start(
        &publisher.db,
        project_id,
        request.status,
        &jobs,
        publisher.claim(),
        now,
    )
    .await?;
    let store::Started::Run(run) = started else {
        return Err(SiteError::PublishRunning);
    };
    worker::spawn(publisher.clone(), run.id);
    shown(&publisher.db, run, &links).await
}

/// Hands `owner`'s running runs back at shutdown, so another instance resumes them at once.
pub async fn hand_back(db: &DatabaseConnection, owner: &str) -> Result<(), sea_orm::DbErr> {
    store::release_claims(db, owner).await
}

/// The project's site and latest run.
pub async fn latest(db: &DatabaseConnection, project_id: i32) -> Result<Publishing, SiteError> {
    let links = site_jobs::of_project(db, project_id).await?;
    let Some(first) = links.first() else {
        return Ok(Publishing {
            site: None,
            run: None,
        });
    };
    let site = find(db, first.site_id).await?;
    let run = match store::latest(db, project_id).await? {
        Some(run) => Some(shown(db, run, &links).await?),
        None => None,
    };
    Ok(Publishing {
        site: Some(PublishSite {
            id: site.id,
            name: site.name,
            url: site.url,
        }),
        run,
    })
}

async fn shown(
    db: &DatabaseConnection,
    run: store::Run,
    links: &[site_jobs::SiteJobRow],
) -> Result<PublishRun, SiteError> {
    let titles = site_jobs::titles(db, links).await?;
    let links: HashMap<i32, &site_jobs::SiteJobRow> =
        links.iter().map(|link| (link.job_id, link)).collect();
    let jobs = store::jobs(db, run.id)
        .await?
        .into_iter()
        .filter_map(|job| {
            let link = links.get(&job.job_id)?;
            Some(PublishJob {
                job_id: job.job_id,
                item_id: link.item_id,
                title: titles.get(&(link.site_id, link.item_id)).cloned(),
                lang: link.lang.clone(),
                state: job.state,
                post_id: job.post_id,
                edit_link: job.edit_link,
                error: job.error,
                finished_at: job.finished_at,
            })
        })
        .collect();
    Ok(PublishRun {
        id: run.id,
        state: run.state,
        status: run.status,
        error: run.error,
        started_at: run.created_at,
        updated_at: run.updated_at,
        jobs,
    })
}
