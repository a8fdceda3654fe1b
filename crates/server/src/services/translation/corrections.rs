//! The customer's corrections from the review workbooks: what the import decided (which rows
//! are taken) is written here, workbook by workbook, with what the memory learns, and then the
//! project's next step.

use sea_orm::{ConnectionTrait, DbErr};
use time::OffsetDateTime;
use wordmark_core::{
    field,
    qa::{self, QaWarning},
    segment::{Markup, Shortcodes},
    terms::TermIndex,
};

use super::status::{self, Step};
use crate::{
    db::entities::translation_segment::SegmentOrigin,
    db::entities::translation_segment_change::ChangeSource,
    services::memory::Confirmed,
    services::translation::{
        qa_flags,
        segment_state::Change,
        store::{
            self,
            segments::{Author, NewTarget, SegmentUpdate},
        },
    },
};

/// What the customer's text for a segment does: decided here for a workbook row and for a
/// submitted review draft alike, so both ways lead to the same result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The text is the current target.
    Unchanged,
    /// Not taken, with the reason; the previous target stays.
    Refused(String),
    /// Taken: the new target (with its QA warnings as flags), and what the memory learns
    /// (`None` for an emptied text, which removes the target).
    Taken {
        target: NewTarget,
        confirmed: Option<Confirmed>,
        warnings: Vec<QaWarning>,
    },
}

/// Decides what `text` does to `segment` (its job's `shortcodes` say which brackets are tags):
/// a unit marked not to be translated keeps its text; a text whose markup does not match the
/// source's is refused; QA's remarks are warnings; an empty text removes the target.
pub fn decide(
    segment: &super::Segment,
    text: &str,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> Decision {
    let translation = line_endings_like(text, &segment.source);
    if translation == segment.target.as_deref().unwrap_or("") {
        return Decision::Unchanged;
    }
    if !segment.translatable {
        return Decision::Refused(
            "this unit is marked not to be translated; its text was kept".into(),
        );
    }
    let markup = Markup::from(segment.markup);
    let mut outcome =
        qa::check_with_terms(&segment.source, &translation, markup, shortcodes, terms);
    let field = field::describe(
        segment.unit_id.as_deref(),
        segment.resname.as_deref(),
        &segment.unit_key,
    );
    outcome
        .warnings
        .extend(qa::check_field(field.kind, &translation, markup));
    if let Some(reason) = outcome.refusal {
        return Decision::Refused(format!(
            "the markup does not match the source ({reason}); the previous translation was kept"
        ));
    }
    if translation.trim().is_empty() {
        // An emptied text removes the target, as clearing it in the job view does: the unit is
        // untranslated again and the XLIFF keeps the file's own target.
        return Decision::Taken {
            target: NewTarget {
                text: None,
                change: Change::Cleared,
                qa_flags: qa_flags::NONE.to_owned(),
            },
            confirmed: None,
            warnings: outcome.warnings,
        };
    }
    Decision::Taken {
        confirmed: Some(Confirmed {
            source: segment.source.clone(),
            markup: segment.markup,
            resname: segment.resname.clone(),
            target: translation.clone(),
            origin: SegmentOrigin::Customer,
        }),
        target: NewTarget {
            text: Some(translation),
            change: Change::Corrected {
                warnings: !outcome.warnings.is_empty(),
            },
            qa_flags: qa_flags::encode(&outcome.warnings),
        },
        warnings: outcome.warnings,
    }
}

/// The text with the source's line endings: LibreOffice (and XML readers generally) turn the
/// CR LF of a cell into LF, and browsers those of a text field, which would otherwise make every
/// multi-line unit of a Windows-made file look corrected.
fn line_endings_like(text: &str, source: &str) -> String {
    if source.contains("\r\n") && !text.contains('\r') {
        text.replace('\n', "\r\n")
    } else {
        text.to_owned()
    }
}

/// Writes one workbook's (or one job's reviewed) corrections by `author` from `source`, and
/// teaches the memory its confirmed translations (of `job_id`). Call it inside the import's
/// transaction, so all of it lands or none.
pub async fn apply(
    db: &impl ConnectionTrait,
    (author, source): (Author, ChangeSource),
    job_id: i32,
    updates: &[SegmentUpdate],
    confirmed: &[Confirmed],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    store::segments::apply_corrections(db, author, source, updates, now).await?;
    super::remember(db, job_id, confirmed, now).await
}

/// Moves the project to `Translations_Corrected` once every workbook was applied, inside the
/// same transaction. `user_id`: who imported them (`None` for a review submitted through a
/// link).
pub async fn finish(
    db: &impl ConnectionTrait,
    project_id: i32,
    user_id: Option<i32>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    status::advance(db, project_id, Step::CorrectionsImported, user_id, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_endings_follow_the_source() {
        assert_eq!(line_endings_like("a\nb", "x\r\ny"), "a\r\nb");
        assert_eq!(line_endings_like("a\r\nb", "x\r\ny"), "a\r\nb");
        assert_eq!(line_endings_like("a\nb", "x\ny"), "a\nb");
        // A mixed text is the customer's choice.
        assert_eq!(line_endings_like("a\r\nb\nc", "x\r\ny"), "a\r\nb\nc");
    }
}
