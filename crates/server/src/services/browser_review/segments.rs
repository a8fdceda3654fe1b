//! What a review decides about a segment: the revision the customer's next save must name, and
//! the QA findings of a draft.

use std::collections::HashMap;

use wordmark_core::{field, qa, segment::Shortcodes, terms::TermIndex};

use crate::services::{
    reviews,
    translation::{
        self,
        qa_flags::{self, QaFlag},
    },
};

/// The customer's revision of a segment: the segment's own (every target write moves it) plus
/// the saves of this link's draft (another tab's save moves it too).
pub fn revision(segment: &translation::Segment, draft: Option<&reviews::Draft>) -> i32 {
    segment.revision + draft.map_or(0, |d| d.version)
}

/// QA of `text` against the segment's source: a markup mismatch is a flag of kind `error`
/// (a draft may hold it; submitting refuses it), the warnings as the job API shows them.
pub fn qa_of_text(
    segment: &translation::Segment,
    text: &str,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> Vec<QaFlag> {
    let mut outcome = qa::check_with_terms(
        &segment.source,
        text,
        segment.markup.into(),
        shortcodes,
        terms,
    );
    outcome.warnings.extend(qa::check_field(
        field_of(segment).kind,
        text,
        segment.markup.into(),
    ));
    let mut flags: Vec<QaFlag> = outcome
        .refusal
        .map(|reason| QaFlag {
            kind: "error".into(),
            message: format!("The markup does not match the source: {reason}."),
        })
        .into_iter()
        .collect();
    flags.extend(qa_flags::decode(&qa_flags::encode(&outcome.warnings)));
    flags
}

/// What the unit is on the page, and its label.
pub fn field_of(segment: &translation::Segment) -> field::Field {
    field::describe(
        segment.unit_id.as_deref(),
        segment.resname.as_deref(),
        &segment.unit_key,
    )
}

/// QA of the draft, or else the stored flags of the target.
pub fn qa_of(
    segment: &translation::Segment,
    draft: Option<&str>,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> Vec<QaFlag> {
    match draft {
        Some(text) => qa_of_text(segment, text, shortcodes, terms),
        None => qa_flags::decode(&segment.qa_flags),
    }
}

/// Comments grouped by segment.
pub fn by_segment(comments: Vec<reviews::Comment>) -> HashMap<i64, Vec<reviews::Comment>> {
    let mut grouped: HashMap<i64, Vec<reviews::Comment>> = HashMap::new();
    for c in comments {
        grouped.entry(c.segment_id).or_default().push(c);
    }
    grouped
}
