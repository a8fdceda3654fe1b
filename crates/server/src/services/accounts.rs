//! Accounts: the `users` table and the customers' memberships of clients, `user_client` (this
//! module is the only code that writes them), the rules for usernames, and the password rules
//! and hashing ([`password`]). Shared by sign-in, the users feature, the CLI and the first start.

pub mod email_change;
pub mod first_admin;
pub mod lookup;
mod memberships;
pub mod password;

pub use lookup::{find_by_id, with_email, with_role};
use memberships::{check_clients, set_clients};
pub use memberships::{client_ids, client_ids_of, customers_of};
use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, SqlErr,
    sea_query::Expr,
};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::policy::{self, Permission};
use crate::{
    db::{
        entities::user,
        listing::{self, Listing, Order, Window},
    },
    services::{
        mail::Site,
        people::{self, FieldError, PersonName},
        tokens,
    },
};
use password::PasswordError;

const USERNAME_MAX_CHARS: usize = 64;

// The role is a value stored in a column, not a row: this service's vocabulary as it is.
pub use crate::db::entities::user::{Role, UnknownRole};

/// An account as this service answers it. Changes go through [`update`], [`set_password`]
/// and [`email_change`], which say what changes; nobody saves an account they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i32,
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub password_hash: String,
    pub date_created: time::OffsetDateTime,
}

impl From<user::Model> for User {
    fn from(row: user::Model) -> Self {
        Self {
            id: row.id,
            username: row.username,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            role: row.role,
            password_hash: row.password_hash,
            date_created: row.date_created,
        }
    }
}

impl User {
    /// The person's name, as an author or a recipient is shown.
    pub fn name(&self) -> PersonName {
        PersonName {
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
        }
    }
}

/// The row of `user` again, for the statements of this service that save it whole.
fn row_of(user: User) -> user::Model {
    user::Model {
        id: user.id,
        username: user.username,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        role: user.role,
        password_hash: user.password_hash,
        date_created: user.date_created,
    }
}

/// Why an account could not be created or changed.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// A field breaks a rule (the message names it).
    #[error("{0}")]
    Invalid(String),
    /// A name or the e-mail address breaks its rule (the message names the field).
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// Only an administrator may do this.
    #[error("{0}")]
    NotAllowed(String),
    /// The username is taken, or the change would leave no administrator.
    #[error("{0}")]
    Conflict(String),
    /// A new address of one's own is confirmed by mail, and this server sends none.
    #[error(
        "This server sends no e-mail (WORDMARK_SMTP_URL is not set), so a new address cannot be \
         confirmed; an administrator can change it."
    )]
    NoMailToConfirm,
    #[error("This e-mail confirmation link is not known.")]
    EmailChangeUnknown,
    #[error("This e-mail confirmation link has expired: change the address again for a new one.")]
    EmailChangeExpired,
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Hashing a password failed (the blocking pool is gone).
    #[error(transparent)]
    Hashing(#[from] anyhow::Error),
}

pub type AccountResult<T> = Result<T, AccountError>;

/// Usernames appear in URLs (`/api/user/{username}`, `/admin/user/{username}`), so they are
/// limited to characters that need no escaping there.
pub fn check_username(username: &str) -> AccountResult<()> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "._@+-".contains(c);
    if username.is_empty() || username.chars().count() > USERNAME_MAX_CHARS {
        return Err(AccountError::Invalid(format!(
            "The username must have 1 to {USERNAME_MAX_CHARS} characters."
        )));
    }
    if !username.chars().all(allowed) {
        return Err(AccountError::Invalid(
            "The username may only contain letters, digits and . _ @ + -".into(),
        ));
    }
    Ok(())
}

/// A unique violation on `users` can only be the username, compared ignoring case (the index
/// of migration m0029), so that nobody passes for `Admin` beside `admin`.
fn taken(username: &str) -> impl FnOnce(DbErr) -> AccountError + '_ {
    move |err| match err.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => AccountError::Conflict(format!(
            "A user named \"{username}\" already exists (usernames are compared ignoring case)."
        )),
        _ => AccountError::Db(err),
    }
}

