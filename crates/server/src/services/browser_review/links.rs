//! The review links of a project: those staff send (created with their reviewer's mail,
//! listed, revoked, extended) and a customer's own, opened from the portal.

use sea_orm::DatabaseConnection;
use serde::Serialize;
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;

use super::{ReviewError, mail};
use crate::{
    db,
    services::{
        accounts,
        mail::Site,
        notifications::events,
        outbox,
        people::{self, FieldError},
        reviews::{self, Link, NewLink, PersonalLink},
        tokens,
        translation::{
            ProjectStatus,
            projects::{self, ProjectHead},
            status::{self, Step},
        },
    },
};

/// How long a link staff send lasts when they do not say.
pub const DEFAULT_DAYS: i64 = 14;
pub const MAX_DAYS: i64 = 90;
const NOTE_MAX_CHARS: usize = 4000;
/// How long a personal link's token lasts after it was last asked for.
const PERSONAL_DAYS: i64 = 14;

/// Where a link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewLinkState {
    Active,
    Expired,
    Revoked,
    Submitted,
}

/// A link as staff see it.
pub struct LinkSummary {
    pub link: Link,
    pub state: ReviewLinkState,
    /// The username of who created it; `None` once that account is deleted.
    pub created_by: Option<String>,
    /// Segments with a draft or an approval through this link.
    pub segments_reviewed: u64,
    /// This link's comments on segments whose thread is not resolved.
    pub comments_open: u64,
}

/// What staff ask for in a new link.
#[derive(Default)]
pub struct LinkRequest {
    pub expires_in_days: Option<i64>,
    pub note: Option<String>,
    pub reviewer_name: Option<String>,
    pub reviewer_email: Option<String>,
}

/// A new link: its token in the clear, told this once.
pub struct Created {
    pub summary: LinkSummary,
    pub token: String,
    /// `/review/<token>`: the page the customer opens.
    pub path: String,
    pub mail_queued: bool,
    pub project_name: String,
}

fn days(days: i64) -> Result<Duration, ReviewError> {
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ReviewError::DaysOutOfRange(days));
    }
    Ok(Duration::days(days))
}

/// Trimmed; `None` when blank; at most `max` characters.
fn optional(
    field: &'static str,
    value: Option<String>,
    max: usize,
) -> Result<Option<String>, ReviewError> {
    let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > max {
        return Err(ReviewError::TooLong { field, max });
    }
    Ok(Some(value))
}

/// The reviewer's name or address, checked by `check` when given (a link may have neither).
fn reviewer(
    field: &'static str,
    value: Option<String>,
    check: fn(&'static str, &str) -> Result<String, FieldError>,
) -> Result<Option<String>, ReviewError> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) => Ok(Some(check(field, value)?)),
    }
}

async fn project(db: &DatabaseConnection, id: i32) -> Result<ProjectHead, ReviewError> {
    projects::head(db, id)
        .await?
        .ok_or(ReviewError::ProjectNotFound)
}

fn state_at(link: &Link, now: OffsetDateTime) -> ReviewLinkState {
    if link.revoked_at.is_some() {
        ReviewLinkState::Revoked
    } else if link.submitted_at.is_some() {
        ReviewLinkState::Submitted
    } else if link.expires_at <= now {
        ReviewLinkState::Expired
    } else {
        ReviewLinkState::Active
    }
}

/// The links of `project_id` as staff see them at `now`. A statement per kind (the creators'
/// names, the reviewed segments, the open comments), whatever the number of links.
async fn summaries(
    db: &DatabaseConnection,
    project_id: i32,
    links: Vec<Link>,
    now: OffsetDateTime,
) -> Result<Vec<LinkSummary>, ReviewError> {
    if links.is_empty() {
        return Ok(Vec::new());
    }
    let names = accounts::usernames(db, links.iter().filter_map(|l| l.created_by)).await?;
    let reviewed = reviews::reviewed_counts(db, project_id).await?;
    let open = reviews::open_comment_counts(db, project_id).await?;
    Ok(links
        .into_iter()
        .map(|link| LinkSummary {
            state: state_at(&link, now),
            created_by: link.created_by.and_then(|id| names.get(&id).cloned()),
            segments_reviewed: reviewed.get(&link.id).copied().unwrap_or_default(),
            comments_open: open.get(&link.id).copied().unwrap_or_default(),
            link,
        })
        .collect())
}

async fn summary(
    db: &DatabaseConnection,
    link: Link,
    now: OffsetDateTime,
) -> Result<LinkSummary, ReviewError> {
    let project_id = link.project_id;
    let mut found = summaries(db, project_id, vec![link], now).await?;
    Ok(found.pop().expect("one link in, one summary out"))
}

