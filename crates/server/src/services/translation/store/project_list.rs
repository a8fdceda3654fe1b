//! The project list: one page of `translation_projects` in the order asked for, with what each
//! row shows (client, author, job and segment counts, languages), in one statement whatever the
//! page size: the total, and the page with its client and author. What a row shows of its jobs
//! is kept on the project (see [`super::projects::refresh_summary`]), so a page of projects of
//! 300 files each costs what a page of small ones does.
//!
//! Indexes (migrations m0009, m0019): `created` walks `idx_translation_projects_created` (or,
//! with a client or status filter, `idx_translation_projects_client_created` /
//! `idx_translation_projects_status_created`, with both
//! `idx_translation_projects_client_status_created`) and stops after the page; `name` walks
//! `idx_translation_projects_name` (on `LOWER(name), id`); the language filters read
//! `idx_translation_jobs_source_lang` / `idx_translation_jobs_target_lang`. Sorting by status
//! (workflow order) or client sorts the matching rows.

use crate::services::translation::Project;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
    sea_query::{
        Alias, CommonTableExpression, Expr, ExprTrait, Func, Query, SimpleExpr, SubQueryStatement,
        WithQuery,
    },
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::{
    db::{
        entities::{
            client,
            translation_job::{self, Column as Job},
            translation_project::{self, Column as P, Languages, ProjectStatus},
            user,
        },
        listing::{self, Listing, Order, Window},
    },
    policy::ClientScope,
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
    /// The clients the caller reaches (`idx_translation_projects_client_created` serves it).
    pub scope: ClientScope,
}

/// One row of the list: the project (with what it keeps of its jobs), its client's name and
/// its author.
#[derive(Debug)]
pub struct ProjectListItem {
    pub project: Project,
    pub client_name: Option<String>,
    /// The author's first and last name; `None` when the account was deleted.
    pub author: Option<(String, String)>,
}

/// A row of the page, read from a JSON array of these fields in this order (serde takes a
/// struct from a sequence).
#[derive(Deserialize)]
struct PageRow {
    id: i32,
    name: String,
    status: ProjectStatus,
    client_id: Option<i32>,
    target_lang: Option<String>,
    author_id: Option<i32>,
    /// Stored as RFC 3339 text on SQLite; PostgreSQL writes a timestamp into JSON the same way.
    #[serde(with = "time::serde::rfc3339")]
    date_created: OffsetDateTime,
    job_count: i32,
    segment_count: i64,
    source_lang: Option<String>,
    target_langs: Languages,
    client_name: Option<String>,
    author_first_name: Option<String>,
    author_last_name: Option<String>,
    /// `0` or `1`: SQLite keeps a boolean so, and PostgreSQL's is cast to match.
    made_from_site: u8,
}

/// The name of the page's common table expression, which the rows' aggregate reads.
const PAGE: &str = "page";

/// The projects matching `query`, one page of them, and how many match in all.
///
/// One statement, answering one row: the total and the page's rows, aggregated into one JSON
/// array by the database. The SQLite driver hands each row from its worker thread to the
/// request's task on its own, and those hand-offs were most of a list request's time
/// (docs/benchmarks.md, "Where a list request's time goes").
pub async fn list(
    db: &impl ConnectionTrait,
    query: &ProjectQuery,
) -> Result<Listing<ProjectListItem>, DbErr> {
    let backend = db.get_database_backend();
    let row = db
        .query_one_raw(backend.build(&statement(backend, query)))
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("the project list's answer".into()))?;
    let total: i64 = row.try_get_by_index(0)?;
    let rows: Vec<PageRow> = from_json(&row.try_get_by_index::<String>(1)?)?;
    Ok(Listing {
        rows: rows.into_iter().map(item).collect(),
        total: listing::count(total),
    })
}

fn from_json(json: &str) -> Result<Vec<PageRow>, DbErr> {
    serde_json::from_str(json)
        .map_err(|e| DbErr::Type(format!("the project list's rows as JSON: {e}")))
}

