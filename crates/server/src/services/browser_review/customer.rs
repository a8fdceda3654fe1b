//! The customer's side of a review, through a link [`super::access`] admitted: the start page's
//! progress, a page's segments, drafts, approvals, reverts, comments and the submit. Every
//! call sees only the link's project.

use std::{collections::HashMap, sync::Arc};

use sea_orm::DatabaseConnection;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_core::{segment::Shortcodes, terms::TermIndex};

use super::{
    ReviewError, comment_body, display_name,
    segments::{by_segment, qa_of_text, revision},
};
use crate::{
    db,
    services::{
        clients,
        mail::Site,
        notifications::events,
        reviews::{self, Comment, Draft, Link, NewComment, submit::ReviewSubmitted},
        translation::{
            self, Segment, jobs::JobRow, projects::ProjectHead, qa_flags, qa_flags::QaFlag,
        },
    },
};

/// The account of a personal link: its comments and the audit log name it (none for the
/// links staff send).
pub fn user_of(link: &Link) -> Option<i32> {
    link.user_id.filter(|_| link.personal)
}

/// Submitted: the customer sees everything and changes nothing.
fn ensure_writable(link: &Link) -> Result<(), ReviewError> {
    match link.submitted_at {
        Some(_) => Err(ReviewError::Submitted),
        None => Ok(()),
    }
}

/// A page (job) on the start page; only translatable segments count.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewJobSummary {
    pub id: i32,
    pub file_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub segments: u64,
    pub approved: u64,
    /// Segments with a draft that differs from the target.
    pub changed: u64,
    pub comments_open: u64,
    /// Segments whose draft (or else target) has QA findings.
    pub qa_warnings: u64,
}

/// The start page: the link as opened, its project, and the pages with their progress.
pub struct Start {
    pub link: Link,
    pub project: ProjectHead,
    pub has_logo: bool,
    pub jobs: Vec<ReviewJobSummary>,
}

/// Opens the review at `now` (recording when the link was first and last opened): the project
/// and its pages with this link's progress.
pub async fn start(
    db: &DatabaseConnection,
    mut link: Link,
    now: OffsetDateTime,
) -> Result<Start, ReviewError> {
    link.first_opened_at.get_or_insert(now);
    link.last_opened_at = Some(now);
    let link = reviews::save_link(db, link).await?;
    let project = translation::projects::head(db, link.project_id)
        .await?
        .ok_or(ReviewError::JobNotInReview)?;
    let has_logo = match project.client_id {
        Some(id) => clients::find(db, id)
            .await?
            .is_some_and(|(client, _)| client.client_logo.is_some()),
        None => false,
    };
    let drafts = drafts_by_segment(reviews::drafts_of_link(db, link.id).await?);
    let comments = by_segment(reviews::comments_of_project(db, link.project_id).await?);
    let resolved = reviews::resolved_threads(db, comments.keys().copied()).await?;
    let jobs = translation::jobs::of_project(db, link.project_id).await?;
    // The counts come from two grouped statements over the project's segments; only the
    // segments with a draft or a comment are loaded, to check the draft's text and to place
    // the comment on its page. Opening the link costs the same whatever the project's size.
    let counts = translation::jobs::review_counts(db, link.project_id).await?;
    let mut touched: Vec<i64> = drafts.keys().chain(comments.keys()).copied().collect();
    touched.sort_unstable();
    touched.dedup();
    let touched = translation::segments::of_ids(db, &touched).await?;
    let touched_jobs: Vec<i32> = touched.iter().map(|s| s.job_id).collect();
    let shortcodes = translation::jobs::shortcodes(db, &touched_jobs).await?;
    let mut summaries: Vec<ReviewJobSummary> = jobs
        .into_iter()
        .map(|job| {
            let counts = counts.get(&job.id).copied().unwrap_or_default();
            ReviewJobSummary {
                id: job.id,
                file_name: job.file_name,
                source_lang: job.source_lang,
                target_lang: job.target_lang,
                segments: counts.segments,
                approved: 0,
                changed: 0,
                comments_open: 0,
                qa_warnings: counts.flagged,
            }
        })
        .collect();
    let index: HashMap<i32, usize> = summaries
        .iter()
        .enumerate()
        .map(|(i, job)| (job.id, i))
        .collect();
    // One termbase per language pair, not per page: a project's pages share a few pairs.
    let mut terms = HashMap::new();
    for segment in touched.iter().filter(|s| s.translatable) {
        let Some(summary) = index.get(&segment.job_id).map(|&i| &mut summaries[i]) else {
            continue;
        };
        if comments.contains_key(&segment.id) && !resolved.contains_key(&segment.id) {
            summary.comments_open += 1;
        }
        let Some(draft) = drafts.get(&segment.id) else {
            continue;
        };
        summary.approved += u64::from(draft.approved);
        let Some(text) = draft.text.as_deref() else {
            continue;
        };
        summary.changed += u64::from(Some(text) != segment.target.as_deref());
        let pair = (summary.source_lang.clone(), summary.target_lang.clone());
        if !terms.contains_key(&pair) {
            terms.insert(
                pair.clone(),
                translation::job_terms(db, segment.job_id).await?,
            );
        }
        // The same test as the grouped count's, so the two always agree.
        let stored = segment.qa_flags != qa_flags::NONE;
        let drafted = !qa_of_text(
            segment,
            text,
            shortcodes.of(segment.job_id),
            terms[&pair].as_ref(),
        )
        .is_empty();
        // The stored flags were counted above; the draft's own replace them.
        summary.qa_warnings = summary.qa_warnings + u64::from(drafted) - u64::from(stored);
    }
    Ok(Start {
        link,
        project,
        has_logo,
        jobs: summaries,
    })
}

