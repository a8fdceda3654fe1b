//! The rules for creating and changing accounts, shared by the HTTP handlers, the CLI and the
//! first start.

use sea_orm::{DatabaseConnection, TransactionTrait};

use super::queries::{self, NewUser, UserChanges};
use super::types::UpdateUserRequest;
use crate::{
    config::Config,
    db::entities::user::{self, Role},
    features::auth::{password, tokens},
    http::{
        auth::CurrentUser,
        error::{ApiError, ApiResult, DbResultExt},
    },
};

const USERNAME_MAX_CHARS: usize = 64;

/// Usernames appear in URLs (`/api/user/{username}`, `/admin/user/{username}`), so they are
/// limited to characters that need no escaping there.
pub fn check_username(username: &str) -> ApiResult<()> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "._@+-".contains(c);
    if username.is_empty() || username.chars().count() > USERNAME_MAX_CHARS {
        return Err(ApiError::Unprocessable(format!(
            "The username must have 1 to {USERNAME_MAX_CHARS} characters."
        )));
    }
    if !username.chars().all(allowed) {
        return Err(ApiError::Unprocessable(
            "The username may only contain letters, digits and . _ @ + -".into(),
        ));
    }
    Ok(())
}

fn taken(username: &str) -> impl FnOnce() -> String + '_ {
    move || format!("A user named \"{username}\" already exists.")
}

pub struct NewAccount {
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub password: String,
    pub confirm_password: Option<String>,
}

pub async fn create(db: &DatabaseConnection, account: NewAccount) -> ApiResult<user::Model> {
    check_username(&account.username)?;
    password::check_new(&account.password, account.confirm_password.as_deref())
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    let password_hash = password::hash(account.password).await?;
    let username = account.username;
    queries::insert(
        db,
        NewUser {
            username: username.clone(),
            email: account.email,
            first_name: account.first_name,
            last_name: account.last_name,
            role: account.role,
            password_hash,
        },
    )
    .await
    .on_conflict(taken(&username))
}

/// The first administrator, created when the database has no users yet.
pub struct FirstAdmin {
    pub username: String,
    /// Set when no password was configured: it was generated and must be shown once.
    pub generated_password: Option<String>,
}

pub async fn ensure_first_admin(
    db: &DatabaseConnection,
    config: &Config,
) -> ApiResult<Option<FirstAdmin>> {
    if queries::count(db).await? > 0 {
        return Ok(None);
    }
    let configured = config
        .admin_password
        .as_ref()
        .map(|p| p.expose().to_owned());
    let generated_password = configured.is_none().then(password::generate);
    let password = configured
        .or_else(|| generated_password.clone())
        .unwrap_or_default();
    let created = create(
        db,
        NewAccount {
            username: config.admin_username.clone(),
            email: String::new(),
            first_name: "Wordmark".into(),
            last_name: "Admin".into(),
            role: Role::Admin,
            password,
            confirm_password: None,
        },
    )
    .await;
    match created {
        Ok(user) => Ok(Some(FirstAdmin {
            username: user.username,
            generated_password,
        })),
        // Another instance starting at the same moment created it first.
        Err(ApiError::Conflict(_)) => Ok(None),
        Err(err) => Err(err),
    }
}

/// Sets a new password and signs the user out of every other session.
pub async fn set_password(
    db: &DatabaseConnection,
    user: user::Model,
    new_password: String,
    keep_token: Option<i32>,
) -> ApiResult<user::Model> {
    password::check_new(&new_password, None).map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    let changes = UserChanges {
        password_hash: Some(password::hash(new_password).await?),
        ..Default::default()
    };
    apply(db, user, changes, keep_token).await
}

/// Applies `changes` and, when the password changes, revokes the user's other sessions — both in
/// one transaction.
async fn apply(
    db: &DatabaseConnection,
    user: user::Model,
    changes: UserChanges,
    keep_token: Option<i32>,
) -> ApiResult<user::Model> {
    let password_changed = changes.password_hash.is_some();
    let new_name = changes.username.clone().unwrap_or_default();
    let txn = db.begin().await?;
    let user_id = user.id;
    let updated = queries::update(&txn, user, changes)
        .await
        .on_conflict(taken(&new_name))?;
    if password_changed {
        tokens::revoke_others(&txn, user_id, keep_token).await?;
    }
    txn.commit().await?;
    Ok(updated)
}

/// `PUT /api/user/{username}` by `caller` (already known to be the user or an admin).
pub async fn update(
    db: &DatabaseConnection,
    caller: &CurrentUser,
    target: user::Model,
    request: UpdateUserRequest,
) -> ApiResult<user::Model> {
    let non_empty = |field: &str, value: Option<String>| -> ApiResult<Option<String>> {
        match value.map(|v| v.trim().to_owned()) {
            Some(v) if v.is_empty() => Err(ApiError::Unprocessable(format!(
                "The field {field} must not be empty."
            ))),
            other => Ok(other),
        }
    };
    let mut changes = UserChanges {
        username: non_empty("username", request.username)?.filter(|u| *u != target.username),
        email: non_empty("email", request.email)?,
        first_name: non_empty("first_name", request.first_name)?,
        last_name: non_empty("last_name", request.last_name)?,
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
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?
        .filter(|r| *r != target.role);
    if let Some(role) = role {
        if !caller.is_admin() {
            return Err(ApiError::Forbidden(
                "Only administrators can change a role.".into(),
            ));
        }
        if target.role == Role::Admin && queries::count_admins(db).await? <= 1 {
            return Err(ApiError::Conflict(format!(
                "{} is the last administrator and must keep the admin role.",
                target.username
            )));
        }
        changes.role = Some(role);
    }

    // Spec: the password changes only when given and equal to its confirmation.
    if let Some(password) = request.password.filter(|p| !p.is_empty()) {
        password::check_new(
            &password,
            Some(request.confirm_password.as_deref().unwrap_or("")),
        )
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
        changes.password_hash = Some(password::hash(password).await?);
    }

    let keep = (caller.user.id == target.id).then_some(caller.token_id);
    apply(db, target, changes, keep).await
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
