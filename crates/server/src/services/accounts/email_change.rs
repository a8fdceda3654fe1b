//! A new e-mail address counts once its owner confirms it (`email_changes`; this module is its
//! only reader and writer): an account that changes its own address gets a single-use link,
//! valid [`VALIDITY`], mailed to the new address through the outbox, and keeps its old address
//! until the link is opened. Otherwise anybody could take a reviewer's address and receive what
//! is mailed to it. Only the token's SHA-256 is stored; one change waits per account (asking
//! again replaces it).

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, Set,
};
use time::OffsetDateTime;

use super::{AccountError, AccountResult};
use crate::{
    db::{
        self,
        entities::{
            email_change::{self, Column},
            user,
        },
    },
    services::{
        mail::Site,
        outbox::{self, Mail},
        people, tokens,
    },
};

/// How long a confirmation link is valid.
pub const VALIDITY: Duration = Duration::from_secs(24 * 3600);

/// Records that `account` asked for `new_email` at `now` and queues the mail with its link,
/// inside the caller's transaction.
pub async fn request(
    txn: &impl ConnectionTrait,
    account: &super::User,
    new_email: &str,
    site: Site<'_>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    email_change::Entity::delete_many()
        .filter(Column::UserId.eq(account.id))
        .exec(txn)
        .await?;
    let plain = tokens::random::<32>();
    email_change::ActiveModel {
        user_id: Set(account.id),
        new_email: Set(new_email.to_owned()),
        token_hash: Set(tokens::hash(&plain)),
        created_at: Set(now),
        expires_at: Set(now + VALIDITY),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    outbox::enqueue(txn, mail(account, new_email, site, &plain), now).await?;
    Ok(())
}

fn mail(account: &super::User, new_email: &str, site: Site<'_>, token: &str) -> Mail {
    let link = site.link(&format!("/account/email/{token}"));
    Mail {
        to: new_email.to_owned(),
        to_name: Some(people::full_name(&account.first_name, &account.last_name)),
        subject: format!("Confirm your new e-mail address ({})", site.agency),
        text: format!(
            "Hello {},\n\nThe Wordmark account \"{}\" is to use this e-mail address from now on. To confirm it, open this link within a day (it works once):\n\n{link}\n\nUntil then the account keeps its previous address. If you did not ask for this, ignore this mail.\n",
            account.first_name, account.username
        ),
        html: None,
    }
}

/// The address `user_id` waits to confirm at `now`, if any.
pub async fn pending(
    db: &impl ConnectionTrait,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<Option<String>, DbErr> {
    Ok(email_change::Entity::find()
        .filter(Column::UserId.eq(user_id))
        .filter(Column::ExpiresAt.gt(now))
        .one(db)
        .await?
        .map(|change| change.new_email))
}

/// Confirms the change of this link's token at `now`: the account's address becomes the new
/// one and the link is used up, in one transaction. 404 unknown, 410 expired.
pub async fn confirm(
    db: &DatabaseConnection,
    token: &str,
    now: OffsetDateTime,
) -> AccountResult<super::User> {
    let txn = db::begin_write(db).await?;
    let change = email_change::Entity::find()
        .filter(Column::TokenHash.eq(tokens::hash(token)))
        .one(&txn)
        .await?
        .ok_or(AccountError::EmailChangeUnknown)?;
    if change.expires_at <= now {
        return Err(AccountError::EmailChangeExpired);
    }
    email_change::Entity::delete_by_id(change.id)
        .exec(&txn)
        .await?;
    let account = super::find_by_id(&txn, change.user_id)
        .await?
        .ok_or(AccountError::EmailChangeUnknown)?;
    let confirmed = user::ActiveModel {
        id: sea_orm::Unchanged(account.id),
        email: Set(change.new_email),
        ..Default::default()
    };
    let account = confirmed.update(&txn).await?.into();
    txn.commit().await?;
    Ok(account)
}
