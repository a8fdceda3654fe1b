//! What the customer sees of a segment: the draft (or the target) with its QA findings, the
//! revision the next save must name, and the comments.

use wordmark_core::{segment::Shortcodes, terms::TermIndex};

use crate::services::{
    browser_review::segments::{field_of, qa_of, revision},
    reviews, translation,
};

use super::types::{CommentAuthorKind, ReviewComment, ReviewSegment};

pub fn comment(model: reviews::Comment) -> ReviewComment {
    ReviewComment {
        id: model.id,
        author_kind: if model.link_id.is_some() {
            CommentAuthorKind::Reviewer
        } else {
            CommentAuthorKind::Staff
        },
        author_name: model.author_name,
        body: model.body,
        created_at: model.created_at,
    }
}

/// The segment as the review page shows it.
pub fn view(
    segment: translation::Segment,
    draft: Option<&reviews::Draft>,
    comments: Vec<reviews::Comment>,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> ReviewSegment {
    let text = draft.and_then(|d| d.text.clone());
    ReviewSegment {
        qa_warnings: qa_of(&segment, text.as_deref(), shortcodes, terms),
        field: field_of(&segment),
        revision: revision(&segment, draft),
        approved: draft.is_some_and(|d| d.approved),
        comments: comments.into_iter().map(comment).collect(),
        draft: text,
        id: segment.id,
        position: segment.position,
        unit_key: segment.unit_key,
        resname: segment.resname,
        translatable: segment.translatable,
        markup: segment.markup,
        source: segment.source,
        mt_target: segment.mt_target,
        target: segment.target,
    }
}
