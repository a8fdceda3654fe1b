//! The `translation_projects` table: a project with its client, author and jobs, and the
//! cheap lookups the workflow needs. Its status changes go through [`super::history`].

use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, FromQueryResult,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Asterisk, Expr, ExprTrait, LockType},
};

use crate::db::entities::{
    client,
    translation_job::{self, Column as Job},
    translation_project::{self, Column as P, Languages, ProjectStatus},
    user,
};

use super::jobs::{self, JobSummary};
use crate::{
    policy::ClientScope,
    services::{
        client_archive_format::ProjectRecord,
        clients::Client,
        people::PersonName,
        translation::{Project, languages},
    },
};

/// A project with what its answer shows: client, author and jobs.
pub struct ProjectWithRelations {
    pub project: Project,
    pub client: Option<Client>,
    pub author: Option<PersonName>,
    pub jobs: Vec<JobSummary>,
}

pub async fn find(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Option<ProjectWithRelations>, DbErr> {
    let found = with_relations(
        db,
        Condition::all().add(P::Id.eq(id)),
        Condition::all().add(Job::ProjectId.eq(id)),
    )
    .await?;
    Ok(found.into_iter().next())
}

/// The project row alone.
pub async fn find_row(db: &impl ConnectionTrait, id: i32) -> Result<Option<Project>, DbErr> {
    Ok(translation_project::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(Project::from))
}

/// What the review round trip needs to know of a project: one query, no jobs or counts.
#[derive(Debug, Clone, FromQueryResult)]
pub struct ProjectHead {
    pub id: i32,
    pub name: String,
    pub status: ProjectStatus,
    pub client_id: Option<i32>,
    pub client_name: Option<String>,
}

/// The heads of the projects `ids` (those that exist), in one query.
pub async fn heads(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<Vec<ProjectHead>, DbErr> {
    translation_project::Entity::find()
        .select_only()
        .columns([P::Id, P::Name, P::Status, P::ClientId])
        .column(client::Column::ClientName)
        .left_join(client::Entity)
        .filter(P::Id.is_in(ids))
        .into_model()
        .all(db)
        .await
}

/// `SELECT id FROM translation_projects WHERE client_id = …`: for another owner's rows that
/// follow their project, filtered by its client without reading this table themselves.
pub fn ids_of_client(client_id: i32) -> sea_orm::sea_query::SelectStatement {
    use sea_orm::QueryTrait;
    translation_project::Entity::find()
        .select_only()
        .column(P::Id)
        .filter(P::ClientId.eq(client_id))
        .into_query()
}

pub async fn head(db: &impl ConnectionTrait, id: i32) -> Result<Option<ProjectHead>, DbErr> {
    translation_project::Entity::find()
        .select_only()
        .columns([P::Id, P::Name, P::Status, P::ClientId])
        .column(client::Column::ClientName)
        .left_join(client::Entity)
        .filter(P::Id.eq(id))
        .into_model()
        .one(db)
        .await
}

/// Two statements whatever the number of projects: projects with their clients and authors,
/// and the jobs matching `jobs_of` (which must cover every listed project's jobs) with their
/// counts.
async fn with_relations(
    db: &impl ConnectionTrait,
    projects: Condition,
    jobs_of: Condition,
) -> Result<Vec<ProjectWithRelations>, DbErr> {
    // The project, its client and its author in one statement.
    let rows = translation_project::Entity::find()
        .find_also_related(client::Entity)
        .find_also_related(user::Entity)
        .filter(projects)
        .order_by_desc(P::DateCreated)
        .order_by_desc(P::Id)
        .all(db)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut jobs_by_project: HashMap<i32, Vec<JobSummary>> = HashMap::new();
    for job in jobs::summaries(db, jobs_of).await? {
        jobs_by_project
            .entry(job.job.project_id)
            .or_default()
            .push(job);
    }
    Ok(rows
        .into_iter()
        .map(|(project, client, author)| ProjectWithRelations {
            author: author.map(|user| PersonName {
                first_name: user.first_name,
                last_name: user.last_name,
            }),
            jobs: jobs_by_project.remove(&project.id).unwrap_or_default(),
            project: project.into(),
            client: client.map(Client::from),
        })
        .collect())
}

/// How many projects `scope` reaches (the dashboard's counter).
pub async fn count(db: &impl ConnectionTrait, scope: &ClientScope) -> Result<u64, DbErr> {
    translation_project::Entity::find()
        .filter(scope.narrow(Condition::all(), translation_project::Column::ClientId))
        .count(db)
        .await
}

pub async fn insert(
    db: &impl ConnectionTrait,
    name: String,
    client_id: Option<i32>,
    author_id: i32,
    made_from_site: bool,
    now: OffsetDateTime,
) -> Result<Project, DbErr> {
    translation_project::ActiveModel {
        name: Set(name),
        made_from_site: Set(made_from_site),
        status: Set(ProjectStatus::Created),
        client_id: Set(client_id),
        target_lang: Set(None),
        author_id: Set(Some(author_id)),
        date_created: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(Project::from)
}

/// Stores a project from an archive for the client, `Created` until its history is restored
/// ([`super::history::restore`]); its jobs and history are not read here.
pub async fn insert_restored(
    db: &impl ConnectionTrait,
    client_id: i32,
    author_id: Option<i32>,
    project: &ProjectRecord,
) -> Result<i32, DbErr> {
    let row = translation_project::ActiveModel {
        name: Set(project.name.clone()),
        status: Set(ProjectStatus::Created),
        client_id: Set(Some(client_id)),
        target_lang: Set(project.target_lang.clone()),
        author_id: Set(author_id),
        date_created: Set(project.date_created),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// The client's projects, oldest first.
pub async fn of_client(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<Project>, DbErr> {
    let rows = translation_project::Entity::find()
        .filter(P::ClientId.eq(client_id))
        .order_by_asc(P::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(Project::from).collect())
}

pub async fn rename(db: &impl ConnectionTrait, id: i32, name: String) -> Result<(), DbErr> {
    translation_project::Entity::update_many()
        .col_expr(P::Name, Expr::value(name))
        .filter(P::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Deletes the project; its jobs and their segments go by `ON DELETE CASCADE`. Returns whether
/// it existed.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<bool, DbErr> {
    let result = translation_project::Entity::delete_many()
        .filter(P::Id.eq(id))
        .exec(db)
        .await?;
    Ok(result.rows_affected > 0)
}

/// Locks the project's row until the transaction ends, on PostgreSQL, for a change to its jobs
/// that checks them first ([`super::jobs::file_name_taken`]) or sums them after
/// ([`refresh_summary`]). Without it, two transactions changing one project's jobs at once
/// would each see the jobs as they were before the other: both could add a file of the same
/// name, and the later commit would write a sum without the other's change. With it the second
/// waits, then reads the first's jobs as committed (each statement reads what was committed
/// when it starts). `NO KEY UPDATE` rather than `UPDATE`: a new job holds a `KEY SHARE` lock on
/// its project (its foreign key), which `FOR UPDATE` would wait for, so two transactions adding
/// jobs would wait for each other. SQLite has one writer at a time and ignores the clause.
pub async fn lock_jobs(db: &impl ConnectionTrait, project_id: i32) -> Result<(), DbErr> {
    translation_project::Entity::find_by_id(project_id)
        .select_only()
        .column(P::Id)
        .lock(LockType::NoKeyUpdate)
        .into_tuple::<i32>()
        .one(db)
        .await?;
    Ok(())
}

/// Brings what the project keeps of its jobs up to date: their count and segments, the source
/// language of most jobs, every target language most jobs first, and `target_lang`, the first of
/// them. Call it in the transaction of any change to the project's jobs (added, removed or given
/// other languages). One grouped read from `idx_translation_jobs_project_counts`, one update.
pub async fn refresh_summary(db: &impl ConnectionTrait, project_id: i32) -> Result<(), DbErr> {
    lock_jobs(db, project_id).await?;
    let pairs: Vec<(Option<String>, Option<String>, i64, i64)> = translation_job::Entity::find()
        .select_only()
        .columns([Job::SourceLang, Job::TargetLang])
        .expr(Expr::col(Asterisk).count())
        .expr(Expr::col(Job::SegmentCount).sum())
        .filter(Job::ProjectId.eq(project_id))
        .group_by(Job::SourceLang)
        .group_by(Job::TargetLang)
        .into_tuple()
        .all(db)
        .await?;
    let jobs = |n: i64| u64::try_from(n).unwrap_or_default();
    let target_langs = languages::by_weight(
        pairs
            .iter()
            .map(|(_, target, n, _)| (target.as_deref(), jobs(*n))),
    );
    let source_lang = languages::by_weight(
        pairs
            .iter()
            .map(|(source, _, n, _)| (source.as_deref(), jobs(*n))),
    )
    .into_iter()
    .next();
    let job_count: i64 = pairs.iter().map(|(_, _, n, _)| n).sum();
    let segment_count: i64 = pairs.iter().map(|(_, _, _, segments)| segments).sum();
    translation_project::Entity::update_many()
        .col_expr(P::TargetLang, Expr::value(target_langs.first().cloned()))
        .col_expr(
            P::JobCount,
            Expr::value(i32::try_from(job_count).unwrap_or(i32::MAX)),
        )
        .col_expr(P::SegmentCount, Expr::value(segment_count))
        .col_expr(P::SourceLang, Expr::value(source_lang))
        .col_expr(P::TargetLangs, Expr::value(Languages(target_langs)))
        .filter(P::Id.eq(project_id))
        .exec(db)
        .await?;
    Ok(())
}

/// A new row for [`insert_many`].
#[cfg(test)]
pub struct NewRow {
    pub name: String,
    pub status: ProjectStatus,
    pub client_id: Option<i32>,
    pub author_id: Option<i32>,
    pub date_created: time::OffsetDateTime,
}

/// Inserts many projects without jobs in multi-row `INSERT`s: how the list tests make
/// thousands of projects in a moment.
#[cfg(test)]
pub async fn insert_many(db: &impl ConnectionTrait, rows: Vec<NewRow>) -> Result<(), DbErr> {
    // Six values a row, well below both databases' limits on bound values per statement.
    const ROWS_PER_INSERT: usize = 2_000;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk =
            rows.by_ref()
                .take(ROWS_PER_INSERT)
                .map(|row| translation_project::ActiveModel {
                    name: Set(row.name),
                    status: Set(row.status),
                    client_id: Set(row.client_id),
                    target_lang: Set(None),
                    author_id: Set(row.author_id),
                    date_created: Set(row.date_created),
                    ..Default::default()
                });
        translation_project::Entity::insert_many(chunk)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The column of the project's fuzzy-fill option (migration `m0014_fuzzy_memory`): read and
/// written here only, so the entity and the project list stay as they were.
fn fuzzy_column() -> sea_orm::sea_query::Alias {
    sea_orm::sea_query::Alias::new("fuzzy_fill_threshold")
}

/// The lowest score of a fuzzy match pre-translation fills instead of machine translation;
/// `None`: fuzzy matches are not filled (also for a project that does not exist).
pub async fn fuzzy_fill_threshold(db: &impl ConnectionTrait, id: i32) -> Result<Option<u8>, DbErr> {
    let value: Option<Option<i16>> = translation_project::Entity::find_by_id(id)
        .select_only()
        .column_as(Expr::col(fuzzy_column()), "threshold")
        .into_tuple()
        .one(db)
        .await?;
    Ok(value.flatten().and_then(|v| u8::try_from(v).ok()))
}

/// Sets the project's fuzzy-fill threshold; `false` when there is no such project.
pub async fn set_fuzzy_fill_threshold(
    db: &impl ConnectionTrait,
    id: i32,
    threshold: Option<u8>,
) -> Result<bool, DbErr> {
    let updated = translation_project::Entity::update_many()
        .col_expr(fuzzy_column(), Expr::val(threshold.map(i16::from)))
        .filter(P::Id.eq(id))
        .exec(db)
        .await?;
    Ok(updated.rows_affected == 1)
}
