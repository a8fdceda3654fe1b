//! Notifications (`notifications`, `notification_preferences`; this module is their only
//! writer): [`record`] tells the recipients of an event in the app and, when they want it and
//! mail is sent, by e-mail through the outbox — in the caller's transaction, so a notification
//! exists exactly when its event does. [`events`] words each event and finds its recipients.
//! Every user reads and marks only their own.

pub mod events;

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, ExprTrait},
};
use time::OffsetDateTime;

// The kind of an event and the kind of its subject are values stored in columns: this
// service's vocabulary as they are.
pub use crate::db::entities::notification::{NotificationKind as Kind, SubjectType};
use crate::{
    db::{
        self,
        entities::{
            notification::{self, Column},
            notification_preference as preference, user,
        },
        listing::{Listing, Window},
    },
    services::{
        accounts,
        mail::Site,
        outbox::{self, Mail},
    },
};

/// A notification as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub id: i64,
    pub user_id: i32,
    pub kind: Kind,
    pub subject_type: SubjectType,
    pub subject_id: i32,
    /// The subject's path in the app (`/translation/7`).
    pub link: String,
    pub text: String,
    pub created_at: time::OffsetDateTime,
    pub read_at: Option<time::OffsetDateTime>,
}

impl From<notification::Model> for Notification {
    fn from(row: notification::Model) -> Self {
        Self {
            id: row.id,
            user_id: row.user_id,
            kind: row.kind,
            subject_type: row.subject_type,
            subject_id: row.subject_id,
            link: row.link,
            text: row.text,
            created_at: row.created_at,
            read_at: row.read_at,
        }
    }
}

/// Someone to tell: an account, or an address without one (a review link's reviewer), who
/// can only be mailed.
#[derive(Debug, Clone)]
pub enum Recipient {
    User(accounts::User),
    Address { email: String, name: Option<String> },
}

/// What happened, about what, in one sentence.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: Kind,
    pub subject_type: SubjectType,
    pub subject_id: i32,
    pub text: String,
    pub recipients: Vec<Recipient>,
    /// Who made it happen: never told of their own act.
    pub actor: Option<i32>,
}

impl Event {
    /// Where an account of `role` finds the subject: a customer in the portal (the staff's
    /// screens answer them 404), staff on the project's page or the client's termbase tab.
    fn path_for(&self, role: user::Role) -> String {
        match (self.subject_type, role) {
            (SubjectType::TranslationProject, user::Role::Customer) => {
                format!("/portal/projects/{}", self.subject_id)
            }
            (SubjectType::TranslationProject, _) => format!("/translation/{}", self.subject_id),
            (SubjectType::Termbase, user::Role::Customer) => "/portal/terms".to_owned(),
            (SubjectType::Termbase, _) => {
                format!("/clients/{}?tab=terminology", self.subject_id)
            }
            // "My work": the job itself is out of their reach once withdrawn or closed.
            (SubjectType::Job, user::Role::Translator) => "/work".to_owned(),
            (SubjectType::Job, _) => format!("/job/{}", self.subject_id),
            (SubjectType::Site, _) => format!("/sites/{}", self.subject_id),
        }
    }
}

/// A user's choice for one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub kind: Kind,
    pub in_app: bool,
    pub email: bool,
}

/// Every kind, in the order the preferences list them.
pub const KINDS: [Kind; 19] = [
    Kind::ReviewLinkCreated,
    Kind::ReviewSubmitted,
    Kind::CommentAdded,
    Kind::ProjectCompleted,
    Kind::RequestReceived,
    Kind::QuoteSent,
    Kind::QuoteAccepted,
    Kind::QuoteDeclined,
    Kind::TermProposed,
    Kind::TermProposalAnswered,
    Kind::AssignmentOffered,
    Kind::AssignmentAccepted,
    Kind::AssignmentDeclined,
    Kind::AssignmentDelivered,
    Kind::AssignmentReturned,
    Kind::AssignmentWithdrawn,
    Kind::SitePagesChanged,
    Kind::AssignmentDueSoon,
    Kind::AssignmentOverdue,
];

