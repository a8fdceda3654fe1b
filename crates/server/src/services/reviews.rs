//! The browser review's tables: `review_links`, `review_drafts`, `review_comments` and
//! `review_threads`. This module is the only code that reads and writes them; [`submit`]
//! applies a link's drafts.

pub mod submit;

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, Query},
};
use time::OffsetDateTime;

use crate::{
    db::entities::{
        review_comment::{self, Column as C},
        review_draft::{self, Column as D},
        review_link::{self, Column as L},
        review_thread,
    },
    services::client_archive_format::{CommentRecord, SegmentRecord},
};

/// A review link as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub id: i32,
    pub project_id: i32,
    pub token_hash: String,
    /// The staff member who created it; `None` once that account is deleted.
    pub created_by: Option<i32>,
    pub created_at: time::OffsetDateTime,
    pub expires_at: time::OffsetDateTime,
    pub revoked_at: Option<time::OffsetDateTime>,
    pub note: Option<String>,
    pub reviewer_name: Option<String>,
    pub reviewer_email: Option<String>,
    pub first_opened_at: Option<time::OffsetDateTime>,
    pub last_opened_at: Option<time::OffsetDateTime>,
    pub submitted_at: Option<time::OffsetDateTime>,
    /// A customer's own link, opened only with that account's session (`user_id`); it stays
    /// personal, and closed to everyone, when the account is deleted.
    pub personal: bool,
    /// The account a personal link is bound to; NULL for the links staff send.
    pub user_id: Option<i32>,
}

impl From<review_link::Model> for Link {
    fn from(row: review_link::Model) -> Self {
        Self {
            id: row.id,
            project_id: row.project_id,
            token_hash: row.token_hash,
            created_by: row.created_by,
            created_at: row.created_at,
            expires_at: row.expires_at,
            revoked_at: row.revoked_at,
            note: row.note,
            reviewer_name: row.reviewer_name,
            reviewer_email: row.reviewer_email,
            first_opened_at: row.first_opened_at,
            last_opened_at: row.last_opened_at,
            submitted_at: row.submitted_at,
            personal: row.personal,
            user_id: row.user_id,
        }
    }
}

/// A customer's draft of a segment as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub id: i64,
    pub link_id: i32,
    pub segment_id: i64,
    /// The draft text; `None` when the segment was only approved.
    pub text: Option<String>,
    /// The segment's `revision` the draft was made on.
    pub base_revision: i32,
    /// Saves of the draft's text so far: the customer's revision of the segment is the
    /// segment's `revision` plus this, so another tab's save and a staff write both move it on.
    pub version: i32,
    pub approved: bool,
    pub updated_at: time::OffsetDateTime,
}

impl From<review_draft::Model> for Draft {
    fn from(row: review_draft::Model) -> Self {
        Self {
            id: row.id,
            link_id: row.link_id,
            segment_id: row.segment_id,
            text: row.text,
            base_revision: row.base_revision,
            version: row.version,
            approved: row.approved,
            updated_at: row.updated_at,
        }
    }
}

/// A review comment as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub id: i64,
    pub project_id: i32,
    pub segment_id: i64,
    /// Set for a reviewer's comment.
    pub link_id: Option<i32>,
    /// Set for a staff member's reply (`None` once that account is deleted).
    pub user_id: Option<i32>,
    /// The name shown, as it was when written.
    pub author_name: String,
    pub body: String,
    pub created_at: time::OffsetDateTime,
}

impl From<review_comment::Model> for Comment {
    fn from(row: review_comment::Model) -> Self {
        Self {
            id: row.id,
            project_id: row.project_id,
            segment_id: row.segment_id,
            link_id: row.link_id,
            user_id: row.user_id,
            author_name: row.author_name,
            body: row.body,
            created_at: row.created_at,
        }
    }
}

/// A link to insert.
pub struct NewLink {
    pub project_id: i32,
    pub token_hash: String,
    pub created_by: i32,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub note: Option<String>,
    pub reviewer_name: Option<String>,
    pub reviewer_email: Option<String>,
}