/// What the user list can be ordered by (the id breaks ties, in the same direction).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UserSort {
    /// The username (the default).
    #[default]
    Username,
    /// Creation time.
    Created,
    /// The role (`admin`, `customer`, `editor`, `translator`, alphabetically).
    Role,
}

/// Which users, in which order, which page.
#[derive(Debug, Clone)]
pub struct UserQuery {
    pub role: Option<Role>,
    /// Text the username, e-mail address, first or last name contains, ignoring case.
    pub q: Option<String>,
    pub sort: UserSort,
    pub order: Order,
    pub window: Window,
}

/// One page of the users matching `query`, and how many match in all. By username the page
/// walks the unique username index, by creation `idx_users_created` (migration m0009).
pub async fn list(db: &impl ConnectionTrait, query: &UserQuery) -> Result<Listing<User>, DbErr> {
    let mut matching = Condition::all();
    if let Some(role) = query.role {
        matching = matching.add(user::Column::Role.eq(role));
    }
    if let Some(q) = &query.q {
        let mut any = Condition::any();
        for column in [
            user::Column::Username,
            user::Column::Email,
            user::Column::FirstName,
            user::Column::LastName,
        ] {
            any = any.add(listing::contains(Expr::col((user::Entity, column)), q));
        }
        matching = matching.add(any);
    }
    let total = listing::count(
        user::Entity::find()
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
        UserSort::Username => user::Column::Username,
        UserSort::Created => user::Column::DateCreated,
        UserSort::Role => user::Column::Role,
    };
    let rows = user::Entity::find()
        .filter(matching)
        .order_by(key, order.clone())
        .order_by(user::Column::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .all(db)
        .await?
        .into_iter()
        .map(User::from)
        .collect();
    Ok(Listing { rows, total })
}

pub async fn find_by_username(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<User>, DbErr> {
    user::Entity::find()
        .filter(user::Column::Username.eq(username))
        .one(db)
        .await
        .map(|found| found.map(User::from))
}

/// The usernames of `ids` (those that still exist).
pub async fn usernames(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, String>, DbErr> {
    let rows: Vec<(i32, String)> = user::Entity::find()
        .select_only()
        .columns([user::Column::Id, user::Column::Username])
        .filter(user::Column::Id.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The accounts among `ids`, by id, in one query (the authors a list names).
pub async fn users_by_id(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<std::collections::HashMap<i32, User>, DbErr> {
    let ids: std::collections::HashSet<i32> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(Default::default());
    }
    let users = user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .all(db)
        .await?;
    Ok(users.into_iter().map(|u| (u.id, u.into())).collect())
}

pub async fn count_admins(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    user::Entity::find()
        .filter(user::Column::Role.eq(Role::Admin))
        .count(db)
        .await
}

pub struct NewAccount {
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The clients a customer belongs to; empty for the other roles.
    pub client_ids: Vec<i32>,
    pub password: String,
    pub confirm_password: Option<String>,
}

/// An account checked and with its password hashed, ready to be stored: hashing is slow (and
/// SQLite holds its write lock from `BEGIN`), so it is done before a transaction opens.
pub struct PreparedAccount {
    username: String,
    email: String,
    first_name: String,
    last_name: String,
    role: Role,
    client_ids: Vec<i32>,
    password_hash: String,
}

/// A name or the address of a new account, checked by `check` when given: the first
/// administrator and accounts made on the command line may have none.
fn given(
    field: &'static str,
    value: &str,
    check: fn(&'static str, &str) -> Result<String, FieldError>,
) -> AccountResult<String> {
    match value.trim() {
        "" => Ok(String::new()),
        value => Ok(check(field, value)?),
    }
}

/// Checks the username, the names, the address and the password rules and hashes the password.
pub async fn prepare(account: NewAccount) -> AccountResult<PreparedAccount> {
    check_username(&account.username)?;
    let email = given("email", &account.email, people::email)?;
    let first_name = given("first_name", &account.first_name, people::name)?;
    let last_name = given("last_name", &account.last_name, people::name)?;
    password::check_new(&account.password, account.confirm_password.as_deref())?;
    let password_hash = password::hash(account.password).await?;
    Ok(PreparedAccount {
        username: account.username,
        email,
        first_name,
        last_name,
        role: account.role,
        client_ids: account.client_ids,
        password_hash,
    })
}

/// Creates the account and its memberships in one transaction.
pub async fn create(
    db: &DatabaseConnection,
    account: NewAccount,
    now: OffsetDateTime,
) -> AccountResult<User> {
    let prepared = prepare(account).await?;
    let txn = crate::db::begin_write(db).await?;
    let user = create_in(&txn, prepared, now).await?;
    txn.commit().await?;
    Ok(user)
}

/// Creates the [`prepare`]d account and its memberships inside the caller's transaction (an
/// accepted invitation is marked used in the same one).
pub async fn create_in(
    txn: &impl ConnectionTrait,
    account: PreparedAccount,
    now: OffsetDateTime,
) -> AccountResult<User> {
    let client_ids = check_clients(txn, account.role, account.client_ids).await?;
    let user = user::ActiveModel {
        username: Set(account.username.clone()),
        email: Set(account.email),
        first_name: Set(account.first_name),
        last_name: Set(account.last_name),
        role: Set(account.role),
        password_hash: Set(account.password_hash),
        date_created: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await
    .map_err(taken(&account.username))?;
    set_clients(txn, user.id, &client_ids).await?;
    Ok(user.into())
}

/// Sets a new password and signs the user out of every other session.
pub async fn set_password(
    db: &DatabaseConnection,
    user: User,
    new_password: String,
    keep_token: Option<i32>,
) -> AccountResult<User> {
    password::check_new(&new_password, None)?;
    let changes = UserChanges {
        password_hash: Some(password::hash(new_password).await?),
        ..Default::default()
    };
    apply(db, user, changes, keep_token, None).await
}

/// A change of an account as its form sends it: `None` leaves a field as it is.
#[derive(Default)]
pub struct AccountChanges {
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// admin, editor, translator or customer
    pub role: Option<String>,
    /// The clients of a customer (see [`NewAccount::client_ids`]).
    pub client_ids: Option<Vec<i32>>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// Who asks for a change: the caller's account and the session it uses (kept signed in when
/// callers change their own password), where a confirmation mail's link points (`None`
/// without SMTP) and the time.
pub struct Caller<'a> {
    pub user: &'a User,
    pub token_id: i32,
    pub mail: Option<Site<'a>>,
    pub now: time::OffsetDateTime,
}

/// Changes `target` on behalf of `caller` (already known to be the user or an admin): the
/// username must not be blank, names and the address follow [`people`]'s rules (a new address
/// of one's own counts once confirmed by mail, [`email_change`]; an administrator sets another
/// account's at once, as when creating it), the role and the clients change only by an administrator and the
/// role never away from the last one, the password only when given and equal to its
/// confirmation. A customer keeps their clients unless new ones are given; an account that
/// stops being a customer leaves its clients (staff belong to none), one that becomes a customer
/// must be given at least one.
pub async fn update(
    db: &DatabaseConnection,
    caller: Caller<'_>,
    target: User,
    request: AccountChanges,
) -> AccountResult<User> {
    let non_empty = |field: &str, value: Option<String>| -> AccountResult<Option<String>> {
        match value.map(|v| v.trim().to_owned()) {
            Some(v) if v.is_empty() => Err(AccountError::Invalid(format!(
                "The field {field} must not be empty."
            ))),
            other => Ok(other),
        }
    };
    type Check = fn(&'static str, &str) -> Result<String, FieldError>;
    let checked = |field: &'static str, value: Option<String>, check: Check| {
        value.map(|v| check(field, &v)).transpose()
    };
    let email = checked("email", request.email, people::email)?.filter(|e| *e != target.email);
    let own = caller.user.id == target.id;
    // One's own new address waits for its confirmation; an administrator's change of another
    // account's is made at once.
    let (email, to_confirm) = match (own, email) {
        (true, Some(email)) => {
            let site = caller.mail.ok_or(AccountError::NoMailToConfirm)?;
            (None, Some((email, site, caller.now)))
        }
        (_, email) => (email, None),
    };
    let mut changes = UserChanges {
        username: non_empty("username", request.username)?.filter(|u| *u != target.username),
        email,
        first_name: checked("first_name", request.first_name, people::name)?,
        last_name: checked("last_name", request.last_name, people::name)?,
        ..Default::default()
    };
    if let Some(username) = &changes.username {
        check_username(username)?;
    }

    // The account form sends the role unchanged; only a real change needs the admin right.
    let role = request
        .role
        .map(|r| r.parse::<Role>())
        .transpose()
        .map_err(|e| AccountError::Invalid(e.to_string()))?
        .filter(|r| *r != target.role);
    if let Some(role) = role {
        if !policy::allows(caller.user.role, Permission::UsersManage) {
            return Err(AccountError::NotAllowed(
                "Only administrators can change a role.".into(),
            ));
        }
        if target.role == Role::Admin && count_admins(db).await? <= 1 {
            return Err(AccountError::Conflict(format!(
                "{} is the last administrator and must keep the admin role.",
                target.username
            )));
        }
        changes.role = Some(role);
    }

    let current = client_ids(db, target.id).await?;
    let new_role = changes.role.unwrap_or(target.role);
    let asked = match request.client_ids {
        Some(ids) => ids,
        // Staff keep none; a customer keeps theirs.
        None if new_role == Role::Customer => current.clone(),
        None => Vec::new(),
    };
    let clients = check_clients(db, new_role, asked).await?;
    if clients != current {
        if !policy::allows(caller.user.role, Permission::UsersManage) {
            return Err(AccountError::NotAllowed(
                "Only administrators can change the clients of an account.".into(),
            ));
        }
        changes.client_ids = Some(clients);
    }

    // An empty password field means "keep the password"; a new one must match its confirmation.
    if let Some(password) = request.password.filter(|p| !p.is_empty()) {
        password::check_new(
            &password,
            Some(request.confirm_password.as_deref().unwrap_or("")),
        )?;
        changes.password_hash = Some(password::hash(password).await?);
    }

    let keep = own.then_some(caller.token_id);
    let updated = apply(db, target, changes, keep, to_confirm).await?;
    Ok(updated)
}

/// Deletes a user; their tokens go with them (`ON DELETE CASCADE`).
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<(), DbErr> {
    user::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The columns to change; `None` leaves a column as it is.
#[derive(Default)]
struct UserChanges {
    username: Option<String>,
    email: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    role: Option<Role>,
    client_ids: Option<Vec<i32>>,
    password_hash: Option<String>,
}

/// Applies `changes` (the memberships included), when the password changes revokes the user's
/// other sessions, and records an address `to_confirm` with its mail — all in one transaction.
async fn apply(
    db: &DatabaseConnection,
    user: User,
    changes: UserChanges,
    keep_token: Option<i32>,
    to_confirm: Option<(String, Site<'_>, time::OffsetDateTime)>,
) -> AccountResult<User> {
    let password_changed = changes.password_hash.is_some();
    let new_name = changes.username.clone().unwrap_or_default();
    let user_id = user.id;
    let mut active: user::ActiveModel = row_of(user).into();
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
    let txn = crate::db::begin_write(db).await?;
    let updated: User = active.update(&txn).await.map_err(taken(&new_name))?.into();
    if let Some(client_ids) = &changes.client_ids {
        set_clients(&txn, user_id, client_ids).await?;
    }
    if password_changed {
        tokens::revoke_others(&txn, user_id, keep_token).await?;
    }
    if let Some((email, site, now)) = to_confirm {
        email_change::request(&txn, &updated, &email, site, now).await?;
    }
    txn.commit().await?;
    Ok(updated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_url_safe() {
        for ok in ["admin", "jane.doe", "j_d-1", "jane@example.com", "a+b"] {
            assert!(check_username(ok).is_ok(), "{ok}");
        }
        for bad in ["", "jane doe", "a/b", "a?b", "ümlaut", &"x".repeat(65)] {
            assert!(check_username(bad).is_err(), "{bad}");
        }
    }
}
