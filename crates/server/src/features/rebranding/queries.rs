//! Storage of rebranding projects. The nested parts of a project are JSON text columns; this is
//! the only module that reads or writes them.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use wordmark_core::brand::model::RebrandingData;

use crate::db::{
    self,
    entities::{client, rebranding_project, user},
};

pub type ProjectWithClient = (rebranding_project::Model, client::Model);

/// Every project (of one client when `client_id` is given), newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
) -> Result<Vec<ProjectWithClient>, DbErr> {
    let mut query = rebranding_project::Entity::find().find_also_related(client::Entity);
    if let Some(client_id) = client_id {
        query = query.filter(rebranding_project::Column::ClientId.eq(client_id));
    }
    let rows = query
        .order_by_desc(rebranding_project::Column::DateCreated)
        .order_by_desc(rebranding_project::Column::Id)
        .all(db)
        .await?;
    Ok(with_clients(rows))
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
        .filter_map(|(project, client)| client.map(|client| (project, client)))
        .collect()
}

/// The users among `ids`, by id (authors of projects and of their clients, in one query).
pub async fn users_by_id(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, user::Model>, DbErr> {
    let ids: HashSet<i32> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let users = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(db)
        .await?;
    Ok(users.into_iter().map(|u| (u.id, u)).collect())
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    rebranding_project::Entity::find().count(db).await
}

/// The project's editable part, read back from its columns.
pub fn data(project: &rebranding_project::Model) -> Result<RebrandingData, DbErr> {
    Ok(RebrandingData {
        legal_name: project.legal_name.clone(),
        display_name: project.display_name.clone(),
        color_scheme: from_json(project, "color_scheme", &project.color_scheme)?,
        font_scheme: from_json(project, "font_scheme", &project.font_scheme)?,
        locations: from_json(project, "locations", &project.locations)?,
    })
}

fn from_json<T: serde::de::DeserializeOwned>(
    project: &rebranding_project::Model,
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
) -> Result<rebranding_project::Model, DbErr> {
    let mut active = rebranding_project::ActiveModel {
        author_id: Set(Some(author_id)),
        date_created: Set(db::now()),
        ..Default::default()
    };
    set_data(&mut active, client_id, data)?;
    active.insert(db).await
}

pub async fn update(
    db: &impl ConnectionTrait,
    project: rebranding_project::Model,
    client_id: i32,
    data: &RebrandingData,
) -> Result<rebranding_project::Model, DbErr> {
    let mut active: rebranding_project::ActiveModel = project.into();
    set_data(&mut active, client_id, data)?;
    active.update(db).await
}

/// Deletes the project; returns whether it existed.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<bool, DbErr> {
    let result = rebranding_project::Entity::delete_many()
        .filter(rebranding_project::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(result.rows_affected > 0)
}
