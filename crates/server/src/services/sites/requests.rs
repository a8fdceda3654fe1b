//! A customer's request for pages of their client's site, instead of a zip: the pages picked
//! from the site's content list as last read, the target languages, a title, a due date and a
//! note (`site_requests`, written only here). The customer never holds the site's password, so
//! the request waits for the staff, who are told; they make the project from it through the
//! same path as a project from picked pages (`projects`), and in that project's transaction
//! the project is marked as requested by the customer with its draft quote (`quotes::request`),
//! so the quote flow goes on as for a requested zip.

use std::collections::{BTreeSet, HashMap};

use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
    sea_query::{Expr, Query},
};
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;

use super::{
    Connector, Site, SiteError, find,
    projects::{self, SiteProject},
};
use crate::{
    db::{
        self,
        entities::{
            project_request, site, site_item,
            site_request::{self, ItemIds, Languages},
        },
    },
    policy::ClientScope,
    services::{
        accounts,
        mail::Site as MailSite,
        notifications::events::{self, PagesRequested},
        people,
        quotes::{
            self, Quote,
            request::{self as quote_request, Requester},
        },
    },
};

/// The most requests a site's list shows (newest first).
const LIST_MAX: u64 = 100;

/// `POST /api/sites/{id}/requests`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct NewSiteRequest {
    /// Required, at most 200 characters: the project's name.
    pub title: String,
    /// Item ids of the site's content list.
    pub items: Vec<i64>,
    /// Target languages, among the site's.
    pub target_langs: Vec<String>,
    /// When the translation is needed (`YYYY-MM-DD`, today or later).
    #[serde(default, with = "quotes::day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    /// At most 4,000 characters.
    pub note: Option<String>,
}

/// A request for pages of a site, as the staff and the client's customers see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SiteRequest {
    pub id: i32,
    pub site_id: i32,
    /// The site's name in Wordmark.
    pub site_name: String,
    pub title: String,
    pub requested_by: Option<i32>,
    /// The requester's name, while their account exists.
    pub requester_name: Option<String>,
    #[serde(with = "quotes::day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    pub note: Option<String>,
    /// The pages picked, in the order picked.
    pub pages: Vec<RequestedPage>,
    pub target_langs: Vec<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// The project the staff made of it; `null` while it waits.
    pub project_id: Option<i32>,
}

/// A page of a request, with its title and type as the site's content list holds them (`null`
/// when the site no longer lists it).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RequestedPage {
    pub item_id: i64,
    pub title: Option<String>,
    pub post_type: Option<String>,
}

/// Records a customer's request for pages of the site `site_id` and tells the staff; checked
/// as a request and as a project from the site's pages would be, nothing written if refused.
pub async fn create(
    db: &DatabaseConnection,
    site_id: i32,
    new: &NewSiteRequest,
    by: Requester<'_>,
    mail: Option<MailSite<'_>>,
    now: OffsetDateTime,
) -> Result<SiteRequest, SiteError> {
    let site = find(db, site_id).await?;
    let details = quote_request::check_details(&new.title, new.due_date, new.note.as_deref(), now)?;
    let pairs = projects::picked(db, &site, &new.items, &new.target_langs).await?;
    if pairs.len() > projects::MAX_JOBS {
        return Err(SiteError::Invalid(format!(
            "A request holds at most {} pages × languages.",
            projects::MAX_JOBS
        )));
    }
    let (mut items, mut languages) = (Vec::new(), Vec::new());
    for (item, lang) in pairs {
        if !items.contains(&item) {
            items.push(item);
        }
        if !languages.contains(&lang) {
            languages.push(lang);
        }
    }
    let txn = db::BulkTransaction::begin(db).await?;
    let row = site_request::ActiveModel {
        site_id: Set(site_id),
        requested_by: Set(Some(by.user_id)),
        title: Set(details.title),
        due_date: Set(details.due_date),
        note: Set(details.note),
        items: Set(ItemIds(items)),
        target_langs: Set(Languages(languages)),
        created_at: Set(now),
        project_id: Set(None),
        ..Default::default()
    };
    let id = site_request::Entity::insert(row)
        .exec(&txn)
        .await?
        .last_insert_id;
    let row = site_request::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(DbErr::RecordNotInserted)?;
    let told = PagesRequested {
        site_id,
        site_name: &site.name,
        title: &row.title,
        pages: row.items.0.len(),
        requester: by.name,
        actor: by.user_id,
    };
    events::site_pages_requested(&txn, told, mail, now).await?;
    let shown = shown(&txn, vec![row]).await?;
    txn.commit().await?;
    Ok(shown.into_iter().next().expect("one request shown"))
}

/// The site's requests, newest first (at most 100).
pub async fn list(db: &DatabaseConnection, site_id: i32) -> Result<Vec<SiteRequest>, SiteError> {
    find(db, site_id).await?;
    let rows = site_request::Entity::find()
        .filter(site_request::Column::SiteId.eq(site_id))
        .order_by_desc(site_request::Column::CreatedAt)
        .order_by_desc(site_request::Column::Id)
        .limit(LIST_MAX)
        .all(db)
        .await?;
    Ok(shown(db, rows).await?)
}

