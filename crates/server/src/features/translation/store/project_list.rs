//! The project list: one page of `translation_projects` in the order asked for, with what each
//! row shows (client, author, job and segment counts, languages), in three statements whatever
//! the page size: the total, the page with its client and author, and the counts and languages
//! of the page's jobs grouped by project and language pair.
//!
//! Indexes (migration m0009): `created` walks `idx_translation_projects_created` (or, with a
//! client or status filter, `idx_translation_projects_client_created` /
//! `idx_translation_projects_status_created`) and stops after the page; `name` walks
//! `idx_translation_projects_name` (on `LOWER(name), id`); the language filters read
//! `idx_translation_jobs_source_lang` / `idx_translation_jobs_target_lang`; the counts read
//! the page's jobs from `idx_translation_jobs_project_counts` alone (each job keeps its segment
//! count). Sorting by status (workflow order) or client sorts the matching rows.

use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait, FromQueryResult,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Statement,
    sea_query::{Expr, ExprTrait, Func, Query, SimpleExpr},
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::{
    db::{
        entities::{
            client,
            translation_job::{self, Column as Job},
            translation_project::{self, Column as Project, ProjectStatus},
            user,
        },
        listing::{self, Listing, Order, Window},
    },
    features::translation::languages,
};

/// What the project list can be ordered by (the id breaks ties, in the same direction).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProjectSort {
    /// The name, ignoring case.
    Name,
    /// Creation time (the default, newest first).
    #[default]
    Created,
    /// Workflow order: `Created` first, `Completed` last.
    Status,
    /// The client's name, ignoring case; projects without a client first.
    Client,
}

/// Which projects, in which order, which page.
#[derive(Debug, Clone)]
pub struct ProjectQuery {
    pub client_id: Option<i32>,
    pub status: Option<ProjectStatus>,
    /// Projects with at least one job from this source language.
    pub source_lang: Option<String>,
    /// Projects with at least one job into this target language.
    pub target_lang: Option<String>,
    /// Text the name contains, ignoring case.
    pub q: Option<String>,
    pub sort: ProjectSort,
    pub order: Order,
    pub window: Window,
}

/// One row of the list.
#[derive(Debug)]
pub struct ProjectListItem {
    pub project: translation_project::Model,
    pub client_name: Option<String>,
    /// The author's first and last name; `None` when the account was deleted.
    pub author: Option<(String, String)>,
    pub job_count: u64,
    pub segment_count: u64,
    /// The source language of most jobs.
    pub source_lang: Option<String>,
    /// Every target language of the jobs, most jobs first.
    pub target_langs: Vec<String>,
}

#[derive(FromQueryResult)]
struct PageRow {
    id: i32,
    name: String,
    status: ProjectStatus,
    client_id: Option<i32>,
    target_lang: Option<String>,
    author_id: Option<i32>,
    date_created: OffsetDateTime,
    client_name: Option<String>,
    author_first_name: Option<String>,
    author_last_name: Option<String>,
}

/// Read from a JSON array of the fields in this order (serde takes a struct from a sequence).
#[derive(Deserialize)]
struct LanguagePair {
    project_id: i32,
    source_lang: Option<String>,
    target_lang: Option<String>,
    job_count: i64,
    segment_count: i64,
}

