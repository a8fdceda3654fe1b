//! Clients: the only code that reads and writes `clients`. A client's projects, rebranding
//! projects, memory and termbase reference it with `ON DELETE CASCADE`.

use std::collections::BTreeSet;
use time::OffsetDateTime;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, Unchanged,
    sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    db::{
        self,
        entities::{client, user},
        listing::{self, Listing, Order, Window},
    },
    policy::ClientScope,
    services::people::PersonName,
};

/// The longest client name, in characters (the form and the archive's import check it).
pub const NAME_MAX_CHARS: usize = 200;

/// What a client operation refuses.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("Client not found")]
    NotFound,
    #[error("A client named \"{0}\" already exists.")]
    NameTaken(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl ClientError {
    /// A unique violation on `name_key` is the name being taken; anything else stays a
    /// database error.
    fn from_write(err: DbErr, name: &str) -> Self {
        match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => Self::NameTaken(name.to_owned()),
            _ => Self::Db(err),
        }
    }
}

/// A client, as this service answers it (built from its row here, so that no caller sees or
/// saves the row itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    pub id: i32,
    pub client_name: String,
    /// `client_name` in lower case; unique.
    pub name_key: String,
    /// Sanitised SVG markup (never the upload as sent).
    pub client_logo: Option<String>,
    pub author_id: Option<i32>,
    pub date_created: time::OffsetDateTime,
}

impl From<client::Model> for Client {
    fn from(row: client::Model) -> Self {
        Self {
            id: row.id,
            client_name: row.client_name,
            name_key: row.name_key,
            client_logo: row.client_logo,
            author_id: row.author_id,
            date_created: row.date_created,
        }
    }
}

/// A client with its author's name (`None` when the author's account was deleted).
pub type ClientWithAuthor = (Client, Option<PersonName>);

fn with_author((row, author): (client::Model, Option<user::Model>)) -> ClientWithAuthor {
    (
        row.into(),
        author.map(|user| PersonName {
            first_name: user.first_name,
            last_name: user.last_name,
        }),
    )
}

/// The key that makes names unique regardless of case.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// What the client list can be ordered by (the id breaks ties, in the same direction).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClientSort {
    /// The name, ignoring case (the default).
    #[default]
    Name,
    /// Creation time.
    Created,
}

/// Which clients, in which order, which page.
#[derive(Debug, Clone)]
pub struct ClientQuery {
    /// Text the name contains, ignoring case.
    pub q: Option<String>,
    pub sort: ClientSort,
    pub order: Order,
    pub window: Window,
    /// The clients the caller reaches.
    pub scope: ClientScope,
}

/// One page of the clients matching `query` with their authors, and how many match in all.
/// By name the page walks the unique index on `name_key` (the name in lower case), by creation
/// `idx_clients_created` (migration m0009).
pub async fn list(
    db: &impl ConnectionTrait,
    query: &ClientQuery,
) -> Result<Listing<ClientWithAuthor>, DbErr> {
    let mut matching = query.scope.narrow(Condition::all(), client::Column::Id);
    if let Some(q) = &query.q {
        matching = matching.add(listing::contains(
            Expr::col((client::Entity, client::Column::ClientName)),
            q,
        ));
    }
    let total = listing::count(
        client::Entity::find()
            .select_only()
            .expr(Expr::cust("COUNT(*)"))
            .filter(matching.clone())
            .into_tuple::<i64>()
            .one(db)
            .await?
            .unwrap_or_default(),
    );
    let order: sea_orm::Order = query.order.into();
    let key = match query.sort {
        ClientSort::Name => client::Column::NameKey,
        ClientSort::Created => client::Column::DateCreated,
    };
    let rows = client::Entity::find()
        .find_also_related(user::Entity)
        .filter(matching)
        .order_by(key, order.clone())
        .order_by(client::Column::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .all(db)
        .await?
        .into_iter()
        .map(with_author)
        .collect();
    Ok(Listing { rows, total })
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<ClientWithAuthor>, DbErr> {
    client::Entity::find_by_id(id)
        .find_also_related(user::Entity)
        .one(db)
        .await
        .map(|found| found.map(with_author))
}

/// The client `id` with its author, or [`ClientError::NotFound`] (the 404 of every route
/// under a client).
pub async fn require(db: &impl ConnectionTrait, id: i32) -> Result<ClientWithAuthor, ClientError> {
    find(db, id).await?.ok_or(ClientError::NotFound)
}

/// How many clients `scope` reaches (the dashboard's counter).
pub async fn count(db: &impl ConnectionTrait, scope: &ClientScope) -> Result<u64, DbErr> {
    client::Entity::find()
        .filter(scope.narrow(Condition::all(), client::Column::Id))
        .count(db)
        .await
}

/// A client's name and whether it has a logo, without the logo itself.
#[derive(Debug, Clone)]
pub struct ClientName {
    pub id: i32,
    pub name: String,
    pub has_logo: bool,
}

/// The names of the clients `ids` (those that exist), by name: a customer's clients, for the
/// sign-in answer.
pub async fn names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<Vec<ClientName>, DbErr> {
    let rows: Vec<(i32, String, i32)> = client::Entity::find()
        .select_only()
        .column(client::Column::Id)
        .column(client::Column::ClientName)
        // An integer in both databases (a boolean expression is not one in SQLite).
        .expr(Expr::cust(
            "CASE WHEN client_logo IS NULL THEN 0 ELSE 1 END",
        ))
        .filter(client::Column::Id.is_in(ids))
        .order_by_asc(client::Column::NameKey)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, logo)| ClientName {
            id,
            name,
            has_logo: logo != 0,
        })
        .collect())
}

