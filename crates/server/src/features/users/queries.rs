//! Storage of users. Handlers and the CLI go through these functions, never through SQL.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

use crate::db::{
    self,
    entities::user::{self, Role},
};

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<user::Model>, DbErr> {
    user::Entity::find()
        .order_by_asc(user::Column::Username)
        .all(db)
        .await
}

pub async fn find_by_username(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(db)
        .await
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    user::Entity::find().count(db).await
}

pub async fn count_admins(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    user::Entity::find()
        .filter(user::Column::Role.eq(Role::Admin))
        .count(db)
        .await
}

pub struct NewUser {
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub password_hash: String,
}

pub async fn insert(db: &impl ConnectionTrait, new: NewUser) -> Result<user::Model, DbErr> {
    user::ActiveModel {
        username: Set(new.username),
        email: Set(new.email),
        first_name: Set(new.first_name),
        last_name: Set(new.last_name),
        role: Set(new.role),
        password_hash: Set(new.password_hash),
        date_created: Set(db::now()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The fields to change; `None` leaves a field as it is.
#[derive(Default)]
pub struct UserChanges {
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: Option<Role>,
    pub password_hash: Option<String>,
}

pub async fn update(
    db: &impl ConnectionTrait,
    user: user::Model,
    changes: UserChanges,
) -> Result<user::Model, DbErr> {
    let mut active: user::ActiveModel = user.into();
    if let Some(v) = changes.username {
        active.username = Set(v);
    }
    if let Some(v) = changes.email {
        active.email = Set(v);
    }
    if let Some(v) = changes.first_name {
        active.first_name = Set(v);
    }
    if let Some(v) = changes.last_name {
        active.last_name = Set(v);
    }
    if let Some(v) = changes.role {
        active.role = Set(v);
    }
    if let Some(v) = changes.password_hash {
        active.password_hash = Set(v);
    }
    active.update(db).await
}

/// Deletes a user; their tokens go with them (`ON DELETE CASCADE`).
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<(), DbErr> {
    user::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}
