//! Which clients an account belongs to (`user_client`, written only here): a customer to at
//! least one, staff and translators to none.

use std::collections::HashMap;

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::{AccountError, AccountResult, User};
use crate::db::entities::{
    user::{self, Role},
    user_client,
};
use crate::services::clients;

/// The clients of an account of `role`, checked: a customer belongs to at least one client and
/// only to clients that exist; the other roles to none. Sorted, without repeats.
pub(super) async fn check_clients(
    db: &impl ConnectionTrait,
    role: Role,
    client_ids: Vec<i32>,
) -> AccountResult<Vec<i32>> {
    let mut ids = client_ids;
    ids.sort_unstable();
    ids.dedup();
    if role != Role::Customer {
        return if ids.is_empty() {
            Ok(ids)
        } else {
            Err(AccountError::Invalid(format!(
                "The field client_ids must be empty for the role {role}: only customers belong \
                 to clients."
            )))
        };
    }
    if ids.is_empty() {
        return Err(AccountError::Invalid(
            "The field client_ids is required for a customer: name at least one client.".into(),
        ));
    }
    let existing = clients::existing(db, ids.iter().copied()).await?;
    let unknown: Vec<String> = ids
        .iter()
        .filter(|id| !existing.contains(id))
        .map(ToString::to_string)
        .collect();
    if !unknown.is_empty() {
        return Err(AccountError::Invalid(format!(
            "The field client_ids names clients that do not exist: {}.",
            unknown.join(", ")
        )));
    }
    Ok(ids)
}

/// Replaces the memberships of `user_id` with `client_ids`.
pub(super) async fn set_clients(
    db: &impl ConnectionTrait,
    user_id: i32,
    client_ids: &[i32],
) -> Result<(), DbErr> {
    user_client::Entity::delete_many()
        .filter(user_client::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    if client_ids.is_empty() {
        return Ok(());
    }
    user_client::Entity::insert_many(client_ids.iter().map(|&client_id| {
        user_client::ActiveModel {
            user_id: Set(user_id),
            client_id: Set(client_id),
        }
    }))
    .exec(db)
    .await?;
    Ok(())
}

/// The clients `user_id` belongs to, in id order (none for staff): with every request of a
/// customer, on the primary key of `user_client`.
pub async fn client_ids(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<i32>, DbErr> {
    user_client::Entity::find()
        .select_only()
        .column(user_client::Column::ClientId)
        .filter(user_client::Column::UserId.eq(user_id))
        .order_by_asc(user_client::Column::ClientId)
        .into_tuple()
        .all(db)
        .await
}

/// The clients of each of `user_ids` that belongs to any (a page of the user list), in one query.
pub async fn client_ids_of(
    db: &impl ConnectionTrait,
    user_ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, Vec<i32>>, DbErr> {
    let rows: Vec<(i32, i32)> = user_client::Entity::find()
        .select_only()
        .columns([user_client::Column::UserId, user_client::Column::ClientId])
        .filter(user_client::Column::UserId.is_in(user_ids))
        .order_by_asc(user_client::Column::ClientId)
        .into_tuple()
        .all(db)
        .await?;
    let mut by_user: HashMap<i32, Vec<i32>> = HashMap::new();
    for (user_id, client_id) in rows {
        by_user.entry(user_id).or_default().push(client_id);
    }
    Ok(by_user)
}

/// The customer accounts of `client_id`, by username (on `idx_user_client_client`).
pub async fn customers_of(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<User>, DbErr> {
    let rows = user::Entity::find()
        .filter(
            user::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(user_client::Column::UserId)
                    .from(user_client::Entity)
                    .and_where(user_client::Column::ClientId.eq(client_id))
                    .to_owned(),
            ),
        )
        .order_by_asc(user::Column::Username)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(User::from).collect())
}