/// Which of `ids` are clients.
pub async fn existing(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<BTreeSet<i32>, DbErr> {
    let found: Vec<i32> = client::Entity::find()
        .select_only()
        .column(client::Column::Id)
        .filter(client::Column::Id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(found.into_iter().collect())
}

pub async fn insert(
    db: &impl ConnectionTrait,
    name: String,
    logo: Option<String>,
    author_id: i32,
    now: OffsetDateTime,
) -> Result<Client, ClientError> {
    client::ActiveModel {
        name_key: Set(name_key(&name)),
        client_name: Set(name.clone()),
        client_logo: Set(logo),
        author_id: Set(Some(author_id)),
        date_created: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(Client::from)
    .map_err(|err| ClientError::from_write(err, &name))
}

/// Stores a client from an archive of another installation, with its creation time there.
/// `author_id` is the importing administrator's (users are not carried between installations).
pub async fn insert_restored(
    db: &impl ConnectionTrait,
    name: String,
    logo: Option<String>,
    author_id: Option<i32>,
    date_created: time::OffsetDateTime,
) -> Result<Client, DbErr> {
    client::ActiveModel {
        name_key: Set(name_key(&name)),
        client_name: Set(name),
        client_logo: Set(logo),
        author_id: Set(author_id),
        date_created: Set(date_created),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(Client::from)
}

/// Whether a client of that name (ignoring case) exists.
pub async fn name_taken(db: &impl ConnectionTrait, name: &str) -> Result<bool, DbErr> {
    let found = client::Entity::find()
        .filter(client::Column::NameKey.eq(name_key(name)))
        .count(db)
        .await?;
    Ok(found > 0)
}

/// Renames the client `id` and, when `logo` is given, replaces its logo; `NotFound` when it
/// does not exist.
pub async fn update(
    db: &impl ConnectionTrait,
    id: i32,
    name: String,
    logo: Option<String>,
) -> Result<Client, ClientError> {
    let mut active = client::ActiveModel {
        id: Unchanged(id),
        name_key: Set(name_key(&name)),
        client_name: Set(name.clone()),
        ..Default::default()
    };
    if let Some(logo) = logo {
        active.client_logo = Set(Some(logo));
    }
    match active.update(db).await {
        Ok(row) => Ok(row.into()),
        Err(DbErr::RecordNotUpdated) => Err(ClientError::NotFound),
        Err(err) => Err(ClientError::from_write(err, &name)),
    }
}

/// Deletes the client, in one transaction; `NotFound` when it did not exist. Its translation
/// and rebranding projects reference `clients(id)` with `ON DELETE CASCADE`, so they go in the
/// same statement, and anything that must be deleted explicitly belongs inside this
/// transaction too.
pub async fn delete(db: &DatabaseConnection, id: i32) -> Result<(), ClientError> {
    let txn = db::begin_write(db).await?;
    let result = client::Entity::delete_many()
        .filter(client::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    if result.rows_affected == 0 {
        return Err(ClientError::NotFound);
    }
    txn.commit().await?;
    Ok(())
}
