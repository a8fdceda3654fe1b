//! Edited targets from the job view: checked (QA) before any is saved, then saved all or none.

use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DbErr};
use serde::Deserialize;
use utoipa::ToSchema;
use wordmark_core::{
    qa::{self, QaWarning},
    segment::{Markup, Shortcodes},
    terms::TermIndex,
};

use crate::services::translation::{
    qa_flags,
    segment_state::Change,
    store::{self, segments::NewTarget},
};

/// A new target for one segment of the job.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SegmentEdit {
    #[schema(value_type = i64)]
    pub id: i64,
    pub target: String,
}

/// What a segment needs for the check.
#[derive(Debug, Clone)]
pub struct EditableSegment {
    pub id: i64,
    pub unit_key: String,
    pub source: String,
    pub markup: Markup,
}

/// An edit that passed QA: what was saved, with the warnings stored as its `qa_flags`.
/// The translation memory takes these as confirmed pairs (`source` → `target`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedEdit {
    pub segment_id: i64,
    pub unit_key: String,
    pub source: String,
    pub target: String,
    pub markup: Markup,
    pub warnings: Vec<QaWarning>,
}

impl AcceptedEdit {
    /// A blank target clears the segment's target instead of setting one.
    pub fn clears(&self) -> bool {
        self.target.trim().is_empty()
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("Segment {segment_id} is not part of job {job_id}.")]
    UnknownSegment { segment_id: i64, job_id: i32 },
    #[error("The translation of unit \"{unit_key}\" was refused: {reason}. Nothing was saved.")]
    Refused { unit_key: String, reason: String },
}

#[derive(Debug, thiserror::Error)]
pub enum SaveEditsError {
    #[error(transparent)]
    Refused(#[from] EditError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Saves edited targets of one job by `user_id`, after QA: all or none (run it in a transaction). Accepted
/// targets count as edited (their QA warnings as flags); an emptied target goes back to no
/// target. Returns the accepted non-empty edits: the confirmed pairs the translation memory is
/// to learn from.
pub async fn save(
    db: &impl ConnectionTrait,
    job_id: i32,
    user_id: i32,
    edits: Vec<SegmentEdit>,
) -> Result<Vec<AcceptedEdit>, SaveEditsError> {
    if edits.is_empty() {
        return Ok(Vec::new());
    }
    let segments = store::segments::editable(db, job_id)
        .await?
        .into_iter()
        .map(|(id, unit_key, source, markup)| {
            let segment = EditableSegment {
                id,
                unit_key,
                source,
                markup: markup.into(),
            };
            (id, segment)
        })
        .collect();
    let shortcodes = store::jobs::shortcodes(db, &[job_id]).await?;
    let terms = super::job_terms(db, job_id).await?;
    let mut accepted = check(
        job_id,
        &segments,
        shortcodes.of(job_id),
        terms.as_ref(),
        edits,
    )?;
    let writes: Vec<(i64, NewTarget)> = accepted
        .iter()
        .map(|edit| {
            let target = if edit.clears() {
                NewTarget {
                    text: None,
                    change: Change::Cleared,
                    qa_flags: qa_flags::NONE.to_owned(),
                }
            } else {
                NewTarget {
                    text: Some(edit.target.clone()),
                    change: Change::Edited,
                    qa_flags: qa_flags::encode(&edit.warnings),
                }
            };
            (edit.segment_id, target)
        })
        .collect();
    store::segments::write_edits(db, user_id, &writes).await?;
    accepted.retain(|edit| !edit.clears());
    Ok(accepted)
}

/// Checks every edit; the first refusal refuses them all (a half-saved edit session would be
/// hard to understand in the job view). `shortcodes` are the job's.
fn check(
    job_id: i32,
    segments: &HashMap<i64, EditableSegment>,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
    edits: Vec<SegmentEdit>,
) -> Result<Vec<AcceptedEdit>, EditError> {
    edits
        .into_iter()
        .map(|edit| {
            let segment = segments.get(&edit.id).ok_or(EditError::UnknownSegment {
                segment_id: edit.id,
                job_id,
            })?;
            let outcome = qa::check_with_terms(
                &segment.source,
                &edit.target,
                segment.markup,
                shortcodes,
                terms,
            );
            if let Some(reason) = outcome.refusal {
                return Err(EditError::Refused {
                    unit_key: segment.unit_key.clone(),
                    reason,
                });
            }
            Ok(AcceptedEdit {
                segment_id: segment.id,
                unit_key: segment.unit_key.clone(),
                source: segment.source.clone(),
                target: edit.target,
                markup: segment.markup,
                warnings: outcome.warnings,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segments() -> HashMap<i64, EditableSegment> {
        let segment = EditableSegment {
            id: 7,
            unit_key: "body".into(),
            source: "<p>Open <strong>24</strong> hours</p>".into(),
            markup: Markup::Html,
        };
        HashMap::from([(7, segment)])
    }

    fn edit(id: i64, target: &str) -> SegmentEdit {
        SegmentEdit {
            id,
            target: target.into(),
        }
    }

    #[test]
    fn matching_markup_is_accepted_with_its_warnings() {
        let accepted = check(
            1,
            &segments(),
            &Shortcodes::Any,
            None,
            vec![edit(7, "<p>Rund um die Uhr <strong>geöffnet</strong></p>")],
        )
        .unwrap();
        assert_eq!(accepted.len(), 1);
        assert_eq!(accepted[0].segment_id, 7);
        assert!(
            accepted[0]
                .warnings
                .iter()
                .any(|w| matches!(w, QaWarning::MissingNumbers { .. }))
        );
    }

    #[test]
    fn broken_markup_refuses_naming_the_unit() {
        let err = check(
            1,
            &segments(),
            &Shortcodes::Any,
            None,
            vec![edit(7, "<p>Offen 24 Stunden")],
        )
        .unwrap_err();
        assert!(
            matches!(&err, EditError::Refused { unit_key, .. } if unit_key == "body"),
            "{err}"
        );
        assert!(err.to_string().contains("\"body\""));
    }

    /// `[CS]` is text in a job whose file lists its site's shortcodes without it; a listed one
    /// is a tag that must be kept.
    #[test]
    fn only_the_jobs_listed_shortcodes_are_tags() {
        let segments = HashMap::from([(
            7,
            EditableSegment {
                id: 7,
                unit_key: "body".into(),
                source: "<p>Save [caption id=\"1\"]a photo[/caption]</p>".into(),
                markup: Markup::Html,
            },
        )]);
        let listed = Shortcodes::from_list("caption,gallery");
        let target = "<p>[CS] Foto [caption id=\"1\"]speichern[/caption]</p>";
        let accepted = check(1, &segments, &listed, None, vec![edit(7, target)]).unwrap();
        assert_eq!(accepted[0].target, target);
        // Without a list, any bracketed word is a shortcode: `[CS]` was added.
        let err = check(1, &segments, &Shortcodes::Any, None, vec![edit(7, target)]).unwrap_err();
        assert!(err.to_string().contains("[CS]"), "{err}");
        let err = check(
            1,
            &segments,
            &listed,
            None,
            vec![edit(7, "<p>[CS] Foto</p>")],
        )
        .unwrap_err();
        assert!(err.to_string().contains("missing"), "{err}");
    }

    #[test]
    fn segments_of_other_jobs_are_refused() {
        let err = check(1, &segments(), &Shortcodes::Any, None, vec![edit(8, "x")]).unwrap_err();
        assert_eq!(
            err,
            EditError::UnknownSegment {
                segment_id: 8,
                job_id: 1
            }
        );
    }
}