/// Tells the event's recipients, inside the caller's transaction `db`: an in-app notification
/// for each account that wants one, a mail for each that wants mail (and for each address)
/// when `mail` says where links point (no SMTP: no mail).
pub async fn record(
    db: &impl ConnectionTrait,
    event: Event,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let mut user_ids = HashSet::new();
    let mut users = Vec::new();
    let mut addresses = Vec::new();
    for recipient in event.recipients.iter().cloned() {
        match recipient {
            Recipient::User(user) => {
                if Some(user.id) != event.actor && user_ids.insert(user.id) {
                    users.push(user);
                }
            }
            Recipient::Address { email, name } => addresses.push((email, name)),
        }
    }
    // An address that is also an account's is told as that account.
    let mut mailed: HashSet<String> = users.iter().map(|u| u.email.to_lowercase()).collect();
    addresses.retain(|(email, _)| mailed.insert(email.to_lowercase()));
    let ids: Vec<i32> = users.iter().map(|u| u.id).collect();
    let choices = choices_of(db, &ids, event.kind).await?;
    for user in &users {
        let choice = choices.get(&user.id).copied().unwrap_or(Choice {
            kind: event.kind,
            in_app: true,
            email: true,
        });
        if choice.in_app {
            notification::ActiveModel {
                user_id: Set(user.id),
                kind: Set(event.kind),
                subject_type: Set(event.subject_type),
                subject_id: Set(event.subject_id),
                link: Set(event.path_for(user.role)),
                text: Set(event.text.clone()),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
        if let Some(site) = mail.filter(|_| choice.email && !user.email.is_empty()) {
            let name = crate::services::people::full_name(&user.first_name, &user.last_name);
            let path = event.path_for(user.role);
            let mail = mail_of(&event, site, user.email.clone(), Some(name), Some(&path));
            outbox::enqueue(db, mail, now).await?;
        }
    }
    if let Some(site) = mail {
        for (email, name) in addresses {
            outbox::enqueue(db, mail_of(&event, site, email, name, None), now).await?;
        }
    }
    Ok(())
}

/// The mail of `event` to `to`: with a link to `path` for an account; an address without one
/// (a review link's reviewer) has no screen to be linked to, only the review link it was sent.
fn mail_of(
    event: &Event,
    site: Site<'_>,
    to: String,
    name: Option<String>,
    path: Option<&str>,
) -> Mail {
    let (link, why) = match path {
        Some(path) => (
            site.link(path),
            "your account's settings choose which mails you get",
        ),
        None => (
            "The review link you were sent shows it.".to_owned(),
            "you review this project",
        ),
    };
    Mail {
        to,
        to_name: name,
        subject: format!("{} ({})", event.text, site.agency),
        text: format!(
            "{}\n\n{link}\n\nYou get this mail from {}'s Wordmark: {why}.\n",
            event.text, site.agency
        ),
        html: None,
    }
}

async fn choices_of(
    db: &impl ConnectionTrait,
    users: &[i32],
    kind: Kind,
) -> Result<HashMap<i32, Choice>, DbErr> {
    let rows = preference::Entity::find()
        .filter(preference::Column::UserId.is_in(users.iter().copied()))
        .filter(preference::Column::Kind.eq(kind))
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let choice = Choice {
                kind: row.kind,
                in_app: row.in_app,
                email: row.email,
            };
            (row.user_id, choice)
        })
        .collect())
}

/// The user's choice for every kind (both on where they chose nothing).
pub async fn preferences(db: &impl ConnectionTrait, user_id: i32) -> Result<Vec<Choice>, DbErr> {
    let rows = preference::Entity::find()
        .filter(preference::Column::UserId.eq(user_id))
        .all(db)
        .await?;
    Ok(KINDS
        .iter()
        .map(|&kind| {
            rows.iter().find(|row| row.kind == kind).map_or(
                Choice {
                    kind,
                    in_app: true,
                    email: true,
                },
                |row| Choice {
                    kind,
                    in_app: row.in_app,
                    email: row.email,
                },
            )
        })
        .collect())
}