/// The requests still waiting for their project on the sites of the clients in `scope`, newest
/// first (at most 100): what a customer's portal lists until the agency makes each project.
pub async fn waiting(
    db: &DatabaseConnection,
    scope: &ClientScope,
) -> Result<Vec<SiteRequest>, DbErr> {
    let sites = Query::select()
        .column(site::Column::Id)
        .from(site::Entity)
        .cond_where(scope.narrow(Condition::all(), site::Column::ClientId))
        .to_owned();
    let rows = site_request::Entity::find()
        .filter(site_request::Column::ProjectId.is_null())
        .filter(site_request::Column::SiteId.in_subquery(sites))
        .order_by_desc(site_request::Column::CreatedAt)
        .order_by_desc(site_request::Column::Id)
        .limit(LIST_MAX)
        .all(db)
        .await?;
    shown(db, rows).await
}

/// The project made of a request, and its draft quote.
pub struct MadeRequest {
    pub project: SiteProject,
    pub quote: Quote,
}

/// Makes the project of the site's request `request_id`, by `author_id`: its pages × languages
/// read from the site as for a project from picked pages, named after the request, marked as
/// requested by the customer (by when, their note) with a draft quote, and the request marked
/// as made, all in one transaction. A request is made once.
pub async fn make_project(
    db: &DatabaseConnection,
    connector: &Connector,
    site_id: i32,
    request_id: i32,
    author_id: i32,
    now: OffsetDateTime,
) -> Result<MadeRequest, SiteError> {
    let site: Site = find(db, site_id).await?;
    let row = site_request::Entity::find_by_id(request_id)
        .filter(site_request::Column::SiteId.eq(site_id))
        .one(db)
        .await?
        .ok_or(SiteError::RequestNotFound)?;
    if row.project_id.is_some() {
        return Err(SiteError::RequestMade);
    }
    // Checked again: the site's content or languages may have changed since the request.
    let pairs = projects::picked(db, &site, &row.items.0, &row.target_langs.0).await?;
    let pulled = projects::pull(db, connector, site_id, pairs).await?;
    let txn = db::BulkTransaction::begin(db).await?;
    let project =
        projects::write_in(&txn, &site, author_id, row.title.clone(), pulled, now).await?;
    let request = project_request::Model {
        project_id: project.id,
        requested_by: row.requested_by,
        due_date: row.due_date,
        note: row.note.clone(),
        created_at: row.created_at,
    };
    let quote = quote_request::attach_in(&txn, project.id, request, author_id, now).await?;
    // Conditional, so that of two staff making the request at once one project is kept: the
    // other's transaction is rolled back when it is dropped.
    let marked = site_request::Entity::update_many()
        .col_expr(site_request::Column::ProjectId, Expr::value(project.id))
        .filter(site_request::Column::Id.eq(request_id))
        .filter(site_request::Column::ProjectId.is_null())
        .exec(&txn)
        .await?;
    if marked.rows_affected != 1 {
        return Err(SiteError::RequestMade);
    }
    txn.commit().await?;
    Ok(MadeRequest { project, quote })
}

/// The rows as shown: each page's title and type from the content list, the requester's name.
async fn shown(
    db: &impl ConnectionTrait,
    rows: Vec<site_request::Model>,
) -> Result<Vec<SiteRequest>, DbErr> {
    let mut pages: HashMap<(i32, i64), (String, String)> = HashMap::new();
    for row in &rows {
        let found: Vec<(i64, String, String)> = site_item::Entity::find()
            .select_only()
            .column(site_item::Column::ItemId)
            .column(site_item::Column::Title)
            .column(site_item::Column::PostType)
            .filter(site_item::Column::SiteId.eq(row.site_id))
            .filter(site_item::Column::ItemId.is_in(row.items.0.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        pages.extend(
            found
                .into_iter()
                .map(|(item, title, kind)| ((row.site_id, item), (title, kind))),
        );
    }
    let site_ids: BTreeSet<i32> = rows.iter().map(|row| row.site_id).collect();
    let site_names: HashMap<i32, String> = site::Entity::find()
        .select_only()
        .column(site::Column::Id)
        .column(site::Column::Name)
        .filter(site::Column::Id.is_in(site_ids))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut names: HashMap<i32, Option<String>> = HashMap::new();
    for id in rows.iter().filter_map(|row| row.requested_by) {
        if let std::collections::hash_map::Entry::Vacant(entry) = names.entry(id) {
            let user = accounts::find_by_id(db, id).await?;
            entry.insert(user.map(|u| people::full_name(&u.first_name, &u.last_name)));
        }
    }
    Ok(rows
        .into_iter()
        .map(|row| SiteRequest {
            id: row.id,
            site_id: row.site_id,
            site_name: site_names.get(&row.site_id).cloned().unwrap_or_default(),
            requester_name: row
                .requested_by
                .and_then(|id| names.get(&id).cloned().flatten()),
            requested_by: row.requested_by,
            title: row.title,
            due_date: row.due_date,
            note: row.note,
            pages: row
                .items
                .0
                .iter()
                .map(|&item_id| {
                    let known = pages.get(&(row.site_id, item_id));
                    RequestedPage {
                        item_id,
                        title: known.map(|(title, _)| title.clone()),
                        post_type: known.map(|(_, kind)| kind.clone()),
                    }
                })
                .collect(),
            target_langs: row.target_langs.0,
            created_at: row.created_at,
            project_id: row.project_id,
        })
        .collect())
}