pub async fn insert_link(db: &impl ConnectionTrait, new: NewLink) -> Result<Link, DbErr> {
    review_link::ActiveModel {
        project_id: Set(new.project_id),
        token_hash: Set(new.token_hash),
        created_by: Set(Some(new.created_by)),
        created_at: Set(new.created_at),
        expires_at: Set(new.expires_at),
        note: Set(new.note),
        reviewer_name: Set(new.reviewer_name),
        reviewer_email: Set(new.reviewer_email),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(Link::from)
}

/// A customer's personal link of a project, as [`issue_personal_link`] found it.
pub enum PersonalLink {
    /// New, or the account's link with the new token: its drafts, approvals and comments stay.
    Issued(Link),
    /// Staff revoked it: it stays revoked, and no other is made for the account.
    Revoked(Link),
}

/// Gives `user_id` their personal link of `new.project_id` carrying `new`'s token hash and
/// expiry: the existing one rotated (the old token stops working), or a new one bound to the
/// account. Inside the caller's write transaction; the unique index on (user, project) keeps
/// it one link.
pub async fn issue_personal_link(
    txn: &impl ConnectionTrait,
    user_id: i32,
    new: NewLink,
) -> Result<PersonalLink, DbErr> {
    let existing = review_link::Entity::find()
        .filter(L::UserId.eq(user_id))
        .filter(L::ProjectId.eq(new.project_id))
        .one(txn)
        .await?;
    let link = match existing {
        Some(link) if link.revoked_at.is_some() => {
            return Ok(PersonalLink::Revoked(link.into()));
        }
        Some(link) => {
            let mut active: review_link::ActiveModel = link.into();
            active.token_hash = Set(new.token_hash);
            active.expires_at = Set(new.expires_at);
            active.update(txn).await?
        }
        None => {
            review_link::ActiveModel {
                project_id: Set(new.project_id),
                token_hash: Set(new.token_hash),
                created_by: Set(Some(new.created_by)),
                created_at: Set(new.created_at),
                expires_at: Set(new.expires_at),
                note: Set(new.note),
                reviewer_name: Set(new.reviewer_name),
                reviewer_email: Set(new.reviewer_email),
                personal: Set(true),
                user_id: Set(Some(user_id)),
                ..Default::default()
            }
            .insert(txn)
            .await?
        }
    };
    Ok(PersonalLink::Issued(link.into()))
}

pub async fn link_by_hash(
    db: &impl ConnectionTrait,
    token_hash: &str,
) -> Result<Option<Link>, DbErr> {
    review_link::Entity::find()
        .filter(L::TokenHash.eq(token_hash))
        .one(db)
        .await
        .map(|found| found.map(Link::from))
}

/// The link `id` of the project, if it is one of its links.
pub async fn link_of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
    id: i32,
) -> Result<Option<Link>, DbErr> {
    review_link::Entity::find_by_id(id)
        .filter(L::ProjectId.eq(project_id))
        .one(db)
        .await
        .map(|found| found.map(Link::from))
}

/// The project's links, newest first.
pub async fn links_of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<Link>, DbErr> {
    review_link::Entity::find()
        .filter(L::ProjectId.eq(project_id))
        .order_by_desc(L::CreatedAt)
        .order_by_desc(L::Id)
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(Link::from).collect())
}

/// The project's links still open for drafts at `now` (neither expired, revoked nor submitted).
async fn open_links(
    db: &impl ConnectionTrait,
    project_id: i32,
    now: OffsetDateTime,
) -> Result<Vec<i32>, DbErr> {
    let links = review_link::Entity::find()
        .filter(L::ProjectId.eq(project_id))
        .filter(L::RevokedAt.is_null())
        .filter(L::SubmittedAt.is_null())
        .filter(L::ExpiresAt.gt(now))
        .all(db)
        .await?;
    Ok(links.into_iter().map(|l| l.id).collect())
}

/// Saves a changed link (revoked, extended, opened, submitted).
pub async fn save_link(db: &impl ConnectionTrait, link: Link) -> Result<Link, DbErr> {
    review_link::ActiveModel {
        id: sea_orm::Unchanged(link.id),
        expires_at: Set(link.expires_at),
        revoked_at: Set(link.revoked_at),
        first_opened_at: Set(link.first_opened_at),
        last_opened_at: Set(link.last_opened_at),
        submitted_at: Set(link.submitted_at),
        ..Default::default()
    }
    .update(db)
    .await
    .map(Link::from)
}

/// The link's drafts (and approvals).
pub async fn drafts_of_link(db: &impl ConnectionTrait, link_id: i32) -> Result<Vec<Draft>, DbErr> {
    review_draft::Entity::find()
        .filter(D::LinkId.eq(link_id))
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(Draft::from).collect())
}

pub async fn draft(
    db: &impl ConnectionTrait,
    link_id: i32,
    segment_id: i64,
) -> Result<Option<Draft>, DbErr> {
    review_draft::Entity::find()
        .filter(D::LinkId.eq(link_id))
        .filter(D::SegmentId.eq(segment_id))
        .one(db)
        .await
        .map(|found| found.map(Draft::from))
}

