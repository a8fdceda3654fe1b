//! Rebranding projects: the only code that reads and writes `rebranding_projects`. The nested
//! parts of a project are JSON text columns; this is the only module that reads or writes them.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, Func, SimpleExpr},
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_core::brand::model::RebrandingData;

use crate::services::client_archive_format::RebrandingRecord;
use crate::{
    db::{
        entities::{client, rebranding_project},
        listing::{self, Listing, Order, Window},
    },
    policy::ClientScope,
    services::clients::Client,
};

/// A rebranding project as this service answers it: its JSON columns stay text until
/// [`data`] reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub id: i32,
    /// Deleting the client deletes its rebranding projects (`ON DELETE CASCADE`).
    pub client_id: i32,
    pub author_id: Option<i32>,
    pub date_created: time::OffsetDateTime,
    pub legal_name: String,
    pub display_name: String,
    /// JSON of `wordmark_core::brand::model::ColorScheme`, completed (RGB and CMYK filled in).
    pub color_scheme: String,
    /// JSON of `wordmark_core::brand::model::FontScheme`.
    pub font_scheme: String,
    /// JSON of a list of `wordmark_core::brand::model::Location`.
    pub locations: String,
}

impl From<rebranding_project::Model> for Project {
    fn from(row: rebranding_project::Model) -> Self {
        Self {
            id: row.id,
            client_id: row.client_id,
            author_id: row.author_id,
            date_created: row.date_created,
            legal_name: row.legal_name,
            display_name: row.display_name,
            color_scheme: row.color_scheme,
            font_scheme: row.font_scheme,
            locations: row.locations,
        }
    }
}

/// A project with its client.
pub type ProjectWithClient = (Project, Client);

