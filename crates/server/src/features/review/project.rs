//! The project JSON of the contract (with jobs), as the XLSX import answers it.
//!
//! Stand-in until the translation feature (which owns this shape) reaches main; then the import
//! answers with that feature's type and this file goes.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, sea_query::Expr,
};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::db::entities::{
    client, translation_job,
    translation_project::{self, ProjectStatus},
    translation_segment, user,
};
use crate::features::clients::types::Author;

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectClient {
    pub id: i32,
    pub client_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectResponse {
    pub id: i32,
    pub name: String,
    pub project_name: String,
    pub status: ProjectStatus,
    pub project_status: ProjectStatus,
    pub client: Option<ProjectClient>,
    pub target_lang: Option<String>,
    pub target_langs: Vec<String>,
    pub source_lang: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
    pub author: Option<Author>,
    pub job_count: u64,
    pub segment_count: u64,
    pub jobs: Vec<JobResponse>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JobResponse {
    pub id: i32,
    pub project_id: i32,
    pub wpml_id: Option<String>,
    pub file_name: String,
    pub post_type: Option<String>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub xliff_version: String,
    pub segment_count: u64,
    pub translated_count: u64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub date_created: OffsetDateTime,
}

#[derive(FromQueryResult)]
struct JobRow {
    id: i32,
    project_id: i32,
    wpml_id: Option<String>,
    file_name: String,
    post_type: Option<String>,
    source_lang: Option<String>,
    target_lang: Option<String>,
    xliff_version: String,
    date_created: OffsetDateTime,
}

#[derive(FromQueryResult)]
struct Counts {
    job_id: i32,
    segments: i64,
    translated: i64,
}

/// The project with its jobs, `None` when it does not exist.
pub async fn load(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<ProjectResponse>, DbErr> {
    use translation_job::Column as J;
    let Some(project) = translation_project::Entity::find_by_id(project_id)
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let client = match project.client_id {
        Some(id) => client::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    let author = match project.author_id {
        Some(id) => user::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    let jobs = translation_job::Entity::find()
        .select_only()
        .columns([
            J::Id,
            J::ProjectId,
            J::WpmlId,
            J::FileName,
            J::PostType,
            J::SourceLang,
            J::TargetLang,
            J::XliffVersion,
            J::DateCreated,
        ])
        .filter(J::ProjectId.eq(project_id))
        .order_by_asc(J::Id)
        .into_model::<JobRow>()
        .all(db)
        .await?;
    let counts: HashMap<i32, Counts> = translation_segment::Entity::find()
        .select_only()
        .column(translation_segment::Column::JobId)
        .column_as(translation_segment::Column::Id.count(), "segments")
        .column_as(
            Expr::cust(
                "CAST(SUM(CASE WHEN translation_segments.target IS NOT NULL \
                 AND translation_segments.target <> '' THEN 1 ELSE 0 END) AS BIGINT)",
            ),
            "translated",
        )
        .inner_join(translation_job::Entity)
        .filter(J::ProjectId.eq(project_id))
        .group_by(translation_segment::Column::JobId)
        .into_model::<Counts>()
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.job_id, c))
        .collect();

    let jobs: Vec<JobResponse> = jobs
        .into_iter()
        .map(|job| {
            let (segments, translated) = counts
                .get(&job.id)
                .map_or((0, 0), |c| (c.segments, c.translated));
            JobResponse {
                id: job.id,
                project_id: job.project_id,
                wpml_id: job.wpml_id,
                file_name: job.file_name,
                post_type: job.post_type,
                source_lang: job.source_lang,
                target_lang: job.target_lang,
                xliff_version: job.xliff_version,
                segment_count: segments.max(0) as u64,
                translated_count: translated.max(0) as u64,
                date_created: job.date_created,
            }
        })
        .collect();
    let target_langs = by_frequency(jobs.iter().filter_map(|j| j.target_lang.as_deref()));
    let source_lang = by_frequency(jobs.iter().filter_map(|j| j.source_lang.as_deref()))
        .into_iter()
        .next();
    Ok(Some(ProjectResponse {
        id: project.id,
        project_name: project.name.clone(),
        name: project.name,
        status: project.status,
        project_status: project.status,
        client: client.map(|c| ProjectClient {
            id: c.id,
            client_name: c.client_name,
        }),
        target_lang: project.target_lang,
        target_langs,
        source_lang,
        date_created: project.date_created,
        author: author.map(|a| Author {
            first_name: a.first_name,
            last_name: a.last_name,
        }),
        job_count: jobs.len() as u64,
        segment_count: jobs.iter().map(|j| j.segment_count).sum(),
        jobs,
    }))
}

/// Distinct values, most frequent first (ties in first-seen order).
fn by_frequency<'a>(values: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for value in values {
        match counted.iter_mut().find(|(v, _)| *v == value) {
            Some((_, n)) => *n += 1,
            None => counted.push((value, 1)),
        }
    }
    counted.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    counted.into_iter().map(|(v, _)| v.to_owned()).collect()
}
