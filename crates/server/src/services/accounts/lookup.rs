//! Finding accounts by what a mail names: their id, their e-mail address.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    sea_query::{Expr, ExprTrait, Func},
};

use super::User;
use crate::db::entities::user;

pub async fn find_by_id(db: &impl ConnectionTrait, id: i32) -> Result<Option<User>, DbErr> {
    Ok(user::Entity::find_by_id(id).one(db).await?.map(User::from))
}

/// The accounts whose e-mail address is `email`, ignoring case (addresses are not unique).
pub async fn with_email(db: &impl ConnectionTrait, email: &str) -> Result<Vec<User>, DbErr> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Ok(Vec::new());
    }
    user::Entity::find()
        .filter(Expr::expr(Func::lower(Expr::col(user::Column::Email))).eq(email))
        .filter(user::Column::Email.ne(""))
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(User::from).collect())
}

/// The accounts with `role`.
pub async fn with_role(
    db: &impl ConnectionTrait,
    role: crate::db::entities::user::Role,
) -> Result<Vec<User>, DbErr> {
    user::Entity::find()
        .filter(user::Column::Role.eq(role))
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(User::from).collect())
}