/// Writes the link's draft of a segment: a new row, or the changed one.
pub async fn save_draft(db: &impl ConnectionTrait, draft: Draft) -> Result<Draft, DbErr> {
    let mut active = review_draft::ActiveModel {
        id: sea_orm::Unchanged(draft.id),
        link_id: sea_orm::Unchanged(draft.link_id),
        segment_id: sea_orm::Unchanged(draft.segment_id),
        text: Set(draft.text),
        base_revision: Set(draft.base_revision),
        version: Set(draft.version),
        approved: Set(draft.approved),
        updated_at: Set(draft.updated_at),
    };
    if draft.id == 0 {
        active.id = sea_orm::ActiveValue::NotSet;
        active.link_id = Set(draft.link_id);
        active.segment_id = Set(draft.segment_id);
        return active.insert(db).await.map(Draft::from);
    }
    active.update(db).await.map(Draft::from)
}

/// The drafts of the project's links open at `now` (not expired, revoked or submitted) for
/// `segment_ids`: segment → draft text (the newest when several links drafted it). Staff see
/// them beside the target, and are told when they overwrite a segment that has one.
pub async fn open_drafts(
    db: &impl ConnectionTrait,
    project_id: i32,
    segment_ids: &HashSet<i64>,
    now: OffsetDateTime,
) -> Result<HashMap<i64, String>, DbErr> {
    let link_ids = open_links(db, project_id, now).await?;
    if link_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let drafts = review_draft::Entity::find()
        .filter(D::LinkId.is_in(link_ids.iter().copied()))
        .filter(D::Text.is_not_null())
        .order_by_asc(D::UpdatedAt)
        .all(db)
        .await?;
    Ok(drafts
        .into_iter()
        .filter(|d| segment_ids.contains(&d.segment_id))
        .filter_map(|d| Some((d.segment_id, d.text?)))
        .collect())
}