fn drafts_by_segment(drafts: Vec<Draft>) -> HashMap<i64, Draft> {
    drafts.into_iter().map(|d| (d.segment_id, d)).collect()
}

/// The client's logo (sanitised SVG) of the link's project, if it has one.
pub async fn logo(db: &DatabaseConnection, link: &Link) -> Result<Option<String>, ReviewError> {
    let project = translation::projects::head(db, link.project_id).await?;
    let Some(client_id) = project.and_then(|p| p.client_id) else {
        return Ok(None);
    };
    Ok(clients::find(db, client_id)
        .await?
        .and_then(|(client, _)| client.client_logo))
}

/// One page of the review with what the link did on it.
pub struct Page {
    pub job: JobRow,
    pub shortcodes: Arc<Shortcodes>,
    pub terms: Option<TermIndex>,
    /// The page's segments with this link's draft and the segment's comments.
    pub segments: Vec<(Segment, Option<Draft>, Vec<Comment>)>,
}

/// A job of the link's project.
async fn job_of(db: &DatabaseConnection, link: &Link, job_id: i32) -> Result<JobRow, ReviewError> {
    translation::jobs::find(db, job_id)
        .await?
        .filter(|job| job.project_id == link.project_id)
        .ok_or(ReviewError::JobNotInReview)
}

/// The page `job_id` of the link's project.
pub async fn page(db: &DatabaseConnection, link: &Link, job_id: i32) -> Result<Page, ReviewError> {
    let job = job_of(db, link, job_id).await?;
    let shortcodes = translation::jobs::shortcodes(db, &[job.id]).await?;
    let shortcodes = Arc::clone(shortcodes.of(job.id));
    let terms = translation::job_terms(db, job.id).await?;
    let mut drafts = drafts_by_segment(reviews::drafts_of_link(db, link.id).await?);
    let mut comments = by_segment(reviews::comments_of_project(db, link.project_id).await?);
    let segments = translation::segments::of_job(db, job.id)
        .await?
        .into_iter()
        .map(|segment| {
            let thread = comments.remove(&segment.id).unwrap_or_default();
            let draft = drafts.remove(&segment.id);
            (segment, draft, thread)
        })
        .collect();
    Ok(Page {
        job,
        shortcodes,
        terms,
        segments,
    })
}

/// A segment of the review after a change: its draft, comments, and what QA needs.
pub struct Touched {
    pub segment: Segment,
    pub draft: Draft,
    pub comments: Vec<Comment>,
    pub shortcodes: Arc<Shortcodes>,
    pub terms: Option<TermIndex>,
}

/// A segment of the link's project with its job's shortcodes and termbase.
async fn segment_of(
    db: &DatabaseConnection,
    link: &Link,
    segment_id: i64,
) -> Result<(Segment, Arc<Shortcodes>, Option<TermIndex>), ReviewError> {
    let segment = translation::segments::find(db, segment_id)
        .await?
        .ok_or(ReviewError::SegmentNotInReview)?;
    job_of(db, link, segment.job_id)
        .await
        .map_err(|_| ReviewError::SegmentNotInReview)?;
    let shortcodes = translation::jobs::shortcodes(db, &[segment.job_id]).await?;
    let shortcodes = Arc::clone(shortcodes.of(segment.job_id));
    let terms = translation::job_terms(db, segment.job_id).await?;
    Ok((segment, shortcodes, terms))
}

/// The link's draft of a segment, or a new one made on its current revision.
async fn draft_or_new(
    db: &DatabaseConnection,
    link: &Link,
    segment: &Segment,
    now: OffsetDateTime,
) -> Result<Draft, ReviewError> {
    Ok(reviews::draft(db, link.id, segment.id)
        .await?
        .unwrap_or(Draft {
            id: 0,
            link_id: link.id,
            segment_id: segment.id,
            text: None,
            base_revision: segment.revision,
            version: 0,
            approved: false,
            updated_at: now,
        }))
}

/// A saved draft: its text, the revision the next save names, and its QA.
pub struct Saved {
    pub text: String,
    pub revision: i32,
    pub qa_warnings: Vec<QaFlag>,
}