/// What a rebranding operation refuses.
#[derive(Debug, thiserror::Error)]
pub enum RebrandingError {
    #[error("Project not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The project `id` with its client, or [`RebrandingError::NotFound`].
pub async fn require(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<ProjectWithClient, RebrandingError> {
    find(db, id).await?.ok_or(RebrandingError::NotFound)
}

/// What the rebranding list can be ordered by (the id breaks ties, in the same direction).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RebrandingSort {
    /// The display name, ignoring case.
    Name,
    /// Creation time (the default, newest first).
    #[default]
    Created,
    /// The client's name, ignoring case.
    Client,
}

/// Which projects, in which order, which page.
#[derive(Debug, Clone)]
pub struct RebrandingQuery {
    pub client_id: Option<i32>,
    /// Text the display name or the legal name contains, ignoring case.
    pub q: Option<String>,
    pub sort: RebrandingSort,
    pub order: Order,
    pub window: Window,
    /// The clients the caller reaches.
    pub scope: ClientScope,
}

/// One page of the projects matching `query` with their clients, and how many match in all.
/// By creation the page walks `idx_rebranding_projects_created` (with a client,
/// `idx_rebranding_projects_client_created`; migration m0009); by name or client it sorts.
pub async fn list(
    db: &impl ConnectionTrait,
    query: &RebrandingQuery,
) -> Result<Listing<ProjectWithClient>, DbErr> {
    let mut matching = query
        .scope
        .narrow(Condition::all(), rebranding_project::Column::ClientId);
    if let Some(client_id) = query.client_id {
        matching = matching.add(rebranding_project::Column::ClientId.eq(client_id));
    }
    if let Some(q) = &query.q {
        matching = matching.add(
            Condition::any()
                .add(listing::contains(
                    Expr::col((
                        rebranding_project::Entity,
                        rebranding_project::Column::DisplayName,
                    )),
                    q,
                ))
                .add(listing::contains(
                    Expr::col((
                        rebranding_project::Entity,
                        rebranding_project::Column::LegalName,
                    )),
                    q,
                )),
        );
    }
    let total = listing::count(
        rebranding_project::Entity::find()
            .select_only()
            .expr(Expr::cust("COUNT(*)"))
            .filter(matching.clone())
            .into_tuple::<i64>()
            .one(db)
            .await?
            .unwrap_or_default(),
    );
    let order: sea_orm::Order = query.order.into();
    let key: SimpleExpr = match query.sort {
        RebrandingSort::Name => Func::lower(Expr::col((
            rebranding_project::Entity,
            rebranding_project::Column::DisplayName,
        )))
        .into(),
        RebrandingSort::Created => Expr::col((
            rebranding_project::Entity,
            rebranding_project::Column::DateCreated,
        )),
        RebrandingSort::Client => Expr::col((client::Entity, client::Column::NameKey)),
    };
    let rows = rebranding_project::Entity::find()
        .find_also_related(client::Entity)
        .filter(matching)
        .order_by(key, order.clone())
        .order_by(rebranding_project::Column::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .all(db)
        .await?;
    Ok(Listing {
        rows: with_clients(rows),
        total,
    })
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<ProjectWithClient>, DbErr> {
    let row = rebranding_project::Entity::find_by_id(id)
        .find_also_related(client::Entity)
        .one(db)
        .await?;
    Ok(row.and_then(|row| with_clients([row]).pop()))
}

/// The client is a required foreign key, so every project has one; the join is inner in effect.
fn with_clients(
    rows: impl IntoIterator<Item = (rebranding_project::Model, Option<client::Model>)>,
) -> Vec<ProjectWithClient> {
    rows.into_iter()
        .filter_map(|(project, client)| client.map(|client| (project.into(), client.into())))
        .collect()
}

/// How many projects `scope` reaches (the dashboard's counter).
pub async fn count(db: &impl ConnectionTrait, scope: &ClientScope) -> Result<u64, DbErr> {
    rebranding_project::Entity::find()
        .filter(scope.narrow(Condition::all(), rebranding_project::Column::ClientId))
        .count(db)
        .await
}

/// The project's editable part, read back from its columns.
pub fn data(project: &Project) -> Result<RebrandingData, DbErr> {
    Ok(RebrandingData {
        legal_name: project.legal_name.clone(),
        display_name: project.display_name.clone(),
        color_scheme: from_json(project, "color_scheme", &project.color_scheme)?,
        font_scheme: from_json(project, "font_scheme", &project.font_scheme)?,
        locations: from_json(project, "locations", &project.locations)?,
    })
}

fn from_json<T: serde::de::DeserializeOwned>(
    project: &Project,
    column: &str,
    json: &str,
) -> Result<T, DbErr> {
    serde_json::from_str(json).map_err(|e| {
        DbErr::Custom(format!(
            "rebranding project {}: column {column} holds invalid JSON: {e}",
            project.id
        ))
    })
}

fn to_json(value: &impl serde::Serialize) -> Result<String, DbErr> {
    serde_json::to_string(value).map_err(|e| DbErr::Custom(format!("cannot serialise: {e}")))
}

/// Sets every editable column from `data` (already validated and completed).
fn set_data(
    active: &mut rebranding_project::ActiveModel,
    client_id: i32,
    data: &RebrandingData,
) -> Result<(), DbErr> {
    active.client_id = Set(client_id);
    active.legal_name = Set(data.legal_name.clone());
    active.display_name = Set(data.display_name.clone());
    active.color_scheme = Set(to_json(&data.color_scheme)?);
    active.font_scheme = Set(to_json(&data.font_scheme)?);
    active.locations = Set(to_json(&data.locations)?);
    Ok(())
}

pub async fn insert(
    db: &impl ConnectionTrait,
    client_id: i32,
    author_id: i32,
    data: &RebrandingData,
    now: OffsetDateTime,
) -> Result<Project, DbErr> {
    let mut active = rebranding_project::ActiveModel {
        author_id: Set(Some(author_id)),
        date_created: Set(now),
        ..Default::default()
    };
    set_data(&mut active, client_id, data)?;
    active.insert(db).await.map(Project::from)
}

/// The client's rebranding projects, oldest first.
pub async fn of_client(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<Project>, DbErr> {
    let rows = rebranding_project::Entity::find()
        .filter(rebranding_project::Column::ClientId.eq(client_id))
        .order_by_asc(rebranding_project::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(Project::from).collect())
}

/// The client's projects as the client archive holds them, oldest first.
pub async fn archived(
    db: &impl ConnectionTrait,
    client_id: i32,
) -> Result<Vec<RebrandingRecord>, DbErr> {
    of_client(db, client_id)
        .await?
        .into_iter()
        .map(|project| {
            Ok(RebrandingRecord {
                data: data(&project)?,
                date_created: project.date_created,
            })
        })
        .collect()
}

/// Stores the projects of an archive from another installation for the client, with their
/// creation times there.
pub async fn restore(
    db: &impl ConnectionTrait,
    client_id: i32,
    author_id: Option<i32>,
    projects: &[RebrandingRecord],
) -> Result<(), DbErr> {
    for project in projects {
        let mut active = rebranding_project::ActiveModel {
            author_id: Set(author_id),
            date_created: Set(project.date_created),
            ..Default::default()
        };
        set_data(&mut active, client_id, &project.data)?;
        active.insert(db).await?;
    }
    Ok(())
}

/// Moves the project `id` to `client_id` and replaces its editable part with `data`.
pub async fn update(
    db: &impl ConnectionTrait,
    id: i32,
    client_id: i32,
    data: &RebrandingData,
) -> Result<Project, DbErr> {
    let mut active = rebranding_project::ActiveModel {
        id: sea_orm::Unchanged(id),
        ..Default::default()
    };
    set_data(&mut active, client_id, data)?;
    active.update(db).await.map(Project::from)
}

/// Deletes the project, or answers [`RebrandingError::NotFound`] when it did not exist.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<(), RebrandingError> {
    let result = rebranding_project::Entity::delete_many()
        .filter(rebranding_project::Column::Id.eq(id))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(RebrandingError::NotFound);
    }
    Ok(())
}
