//! The customer's review in the browser, below HTTP: who a review link admits ([`access`]),
//! the links staff send and a customer's own ([`links`]), the customer's drafts, approvals,
//! comments and submit ([`customer`]), and the staff's side of the comments ([`threads`]).
//! It owns no table: the links, drafts, comments and threads are `reviews`', the segments
//! `translation`'s; it ties them to the notifications and the outbox, each change in one
//! transaction with whatever must happen with it.

pub mod access;
pub mod customer;
mod error;
pub mod links;
mod mail;
pub mod segments;
pub mod threads;

pub use error::ReviewError;

/// Longest comment.
pub const COMMENT_MAX_CHARS: usize = 4000;

/// A comment's text: 1–4,000 characters after trimming.
pub fn comment_body(body: &str) -> Result<String, ReviewError> {
    let body = body.trim();
    if body.is_empty() || body.chars().count() > COMMENT_MAX_CHARS {
        return Err(ReviewError::CommentLength);
    }
    Ok(body.to_owned())
}

/// The reviewer's name, or `Review link #id`.
pub fn display_name(link: &crate::services::reviews::Link) -> String {
    link.reviewer_name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("Review link #{}", link.id))
}
