//! `site_jobs`: which site item and language each job of a site project came from. Written in
//! the project's creation transaction, read by publishing.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, JoinType, QueryFilter, QueryOrder,
    QuerySelect, RelationDef, Set,
};

use crate::db::entities::{site, site_item, site_job};

/// A job's site item, as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteJobRow {
    pub job_id: i32,
    pub project_id: i32,
    pub site_id: i32,
    /// The WordPress post id of the source item.
    pub item_id: i64,
    /// The target language, as the site names it.
    pub lang: String,
}

impl From<site_job::Model> for SiteJobRow {
    fn from(row: site_job::Model) -> Self {
        Self {
            job_id: row.job_id,
            project_id: row.project_id,
            site_id: row.site_id,
            item_id: row.item_id,
            lang: row.lang,
        }
    }
}

/// Rows per INSERT: 5 columns each, far below every backend's bound parameter limit.
const INSERT_CHUNK: usize = 500;

/// Those of `items` that the site's content list (as last read) holds.
pub async fn known_items(
    db: &impl ConnectionTrait,
    site_id: i32,
    items: &[i64],
) -> Result<HashSet<i64>, DbErr> {
    let mut known = HashSet::new();
    for chunk in items.chunks(INSERT_CHUNK) {
        let found: Vec<i64> = site_item::Entity::find()
            .select_only()
            .column(site_item::Column::ItemId)
            .filter(site_item::Column::SiteId.eq(site_id))
            .filter(site_item::Column::ItemId.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        known.extend(found);
    }
    Ok(known)
}

pub async fn insert(db: &impl ConnectionTrait, rows: Vec<SiteJobRow>) -> Result<(), DbErr> {
    let rows: Vec<site_job::ActiveModel> = rows
        .into_iter()
        .map(|row| site_job::ActiveModel {
            job_id: Set(row.job_id),
            project_id: Set(row.project_id),
            site_id: Set(row.site_id),
            item_id: Set(row.item_id),
            lang: Set(row.lang),
        })
        .collect();
    for chunk in rows.chunks(INSERT_CHUNK) {
        site_job::Entity::insert_many(chunk.to_vec())
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The titles of the jobs' items as the site's content list holds them (as last read); an
/// item the site no longer lists has none.
pub async fn titles(
    db: &impl ConnectionTrait,
    jobs: &[SiteJobRow],
) -> Result<HashMap<(i32, i64), String>, DbErr> {
    let mut titles = HashMap::new();
    let mut items: Vec<(i32, i64)> = jobs.iter().map(|j| (j.site_id, j.item_id)).collect();
    items.sort_unstable();
    items.dedup();
    for chunk in items.chunks(INSERT_CHUNK) {
        let mut of_chunk = Condition::any();
        for &(site_id, item_id) in chunk {
            of_chunk = of_chunk.add(
                Condition::all()
                    .add(site_item::Column::SiteId.eq(site_id))
                    .add(site_item::Column::ItemId.eq(item_id)),
            );
        }
        let found: Vec<(i32, i64, String)> = site_item::Entity::find()
            .select_only()
            .column(site_item::Column::SiteId)
            .column(site_item::Column::ItemId)
            .column(site_item::Column::Title)
            .filter(of_chunk)
            .into_tuple()
            .all(db)
            .await?;
        titles.extend(
            found
                .into_iter()
                .map(|(site, item, title)| ((site, item), title)),
        );
    }
    Ok(titles)
}

/// The project's site jobs, in job order.
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<SiteJobRow>, DbErr> {
    site_job::Entity::find()
        .filter(site_job::Column::ProjectId.eq(project_id))
        .order_by_asc(site_job::Column::JobId)
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(SiteJobRow::from).collect())
}

/// The site (id and name) each of `projects` was made from; projects not made from a site are
/// absent. One statement for a whole page of the project list, none for no projects.
pub async fn sites_of_projects(
    db: &impl ConnectionTrait,
    projects: &[i32],
) -> Result<HashMap<i32, (i32, String)>, DbErr> {
    let of_site: RelationDef = site_job::Entity::belongs_to(site::Entity)
        .from(site_job::Column::SiteId)
        .to(site::Column::Id)
        .into();
    let mut made_from = HashMap::new();
    for chunk in projects.chunks(INSERT_CHUNK) {
        let found: Vec<(i32, i32, String)> = site_job::Entity::find()
            .select_only()
            .column(site_job::Column::ProjectId)
            .column(site_job::Column::SiteId)
            .column(site::Column::Name)
            .distinct()
            .join(JoinType::InnerJoin, of_site.clone())
            .filter(site_job::Column::ProjectId.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        made_from.extend(
            found
                .into_iter()
                .map(|(project, site, name)| (project, (site, name))),
        );
    }
    Ok(made_from)
}
