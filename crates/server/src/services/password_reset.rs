//! Password reset by e-mail (`password_resets`, `password_reset_requests`; this module is their
//! only writer). Anyone may ask for a reset link for an e-mail address; every account with that
//! address gets a single-use link, valid [`VALIDITY`], through the outbox. The answer is the
//! same whether or not an account has the address, and takes the same path: the mail is only
//! enqueued, never sent while the caller waits.
//!
//! Limits, within [`WINDOW`] (each request counts, for an address known or not):
//! - per requesting connection address: [`PER_CLIENT`] requests, then refused (429) — the same
//!   for every e-mail address, so the refusal tells nothing about accounts;
//! - per e-mail address: [`PER_EMAIL`] requests, after which nothing more is sent;
//! - per account: [`PER_ACCOUNT`] links, after which nothing more is sent.
//!
//! Using a link sets the password, ends every session of the account and voids its other links.

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set, sea_query::Expr,
};
use time::OffsetDateTime;

use crate::{
    db::{
        self,
        entities::{
            password_reset::{self, Column},
            password_reset_request as request,
        },
    },
    services::{
        accounts::{self, AccountError, password},
        mail::Site,
        outbox::{self, Mail},
        tokens,
    },
};

/// How long a reset link is valid.
pub const VALIDITY: Duration = Duration::from_secs(3600);
/// The period the limits count in.
pub const WINDOW: Duration = Duration::from_secs(3600);
pub const PER_CLIENT: u64 = 20;
pub const PER_EMAIL: u64 = 3;
pub const PER_ACCOUNT: u64 = 3;

#[derive(Debug, thiserror::Error)]
pub enum ResetError {
    #[error("This password reset link is not known.")]
    Unknown,
    #[error("This password reset link was used or has expired: ask for a new one.")]
    Gone,
    #[error("Too many password reset requests from this address: try again later.")]
    Throttled { retry_after: Duration },
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl From<password::PasswordError> for ResetError {
    fn from(err: password::PasswordError) -> Self {
        ResetError::Account(err.into())
    }
}

/// What a request did, for the audit log (never for the answer).
pub struct Requested {
    /// The accounts a link was sent to.
    pub sent_to: Vec<accounts::User>,
    /// Accounts or the address were over their limit.
    pub held_back: bool,
}

fn email_hash(email: &str) -> String {
    tokens::hash(&email.trim().to_lowercase())
}

/// Asks for reset links for `email` from the connection `client`.
pub async fn request(
    db: &DatabaseConnection,
    email: &str,
    client: Option<&str>,
    site: Site<'_>,
    now: OffsetDateTime,
) -> Result<Requested, ResetError> {
    let since = now - WINDOW;
    let txn = db::begin_write(db).await?;
    request::Entity::delete_many()
        .filter(request::Column::RequestedAt.lt(since))
        .exec(&txn)
        .await?;
    if let Some(client) = client {
        let recent = request::Entity::find()
            .filter(request::Column::Address.eq(client))
            .filter(request::Column::RequestedAt.gte(since))
            .order_by_asc(request::Column::RequestedAt);
        if recent.clone().count(&txn).await? >= PER_CLIENT {
            let oldest = recent.one(&txn).await?.map_or(now, |r| r.requested_at);
            let retry_after = Duration::try_from(oldest + WINDOW - now).unwrap_or(WINDOW);
            return Err(ResetError::Throttled { retry_after });
        }
    }
    let hash = email_hash(email);
    let for_email = request::Entity::find()
        .filter(request::Column::EmailHash.eq(&hash))
        .filter(request::Column::RequestedAt.gte(since))
        .count(&txn)
        .await?;
    request::ActiveModel {
        email_hash: Set(hash),
        address: Set(client.map(str::to_owned)),
        requested_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut requested = Requested {
        sent_to: Vec::new(),
        held_back: for_email >= PER_EMAIL,
    };
    if !requested.held_back {
        for account in accounts::with_email(&txn, email.trim()).await? {
            let links = password_reset::Entity::find()
                .filter(Column::UserId.eq(account.id))
                .filter(Column::CreatedAt.gte(since))
                .count(&txn)
                .await?;
            if links >= PER_ACCOUNT {
                requested.held_back = true;
                continue;
            }
            let plain = tokens::random::<32>();
            password_reset::ActiveModel {
                user_id: Set(account.id),
                token_hash: Set(tokens::hash(&plain)),
                created_at: Set(now),
                expires_at: Set(now + VALIDITY),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            outbox::enqueue(&txn, reset_mail(&account, site, &plain), now).await?;
            requested.sent_to.push(account);
        }
    }
    txn.commit().await?;
    Ok(requested)
}

fn reset_mail(account: &accounts::User, site: Site<'_>, token: &str) -> Mail {
    let link = site.link(&format!("/login/reset/{token}"));
    Mail {
        to: account.email.clone(),
        to_name: Some(crate::services::people::full_name(
            &account.first_name,
            &account.last_name,
        )),
        subject: format!("Reset your Wordmark password ({})", site.agency),
        text: format!(
            "Hello {},\n\nSomeone asked to reset the password of your Wordmark account \"{}\". To choose a new one, open this link within an hour (it works once):\n\n{link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n",
            account.first_name, account.username
        ),
        html: None,
    }
}

/// Sets the account's new password with the link's token, ends its sessions and voids its
/// other links. 404 for an unknown token, 410 for a used or expired one.
pub async fn complete(
    db: &DatabaseConnection,
    token: &str,
    new_password: String,
    confirmation: Option<&str>,
    now: OffsetDateTime,
) -> Result<accounts::User, ResetError> {
    password::check_new(&new_password, confirmation)?;
    let reset = password_reset::Entity::find()
        .filter(Column::TokenHash.eq(tokens::hash(token)))
        .one(db)
        .await?
        .ok_or(ResetError::Unknown)?;
    // Used up first, in one conditional update: of two uses at once, one wins.
    let used = use_up(db, Column::Id.eq(reset.id), now).await?;
    if used != 1 {
        return Err(ResetError::Gone);
    }
    use_up(db, Column::UserId.eq(reset.user_id), now).await?;
    let account = accounts::find_by_id(db, reset.user_id)
        .await?
        .ok_or(ResetError::Gone)?;
    Ok(accounts::set_password(db, account, new_password, None).await?)
}

/// Marks the open links matching `which` as used at `now`; how many there were.
async fn use_up(
    db: &impl ConnectionTrait,
    which: sea_orm::sea_query::SimpleExpr,
    now: OffsetDateTime,
) -> Result<u64, DbErr> {
    let updated = password_reset::Entity::update_many()
        .col_expr(Column::UsedAt, Expr::value(now))
        .filter(which)
        .filter(Column::UsedAt.is_null())
        .filter(Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    Ok(updated.rows_affected)
}