/// Stores the user's choices in one transaction (kinds not named keep theirs).
pub async fn set_preferences(
    db: &DatabaseConnection,
    user_id: i32,
    choices: &[Choice],
) -> Result<(), DbErr> {
    let txn = db::begin_write(db).await?;
    for choice in choices {
        preference::Entity::delete_many()
            .filter(preference::Column::UserId.eq(user_id))
            .filter(preference::Column::Kind.eq(choice.kind))
            .exec(&txn)
            .await?;
        preference::ActiveModel {
            user_id: Set(user_id),
            kind: Set(choice.kind),
            in_app: Set(choice.in_app),
            email: Set(choice.email),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await
}

/// What reading or marking notifications refuses.
#[derive(Debug, thiserror::Error)]
pub enum NotificationError {
    /// Not the caller's: somebody else's notification is answered as if it did not exist.
    #[error("You have no notification {0}.")]
    NotFound(i64),
    #[error("Unknown sort \"{0}\": use unread or date.")]
    UnknownSort(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The order of a page of notifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Unread first, then newest (the default).
    UnreadFirst,
    /// Newest first.
    Newest,
}

impl Order {
    /// The order a list request names (`unread` or `date`; unread first when it names none).
    pub fn named(name: Option<&str>) -> Result<Self, NotificationError> {
        match name {
            None | Some("unread") => Ok(Self::UnreadFirst),
            Some("date") => Ok(Self::Newest),
            Some(other) => Err(NotificationError::UnknownSort(other.to_owned())),
        }
    }
}

/// One page of the user's notifications (only the unread ones with `only_unread`).
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i32,
    order: Order,
    only_unread: bool,
    window: Window,
) -> Result<Listing<Notification>, NotificationError> {
    let mut query = notification::Entity::find().filter(Column::UserId.eq(user_id));
    if only_unread {
        query = query.filter(Column::ReadAt.is_null());
    }
    let total = query.clone().count(db).await?;
    let mut ordered = query;
    if order == Order::UnreadFirst {
        // NULL (unread) first on both databases.
        ordered = ordered.order_by_desc(Expr::col(Column::ReadAt).is_null());
    }
    let rows = ordered
        .order_by_desc(Column::CreatedAt)
        .order_by_desc(Column::Id)
        .offset(window.offset)
        .limit(window.limit)
        .all(db)
        .await?
        .into_iter()
        .map(Notification::from)
        .collect();
    Ok(Listing { rows, total })
}

pub async fn unread_count(db: &impl ConnectionTrait, user_id: i32) -> Result<u64, DbErr> {
    notification::Entity::find()
        .filter(Column::UserId.eq(user_id))
        .filter(Column::ReadAt.is_null())
        .count(db)
        .await
}

/// Marks the user's notification `id` (or all of theirs) read at `now`; how many changed
/// (none for one read already). Somebody else's notification is never touched: `NotFound`.
pub async fn mark_read(
    db: &impl ConnectionTrait,
    user_id: i32,
    id: Option<i64>,
    now: OffsetDateTime,
) -> Result<u64, NotificationError> {
    let mut update = notification::Entity::update_many()
        .col_expr(Column::ReadAt, Expr::value(now))
        .filter(Column::UserId.eq(user_id))
        .filter(Column::ReadAt.is_null());
    if let Some(id) = id {
        if !owns(db, user_id, id).await? {
            return Err(NotificationError::NotFound(id));
        }
        update = update.filter(Column::Id.eq(id));
    }
    Ok(update.exec(db).await?.rows_affected)
}

/// Whether the user has a notification `id`.
async fn owns(db: &impl ConnectionTrait, user_id: i32, id: i64) -> Result<bool, DbErr> {
    let found: Option<i64> = notification::Entity::find_by_id(id)
        .select_only()
        .column(Column::Id)
        .filter(Column::UserId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(found.is_some())
}