/// `WITH page AS (the page's rows, each with its sort key) SELECT (the total), (the page's rows
/// in order, as JSON)`.
///
/// The page walks the index of its order and stops after the page (see the module's comment);
/// the aggregate orders its rows again by the sort key it carries, since an aggregate does not
/// keep the order of what it reads.
pub(super) fn statement(backend: DbBackend, query: &ProjectQuery) -> WithQuery {
    let matching = condition(query);
    let order: sea_orm::Order = query.order.into();
    let key = sort_key(query.sort);
    let page = translation_project::Entity::find()
        .select_only()
        .columns([
            P::Id,
            P::Name,
            P::Status,
            P::ClientId,
            P::TargetLang,
            P::AuthorId,
            P::DateCreated,
            P::JobCount,
            P::SegmentCount,
            P::SourceLang,
            P::TargetLangs,
            P::MadeFromSite,
        ])
        .column(client::Column::ClientName)
        .column_as(user::Column::FirstName, "author_first_name")
        .column_as(user::Column::LastName, "author_last_name")
        .expr_as(key.clone(), "sort_key")
        .left_join(client::Entity)
        .left_join(user::Entity)
        .filter(matching.clone())
        .order_by(key, order.clone())
        .order_by(P::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .into_query();
    let mut total = Query::select()
        .expr(Expr::cust("COUNT(*)"))
        .from(translation_project::Entity)
        .to_owned();
    // No `WHERE TRUE` for an empty filter: SQLite counts a whole table from its b-tree's page
    // counts only when the count has no condition at all.
    if !matching.is_empty() {
        total.cond_where(matching);
    }
    let direction = query.order.keyword();
    // `target_langs` is JSON already: PostgreSQL's `json` goes in as it is, SQLite's text
    // through `json()`, so that it is not quoted as a string. A boolean reads as SQLite's 0/1.
    let (target_langs, made_from_site) = match backend {
        DbBackend::Postgres => ("p.target_langs", "p.made_from_site::int"),
        _ => ("json(p.target_langs)", "p.made_from_site"),
    };
    let rows = json_rows(
        backend,
        &format!(
            "p.id, p.name, p.status, p.client_id, p.target_lang, p.author_id, p.date_created, \
             p.job_count, p.segment_count, p.source_lang, {target_langs}, \
             p.client_name, p.author_first_name, p.author_last_name, {made_from_site}"
        ),
        &format!(" ORDER BY p.sort_key {direction}, p.id {direction}"),
    );
    let select = Query::select()
        .expr(Expr::SubQuery(
            None,
            Box::new(SubQueryStatement::SelectStatement(total)),
        ))
        .expr(Expr::cust(format!("(SELECT {rows} FROM {PAGE} AS p)")))
        .to_owned();
    WithQuery::new()
        .cte(
            CommonTableExpression::new()
                .table_name(Alias::new(PAGE))
                .query(page)
                .to_owned(),
        )
        .query(select)
        .to_owned()
}

/// An aggregate of `fields` (a row each) into one JSON array, `[]` when there are no rows, as
/// text on both databases.
fn json_rows(backend: DbBackend, fields: &str, order: &str) -> String {
    match backend {
        DbBackend::Postgres => {
            format!("COALESCE(json_agg(json_build_array({fields}){order}), '[]')::text")
        }
        _ => format!("json_group_array(json_array({fields}){order})"),
    }
}

fn item(row: PageRow) -> ProjectListItem {
    ProjectListItem {
        client_name: row.client_name,
        author: row.author_first_name.zip(row.author_last_name),
        project: Project {
            id: row.id,
            name: row.name,
            status: row.status,
            client_id: row.client_id,
            target_lang: row.target_lang,
            author_id: row.author_id,
            date_created: row.date_created,
            job_count: row.job_count,
            segment_count: row.segment_count,
            source_lang: row.source_lang,
            target_langs: row.target_langs.0,
            made_from_site: row.made_from_site != 0,
        },
    }
}

/// The filters, on `translation_projects` alone (the languages through subqueries on the jobs),
/// so that the total needs no join.
fn condition(query: &ProjectQuery) -> Condition {
    let mut matching = query.scope.narrow(Condition::all(), P::ClientId);
    if let Some(client_id) = query.client_id {
        matching = matching.add(P::ClientId.eq(client_id));
    }
    if let Some(status) = query.status {
        matching = matching.add(P::Status.eq(status));
    }
    for (column, lang) in [
        (Job::SourceLang, &query.source_lang),
        (Job::TargetLang, &query.target_lang),
    ] {
        if let Some(lang) = lang {
            matching = matching.add(
                P::Id.in_subquery(
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
            Expr::col((translation_project::Entity, P::Name)),
            q,
        ));
    }
    matching
}

fn sort_key(sort: ProjectSort) -> SimpleExpr {
    match sort {
        ProjectSort::Name => Func::lower(Expr::col((translation_project::Entity, P::Name))).into(),
        ProjectSort::Created => Expr::col((translation_project::Entity, P::DateCreated)),
        ProjectSort::Status => {
            let mut case = Expr::case(P::Status.eq(ProjectStatus::Created), 0);
            for (rank, status) in [
                ProjectStatus::Pretranslated,
                ProjectStatus::TranslationsInCorrection,
                ProjectStatus::TranslationsCorrected,
            ]
            .into_iter()
            .enumerate()
            {
                case = case.case(P::Status.eq(status), rank as i32 + 1);
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
