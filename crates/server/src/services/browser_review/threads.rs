//! The staff's side of the comments: a project's threads (a segment's comments, resolved or
//! not), replies, resolving and reopening; a job's threads and replies on its segments (what a
//! translator reaches: their scope holds jobs, never the project); and a segment's history
//! with who made each change.

use std::collections::{HashMap, HashSet};

use sea_orm::DatabaseConnection;
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{ReviewError, comment_body, display_name, segments::by_segment};
use crate::{
    db,
    services::{
        accounts,
        mail::Site,
        notifications::events,
        reviews::{self, Comment, NewComment},
        translation::{self, ActorKind, Segment},
    },
};

/// Which comment threads to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThreadFilter {
    Open,
    Resolved,
    #[default]
    All,
}

/// A segment's comments, oldest first.
pub struct Thread {
    pub segment: Segment,
    pub file_name: String,
    pub resolved_at: Option<OffsetDateTime>,
    pub comments: Vec<Comment>,
}

async fn ensure_project(db: &DatabaseConnection, id: i32) -> Result<(), ReviewError> {
    translation::projects::head(db, id)
        .await?
        .map(|_| ())
        .ok_or(ReviewError::ProjectNotFound)
}

/// The threads of the project's segments with comments (only `only`'s when given), oldest
/// segment first.
async fn threads(
    db: &DatabaseConnection,
    project_id: i32,
    filter: ThreadFilter,
    only: Option<i64>,
) -> Result<Vec<Thread>, ReviewError> {
    let mut comments = by_segment(reviews::comments_of_project(db, project_id).await?);
    if let Some(segment_id) = only {
        comments.retain(|id, _| *id == segment_id);
    }
    let resolved = reviews::resolved_threads(db, comments.keys().copied()).await?;
    let ids: Vec<i64> = comments.keys().copied().collect();
    let files: HashMap<i32, String> = translation::jobs::of_project(db, project_id)
        .await?
        .into_iter()
        .map(|j| (j.id, j.file_name))
        .collect();
    let mut found = Vec::new();
    for segment in translation::segments::of_ids(db, &ids).await? {
        let resolved_at = resolved.get(&segment.id).copied();
        let keep = match filter {
            ThreadFilter::Open => resolved_at.is_none(),
            ThreadFilter::Resolved => resolved_at.is_some(),
            ThreadFilter::All => true,
        };
        if !keep {
            continue;
        }
        found.push(Thread {
            file_name: files.get(&segment.job_id).cloned().unwrap_or_default(),
            resolved_at,
            comments: comments.remove(&segment.id).unwrap_or_default(),
            segment,
        });
    }
    Ok(found)
}

/// The customers' comments on the project's segments, a thread per segment.
pub async fn list(
    db: &DatabaseConnection,
    project_id: i32,
    filter: ThreadFilter,
) -> Result<Vec<Thread>, ReviewError> {
    ensure_project(db, project_id).await?;
    threads(db, project_id, filter, None).await
}

/// A segment of the project.
async fn project_segment(
    db: &DatabaseConnection,
    project_id: i32,
    segment_id: i64,
) -> Result<(), ReviewError> {
    let segment = translation::segments::find(db, segment_id)
        .await?
        .ok_or(ReviewError::SegmentNotOfProject)?;
    translation::jobs::find(db, segment.job_id)
        .await?
        .filter(|job| job.project_id == project_id)
        .ok_or(ReviewError::SegmentNotOfProject)?;
    Ok(())
}

/// Who on the staff writes (or the translator of the job).
pub struct Staff<'a> {
    pub id: i32,
    pub username: &'a str,
}

