//! Where a segment's target came from (`origin`) and where it stands (`status`): decided here
//! alone, from what happened to the target. Import, pre-translation, the job view and the
//! customer's workbook only say what happened.

use crate::db::entities::translation_segment::{SegmentOrigin, SegmentStatus};

/// What gave a segment its target, or took it away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
    /// Read from the uploaded file. `translated`: the unit's target is a translation (not
    /// WPML's copy of the source); `needs_review`: the file marks it
    /// `needs-review-translation` (WPML's translation-memory suggestions); `has_text`: the
    /// target kept is not blank.
    Imported {
        translatable: bool,
        translated: bool,
        needs_review: bool,
        has_text: bool,
    },
    /// An exact translation-memory match.
    Memory,
    /// A fuzzy translation-memory match filled instead of machine translation: someone must
    /// look at what differs.
    FuzzyMemory,
    /// Nothing to translate (only tags or spaces): the source is the translation.
    SourceAsIs,
    /// Machine translation's answer; `pseudo` for a dry run.
    MachineTranslated { pseudo: bool },
    /// Machine translation damaged the markup twice: the source was kept, for review.
    MachineDamaged,
    /// Edited in the job view and confirmed (the editor's confirm, or a save through
    /// `PUT /api/job/{id}`).
    Edited,
    /// Saved in the editor as a draft (its autosave): the text is kept, but nobody confirmed
    /// it yet, so a job with drafts is not ready for delivery.
    Drafted,
    /// The customer's correction from the review workbook; `warnings`: QA had remarks.
    Corrected { warnings: bool },
    /// The target was emptied (job view or workbook): untranslated again.
    Cleared,
    /// A confirmed segment sent back by staff with a delivered job: the translator's text,
    /// to be fixed and confirmed again.
    Returned,
}

/// A segment's origin and status together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SegmentState {
    pub origin: SegmentOrigin,
    pub status: SegmentStatus,
}

/// The origin and status a segment has after `change`.
///
/// Units marked `translate="no"` keep their target and stay `new`: nobody translates them.
/// Pre-translation's fills count as translated; anything a person should look at (a WPML
/// suggestion, damaged machine markup, a correction with QA remarks) needs review; what an
/// editor or the customer confirmed is reviewed.
pub fn after(change: Change) -> SegmentState {
    use SegmentOrigin as O;
    use SegmentStatus as S;
    let (origin, status) = match change {
        Change::Imported {
            translatable,
            translated,
            needs_review,
            has_text,
        } => {
            let origin = if has_text { O::File } else { O::None };
            let status = match (translatable && translated, needs_review) {
                (false, _) => S::New,
                (true, true) => S::NeedsReview,
                (true, false) => S::Translated,
            };
            (origin, status)
        }
        Change::Memory => (O::Memory, S::Translated),
        Change::FuzzyMemory => (O::Fuzzy, S::NeedsReview),
        Change::SourceAsIs => (O::Source, S::Translated),
        Change::MachineTranslated { pseudo: false } => (O::Mt, S::Translated),
        Change::MachineTranslated { pseudo: true } => (O::Pseudo, S::Translated),
        Change::MachineDamaged => (O::Source, S::NeedsReview),
        Change::Edited => (O::Editor, S::Reviewed),
        Change::Drafted => (O::Editor, S::Translated),
        Change::Corrected { warnings: false } => (O::Customer, S::Reviewed),
        Change::Corrected { warnings: true } => (O::Customer, S::NeedsReview),
        Change::Cleared => (O::None, S::New),
        Change::Returned => (O::Editor, S::NeedsReview),
    };
    SegmentState { origin, status }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imported(translatable: bool, translated: bool, needs_review: bool) -> SegmentState {
        after(Change::Imported {
            translatable,
            translated,
            needs_review,
            has_text: translated || !translatable,
        })
    }

    #[test]
    fn imported_targets_count_as_translated_unless_marked_or_not_to_translate() {
        let state = |origin, status| SegmentState { origin, status };
        use SegmentOrigin as O;
        use SegmentStatus as S;
        assert_eq!(imported(true, true, false), state(O::File, S::Translated));
        assert_eq!(imported(true, true, true), state(O::File, S::NeedsReview));
        assert_eq!(imported(true, false, false), state(O::None, S::New));
        assert_eq!(imported(false, false, true), state(O::File, S::New));
        let blank = after(Change::Imported {
            translatable: false,
            translated: false,
            needs_review: false,
            has_text: false,
        });
        assert_eq!(blank, state(O::None, S::New));
    }

    /// A draft is the editor's text but still needs confirming; a confirm is what delivery
    /// counts.
    #[test]
    fn drafts_wait_for_a_confirm() {
        assert_eq!(
            after(Change::Drafted),
            SegmentState {
                origin: SegmentOrigin::Editor,
                status: SegmentStatus::Translated
            }
        );
        assert_eq!(after(Change::Edited).status, SegmentStatus::Reviewed);
    }

    #[test]
    fn people_review_what_machines_fill() {
        assert_eq!(after(Change::Memory).status, SegmentStatus::Translated);
        assert_eq!(
            after(Change::MachineTranslated { pseudo: true }).origin,
            SegmentOrigin::Pseudo
        );
        assert_eq!(
            after(Change::MachineDamaged),
            SegmentState {
                origin: SegmentOrigin::Source,
                status: SegmentStatus::NeedsReview
            }
        );
        assert_eq!(after(Change::Edited).status, SegmentStatus::Reviewed);
        assert_eq!(
            after(Change::Corrected { warnings: true }).status,
            SegmentStatus::NeedsReview
        );
        assert_eq!(
            after(Change::Cleared),
            SegmentState {
                origin: SegmentOrigin::None,
                status: SegmentStatus::New
            }
        );
    }
}
