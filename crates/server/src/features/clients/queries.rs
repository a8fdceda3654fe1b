//! Storage of clients.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

use crate::db::{
    self,
    entities::{client, user},
};

pub type ClientWithAuthor = (client::Model, Option<user::Model>);

/// The key that makes names unique regardless of case.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<ClientWithAuthor>, DbErr> {
    client::Entity::find()
        .find_also_related(user::Entity)
        .order_by_asc(client::Column::NameKey)
        .all(db)
        .await
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<ClientWithAuthor>, DbErr> {
    client::Entity::find_by_id(id)
        .find_also_related(user::Entity)
        .one(db)
        .await
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    client::Entity::find().count(db).await
}

pub async fn insert(
    db: &impl ConnectionTrait,
    name: String,
    logo: Option<String>,
    author_id: i32,
) -> Result<client::Model, DbErr> {
    client::ActiveModel {
        name_key: Set(name_key(&name)),
        client_name: Set(name),
        client_logo: Set(logo),
        author_id: Set(Some(author_id)),
        date_created: Set(db::now()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Renames the client and, when `logo` is given, replaces its logo.
pub async fn update(
    db: &impl ConnectionTrait,
    client: client::Model,
    name: String,
    logo: Option<String>,
) -> Result<client::Model, DbErr> {
    let mut active: client::ActiveModel = client.into();
    active.name_key = Set(name_key(&name));
    active.client_name = Set(name);
    if let Some(logo) = logo {
        active.client_logo = Set(Some(logo));
    }
    active.update(db).await
}

/// Deletes the client; returns whether it existed. Its translation and rebranding projects
/// reference `clients(id)` with `ON DELETE CASCADE`, so they go in the same statement.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<bool, DbErr> {
    let result = client::Entity::delete_many()
        .filter(client::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(result.rows_affected > 0)
}