/// Saves the link's draft of a segment (the target is not touched), made on `base_revision`:
/// refused as stale when that is not the segment's current revision (another tab or the agency
/// changed it since). A draft whose markup does not match the source is saved, with an `error`
/// QA flag.
pub async fn save(
    db: &DatabaseConnection,
    link: &Link,
    segment_id: i64,
    text: String,
    base_revision: i32,
    now: OffsetDateTime,
) -> Result<Saved, ReviewError> {
    ensure_writable(link)?;
    let (segment, shortcodes, terms) = segment_of(db, link, segment_id).await?;
    if !segment.translatable {
        return Err(ReviewError::NotTranslatable);
    }
    let mut draft = draft_or_new(db, link, &segment, now).await?;
    let current = revision(&segment, (draft.id != 0).then_some(&draft));
    if base_revision != current {
        let current_text = match &draft.text {
            Some(text) if draft.base_revision == segment.revision => Some(text.clone()),
            _ => segment.target.clone(),
        };
        return Err(ReviewError::StaleRevision {
            current_text,
            current_revision: current,
        });
    }
    draft.text = Some(text);
    draft.base_revision = segment.revision;
    draft.version += 1;
    draft.updated_at = now;
    let draft = reviews::save_draft(db, draft).await?;
    let text = draft.text.clone().unwrap_or_default();
    Ok(Saved {
        qa_warnings: qa_of_text(&segment, &text, &shortcodes, terms.as_ref()),
        revision: revision(&segment, Some(&draft)),
        text,
    })
}

async fn touched(
    db: &DatabaseConnection,
    (segment, shortcodes, terms): (Segment, Arc<Shortcodes>, Option<TermIndex>),
    draft: Draft,
) -> Result<Touched, ReviewError> {
    let draft = reviews::save_draft(db, draft).await?;
    let comments = reviews::comments_of_segment(db, segment.id).await?;
    Ok(Touched {
        segment,
        draft,
        comments,
        shortcodes,
        terms,
    })
}

/// Approves a segment (or takes the approval back).
pub async fn approve(
    db: &DatabaseConnection,
    link: &Link,
    segment_id: i64,
    approved: bool,
    now: OffsetDateTime,
) -> Result<Touched, ReviewError> {
    ensure_writable(link)?;
    let found = segment_of(db, link, segment_id).await?;
    let mut draft = draft_or_new(db, link, &found.0, now).await?;
    draft.approved = approved;
    draft.updated_at = now;
    touched(db, found, draft).await
}

/// Takes the machine translation back as the draft.
pub async fn revert(
    db: &DatabaseConnection,
    link: &Link,
    segment_id: i64,
    now: OffsetDateTime,
) -> Result<Touched, ReviewError> {
    ensure_writable(link)?;
    let found = segment_of(db, link, segment_id).await?;
    let segment = &found.0;
    let mt = segment
        .mt_target
        .clone()
        .filter(|_| segment.translatable)
        .ok_or(ReviewError::NoMachineTranslation)?;
    let mut draft = draft_or_new(db, link, segment, now).await?;
    draft.text = Some(mt);
    draft.base_revision = segment.revision;
    draft.version += 1;
    draft.updated_at = now;
    touched(db, found, draft).await
}

/// The reviewer's comment on a segment (reopens its thread when the agency had resolved it).
/// The comment exists exactly when its readers are told of it (mailed with `site`).
pub async fn comment(
    db: &DatabaseConnection,
    link: &Link,
    segment_id: i64,
    body: &str,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<Comment, ReviewError> {
    ensure_writable(link)?;
    let body = comment_body(body)?;
    let (segment, _, _) = segment_of(db, link, segment_id).await?;
    let new = NewComment {
        project_id: link.project_id,
        segment_id: segment.id,
        link_id: Some(link.id),
        user_id: user_of(link),
        author_name: display_name(link),
        body,
        created_at: now,
    };
    let txn = db::begin_write(db).await?;
    let comment = reviews::insert_comment(&txn, new).await?;
    events::comment_added(&txn, &comment, site, now).await?;
    txn.commit().await?;
    Ok(comment)
}

/// Submits the review at `now`: every draft goes through the XLSX import's QA and apply path
/// (refused drafts are reported and stay drafts). The corrections and the staff's notification
/// (mailed with `site`): both or neither. A submission with refused drafts is not one yet (the
/// reviewer fixes them): nobody is told. Answers the project's name too, for the audit log.
pub async fn submit(
    db: &DatabaseConnection,
    link: &Link,
    site: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(ReviewSubmitted, String), ReviewError> {
    if link.submitted_at.is_some() {
        return Err(ReviewError::AlreadySubmitted);
    }
    let txn = db::begin_write(db).await?;
    let submitted = reviews::submit::run(&txn, link, now).await?;
    if submitted.refused.is_empty() {
        events::review_submitted(&txn, link, site, now).await?;
    }
    txn.commit().await?;
    let project = translation::projects::head(db, link.project_id).await?;
    Ok((submitted, project.map(|p| p.name).unwrap_or_default()))
}
