//! A translation project and a job as the answers of several features show them (the
//! translation contract's Project and Job).

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_core::segment::Shortcodes;

use crate::{
    http::views::clients::Author,
    services::{
        clients::Client,
        people::PersonName,
        sites::ProjectSite,
        translation::{Project, ProjectStatus, jobs::JobSummary, projects::ProjectListItem},
    },
};

/// The client a project belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientRef {
    pub id: i32,
    pub client_name: String,
}

/// A translation project. `name`/`project_name` and `status`/`project_status` carry the same
/// values (the app reads both).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectResponse {
    pub id: i32,
    pub name: String,
    pub project_name: String,
    pub status: ProjectStatus,
    pub project_status: ProjectStatus,
    /// `null` for projects without a client.
    pub client: Option<ClientRef>,
    /// The target language of most jobs.
    pub target_lang: Option<String>,
    /// Every distinct target language of the jobs, most jobs first.
    pub target_langs: Vec<String>,
    /// The source language of most jobs.
    pub source_lang: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
    /// `null` when the author's account was deleted.
    pub author: Option<Author>,
    pub job_count: usize,
    pub segment_count: u64,
    /// The WordPress site the project was made from (its pages are published back there);
    /// `null` for a project from an upload.
    pub site: Option<ProjectSite>,
    /// The jobs, oldest first: present on `GET /api/translation/{id}`, `POST` and `PUT`, absent
    /// from the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jobs: Option<Vec<JobResponse>>,
}

impl ProjectResponse {
    /// The project with its jobs (all of them).
    pub fn new(
        project: Project,
        client: Option<Client>,
        author: Option<PersonName>,
        jobs: Vec<JobSummary>,
    ) -> Self {
        Self::of(
            project,
            client.map(|c| ClientRef {
                id: c.id,
                client_name: c.client_name,
            }),
            author.map(Author::from),
            Some(jobs.into_iter().map(JobResponse::from).collect()),
        )
    }

    /// A row of the project list (no jobs).
    pub fn listed(item: ProjectListItem) -> Self {
        let client = item
            .project
            .client_id
            .zip(item.client_name)
            .map(|(id, client_name)| ClientRef { id, client_name });
        let author = item.author.map(|(first_name, last_name)| Author {
            first_name,
            last_name,
        });
        Self::of(item.project, client, author, None)
    }

    /// The counts and languages are those the project keeps of its jobs, as the list shows
    /// them.
    fn of(
        project: Project,
        client: Option<ClientRef>,
        author: Option<Author>,
        jobs: Option<Vec<JobResponse>>,
    ) -> Self {
        Self {
            id: project.id,
            project_name: project.name.clone(),
            name: project.name,
            status: project.status,
            project_status: project.status,
            client,
            target_lang: project.target_lang,
            target_langs: project.target_langs,
            source_lang: project.source_lang,
            date_created: project.date_created,
            author,
            job_count: usize::try_from(project.job_count).unwrap_or_default(),
            segment_count: u64::try_from(project.segment_count).unwrap_or_default(),
            // Filled by the handlers that show it: the view has no database.
            site: None,
            jobs,
        }
    }
}

/// One job: one uploaded XLIFF file of a project.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobResponse {
    pub id: i32,
    pub project_id: i32,
    /// WPML's job id (from `<file original="{id}-{md5}">`); `null` for other tools' files.
    pub wpml_id: Option<String>,
    pub file_name: String,
    pub post_type: Option<String>,
    /// In WPML's form (`de`, `pt-br`, `zh-hans`).
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// `1.0`, `1.2`, `2.0`, …
    pub xliff_version: String,
    pub segment_count: u64,
    /// Segments with a non-empty target.
    pub translated_count: u64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
}

impl From<JobSummary> for JobResponse {
    fn from(summary: JobSummary) -> Self {
        let job = summary.job;
        Self {
            id: job.id,
            project_id: job.project_id,
            wpml_id: job.wpml_id,
            file_name: job.file_name,
            post_type: job.post_type,
            source_lang: job.source_lang,
            target_lang: job.target_lang,
            xliff_version: job.xliff_version,
            segment_count: summary.segment_count,
            translated_count: summary.translated_count,
            date_created: job.date_created,
        }
    }
}

/// The names of `shortcodes` as the job view reads them: `None` for the generic rule.
pub fn shortcode_names(shortcodes: &Shortcodes) -> Option<Vec<String>> {
    match shortcodes {
        Shortcodes::Any => None,
        Shortcodes::Only(names) => {
            let mut names: Vec<String> = names.iter().cloned().collect();
            names.sort_unstable();
            Some(names)
        }
    }
}