/// Creates a link of the project (`Pretranslated` or later) by `by` at `now`. The link, its
/// reviewer's notification, the project's step (a `Pretranslated` project moves to
/// `Translations_In_Correction`, as with the XLSX download) and the link's mail (with `site`
/// and a reviewer's address): all or nothing.
pub async fn create(
    db: &DatabaseConnection,
    project_id: i32,
    by: i32,
    request: LinkRequest,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Created, ReviewError> {
    let project = project(db, project_id).await?;
    if matches!(project.status, ProjectStatus::Created) {
        return Err(ReviewError::NotPretranslated(project.status));
    }
    let lasts = days(request.expires_in_days.unwrap_or(DEFAULT_DAYS))?;
    let token = tokens::random::<16>();
    let new = NewLink {
        project_id,
        token_hash: tokens::hash(&token),
        created_by: by,
        created_at: now,
        expires_at: now + lasts,
        note: optional("note", request.note, NOTE_MAX_CHARS)?,
        reviewer_name: reviewer("reviewer_name", request.reviewer_name, people::name)?,
        reviewer_email: reviewer("reviewer_email", request.reviewer_email, people::email)?,
    };
    let path = format!("/review/{token}");
    let txn = db::begin_write(db).await?;
    let link = reviews::insert_link(&txn, new).await?;
    events::review_link_created(&txn, &link, now).await?;
    status::advance(&txn, project_id, Step::WorkbooksDownloaded, Some(by), now).await?;
    let mail = site.and_then(|site| mail::of_link(site, &link, &project.name, &path));
    let mail_queued = mail.is_some();
    if let Some(mail) = mail {
        outbox::enqueue(&txn, mail, now).await?;
    }
    txn.commit().await?;
    Ok(Created {
        summary: summary(db, link, now).await?,
        token,
        path,
        mail_queued,
        project_name: project.name,
    })
}

/// The project's links at `now`, newest first.
pub async fn list(
    db: &DatabaseConnection,
    project_id: i32,
    now: OffsetDateTime,
) -> Result<Vec<LinkSummary>, ReviewError> {
    project(db, project_id).await?;
    let links = reviews::links_of_project(db, project_id).await?;
    summaries(db, project_id, links, now).await
}

/// The project's link `link_id`, and the project's name (for the audit log).
async fn link_of(
    db: &DatabaseConnection,
    project_id: i32,
    link_id: i32,
) -> Result<(Link, String), ReviewError> {
    let project = project(db, project_id).await?;
    let link = reviews::link_of_project(db, project_id, link_id)
        .await?
        .ok_or(ReviewError::LinkNotOfProject)?;
    Ok((link, project.name))
}

/// Revokes a link at `now`: from then on it is refused. Answers it with the project's name.
pub async fn revoke(
    db: &DatabaseConnection,
    project_id: i32,
    link_id: i32,
    now: OffsetDateTime,
) -> Result<(LinkSummary, String), ReviewError> {
    let (mut link, project) = link_of(db, project_id, link_id).await?;
    link.revoked_at.get_or_insert(now);
    let link = reviews::save_link(db, link).await?;
    Ok((summary(db, link, now).await?, project))
}

/// Extends a link: it expires `days_from_now` (1–90) after `now`. Answers it with the
/// project's name.
pub async fn extend(
    db: &DatabaseConnection,
    project_id: i32,
    link_id: i32,
    days_from_now: i64,
    now: OffsetDateTime,
) -> Result<(LinkSummary, String), ReviewError> {
    let lasts = days(days_from_now)?;
    let (mut link, project) = link_of(db, project_id, link_id).await?;
    if link.revoked_at.is_some() || link.submitted_at.is_some() {
        return Err(ReviewError::LinkClosed);
    }
    link.expires_at = now + lasts;
    let link = reviews::save_link(db, link).await?;
    Ok((summary(db, link, now).await?, project))
}

/// The customer asking for their own review.
pub struct Customer<'a> {
    pub id: i32,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
}

/// A customer's own link, with its token told this once.
pub struct Personal {
    pub link: Link,
    pub token: String,
    pub project_name: String,
}

/// The customer's personal link of the project (made at the first call, its token rotated at
/// every other, so the old address stops working; its drafts, approvals and comments stay),
/// from `Pretranslated` until the corrections are in. A `Pretranslated` project moves to
/// `Translations_In_Correction`, as when staff send a link; both or neither.
pub async fn personal(
    db: &DatabaseConnection,
    project_id: i32,
    customer: Customer<'_>,
    now: OffsetDateTime,
) -> Result<Personal, ReviewError> {
    let project = project(db, project_id).await?;
    if !matches!(
        project.status,
        ProjectStatus::Pretranslated
            | ProjectStatus::TranslationsInCorrection
            | ProjectStatus::TranslationsCorrected
    ) {
        return Err(ReviewError::NotInReview(project.status));
    }
    let token = tokens::random::<16>();
    let name = people::full_name(customer.first_name, customer.last_name);
    let new = NewLink {
        project_id,
        token_hash: tokens::hash(&token),
        created_by: customer.id,
        created_at: now,
        expires_at: now + Duration::days(PERSONAL_DAYS),
        note: None,
        reviewer_name: Some(name).filter(|n| !n.is_empty()),
        reviewer_email: Some(customer.email.to_owned()).filter(|e| !e.is_empty()),
    };
    let txn = db::begin_write(db).await?;
    let link = match reviews::issue_personal_link(&txn, customer.id, new).await? {
        PersonalLink::Issued(link) => link,
        PersonalLink::Revoked(_) => return Err(ReviewError::PersonalReviewClosed),
    };
    status::advance(
        &txn,
        project_id,
        Step::WorkbooksDownloaded,
        Some(customer.id),
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(Personal {
        link,
        token,
        project_name: project.name,
    })
}
