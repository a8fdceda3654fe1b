//! Invitations (`invitations`, this module is its only writer): an administrator invites a
//! colleague or a customer by e-mail; the mail's single-use link, valid [`VALIDITY`], lets them
//! choose their password, which creates their account through `accounts`. Only the token's
//! SHA-256 is stored; the link exists in the clear only in the mail (the outbox drops a mail's
//! body once it is delivered).

use std::time::Duration;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use time::OffsetDateTime;

use crate::{
    db::{
        self,
        entities::{
            invitation::{self, Column},
            user::Role,
        },
        listing::{Listing, Window},
    },
    services::{
        accounts::{self, AccountError, NewAccount, password},
        mail::Site,
        outbox::{self, Mail},
        people::{self, FieldError},
        tokens,
    },
};

/// An invitation as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub id: i32,
    pub email: String,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    /// The clients a customer is invited to, as a JSON array of ids.
    pub client_ids: String,
    pub token_hash: String,
    pub invited_by: Option<i32>,
    pub created_at: time::OffsetDateTime,
    pub expires_at: time::OffsetDateTime,
    pub accepted_at: Option<time::OffsetDateTime>,
    pub revoked_at: Option<time::OffsetDateTime>,
    /// The account the invitation created.
    pub user_id: Option<i32>,
}

impl From<invitation::Model> for Invitation {
    fn from(row: invitation::Model) -> Self {
        Self {
            id: row.id,
            email: row.email,
            role: row.role,
            first_name: row.first_name,
            last_name: row.last_name,
            client_ids: row.client_ids,
            token_hash: row.token_hash,
            invited_by: row.invited_by,
            created_at: row.created_at,
            expires_at: row.expires_at,
            accepted_at: row.accepted_at,
            revoked_at: row.revoked_at,
            user_id: row.user_id,
        }
    }
}

/// How long an invitation's link is valid.
pub const VALIDITY: Duration = Duration::from_secs(7 * 24 * 3600);

