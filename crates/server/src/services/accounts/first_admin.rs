//! The first administrator of a new installation, made at the first start.

use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait};
use time::OffsetDateTime;

use super::{AccountError, AccountResult, NewAccount, create, password};
use crate::{config::Config, db::entities::user, db::entities::user::Role};

/// The first administrator, created when the database has no users yet.
pub struct FirstAdmin {
    pub username: String,
    /// Set when no password was configured: it was generated and must be shown once.
    pub generated_password: Option<String>,
}

/// Creates the first administrator when the database has no users yet (`WORDMARK_ADMIN_*`).
pub async fn ensure(
    db: &DatabaseConnection,
    config: &Config,
    now: OffsetDateTime,
) -> AccountResult<Option<FirstAdmin>> {
    if user::Entity::find().count(db).await? > 0 {
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
            client_ids: Vec::new(),
            password,
            confirm_password: None,
        },
        now,
    )
    .await;
    match created {
        Ok(user) => Ok(Some(FirstAdmin {
            username: user.username,
            generated_password,
        })),
        // Another instance starting at the same moment created it first.
        Err(AccountError::Conflict(_)) => Ok(None),
        Err(err) => Err(err),
    }
}