/// The projects matching `query`, one page of them, and how many match in all.
pub async fn list(
    db: &impl ConnectionTrait,
    query: &ProjectQuery,
) -> Result<Listing<ProjectListItem>, DbErr> {
    let matching = condition(query);
    let total: Option<i64> = translation_project::Entity::find()
        .select_only()
        .expr(Expr::cust("COUNT(*)"))
        .filter(matching.clone())
        .into_tuple()
        .one(db)
        .await?;
    let total = listing::count(total.unwrap_or_default());
    if total <= query.window.offset {
        return Ok(Listing {
            rows: Vec::new(),
            total,
        });
    }
    let order: sea_orm::Order = query.order.into();
    let rows: Vec<PageRow> = translation_project::Entity::find()
        .select_only()
        .columns([
            Project::Id,
            Project::Name,
            Project::Status,
            Project::ClientId,
            Project::TargetLang,
            Project::AuthorId,
            Project::DateCreated,
        ])
        .column(client::Column::ClientName)
        .column_as(user::Column::FirstName, "author_first_name")
        .column_as(user::Column::LastName, "author_last_name")
        .left_join(client::Entity)
        .left_join(user::Entity)
        .filter(matching)
        .order_by(sort_key(query.sort), order.clone())
        .order_by(Project::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .into_model()
        .all(db)
        .await?;
    let mut pairs: HashMap<i32, Vec<LanguagePair>> = HashMap::new();
    for pair in language_pairs(db, rows.iter().map(|r| r.id).collect()).await? {
        pairs.entry(pair.project_id).or_default().push(pair);
    }
    let rows = rows
        .into_iter()
        .map(|row| {
            let pairs = pairs.remove(&row.id).unwrap_or_default();
            item(row, pairs)
        })
        .collect();
    Ok(Listing { rows, total })
}

fn item(row: PageRow, pairs: Vec<LanguagePair>) -> ProjectListItem {
    let jobs_of = |pair: &LanguagePair| listing::count(pair.job_count);
    let target_langs =
        languages::by_weight(pairs.iter().map(|p| (p.target_lang.as_deref(), jobs_of(p))));
    let source_lang =
        languages::by_weight(pairs.iter().map(|p| (p.source_lang.as_deref(), jobs_of(p))))
            .into_iter()
            .next();
    ProjectListItem {
        job_count: pairs.iter().map(jobs_of).sum(),
        segment_count: pairs.iter().map(|p| listing::count(p.segment_count)).sum(),
        source_lang,
        target_langs,
        client_name: row.client_name,
        author: row.author_first_name.zip(row.author_last_name),
        project: translation_project::Model {
            id: row.id,
            name: row.name,
            status: row.status,
            client_id: row.client_id,
            target_lang: row.target_lang,
            author_id: row.author_id,
            date_created: row.date_created,
        },
    }
}

/// The filters, on `translation_projects` alone (the languages through subqueries on the jobs),
/// so that the total needs no join.
fn condition(query: &ProjectQuery) -> Condition {
    let mut matching = Condition::all();
    if let Some(client_id) = query.client_id {
        matching = matching.add(Project::ClientId.eq(client_id));
    }
    if let Some(status) = query.status {
        matching = matching.add(Project::Status.eq(status));
    }
    for (column, lang) in [
        (Job::SourceLang, &query.source_lang),
        (Job::TargetLang, &query.target_lang),
    ] {
        if let Some(lang) = lang {
            matching = matching.add(
                Project::Id.in_subquery(
                    Query::select()
                        .column(Job::ProjectId)
                        .from(translation_job::Entity)
                        .and_where(Expr::col(column).eq(lang.as_str()))
                        .to_owned(),
                ),
            );
        }
    }
    if let Some(q) = &query.q {
        matching = matching.add(listing::contains(
            Expr::col((translation_project::Entity, Project::Name)),
            q,
        ));
    }
    matching
}

fn sort_key(sort: ProjectSort) -> SimpleExpr {
    match sort {
        ProjectSort::Name => {
            Func::lower(Expr::col((translation_project::Entity, Project::Name))).into()
        }
        ProjectSort::Created => Expr::col((translation_project::Entity, Project::DateCreated)),
        ProjectSort::Status => {
            let mut case = Expr::case(Project::Status.eq(ProjectStatus::Created), 0);
            for (rank, status) in [
                ProjectStatus::Pretranslated,
                ProjectStatus::TranslationsInCorrection,
                ProjectStatus::TranslationsCorrected,
            ]
            .into_iter()
            .enumerate()
            {
                case = case.case(Project::Status.eq(status), rank as i32 + 1);
            }
            case.finally(4).into()
        }
        ProjectSort::Client => Func::coalesce([
            Expr::col((client::Entity, client::Column::NameKey)),
            Expr::val(""),
        ])
        .into(),
    }
}

/// How many jobs and segments the projects have per language pair: one grouped statement over
/// the jobs, which keep their segment counts (`translation_jobs.segment_count`), its rows
/// aggregated into one JSON array by the database. The SQLite driver hands each row from its
/// worker thread to the request's task on its own, and those hand-offs were most of a list
/// request's time (docs/benchmarks.md, "Where a list request's time goes"): one row instead of
/// one per project and pair. The pairs' order does not matter; [`item`] weighs them.
async fn language_pairs(
    db: &impl ConnectionTrait,
    project_ids: Vec<i32>,
) -> Result<Vec<LanguagePair>, DbErr> {
    if project_ids.is_empty() {
        return Ok(Vec::new());
    }
    let backend = db.get_database_backend();
    let grouped = translation_job::Entity::find()
        .select_only()
        .columns([Job::ProjectId, Job::SourceLang, Job::TargetLang])
        .expr_as(Expr::cust("COUNT(*)"), "job_count")
        // PostgreSQL's SUM of integers is a bigint, SQLite's an integer: both read as i64.
        .expr_as(Expr::cust("SUM(segment_count)"), "segment_count")
        .filter(Job::ProjectId.is_in(project_ids))
        .group_by(Job::ProjectId)
        .group_by(Job::SourceLang)
        .group_by(Job::TargetLang)
        .build(backend);
    // The order of [`LanguagePair`]'s fields.
    let fields = "p.project_id, p.source_lang, p.target_lang, p.job_count, p.segment_count";
    let aggregate = match backend {
        DbBackend::Postgres => {
            format!("COALESCE(json_agg(json_build_array({fields})), '[]')::text")
        }
        _ => format!("json_group_array(json_array({fields}))"),
    };
    let statement = Statement {
        sql: format!("SELECT {aggregate} FROM ({}) AS p", grouped.sql),
        ..grouped
    };
    let Some(row) = db.query_one_raw(statement).await? else {
        return Ok(Vec::new());
    };
    let json: String = row.try_get_by_index(0)?;
    serde_json::from_str(&json)
        .map_err(|e| DbErr::Type(format!("the jobs' language pairs as JSON: {e}")))
}