#[derive(Debug, thiserror::Error)]
pub enum InvitationError {
    /// A field breaks a rule (the message names it).
    #[error("{0}")]
    Invalid(String),
    /// A name or the address breaks its rule (the message names the field).
    #[error(transparent)]
    Field(#[from] FieldError),
    /// The address is an account's already: that person signs in (or resets their password).
    #[error("{0} already has an account: they can sign in, or reset their password.")]
    AccountExists(String),
    #[error("This invitation link is not known.")]
    Unknown,
    #[error("There is no invitation {0}.")]
    NotFound(i32),
    /// Accepted, revoked or expired (the message says which).
    #[error("{0}")]
    Gone(String),
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl From<password::PasswordError> for InvitationError {
    fn from(err: password::PasswordError) -> Self {
        InvitationError::Account(err.into())
    }
}

pub type InvitationResult<T> = Result<T, InvitationError>;

/// Who is invited.
#[derive(Debug)]
pub struct NewInvitation {
    pub email: String,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    /// The clients a customer will belong to (customers need at least one; others none).
    pub client_ids: Vec<i32>,
}

/// Where an invitation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Open,
    Accepted,
    Revoked,
    Expired,
}

pub fn standing(invitation: &Invitation, now: OffsetDateTime) -> Standing {
    if invitation.accepted_at.is_some() {
        Standing::Accepted
    } else if invitation.revoked_at.is_some() {
        Standing::Revoked
    } else if invitation.expires_at <= now {
        Standing::Expired
    } else {
        Standing::Open
    }
}

/// The invitation's clients.
pub fn client_ids(invitation: &Invitation) -> Vec<i32> {
    serde_json::from_str(&invitation.client_ids).unwrap_or_default()
}

/// `new` with its address and names checked and trimmed.
fn check(new: NewInvitation) -> InvitationResult<NewInvitation> {
    let checked = NewInvitation {
        email: people::email("email", &new.email)?,
        first_name: people::name("first_name", &new.first_name)?,
        last_name: people::name("last_name", &new.last_name)?,
        ..new
    };
    match (checked.role, checked.client_ids.is_empty()) {
        (Role::Customer, true) => Err(InvitationError::Invalid(
            "A customer is invited to at least one client: client_ids must not be empty.".into(),
        )),
        (role, false) if role != Role::Customer => Err(InvitationError::Invalid(format!(
            "Only customers belong to clients: client_ids must be empty for the role {role}."
        ))),
        _ => Ok(checked),
    }
}

/// Stores the invitation by `invited_by` and puts its mail into the outbox, in one
/// transaction; refused for an address an account has already (ignoring case). The clients are
/// checked by the caller (they must exist).
pub async fn create(
    db: &DatabaseConnection,
    new: NewInvitation,
    invited_by: &accounts::User,
    site: Site<'_>,
    now: OffsetDateTime,
) -> InvitationResult<Invitation> {
    let new = check(new)?;
    let plain = tokens::random::<32>();
    let txn = db::begin_write(db).await?;
    if !accounts::with_email(&txn, &new.email).await?.is_empty() {
        return Err(InvitationError::AccountExists(new.email));
    }
    let invitation = invitation::ActiveModel {
        email: Set(new.email),
        role: Set(new.role),
        first_name: Set(new.first_name),
        last_name: Set(new.last_name),
        client_ids: Set(serde_json::to_string(&new.client_ids).unwrap_or_else(|_| "[]".into())),
        token_hash: Set(tokens::hash(&plain)),
        invited_by: Set(Some(invited_by.id)),
        created_at: Set(now),
        expires_at: Set(now + VALIDITY),
        ..Default::default()
    }
    .insert(&txn)
    .await?
    .into();
    outbox::enqueue(
        &txn,
        invitation_mail(&invitation, invited_by, site, &plain),
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(invitation)
}

fn invitation_mail(
    invitation: &Invitation,
    by: &accounts::User,
    site: Site<'_>,
    token: &str,
) -> Mail {
    let link = site.link(&format!("/invite/{token}"));
    let inviter = people::full_name(&by.first_name, &by.last_name);
    let agency = site.agency;
    let until = invitation.expires_at.date();
    Mail {
        to: invitation.email.clone(),
        to_name: Some(people::full_name(
            &invitation.first_name,
            &invitation.last_name,
        )),
        subject: format!("{inviter} invites you to Wordmark ({agency})"),
        text: format!(
            "Hello {},\n\n{inviter} invites you to {agency}'s Wordmark. Choose your password here to create your account:\n\n{link}\n\nThe link can be used once, until {until} (UTC).\n",
            invitation.first_name
        ),
        html: None,
    }
}

/// The invitation with this link's token, whatever it stands at.
async fn by_token(db: &impl ConnectionTrait, token: &str) -> InvitationResult<Invitation> {
    invitation::Entity::find()
        .filter(Column::TokenHash.eq(tokens::hash(token)))
        .one(db)
        .await?
        .map(Invitation::from)
        .ok_or(InvitationError::Unknown)
}

fn gone(standing: Standing) -> InvitationError {
    InvitationError::Gone(
        match standing {
            Standing::Accepted => "This invitation was accepted already: sign in instead.",
            Standing::Revoked => "This invitation was withdrawn.",
            Standing::Expired | Standing::Open => "This invitation has expired: ask for a new one.",
        }
        .into(),
    )
}

/// The open invitation of this link: 404 unknown, 410 used, revoked or expired.
pub async fn open(
    db: &impl ConnectionTrait,
    token: &str,
    now: OffsetDateTime,
) -> InvitationResult<Invitation> {
    let invitation = by_token(db, token).await?;
    match standing(&invitation, now) {
        Standing::Open => Ok(invitation),
        other => Err(gone(other)),
    }
}

/// What the invitee chooses.
pub struct Acceptance {
    /// Their username; the invited e-mail address when absent.
    pub username: Option<String>,
    pub password: String,
    pub confirm_password: Option<String>,
}

/// Creates the invitee's account and uses the invitation up, in one transaction: of two
/// acceptances at once, one creates the account and the other is refused (410).
pub async fn accept(
    db: &DatabaseConnection,
    token: &str,
    acceptance: Acceptance,
    now: OffsetDateTime,
) -> InvitationResult<(Invitation, accounts::User)> {
    password::check_new(&acceptance.password, acceptance.confirm_password.as_deref())?;
    let invitation = open(db, token, now).await?;
    let username = acceptance
        .username
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| invitation.email.clone());
    // Checked and hashed before the transaction: hashing is slow, and SQLite holds the write
    // lock from BEGIN.
    let account = accounts::prepare(NewAccount {
        username,
        email: invitation.email.clone(),
        first_name: invitation.first_name.clone(),
        last_name: invitation.last_name.clone(),
        role: invitation.role,
        client_ids: client_ids(&invitation),
        password: acceptance.password,
        confirm_password: None,
    })
    .await?;
    let txn = db::begin_write(db).await?;
    let used = invitation::Entity::update_many()
        .col_expr(Column::AcceptedAt, Expr::value(now))
        .filter(Column::Id.eq(invitation.id))
        .filter(Column::AcceptedAt.is_null())
        .filter(Column::RevokedAt.is_null())
        .filter(Column::ExpiresAt.gt(now))
        .exec(&txn)
        .await?;
    if used.rows_affected != 1 {
        return Err(gone(Standing::Accepted));
    }
    // The account, with a customer's clients as its memberships, in the invitation's
    // transaction: an invitation is used once or not at all.
    let user = accounts::create_in(&txn, account, now).await?;
    let accepted = invitation::ActiveModel {
        id: sea_orm::Unchanged(invitation.id),
        accepted_at: Set(Some(now)),
        user_id: Set(Some(user.id)),
        ..Default::default()
    }
    .update(&txn)
    .await?
    .into();
    txn.commit().await?;
    Ok((accepted, user))
}

/// One page of the invitations, newest first.
pub async fn list(db: &impl ConnectionTrait, window: Window) -> Result<Listing<Invitation>, DbErr> {
    let total = invitation::Entity::find().count(db).await?;
    let rows = invitation::Entity::find()
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?
        .into_iter()
        .map(Invitation::from)
        .collect();
    Ok(Listing { rows, total })
}

/// Withdraws an invitation that was not accepted: its link stops working.
pub async fn revoke(
    db: &impl ConnectionTrait,
    id: i32,
    now: OffsetDateTime,
) -> InvitationResult<Invitation> {
    let invitation = invitation::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(InvitationError::NotFound(id))?;
    if invitation.accepted_at.is_some() {
        return Err(gone(Standing::Accepted));
    }
    if invitation.revoked_at.is_some() {
        return Ok(invitation.into());
    }
    let revoked = invitation::ActiveModel {
        id: sea_orm::Unchanged(invitation.id),
        revoked_at: Set(Some(now)),
        ..Default::default()
    };
    Ok(revoked.update(db).await?.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(role: Role, client_ids: Vec<i32>) -> NewInvitation {
        NewInvitation {
            email: "kim@example.com".into(),
            role,
            first_name: "Kim".into(),
            last_name: "Lee".into(),
            client_ids,
        }
    }

    #[test]
    fn customers_need_clients_and_only_customers_have_them() {
        assert!(check(new(Role::Customer, vec![1])).is_ok());
        assert!(check(new(Role::Editor, vec![])).is_ok());
        let none = check(new(Role::Customer, vec![])).unwrap_err();
        assert!(none.to_string().contains("client_ids"), "{none}");
        let staff = check(new(Role::Editor, vec![1])).unwrap_err();
        assert!(staff.to_string().contains("client_ids"), "{staff}");
        let mut bad = new(Role::Editor, vec![]);
        bad.email = "kim".into();
        assert!(check(bad).unwrap_err().to_string().contains("email"));
        let mut bad = new(Role::Editor, vec![]);
        bad.first_name = "Kim\nLee".into();
        assert!(check(bad).unwrap_err().to_string().contains("first_name"));
    }
}