/// Per link of the project: how many segments it drafted or approved. One grouped statement
/// for all the project's links.
pub async fn reviewed_counts(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<HashMap<i32, u64>, DbErr> {
    let links = Query::select()
        .column(L::Id)
        .from(review_link::Entity)
        .and_where(L::ProjectId.eq(project_id))
        .to_owned();
    let rows: Vec<(i32, i64)> = review_draft::Entity::find()
        .select_only()
        .column(D::LinkId)
        .column_as(D::Id.count(), "count")
        .filter(D::LinkId.in_subquery(links))
        .filter(
            Condition::any()
                .add(D::Text.is_not_null())
                .add(D::Approved.eq(true)),
        )
        .group_by(D::LinkId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(counted(rows))
}

/// Per link of the project: its comments on segments whose thread is not resolved. One grouped
/// statement for all the project's links.
pub async fn open_comment_counts(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<HashMap<i32, u64>, DbErr> {
    let resolved = Query::select()
        .column(review_thread::Column::SegmentId)
        .from(review_thread::Entity)
        .to_owned();
    let rows: Vec<(Option<i32>, i64)> = review_comment::Entity::find()
        .select_only()
        .column(C::LinkId)
        .column_as(C::Id.count(), "count")
        .filter(C::ProjectId.eq(project_id))
        .filter(C::LinkId.is_not_null())
        .filter(C::SegmentId.not_in_subquery(resolved))
        .group_by(C::LinkId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(counted(
        rows.into_iter()
            .filter_map(|(link, count)| Some((link?, count))),
    ))
}

fn counted(rows: impl IntoIterator<Item = (i32, i64)>) -> HashMap<i32, u64> {
    rows.into_iter()
        .map(|(link, count)| (link, u64::try_from(count).unwrap_or_default()))
        .collect()
}

/// A new comment.
pub struct NewComment {
    pub project_id: i32,
    pub segment_id: i64,
    pub link_id: Option<i32>,
    pub user_id: Option<i32>,
    pub author_name: String,
    pub body: String,
    pub created_at: OffsetDateTime,
}

/// Adds a comment and reopens its segment's thread.
pub async fn insert_comment(db: &impl ConnectionTrait, new: NewComment) -> Result<Comment, DbErr> {
    review_thread::Entity::delete_by_id(new.segment_id)
        .exec(db)
        .await?;
    review_comment::ActiveModel {
        project_id: Set(new.project_id),
        segment_id: Set(new.segment_id),
        link_id: Set(new.link_id),
        user_id: Set(new.user_id),
        author_name: Set(new.author_name),
        body: Set(new.body),
        created_at: Set(new.created_at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(Comment::from)
}

/// The project's comments, oldest first.
pub async fn comments_of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<Comment>, DbErr> {
    review_comment::Entity::find()
        .filter(C::ProjectId.eq(project_id))
        .order_by_asc(C::Id)
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(Comment::from).collect())
}

/// The comments of one segment, oldest first.
pub async fn comments_of_segment(
    db: &impl ConnectionTrait,
    segment_id: i64,
) -> Result<Vec<Comment>, DbErr> {
    review_comment::Entity::find()
        .filter(C::SegmentId.eq(segment_id))
        .order_by_asc(C::Id)
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(Comment::from).collect())
}

/// How many comments the link wrote.
pub async fn comment_count(db: &impl ConnectionTrait, link_id: i32) -> Result<u64, DbErr> {
    review_comment::Entity::find()
        .filter(C::LinkId.eq(link_id))
        .count(db)
        .await
}

/// The resolved threads of the project's segments: segment → when.
pub async fn resolved_threads(
    db: &impl ConnectionTrait,
    segment_ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, OffsetDateTime>, DbErr> {
    let ids: Vec<i64> = segment_ids.into_iter().collect();
    let mut found = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows = review_thread::Entity::find()
            .filter(review_thread::Column::SegmentId.is_in(chunk.iter().copied()))
            .all(db)
            .await?;
        found.extend(rows.into_iter().map(|t| (t.segment_id, t.resolved_at)));
    }
    Ok(found)
}

/// Resolves (or reopens) a segment's thread.
pub async fn set_resolved(
    db: &impl ConnectionTrait,
    segment_id: i64,
    resolved: Option<(OffsetDateTime, i32)>,
) -> Result<(), DbErr> {
    review_thread::Entity::delete_by_id(segment_id)
        .exec(db)
        .await?;
    if let Some((at, by)) = resolved {
        review_thread::ActiveModel {
            segment_id: Set(segment_id),
            resolved_at: Set(at),
            resolved_by: Set(Some(by)),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The project's review comments as the client archive holds them, by segment, oldest first.
pub async fn archived_comments(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<HashMap<i64, Vec<CommentRecord>>, DbErr> {
    let mut comments: HashMap<i64, Vec<CommentRecord>> = HashMap::new();
    for c in comments_of_project(db, project_id).await? {
        comments
            .entry(c.segment_id)
            .or_default()
            .push(CommentRecord {
                author_name: c.author_name,
                body: c.body,
                created_at: c.created_at,
            });
    }
    Ok(comments)
}

/// Stores the comments and resolved threads of segments restored from a client archive (`ids`:
/// the segments' new ids, in the order of their records), as they were but for who: links and
/// accounts stay with the installation the archive came from, so a restored comment keeps only
/// its author's name.
pub async fn restore_threads(
    db: &impl ConnectionTrait,
    project_id: i32,
    ids: &[i64],
    segments: &[SegmentRecord],
) -> Result<(), DbErr> {
    let mut comments = Vec::new();
    let mut resolved = Vec::new();
    for (&segment_id, s) in ids.iter().zip(segments) {
        resolved.extend(s.resolved_at.map(|at| review_thread::ActiveModel {
            segment_id: Set(segment_id),
            resolved_at: Set(at),
            resolved_by: Set(None),
        }));
        comments.extend(s.comments.iter().map(|c| review_comment::ActiveModel {
            project_id: Set(project_id),
            segment_id: Set(segment_id),
            link_id: Set(None),
            user_id: Set(None),
            author_name: Set(c.author_name.clone()),
            body: Set(c.body.clone()),
            created_at: Set(c.created_at),
            ..Default::default()
        }));
    }
    // Seven values a row at most, well below both databases' limits on bound values.
    while !comments.is_empty() {
        let rest = comments.split_off(comments.len().min(1_000));
        review_comment::Entity::insert_many(std::mem::replace(&mut comments, rest))
            .exec_without_returning(db)
            .await?;
    }
    while !resolved.is_empty() {
        let rest = resolved.split_off(resolved.len().min(1_000));
        review_thread::Entity::insert_many(std::mem::replace(&mut resolved, rest))
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Clears the text of drafts that were applied (their approval stays).
pub async fn clear_draft_texts(db: &impl ConnectionTrait, ids: &[i64]) -> Result<(), DbErr> {
    for chunk in ids.chunks(500) {
        review_draft::Entity::update_many()
            .col_expr(D::Text, Expr::value(Option::<String>::None))
            .filter(D::Id.is_in(chunk.iter().copied()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The links `ids` (those that exist), in one statement.
pub async fn links_by_ids(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i32>,
) -> Result<Vec<Link>, DbErr> {
    let ids: Vec<i32> = ids.into_iter().collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    review_link::Entity::find()
        .filter(L::Id.is_in(ids))
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(Link::from).collect())
}