/// A staff reply to a segment's thread (reopens it when resolved). The comment exists exactly
/// when its readers are told of it (mailed with `site`).
pub async fn reply(
    db: &DatabaseConnection,
    project_id: i32,
    segment_id: i64,
    by: Staff<'_>,
    body: &str,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Comment, ReviewError> {
    let body = comment_body(body)?;
    project_segment(db, project_id, segment_id).await?;
    insert(db, project_id, segment_id, by, body, site, now).await
}

/// The threads of the job's segments with comments, oldest segment first.
pub async fn of_job(
    db: &DatabaseConnection,
    job_id: i32,
    filter: ThreadFilter,
) -> Result<Vec<Thread>, ReviewError> {
    let job = translation::jobs::find(db, job_id)
        .await?
        .ok_or(ReviewError::JobNotFound)?;
    let mut found = threads(db, job.project_id, filter, None).await?;
    found.retain(|thread| thread.segment.job_id == job_id);
    Ok(found)
}

/// A reply to a thread of one of the job's segments, as [`reply`] does for the project's.
pub async fn reply_on_job(
    db: &DatabaseConnection,
    job_id: i32,
    segment_id: i64,
    by: Staff<'_>,
    body: &str,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Comment, ReviewError> {
    let body = comment_body(body)?;
    translation::segments::find(db, segment_id)
        .await?
        .filter(|segment| segment.job_id == job_id)
        .ok_or(ReviewError::SegmentNotOfJob)?;
    let job = translation::jobs::find(db, job_id)
        .await?
        .ok_or(ReviewError::JobNotFound)?;
    insert(db, job.project_id, segment_id, by, body, site, now).await
}

/// Writes the comment and tells its readers, in one transaction.
async fn insert(
    db: &DatabaseConnection,
    project_id: i32,
    segment_id: i64,
    by: Staff<'_>,
    body: String,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Comment, ReviewError> {
    let new = NewComment {
        project_id,
        segment_id,
        link_id: None,
        user_id: Some(by.id),
        author_name: by.username.to_owned(),
        body,
        created_at: now,
    };
    let txn = db::begin_write(db).await?;
    let comment = reviews::insert_comment(&txn, new).await?;
    events::comment_added(&txn, &comment, site, now).await?;
    txn.commit().await?;
    Ok(comment)
}

/// Resolves a segment's thread by `by` at `now`, or reopens it (`resolved` false).
pub async fn resolve(
    db: &DatabaseConnection,
    project_id: i32,
    segment_id: i64,
    resolved: bool,
    by: i32,
    now: OffsetDateTime,
) -> Result<Thread, ReviewError> {
    project_segment(db, project_id, segment_id).await?;
    reviews::set_resolved(db, segment_id, resolved.then_some((now, by))).await?;
    threads(db, project_id, ThreadFilter::All, Some(segment_id))
        .await?
        .pop()
        .ok_or(ReviewError::NoComments)
}

/// Resolves or reopens the thread of one of the job's segments, as [`resolve`] does for the
/// project's: a translator reaches their job, never its project.
pub async fn resolve_on_job(
    db: &DatabaseConnection,
    job_id: i32,
    segment_id: i64,
    resolved: bool,
    by: i32,
    now: OffsetDateTime,
) -> Result<Thread, ReviewError> {
    let job = translation::jobs::find(db, job_id)
        .await?
        .ok_or(ReviewError::JobNotFound)?;
    translation::segments::find(db, segment_id)
        .await?
        .filter(|segment| segment.job_id == job_id)
        .ok_or(ReviewError::SegmentNotOfJob)?;
    resolve(db, job.project_id, segment_id, resolved, by, now).await
}

/// One change of a segment's target, with who made it: the username, or the reviewer's name
/// (else `Review link #id`); `None` for the system and deleted accounts.
pub struct Change {
    pub change: translation::segments::SegmentChange,
    pub actor_name: Option<String>,
}

/// Every change of the job's segment, oldest first.
pub async fn history(
    db: &DatabaseConnection,
    job_id: i32,
    segment_id: i64,
) -> Result<Vec<Change>, ReviewError> {
    translation::segments::find(db, segment_id)
        .await?
        .filter(|s| s.job_id == job_id)
        .ok_or(ReviewError::SegmentNotOfJob)?;
    let changes = translation::segments::history(db, segment_id).await?;
    let users: HashSet<i32> = changes.iter().filter_map(|c| c.user_id).collect();
    let names = accounts::usernames(db, users).await?;
    let link_ids: HashSet<i32> = changes.iter().filter_map(|c| c.link_id).collect();
    let links: HashMap<i32, String> = reviews::links_by_ids(db, link_ids)
        .await?
        .iter()
        .map(|link| (link.id, display_name(link)))
        .collect();
    Ok(changes
        .into_iter()
        .map(|change| {
            let actor_name = match (change.actor_kind, change.user_id, change.link_id) {
                (ActorKind::User, Some(user), _) => names.get(&user).cloned(),
                (ActorKind::ReviewLink, _, Some(link)) => links.get(&link).cloned(),
                _ => None,
            };
            Change { change, actor_name }
        })
        .collect())
}
