//! What goes wrong in a browser review, named for the review; `http/error.rs` gives each its
//! status.

use sea_orm::DbErr;
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use super::{COMMENT_MAX_CHARS, links::MAX_DAYS};
use crate::services::{people::FieldError, translation::ProjectStatus};

#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// No link has this token.
    #[error("This review link does not exist. Please check the address.")]
    LinkNotFound,
    /// Too many unknown tokens were tried from this address; refused before any lookup.
    #[error(
        "Too many unknown review links were tried from your address. Try again in {minutes} minutes."
    )]
    Throttled { minutes: u64, retry_after_secs: u64 },
    /// A personal link opened without a session.
    #[error("This review is personal: sign in to Wordmark with the account it belongs to.")]
    SignInRequired,
    /// A personal link opened with another account's session.
    #[error("This review belongs to another account.")]
    AnotherAccount,
    /// A personal link whose account no longer reaches the project: removed from its client,
    /// or no longer a customer.
    #[error("This review is not open to your account.")]
    NotAReviewer,
    #[error(
        "This review link was revoked on {}. Please ask the agency for a new one.",
        date(.0)
    )]
    LinkRevoked(OffsetDateTime),
    #[error(
        "This review link expired on {}. Please ask the agency for a new one.",
        date(.0)
    )]
    LinkExpired(OffsetDateTime),
    /// A change through a link whose review was submitted.
    #[error("This review was submitted; nothing can be changed any more.")]
    Submitted,
    #[error("This review was submitted already.")]
    AlreadySubmitted,
    #[error("This page is not part of the review.")]
    JobNotInReview,
    #[error("This segment is not part of the review.")]
    SegmentNotInReview,
    #[error("This segment is not to be translated; it cannot be changed.")]
    NotTranslatable,
    #[error("This segment has no machine translation to go back to.")]
    NoMachineTranslation,
    /// A draft made on an older revision of the segment: what it holds now.
    #[error(
        "This segment was changed since you opened it (in another tab, or by the agency). Your text was not saved; please check the current text and edit it again."
    )]
    StaleRevision {
        current_text: Option<String>,
        current_revision: i32,
    },
    #[error("A comment must have 1 to {COMMENT_MAX_CHARS} characters.")]
    CommentLength,
    #[error("A review link lasts 1 to {MAX_DAYS} days, not {0}.")]
    DaysOutOfRange(i64),
    #[error("The {field} must have at most {max} characters.")]
    TooLong { field: &'static str, max: usize },
    /// The reviewer's name or address breaks its rule (the message names the field).
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error(
        "The project is {}: a review link can be sent once it is pre-translated.",
        .0.stored_name()
    )]
    NotPretranslated(ProjectStatus),
    #[error(
        "The project is {}: it can be reviewed once it is pre-translated and until it is completed.",
        .0.stored_name()
    )]
    NotInReview(ProjectStatus),
    /// Staff revoked the customer's personal link: it stays closed.
    #[error("The agency closed your review of this project. Please ask them to reopen it.")]
    PersonalReviewClosed,
    #[error("A revoked or submitted review link cannot be extended; create a new one.")]
    LinkClosed,
    #[error("Project not found")]
    ProjectNotFound,
    #[error("Job not found")]
    JobNotFound,
    /// The link is not one of the project's.
    #[error("Review link not found")]
    LinkNotOfProject,
    #[error("Segment not found in this project")]
    SegmentNotOfProject,
    #[error("Segment not found in this job")]
    SegmentNotOfJob,
    #[error("This segment has no comments.")]
    NoComments,
    #[error(transparent)]
    Db(#[from] DbErr),
}

fn date(at: &OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}
